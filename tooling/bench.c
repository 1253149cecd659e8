/* bench.c: the sweep of `picl bench SPEC.lua`. Each variant is the base input with its --set
 * strings: run (bench_variant.c), gated against its reference (bench_gate.c), and recorded as
 * one JSON line (bench_json.c) appended to the results file (bench_results.c) as soon as it is
 * known; a variant the file already holds is skipped. */
#include "bench.h"

#include "bench_gate.h"
#include "bench_json.h"
#include "bench_limits.h"
#include "bench_results.h"
#include "log.h"
#include "mem.h"
#include "strbuf.h"

int bench_run(const struct bench_spec *spec, const char *device_spec, const char *results, const char *tuning,
              char *err, size_t err_len)
{
    if (!results)
        results = spec->results;
    if (spec->repeats > BENCH_MAX_REPEATS) {
        snprintf(err, err_len, "%s: repeats: at most %d", spec->path, BENCH_MAX_REPEATS);
        return -1;
    }
    struct device dev;
    if (device_open(&dev, device_spec, err, err_len))
        return -1;
    int rc = -1, done = 0, skipped = 0, failed = 0, errors = 0;
    char *existing = bench_results_read(results);
    struct bench_fields *fl = mem_calloc((size_t)spec->n, sizeof *fl);
    struct bench_result *r = mem_alloc(sizeof *r);
    int *order = mem_calloc((size_t)spec->n, sizeof *order);
    if (!existing || !fl || !r || !order) {
        snprintf(err, err_len, "out of host memory");
        goto out;
    }
    /* the spec's reference first, so every group's reference runs before its members */
    int first = spec->v[0].info_ref, k = 0;
    order[k++] = first;
    for (int i = 0; i < spec->n; i++)
        if (i != first)
            order[k++] = i;
    log_info("bench %s: %d variants of %s on %s; results in %s", spec->name, spec->n, spec->base, dev.name, results);
    struct bench_limits lim;
    char lim_from[CFG_PATH_LEN + 32];
    bench_limits_for(&dev, tuning, &lim, lim_from, sizeof lim_from);
    for (int oi = 0; oi < spec->n; oi++) {
        const int i = order[oi];
        const struct bench_variant *v = &spec->v[i];
        char key[512], verr[4096] = "";
        char why[512] = "";
        const int counts[3] = {spec->warmup, spec->steps, spec->repeats};
        bench_results_key(spec->base, v->sets, v->n_sets, counts, &dev, key, sizeof key);
        int need = !bench_results_have(existing, key);
        if (!need) {
            skipped++;
            log_info("[%d/%d] %s: in %s already", oi + 1, spec->n, v->id, results);
            continue;
        }
        /* a reference finished by an earlier run: make its fields again, untimed */
        const int refs[2] = {v->ref, v->info_ref};
        for (int q = 0; q < 2; q++) {
            int ref = refs[q];
            if (ref != i && !fl[ref].done) {
                log_info("[%d/%d] %s: running its reference %s again for the gate", oi + 1, spec->n, v->id,
                         spec->v[ref].id);
                bench_fields_free(&fl[ref]);
                if (bench_variant_run(spec->base, spec->v[ref].sets, spec->v[ref].n_sets, spec->warmup, spec->steps,
                                      spec->repeats, &dev, r, &fl[ref], verr, sizeof verr))
                    log_warn("reference %s: %s", spec->v[ref].id, verr);
                verr[0] = '\0';
            }
        }
        int vrc = bench_variant_run(spec->base, v->sets, v->n_sets, spec->warmup, spec->steps, spec->repeats, &dev, r,
                                    &fl[i], verr, sizeof verr);

        struct strbuf sb;
        sb_init(&sb);
        const struct bench_json_head h = {.key = key, .id = v->id, .spec = spec->name, .base = spec->base,
                                          .params = v->params, .sets = v->sets, .n_sets = v->n_sets, .dev = &dev,
                                          .warmup = spec->warmup, .steps = spec->steps, .repeats = spec->repeats,
                                          .lim = &lim, .lim_from = lim_from};
        bench_json_head(&sb, &h);
        char line[1024];
        if (vrc) {
            errors++;
            bench_json_error(&sb, verr);
            snprintf(line, sizeof line, "error: %.400s", verr);
        } else {
            double med, lo, hi;
            bench_json_timing(&sb, r, spec->repeats, &med, &lo, &hi);

            /* The gate (docs/bench.md): J and E against the reference of the variant's physics
             * group, to round-off; the charge-conservation residual of a charge-conserving
             * deposition; and nothing that is not a finite number. */
            struct bench_json_gate g = {.reference = spec->v[v->ref].id,
                                        .is_reference = v->ref == i,
                                        .residual = r->residual,
                                        .tol_rel = bench_gate_rel(r->precision, spec->gate_rel),
                                        .tol_residual = bench_gate_residual(r->precision, spec->gate_residual),
                                        .residual_gated = r->charge_conserving,
                                        .why = why};
            const size_t n3 = 3 * (size_t)r->cells;
            char gwhy[300];
            g.pass = bench_gate(r, &fl[i], v->ref != i ? &fl[v->ref] : NULL, g.tol_rel, g.tol_residual, &g.rel_J,
                                &g.rel_E, gwhy, sizeof gwhy);
            if (!g.pass && v->ref != i)
                snprintf(why, sizeof why, "%s (reference %.100s)", gwhy, spec->v[v->ref].id);
            else if (!g.pass)
                snprintf(why, sizeof why, "%s", gwhy);
            failed += !g.pass;
            /* physics-changing variants: their distance from the spec's reference, not gated */
            const struct bench_fields *info = &fl[v->info_ref];
            if (v->info_ref != v->ref && bench_same_grid(info, &fl[i])) {
                g.info_id = spec->v[v->info_ref].id;
                g.info_rel_J = bench_rel_diff(fl[i].J, info->J, n3);
                g.info_rel_E = bench_rel_diff(fl[i].E, info->E, n3);
            }
            bench_json_gate(&sb, &g);
            snprintf(line, sizeof line, "%.4g ms/step (min %.4g, max %.4g), %.1f ns/particle, gate %s%s%s",
                     1e3 * med, 1e3 * lo, 1e3 * hi, r->particles ? 1e9 * med / (double)r->particles : 0.0,
                     g.pass ? (v->ref == i ? "ok (reference)" : "ok") : "FAILED", g.pass ? "" : ": ", why);
        }
        sb_puts(&sb, "}\n");
        if (!sb_ok(&sb)) {
            snprintf(err, err_len, "out of host memory writing a result line");
            sb_free(&sb);
            goto out;
        }
        int arc = bench_results_append(results, &sb, err, err_len);
        sb_free(&sb);
        if (arc)
            goto out;
        done++;
        log_info("[%d/%d] %s: %s", oi + 1, spec->n, v->id, line);
        /* fields are kept only while a later variant may be gated against them */
        int needed = 0;
        for (int q = oi + 1; q < spec->n; q++)
            needed |= spec->v[order[q]].ref == i || spec->v[order[q]].info_ref == i;
        if (!needed)
            bench_fields_free(&fl[i]);
    }
    log_info("bench %s: %d variants run (%d failed the gate, %d errors), %d already in %s", spec->name, done, failed,
             errors, skipped, results);
    rc = 0;
out:
    if (fl)
        for (int i = 0; i < spec->n; i++)
            bench_fields_free(&fl[i]);
    mem_free(fl);
    mem_free(r);
    mem_free(order);
    mem_free(existing);
    device_close(&dev);
    return rc;
}
