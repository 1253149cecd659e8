/* config_diags.c: copies the resolved diagnostics.moments, .extrema, .histograms, .probes and .field_maxima
 * (lua/diag_schema.lua) into struct cfg_diags. */
#include "config_diags_read.h"

#include <stdio.h>
#include <string.h>

#include <lua.h>

static void copy_filter(const struct luatab *rd, int t, struct cfg_expr *e)
{
    cfg_expr_get(rd, t, "filter", e);
}

static void copy_pdiag(const struct luatab *rd, int t, struct cfg_pdiag *d)
{
    luatab_string(rd, t, "name", d->name, sizeof d->name);
    d->interval = (int)luatab_integer(rd, t, "interval");
    d->species = -1;
    if (luatab_push(rd, t, "species_index", LUA_TNUMBER, 1))
        d->species = (int)lua_tointeger(rd->L, -1);
    lua_pop(rd->L, 1);
    copy_filter(rd, t, &d->filter);
}

static void copy_hist(const struct luatab *rd, int t, struct cfg_hist *h)
{
    lua_State *L = rd->L;
    luatab_string(rd, t, "name", h->name, sizeof h->name);
    h->interval = (int)luatab_integer(rd, t, "interval");
    h->species = (int)luatab_integer(rd, t, "species_index");
    static const char *const weights[] = {"weight", "charge", NULL};
    h->charge = luatab_enum(rd, t, "weight", weights);
    copy_filter(rd, t, &h->filter);
    cfg_expr_get(rd, t, "weight_expression", &h->weight_expr);
    h->n_axes = luatab_list(rd, t, "axes", CFG_HIST_MAX_AXES);
    const int list = lua_gettop(L);
    for (int a = 0; a < h->n_axes; a++) {
        luatab_push_item(rd, list, a + 1, "axes", LUA_TTABLE);
        const int e = lua_gettop(L);
        struct cfg_hist_axis *x = &h->axis[a];
        x->quantity = (enum cfg_hist_quantity)luatab_enum(rd, e, "quantity", cfg_hist_quantity_names);
        x->bins = (int)luatab_integer(rd, e, "bins");
        x->min = luatab_number(rd, e, "min", 0);
        x->max = luatab_number(rd, e, "max", 0);
        x->auto_range = (int)luatab_integer(rd, e, "auto_range");
        cfg_expr_get(rd, e, "expression", &x->expr);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

static void copy_probe(const struct luatab *rd, int t, struct cfg_probe *p)
{
    lua_State *L = rd->L;
    luatab_string(rd, t, "name", p->name, sizeof p->name);
    p->interval = (int)luatab_integer(rd, t, "interval");
    char kind[16];
    luatab_string(rd, t, "kind", kind, sizeof kind);
    p->kind = strcmp(kind, "line") == 0 ? CFG_PROBE_LINE : strcmp(kind, "plane") == 0 ? CFG_PROBE_PLANE : CFG_PROBE_POINTS;
    if (p->kind != CFG_PROBE_POINTS) { /* the schema checked the corners, counts and axes */
        int cnt[3], ax[3]; /* the schema's resolved {count, count, 0} and {axis, axis, 0} */
        luatab_vec3(rd, t, "start", p->start);
        luatab_vec3(rd, t, "end", p->end);
        luatab_int3(rd, t, "count_pair", cnt);
        luatab_int3(rd, t, "axis_pair", ax);
        p->count[0] = cnt[0];
        p->count[1] = cnt[1];
        p->axis[0] = ax[0];
        p->axis[1] = ax[1];
        p->n_points = p->count[0] * p->count[1];
        return;
    }
    p->n_points = luatab_list(rd, t, "points", CFG_PROBE_MAX_POINTS);
    const int list = lua_gettop(L);
    for (int i = 0; i < p->n_points; i++) {
        luatab_push_item(rd, list, i + 1, "points", LUA_TTABLE);
        const int e = lua_gettop(L);
        for (int a = 0; a < 3; a++) {
            luatab_push_item(rd, e, a + 1, "points", LUA_TNUMBER);
            p->point[i][a] = lua_tonumber(L, -1);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

void cfg_diags_copy(const struct luatab *rd, int d, struct cfg_diags *out)
{
    lua_State *L = rd->L;
    struct {
        const char *key;
        int max;
        int *n;
    } lists[] = {{"moments", CFG_MAX_PDIAG, &out->n_moments},
                 {"extrema", CFG_MAX_PDIAG, &out->n_extrema},
                 {"histograms", CFG_MAX_HIST, &out->n_hist},
                 {"probes", CFG_MAX_PROBES, &out->n_probes},
                 {"field_maxima", CFG_MAX_PDIAG, &out->n_field_max},
                 {"costs", CFG_MAX_PDIAG, &out->n_costs}};
    for (int l = 0; l < 6; l++) {
        *lists[l].n = luatab_list(rd, d, lists[l].key, lists[l].max);
        const int list = lua_gettop(L);
        for (int i = 0; i < *lists[l].n; i++) {
            luatab_push_item(rd, list, i + 1, lists[l].key, LUA_TTABLE);
            const int t = lua_gettop(L);
            if (l == 0)
                copy_pdiag(rd, t, &out->moments[i]);
            else if (l == 1)
                copy_pdiag(rd, t, &out->extrema[i]);
            else if (l == 2)
                copy_hist(rd, t, &out->hist[i]);
            else if (l == 3)
                copy_probe(rd, t, &out->probes[i]);
            else if (l == 4)
                copy_pdiag(rd, t, &out->field_max[i]);
            else
                copy_pdiag(rd, t, &out->costs[i]);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
}

void cfg_diags_print(const struct picl_config *cfg, FILE *f)
{
    const struct cfg_diags *d = &cfg->diags;
    for (int i = 0; i < d->n_moments + d->n_extrema; i++) {
        const int ext = i >= d->n_moments;
        const struct cfg_pdiag *p = ext ? &d->extrema[i - d->n_moments] : &d->moments[i];
        fprintf(f, "%s            %s every %d steps: species %s", ext ? "extrema" : "moments", p->name, p->interval,
                cfg->species[p->species].name);
        if (p->filter.text[0])
            fprintf(f, ", filter \"%s\"", p->filter.text);
        fputc('\n', f);
    }
    for (int i = 0; i < d->n_hist; i++) {
        const struct cfg_hist *h = &d->hist[i];
        fprintf(f, "histogram          %s every %d steps: species %s by %s,", h->name, h->interval,
                cfg->species[h->species].name, h->charge ? "charge" : "weight");
        for (int a = 0; a < h->n_axes; a++)
            if (h->axis[a].auto_range)
                fprintf(f, "%s %s %d bins, range auto", a ? " x" : "", cfg_hist_quantity_names[h->axis[a].quantity],
                        h->axis[a].bins);
            else
                fprintf(f, "%s %s %d bins [%.6g, %.6g)", a ? " x" : "", cfg_hist_quantity_names[h->axis[a].quantity],
                        h->axis[a].bins, h->axis[a].min, h->axis[a].max);
        if (h->filter.text[0])
            fprintf(f, ", filter \"%s\"", h->filter.text);
        fputc('\n', f);
    }
    for (int i = 0; i < d->n_probes; i++)
        fprintf(f, "probe              %s every %d steps: %d points\n", d->probes[i].name, d->probes[i].interval,
                d->probes[i].n_points);
    for (int i = 0; i < d->n_field_max; i++)
        fprintf(f, "field maxima       %s every %d steps\n", d->field_max[i].name, d->field_max[i].interval);
    for (int i = 0; i < d->n_costs; i++)
        fprintf(f, "costs              %s every %d steps\n", d->costs[i].name, d->costs[i].interval);
}
