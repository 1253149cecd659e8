/* bench_json.c: one line of a sweep's results file written as JSON: what the variant was, where
 * it ran, its timings, its kernels' shares and modelled work, and its gate (docs/bench.md). */
#include "bench_json.h"

#include <math.h>
#include <string.h>
#include <time.h>

#include "config.h"

void bench_json_string(struct strbuf *sb, const char *s)
{
    sb_puts(sb, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            sb_printf(sb, "\\%c", c);
        else if (c == '\n')
            sb_puts(sb, "\\n");
        else if (c < 0x20)
            sb_printf(sb, "\\u%04x", c);
        else
            sb_write(sb, s, 1);
    }
    sb_puts(sb, "\"");
}

void bench_json_number(struct strbuf *sb, double v)
{
    if (isfinite(v))
        sb_printf(sb, "%.9g", v);
    else
        sb_puts(sb, "null");
}

/* A comma, the key, and the value as a JSON string or number. */
static void json_string_field(struct strbuf *sb, const char *key, const char *s)
{
    sb_printf(sb, ",\"%s\":", key);
    bench_json_string(sb, s);
}

static void json_number_field(struct strbuf *sb, const char *key, double v)
{
    sb_printf(sb, ",\"%s\":", key);
    bench_json_number(sb, v);
}

/* json_string_field for each {key, value} of kv[n]. */
static void json_string_fields(struct strbuf *sb, const char *const (*kv)[2], int n)
{
    for (int i = 0; i < n; i++)
        json_string_field(sb, kv[i][0], kv[i][1]);
}

static void device_json(struct strbuf *sb, const struct device *dev)
{
    sb_puts(sb, "\"device\":{\"name\":");
    bench_json_string(sb, dev->name);
    const char *const kv[][2] = {
        {"vendor", dev->vendor}, {"version", dev->version}, {"driver", dev->driver}, {"platform", dev->platform_name}};
    json_string_fields(sb, kv, 4);
    sb_printf(sb, ",\"kind\":\"%s\",\"compute_units\":%u,\"global_mem\":%llu}", dev->traits->kind,
              dev->compute_units, (unsigned long long)dev->global_mem);
}

void bench_json_head(struct strbuf *sb, const struct bench_json_head *h)
{
    sb_puts(sb, "{\"key\":");
    bench_json_string(sb, h->key);
    const char *const kv[][2] = {{"id", h->id}, {"spec", h->spec}, {"base", h->base}};
    json_string_fields(sb, kv, 3);
    sb_printf(sb, ",\"params\":%s,\"sets\":[", h->params);
    for (int q = 0; q < h->n_sets; q++) {
        sb_puts(sb, q ? "," : "");
        bench_json_string(sb, h->sets[q]);
    }
    sb_puts(sb, "],");
    device_json(sb, h->dev);
    char when[64];
    time_t now = time(NULL);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    sb_printf(sb, ",\"picl\":\"%s\",\"time\":\"%s\",\"warmup\":%d,\"steps\":%d,\"repeats\":%d", PICL_VERSION, when,
              h->warmup, h->steps, h->repeats);
    sb_puts(sb, ",\"limits\":{\"bandwidth_GBs\":");
    bench_json_number(sb, h->lim->bandwidth);
    json_number_field(sb, "double_GFlops", h->lim->flops_double);
    json_number_field(sb, "float_GFlops", h->lim->flops_float);
    json_string_field(sb, "from", h->lim_from);
    sb_puts(sb, "}");
}

void bench_json_error(struct strbuf *sb, const char *error)
{
    sb_puts(sb, ",\"status\":\"error\",\"error\":");
    bench_json_string(sb, error);
}

void bench_json_timing(struct strbuf *sb, const struct bench_result *r, int repeats, double *med, double *lo,
                       double *hi)
{
    const int nr = repeats;
    *med = bench_median(r->step, nr);
    *lo = *hi = r->step[0];
    for (int q = 1; q < nr; q++) {
        *lo = r->step[q] < *lo ? r->step[q] : *lo;
        *hi = r->step[q] > *hi ? r->step[q] : *hi;
    }
    const double ppc = r->cells ? (double)r->particles / (double)r->cells : 0;
    double kernels_s = 0, push_s = 0;
    for (int q = 0; q < r->n_kernels; q++) {
        double m = bench_median(r->kernel[q], nr);
        kernels_s += m;
        if (!strncmp(r->kernel_name[q], "push_deposit", 12))
            push_s += m;
    }
    sb_printf(sb, ",\"precision\":\"%s\",\"cells\":%ld,\"particles\":%ld,\"setup_s\":%.4f",
              r->precision == CFG_DOUBLE ? "double" : "float", r->cells, r->particles, r->setup_s);
    sb_puts(sb, ",\"step_s\":{\"median\":");
    bench_json_number(sb, *med);
    json_number_field(sb, "min", *lo);
    json_number_field(sb, "max", *hi);
    sb_puts(sb, ",\"all\":[");
    for (int q = 0; q < nr; q++) {
        sb_puts(sb, q ? "," : "");
        bench_json_number(sb, r->step[q]);
    }
    sb_puts(sb, "]}");
    json_number_field(sb, "ns_per_particle_step", r->particles ? 1e9 * *med / (double)r->particles : NAN);
    json_number_field(sb, "push_ns_per_particle_step", r->particles ? 1e9 * push_s / (double)r->particles : NAN);
    /* the paper's figure of merit (docs/bench.md, the results file) */
    json_number_field(sb, "fom", (double)r->cells * (0.1 + 0.9 * ppc) / *med);
    sb_printf(sb, ",\"launches_per_step\":%.2f", r->launches_per_step);
    json_number_field(sb, "kernels_s", kernels_s);
    sb_puts(sb, ",\"kernels\":{");
    for (int q = 0, w = 0; q < r->n_kernels; q++) {
        double m = bench_median(r->kernel[q], nr);
        if (m <= 0)
            continue;
        sb_puts(sb, w++ ? "," : "");
        bench_json_string(sb, r->kernel_name[q]);
        sb_puts(sb, ":{\"median_s\":");
        bench_json_number(sb, m);
        json_number_field(sb, "share", kernels_s > 0 ? m / kernels_s : 0);
        if (r->kernel_bytes[q] > 0) { /* the cost model's work per step (docs/bench.md) */
            json_number_field(sb, "flops", r->kernel_flops[q]);
            json_number_field(sb, "bytes", r->kernel_bytes[q]);
            json_number_field(sb, "items", r->kernel_items[q]);
            json_string_field(sb, "item", r->kernel_item[q]);
        }
        sb_puts(sb, "}");
    }
    sb_puts(sb, "}");
}

void bench_json_gate(struct strbuf *sb, const struct bench_json_gate *g)
{
    sb_printf(sb, ",\"status\":\"%s\",\"gate\":{\"pass\":%s,\"reference\":", g->pass ? "ok" : "failed",
              g->pass ? "true" : "false");
    bench_json_string(sb, g->reference);
    sb_printf(sb, ",\"is_reference\":%s", g->is_reference ? "true" : "false");
    json_number_field(sb, "rel_J", g->rel_J);
    json_number_field(sb, "rel_E", g->rel_E);
    json_number_field(sb, "residual", g->residual);
    sb_printf(sb, ",\"tol_rel\":%.3g,\"tol_residual\":%.3g,\"residual_gated\":%s", g->tol_rel, g->tol_residual,
              g->residual_gated ? "true" : "false");
    json_string_field(sb, "why", g->why);
    if (g->info_id) {
        sb_puts(sb, ",\"vs_reference\":{\"id\":");
        bench_json_string(sb, g->info_id);
        json_number_field(sb, "rel_J", g->info_rel_J);
        json_number_field(sb, "rel_E", g->info_rel_E);
        sb_puts(sb, "}");
    }
    sb_puts(sb, "}");
}
