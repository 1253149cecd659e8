/* bench_roofline.c: each hot kernel's place under the roofline (docs/bench.md, Roofline): the work
 * the generator counts in it (gen/cost.c) over the particles or cells it ran on, against its
 * device time and the device's measured bandwidth and flop rate (devlimits.c). */
#include "bench_roofline.h"

#include <math.h>
#include <string.h>

#include "cost.h"
#include "sim.h"

int bench_roofline_rows(const struct sim *s, long steps, struct bench_roof_row *rows, int max)
{
    const struct ctx *c = &s->ctx;
    struct gen_cost cost[GEN_COST_MAX];
    const int n_cost = gen_costs(c->cfg, &c->dev->facts, &c->lay, cost, GEN_COST_MAX);
    long moving = 0;
    int n_moving = 0;
    for (int i = 0; i < s->n_species; i++)
        if (!s->species[i].cfg->frozen) {
            moving += s->species[i].np;
            n_moving++;
        }
    int n = 0;
    for (int q = 0; q < n_cost && n < max && steps > 0; q++) {
        const struct timer_entry *t = NULL;
        for (int k = 0; k < c->timers.n; k++)
            if (!strcmp(c->timers.entry[k].name, cost[q].kernel))
                t = &c->timers.entry[k];
        if (!t || t->launches == 0)
            continue;
        /* items of one launch: the species' particles; a kernel the species share runs once per
         * species, so on average over all their particles per species */
        double items = cost[q].items;
        if (cost[q].species >= 0)
            items = (double)s->species[cost[q].species].np;
        else if (cost[q].species == GEN_COST_ALL_SPECIES)
            items = n_moving ? (double)moving / n_moving : 0;
        const double launches = (double)t->launches / (double)steps;
        struct bench_roof_row *r = &rows[n++];
        snprintf(r->kernel, sizeof r->kernel, "%.63s", cost[q].kernel);
        r->item = cost[q].item;
        r->items = items * launches;
        r->flops = r->items * cost[q].flops;
        r->bytes = r->items * cost[q].bytes + launches * cost[q].fixed_bytes;
        r->seconds = t->seconds / (double)steps;
    }
    return n;
}

void bench_roofline_print(const struct bench_roof_row *rows, int n, const struct bench_limits *lim, int precision,
                          double min_share, FILE *out)
{
    const double peak = !lim ? 0 : precision == CFG_DOUBLE ? lim->flops_double : lim->flops_float;
    const double bw = lim ? lim->bandwidth : 0;
    double total = 0;
    for (int i = 0; i < n; i++)
        total += rows[i].seconds;
    if (n == 0 || total <= 0)
        return;
    if (peak > 0 && bw > 0)
        fprintf(out, "roofline: flops and bytes counted from the generated code (docs/bench.md); roofs %.1f GB/s, "
                     "%.1f GFlop/s %s (picl bench --device-limits)\n",
                bw, peak, precision == CFG_DOUBLE ? "double" : "float");
    else
        fprintf(out, "roofline: flops and bytes counted from the generated code (docs/bench.md); the device's roofs "
                     "are not known (picl bench --device-limits or picl tune stores them)\n");
    /* "of peak": the achieved flop rate over the FMA peak alone, whatever bounds the kernel */
    fprintf(out, "%-22s %-10s %10s %10s %9s %9s %9s %8s %8s %8s\n", "kernel", "per", "flop/item", "byte/item",
            "flop/byte", "GB/s", "GFlop/s", "bound", "of roof", "of peak");
    for (int i = 0; i < n; i++) {
        const struct bench_roof_row *r = &rows[i];
        if (r->seconds <= 0 || r->items <= 0 || r->seconds < min_share * total)
            continue;
        const double ai = r->bytes > 0 ? r->flops / r->bytes : 0;
        const double gbs = r->bytes / r->seconds / 1e9, gflops = r->flops / r->seconds / 1e9;
        fprintf(out, "%-22s %-10s %10.1f %10.1f %9.3f %9.2f %9.2f", r->kernel, r->item, r->flops / r->items,
                r->bytes / r->items, ai, gbs, gflops);
        if (peak > 0 && bw > 0) {
            /* the roof at this intensity: the bandwidth slope or the flat peak */
            const double roof = fmin(peak, ai * bw);
            const int memory = ai * bw < peak;
            const double frac = r->flops > 0 ? gflops / roof : gbs / bw;
            fprintf(out, " %8s %7.1f%% %7.1f%%", memory ? "memory" : "compute", 100 * frac, 100 * gflops / peak);
        }
        fputc('\n', out);
    }
}
