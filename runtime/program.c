/* program.c: clBuildProgram with the log turned into a message a user can act on. The
 * generator marks each user expression with `#line 1 "KEY"`, so the compiler names the key. */
#include "program.h"
#include "log.h"
#include "mem.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Copies the log lines that mention `key` (the compiler's message for that expression). */
static size_t quote_lines(const char *log, const char *key, char *out, size_t len)
{
    size_t used = 0, klen = strlen(key);
    const char *line = log;
    while (*line && used + 1 < len) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        const char *hit = strstr(line, key);
        if (hit && hit < line + n && hit[klen] == ':')
            used += (size_t)snprintf(out + used, len - used, "\n    %.*s", (int)n, line);
        line += n + (end != NULL);
    }
    return used;
}

static const struct cfg_expr *guilty_expr(const struct picl_config *cfg, const char *log)
{
    const struct cfg_expr *all[12 + 8 * CFG_MAX_SPECIES + CFG_MAX_LASERS + 2 * CFG_MAX_PDIAG +
                               CFG_MAX_HIST * (2 + CFG_HIST_MAX_AXES)];
    int n = 0;
    for (int c = 0; c < 3; c++) {
        all[n++] = &cfg->init_E[c];
        all[n++] = &cfg->init_B[c];
        all[n++] = &cfg->applied.E[c];
        all[n++] = &cfg->applied.B[c];
    }
    for (int s = 0; s < cfg->n_species; s++) {
        all[n++] = &cfg->species[s].density_expr;
        all[n++] = &cfg->species[s].kT_expr;
        for (int a = 0; a < 3; a++) {
            all[n++] = &cfg->species[s].u_drift_expr[a];
            all[n++] = &cfg->species[s].u_th_expr[a];
        }
    }
    for (int l = 0; l < cfg->n_lasers; l++)
        all[n++] = &cfg->lasers[l].profile;
    /* the diagnostics' filters and histograms' expressions (gen/diag_kernels.c) */
    for (int i = 0; i < cfg->diags.n_moments; i++)
        all[n++] = &cfg->diags.moments[i].filter;
    for (int i = 0; i < cfg->diags.n_extrema; i++)
        all[n++] = &cfg->diags.extrema[i].filter;
    for (int i = 0; i < cfg->diags.n_hist; i++) {
        all[n++] = &cfg->diags.hist[i].filter;
        all[n++] = &cfg->diags.hist[i].weight_expr;
        for (int a = 0; a < cfg->diags.hist[i].n_axes; a++)
            all[n++] = &cfg->diags.hist[i].axis[a].expr;
    }
    for (int i = 0; i < n; i++) {
        char pattern[sizeof all[i]->key + 2];
        if (!all[i]->text[0])
            continue;
        snprintf(pattern, sizeof pattern, "%s:", all[i]->key);
        if (strstr(log, pattern))
            return all[i];
    }
    return NULL;
}

/* clBuildProgram with the compiler's own words to stderr ("1 error generated.", printed by
 * PoCL's clang in this process) kept off the terminal unless -v: the build log, which holds the
 * same diagnostics, goes into picl's message instead. */
static cl_int quiet_build(cl_program prog, const struct device *dev)
{
    if (log_get_level() >= LOG_DEBUG)
        return clBuildProgram(prog, 1, &dev->id, "-cl-std=CL1.2", NULL, NULL);
    fflush(stderr);
    int saved = dup(STDERR_FILENO), sink = open("/dev/null", O_WRONLY);
    if (saved >= 0 && sink >= 0)
        dup2(sink, STDERR_FILENO);
    cl_int rc = clBuildProgram(prog, 1, &dev->id, "-cl-std=CL1.2", NULL, NULL);
    if (saved >= 0 && sink >= 0) {
        fflush(stderr);
        dup2(saved, STDERR_FILENO);
    }
    if (saved >= 0)
        close(saved);
    if (sink >= 0)
        close(sink);
    return rc;
}

int program_build(const struct device *dev, const struct picl_config *cfg, const char *source,
                  const char *what, cl_program *out, char *err, size_t err_len)
{
    cl_int rc;
    cl_program prog = clCreateProgramWithSource(dev->context, 1, &source, NULL, &rc);
    if (rc != CL_SUCCESS) {
        snprintf(err, err_len, "%s: clCreateProgramWithSource failed: %s", what, device_error_name(rc));
        return -1;
    }
    rc = quiet_build(prog, dev);
    if (rc == CL_SUCCESS) {
        *out = prog;
        return 0;
    }
    size_t log_len = 0;
    clGetProgramBuildInfo(prog, dev->id, CL_PROGRAM_BUILD_LOG, 0, NULL, &log_len);
    char *log = mem_alloc(log_len + 1);
    if (!log) {
        snprintf(err, err_len, "%s does not build on %s (%s), and the log does not fit in memory", what,
                 dev->name, device_error_name(rc));
        clReleaseProgram(prog);
        return -1;
    }
    log[0] = '\0';
    clGetProgramBuildInfo(prog, dev->id, CL_PROGRAM_BUILD_LOG, log_len + 1, log, NULL);
    log[log_len] = '\0';
    const struct cfg_expr *e = guilty_expr(cfg, log);
    if (e) {
        size_t used = (size_t)snprintf(err, err_len, "%s: %s: the expression \"%s\" does not compile:",
                                       e->where[0] ? e->where : cfg->input_path, e->key, e->text);
        if (used < err_len)
            quote_lines(log, e->key, err + used, err_len - used);
    } else {
        snprintf(err, err_len,
                 "%s does not build on %s (%s). This is a picl bug unless a template was edited; "
                 "`picl gen` writes the source. Build log:\n%s",
                 what, dev->name, device_error_name(rc), log);
    }
    mem_free(log);
    clReleaseProgram(prog);
    return -1;
}

int program_compile_all(const struct device *dev, cl_program prog, const char *what, char *err, size_t err_len)
{
    const char *generic = getenv("POCL_WORK_GROUP_SPECIALIZATION");
    if (!strstr(dev->platform_name, "Portable Computing Language") || !generic || strcmp(generic, "0"))
        return 0; /* a specialised compile per work-group size: only a launch knows which */
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    size_t size = 0; /* asking for the binary's size makes PoCL compile every kernel */
    cl_int rc = clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL);
    if (rc != CL_SUCCESS) {
        snprintf(err, err_len, "%s: compiling its kernels on %s failed: %s", what, dev->name, device_error_name(rc));
        return -1;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    log_debug("%s: every kernel compiled in %.2f s (%zu bytes)", what,
              (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec), size);
    return 0;
}
