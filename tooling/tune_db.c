/* tune_db.c: the tuning file. Lua data, one tuned{...} or limits{...} call a line, checked by
 * lua/tuning.lua (internal.tuning) and copied here; written whole to a temporary name and renamed;
 * and applied to a run's configuration for the settings its input leaves at auto. */
#include "tune.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lua.h>

#include "gen.h"
#include "log.h"
#include "luamod.h"
#include "luatab.h"
#include "mem.h"
#include "strbuf.h"


int tune_path(const char *option, char *out, size_t len, char *err, size_t err_len)
{
    const char *env = getenv("PICL_TUNING"), *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    int n;
    if (option && *option)
        n = snprintf(out, len, "%s", option);
    else if (env && *env)
        n = snprintf(out, len, "%s", env);
    else if (xdg && *xdg)
        n = snprintf(out, len, "%s/picl/tuning.lua", xdg);
    else if (home && *home)
        n = snprintf(out, len, "%s/.cache/picl/tuning.lua", home);
    else {
        snprintf(err, err_len, "no place for the tuning file: set PICL_TUNING or HOME, or give --tuning FILE");
        return -1;
    }
    if (n < 0 || (size_t)n >= len) {
        snprintf(err, err_len, "the tuning file's path is longer than %zu characters", len - 1);
        return -1;
    }
    return 0;
}

/* ---- reading: internal.tuning (lua/tuning.lua) checks the file; input/luatab.c copies its entries */

static void copy_entry(const struct luatab *rd, int t, struct tune_entry *e)
{
    lua_State *L = rd->L;
    memset(e, 0, sizeof *e);
    char kind[16];
    luatab_string(rd, t, "kind", kind, sizeof kind);
    e->limits = !strcmp(kind, "limits");
    e->line = (int)luatab_integer(rd, t, "line");
    luatab_string(rd, t, "vendor", e->vendor, sizeof e->vendor);
    luatab_string(rd, t, "device", e->device, sizeof e->device);
    luatab_string(rd, t, "driver", e->driver, sizeof e->driver);
    luatab_string(rd, t, "date", e->date, sizeof e->date);
    if (e->limits) {
        e->lim.bandwidth = luatab_number(rd, t, "bandwidth_GBs", 0);
        e->lim.flops_double = luatab_number(rd, t, "double_GFlops", 0);
        e->lim.flops_float = luatab_number(rd, t, "float_GFlops", 0);
        return;
    }
    luatab_string(rd, t, "class", e->cls, sizeof e->cls);
    luatab_string(rd, t, "input", e->input, sizeof e->input);
    luatab_string(rd, t, "picl", e->picl, sizeof e->picl);
    e->ms = luatab_number(rd, t, "ms_per_step", 0);
    e->default_ms = luatab_number(rd, t, "default_ms_per_step", 0);
    e->p.strategy = (enum cfg_strategy)luatab_enum(rd, t, "deposition_strategy", cfg_strategy_names);
    luatab_push(rd, t, "work_group", LUA_TTABLE, 0);
    luatab_int3(rd, lua_gettop(L), "cells", e->p.wg_cells);
    e->p.wg_particles = (int)luatab_integer(rd, lua_gettop(L), "particles");
    lua_pop(L, 1);
    luatab_push(rd, t, "sort", LUA_TTABLE, 0);
    e->p.sort_interval = (int)luatab_integer(rd, lua_gettop(L), "interval");
    luatab_int3(rd, lua_gettop(L), "bin_size", e->p.sort_bin);
    lua_pop(L, 1);
}

static const struct luamod_limit limits[] = {{"name_len", CFG_NAME_LEN}};
static const struct luamod_entry tuning_entry = {"tuning", 0, limits, 1, NULL};

static int load_protected(lua_State *L)
{
    const struct luamod_job *job = lua_touserdata(L, 1);
    struct tune_db *db = job->out;
    luamod_resolve(L, &tuning_entry, job);
    const struct luatab rd = {L, "tuning file"};
    int list = lua_gettop(L);
    int n = (int)luaL_len(L, list);
    db->e = mem_calloc((size_t)(n ? n : 1), sizeof *db->e);
    if (!db->e)
        return luaL_error(L, "out of host memory for %d tuning entries", n);
    db->cap = n ? n : 1;
    for (int i = 0; i < n; i++) {
        luatab_push_item(&rd, list, i + 1, "entries", LUA_TTABLE);
        copy_entry(&rd, lua_gettop(L), &db->e[i]);
        db->n = i + 1;
        lua_pop(L, 1);
    }
    return 0;
}

int tune_db_load(struct tune_db *db, const char *path, char *err, size_t err_len)
{
    memset(db, 0, sizeof *db);
    if (snprintf(db->path, sizeof db->path, "%s", path) >= (int)sizeof db->path) {
        snprintf(err, err_len, "the tuning file's path is too long");
        return -1;
    }
    size_t len = 0;
    char *text = mem_read_file(path, &len);
    if (!text) {
        if (errno == ENOENT)
            return 0; /* no file yet: an empty database */
        snprintf(err, err_len, "cannot read the tuning file '%s': %s", path, strerror(errno));
        return -1;
    }
    db->exists = 1;
    struct luamod_job job = {db->path, text, len, NULL, 0, db};
    int rc = luamod_run(load_protected, &job, path, "tuning file: ",
                        "; mend the line, or delete the file (picl tune writes a new one)", "cannot be read (no message)",
                        err, err_len) ? -1 : 0;
    mem_free(text);
    if (rc)
        tune_db_free(db);
    return rc;
}

void tune_db_free(struct tune_db *db)
{
    mem_free(db->e);
    db->e = NULL;
    db->n = db->cap = 0;
}

static int same_key(const struct tune_entry *a, const struct tune_entry *b)
{
    return a->limits == b->limits && !strcmp(a->vendor, b->vendor) && !strcmp(a->device, b->device) &&
           !strcmp(a->driver, b->driver) && (a->limits || !strcmp(a->cls, b->cls));
}

int tune_db_put(struct tune_db *db, const struct tune_entry *e)
{
    for (int i = 0; i < db->n; i++)
        if (same_key(&db->e[i], e)) {
            db->e[i] = *e;
            return 0;
        }
    if (db->n == db->cap) {
        int cap = db->cap ? 2 * db->cap : 8;
        struct tune_entry *bigger = mem_realloc(db->e, (size_t)cap * sizeof *bigger);
        if (!bigger)
            return -1;
        db->e = bigger;
        db->cap = cap;
    }
    db->e[db->n++] = *e;
    return 0;
}

static int is_device(const struct tune_entry *e, const struct device *dev)
{
    return !strcmp(e->vendor, dev->vendor) && !strcmp(e->device, dev->name);
}

const struct tune_entry *tune_db_find(const struct tune_db *db, const struct device *dev, const char *cls,
                                      int *other_driver)
{
    const struct tune_entry *other = NULL;
    for (int i = 0; i < db->n; i++) {
        const struct tune_entry *e = &db->e[i];
        if (e->limits || !is_device(e, dev) || strcmp(e->cls, cls))
            continue;
        if (!strcmp(e->driver, dev->driver)) {
            *other_driver = 0;
            return e;
        }
        other = other ? other : e;
    }
    *other_driver = other != NULL;
    return other;
}

const struct tune_entry *tune_db_limits(const struct tune_db *db, const struct device *dev)
{
    const struct tune_entry *other = NULL;
    for (int i = 0; i < db->n; i++) {
        const struct tune_entry *e = &db->e[i];
        if (!e->limits || !is_device(e, dev))
            continue;
        if (!strcmp(e->driver, dev->driver))
            return e;
        other = other ? other : e;
    }
    return other;
}

/* ---- writing */

/* A Lua string literal: quotes, backslashes and control characters escaped. */
static void lua_string(struct strbuf *sb, const char *s)
{
    sb_puts(sb, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            sb_printf(sb, "\\%c", c);
        else if (c < 0x20 || c == 0x7f)
            sb_printf(sb, "\\%03d", c);
        else
            sb_write(sb, s, 1);
    }
    sb_puts(sb, "\"");
}

static void write_entry(struct strbuf *sb, const struct tune_entry *e)
{
    sb_puts(sb, e->limits ? "limits { vendor = " : "tuned { vendor = ");
    lua_string(sb, e->vendor);
    sb_puts(sb, ", device = ");
    lua_string(sb, e->device);
    sb_puts(sb, ", driver = ");
    lua_string(sb, e->driver);
    if (e->limits) {
        sb_printf(sb, ", bandwidth_GBs = %.4g, double_GFlops = %.4g, float_GFlops = %.4g", e->lim.bandwidth,
                  e->lim.flops_double, e->lim.flops_float);
    } else {
        const struct tune_params *p = &e->p;
        sb_puts(sb, ", class = ");
        lua_string(sb, e->cls);
        sb_printf(sb, ", deposition_strategy = \"%s\", work_group = { cells = {%d, %d, %d}, particles = %d }",
                  cfg_strategy_names[p->strategy], p->wg_cells[0], p->wg_cells[1], p->wg_cells[2], p->wg_particles);
        sb_puts(sb, ", sort = { interval = ");
        if (p->sort_interval >= 0)
            sb_printf(sb, "%d", p->sort_interval);
        else
            sb_puts(sb, "\"auto\"");
        if (p->sort_bin[0] > 0)
            sb_printf(sb, ", bin_size = {%d, %d, %d} }", p->sort_bin[0], p->sort_bin[1], p->sort_bin[2]);
        else
            sb_puts(sb, ", bin_size = \"auto\" }");
        sb_printf(sb, ", ms_per_step = %.6g, default_ms_per_step = %.6g, input = ", e->ms, e->default_ms);
        lua_string(sb, e->input);
        sb_puts(sb, ", picl = ");
        lua_string(sb, e->picl);
    }
    sb_puts(sb, ", date = ");
    lua_string(sb, e->date);
    sb_puts(sb, " }\n");
}

/* mkdir -p of the folder that holds path. */
static int make_parent(const char *path, char *err, size_t err_len)
{
    char dir[CFG_PATH_LEN];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return 0;
    *slash = '\0';
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(dir, 0777) && errno != EEXIST)
            goto fail;
        *p = '/';
    }
    if (mkdir(dir, 0777) && errno != EEXIST)
        goto fail;
    return 0;
fail:
    snprintf(err, err_len, "cannot create the folder '%s' of the tuning file: %s", dir, strerror(errno));
    return -1;
}

int tune_db_save(const struct tune_db *db, char *err, size_t err_len)
{
    struct strbuf sb;
    sb_init(&sb);
    sb_puts(&sb, "-- picl tuning file (docs/bench.md), written by `picl tune` and `picl bench --device-limits`.\n"
                 "-- tuned{}: per device, driver and problem class, the physics-neutral settings that ran fastest;\n"
                 "-- `picl run` takes them for the settings an input leaves at auto. limits{}: the device's\n"
                 "-- measured bandwidth and flop rates, the roofs of the roofline. picl rewrites this file whole\n"
                 "-- (comments other than these are not kept).\n");
    for (int i = 0; i < db->n; i++)
        write_entry(&sb, &db->e[i]);
    if (!sb_ok(&sb)) {
        sb_free(&sb);
        snprintf(err, err_len, "out of host memory writing the tuning file");
        return -1;
    }
    char tmp[CFG_PATH_LEN + 32];
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", db->path, (long)getpid());
    int rc = make_parent(db->path, err, err_len);
    if (rc == 0) {
        FILE *f = fopen(tmp, "w");
        int ok = f && fwrite(sb.data, 1, sb.len, f) == sb.len && fflush(f) == 0 && fsync(fileno(f)) == 0;
        ok = f && fclose(f) == 0 && ok;
        if (!ok || rename(tmp, db->path)) {
            snprintf(err, err_len, "cannot write the tuning file '%s': %s", db->path, strerror(errno));
            remove(tmp);
            rc = -1;
        }
    }
    sb_free(&sb);
    return rc;
}

/* ---- the problem class and applying an entry */

void tune_class(const struct picl_config *cfg, char *out, size_t len)
{
    double ppc = 0;
    for (int s = 0; s < cfg->n_species; s++)
        if (!cfg->species[s].frozen)
            ppc += (double)cfg->species[s].ppc[0] * cfg->species[s].ppc[1] * cfg->species[s].ppc[2];
    /* the nearest power of two: 6 and 8 particles per cell share a class, 3 and 4 too */
    const long pclass = ppc > 0 ? lround(exp2(round(log2(ppc)))) : 0;
    /* 2D and 1D runs are other problems (fewer nodes per particle): a class of their own, so
     * that a 3D tuning never applies to them; 3D classes keep their names */
    const char *geometry = cfg->geometry == CFG_GEOMETRY_2D ? "2d/" : cfg->geometry == CFG_GEOMETRY_1D ? "1d/" : "";
    snprintf(out, len, "%s%s/order%d/ppc%ld", geometry, cfg_precision_names[cfg->precision], cfg->shape_order,
             pclass);
}

void tune_params_text(const struct tune_params *p, const struct picl_config *cfg, int all, char *out, size_t len)
{
    struct strbuf sb;
    sb_init(&sb);
    if (all || p->strategy != CFG_STRATEGY_AUTO)
        sb_printf(&sb, " deposition_strategy=%s", cfg_strategy_names[p->strategy]);
    if (all || p->wg_cells[0] || p->wg_cells[1] || p->wg_cells[2])
        sb_printf(&sb, " work_group.cells={%d,%d,%d}", p->wg_cells[0], p->wg_cells[1], p->wg_cells[2]);
    if (all || p->wg_particles)
        sb_printf(&sb, " work_group.particles=%d", p->wg_particles);
    if (all || p->sort_interval >= 0) {
        if (p->sort_interval >= 0)
            sb_printf(&sb, " sort.interval=%d", p->sort_interval);
        else
            sb_puts(&sb, " sort.interval=auto");
    }
    if (all || p->sort_bin[0] > 0) {
        if (p->sort_bin[0] > 0) {
            /* the axes the geometry keeps, as the input takes them: {x, z} in 2D, {z} in 1D */
            const char *sep = "{";
            sb_puts(&sb, " sort.bin_size=");
            for (int a = 0; a < 3; a++)
                if (cfg_has_axis(cfg, a)) {
                    sb_printf(&sb, "%s%d", sep, p->sort_bin[a]);
                    sep = ",";
                }
            sb_puts(&sb, "}");
        } else
            sb_puts(&sb, " sort.bin_size=auto");
    }
    snprintf(out, len, "%s", sb_ok(&sb) && sb.len ? sb.data + 1 : "");
    sb_free(&sb);
}

int tune_cells_fit(const int w[3], const struct gen_layout *lay, const struct device *dev)
{
    /* z against one box (sim.c takes the box times this rank's boxes): whatever the number of
     * ranks and boxes per rank, a size that divides the box divides that */
    const long n[3] = {lay->box[0], lay->box[1], lay->box[2]};
    for (int a = 0; a < 3; a++)
        if (w[a] <= 0 || n[a] % w[a])
            return 0;
    return (size_t)w[0] * (size_t)w[1] * (size_t)w[2] <= dev->facts.max_work_group;
}

int tune_apply(struct picl_config *cfg, const struct device *dev, const struct tune_db *db, char *err,
               size_t err_len)
{
    char cls[TUNE_CLASS];
    tune_class(cfg, cls, sizeof cls);
    if (!cfg->use_tuning) {
        log_info("tuning: not used (the input sets tuning = false); picl's defaults for a %s device",
                 dev->traits->kind);
        return 0;
    }
    if (!db->exists) {
        log_info("tuning: no tuning file %s; picl's defaults for a %s device (picl tune INPUT.lua makes one)", db->path,
                 dev->traits->kind);
        return 0;
    }
    int other_driver = 0;
    const struct tune_entry *e = tune_db_find(db, dev, cls, &other_driver);
    if (!e) {
        log_info("tuning: %s has no entry for %s, class %s; picl's defaults for a %s device", db->path, dev->name, cls,
                 dev->traits->kind);
        return 0;
    }
    struct gen_layout lay;
    if (gen_layout(cfg, &lay, err, err_len))
        return -1;
    /* what the entry gives, what the input keeps, and what does not fit this run */
    struct tune_params used = {{0, 0, 0}, 0, CFG_STRATEGY_AUTO, -1, {-1, -1, -1}};
    struct tune_params kept = used, dropped = used;
    const struct tune_params *p = &e->p;
    if (p->strategy != CFG_STRATEGY_AUTO) {
        if (cfg->deposition_strategy == CFG_STRATEGY_AUTO)
            used.strategy = cfg->deposition_strategy = p->strategy;
        else
            kept.strategy = cfg->deposition_strategy;
    }
    if (p->wg_cells[0] || p->wg_cells[1] || p->wg_cells[2]) {
        if (cfg->wg_cells[0] || cfg->wg_cells[1] || cfg->wg_cells[2])
            memcpy(kept.wg_cells, cfg->wg_cells, sizeof kept.wg_cells);
        else if (!tune_cells_fit(p->wg_cells, &lay, dev))
            memcpy(dropped.wg_cells, p->wg_cells, sizeof dropped.wg_cells);
        else {
            memcpy(cfg->wg_cells, p->wg_cells, sizeof cfg->wg_cells);
            memcpy(used.wg_cells, p->wg_cells, sizeof used.wg_cells);
        }
    }
    if (p->wg_particles > 0) {
        if (cfg->wg_particles > 0)
            kept.wg_particles = cfg->wg_particles;
        else if ((size_t)p->wg_particles > dev->facts.max_work_group)
            dropped.wg_particles = p->wg_particles;
        else
            used.wg_particles = cfg->wg_particles = p->wg_particles;
    }
    if (p->sort_interval >= 0) {
        if (cfg->sort_interval >= 0)
            kept.sort_interval = cfg->sort_interval;
        else
            used.sort_interval = cfg->sort_interval = p->sort_interval;
    }
    if (p->sort_bin[0] > 0) {
        if (cfg->sort_bin[0] > 0)
            memcpy(kept.sort_bin, cfg->sort_bin, sizeof kept.sort_bin);
        else {
            memcpy(cfg->sort_bin, p->sort_bin, sizeof cfg->sort_bin);
            memcpy(used.sort_bin, p->sort_bin, sizeof used.sort_bin);
        }
    }
    char u[512], k[512], d[512];
    tune_params_text(&used, cfg, 0, u, sizeof u);
    tune_params_text(&kept, cfg, 0, k, sizeof k);
    tune_params_text(&dropped, cfg, 0, d, sizeof d);
    log_info("tuning: %s:%d for %s, class %s%s%s: %s%s%s%s%s", db->path, e->line, dev->name, cls,
             other_driver ? ", tuned under driver " : "", other_driver ? e->driver : "", u[0] ? u : "nothing to set",
             k[0] ? "; the input's own " : "", k, d[0] ? "; left out (does not fit this run) " : "", d);
    if (d[0])
        log_warn("tuning: %s does not fit this run's boxes or device; picl's default instead", d);
    return 0;
}
