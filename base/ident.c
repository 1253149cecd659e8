/* ident.c: the one rule for every name of the input that reaches generated code or a file name
 * (ident.h). The Lua schema checks the same names first, with better messages; this check
 * stands on its own, so no script can put text of its choice into the OpenCL program. */
#include "ident.h"

#include <stdio.h>
#include <string.h>

/* Words a constant may not take: C99 and OpenCL C 1.2 keywords and types, the names every
 * expression function already declares (its arguments, picl's physical constants, a
 * diagnostic filter's quantities), the generator's types, and the functions an expression may
 * call (gen/expr_parse.c). */
static const char *const reserved[] = {
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern",
    "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed",
    "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "_Bool",
    "_Complex", "_Imaginary", "global", "local", "constant", "private", "kernel", "read_only", "write_only",
    "read_write", "uniform", "pipe", "bool", "true", "false", "half", "uchar", "ushort", "uint", "ulong", "size_t",
    "ptrdiff_t", "intptr_t", "uintptr_t", "image1d_t", "image1d_array_t", "image1d_buffer_t", "image2d_t",
    "image2d_array_t", "image3d_t", "sampler_t", "event_t", "quad", "complex", "imaginary", "NULL", "MAXFLOAT",
    "HUGE_VAL", "HUGE_VALF", "INFINITY", "NAN",
    "x", "y", "z", "t", "ux", "uy", "uz", "gamma", "energy", "c", "eps0", "mu0", "q_e", "m_e", "m_p", "pi",
    "real", "real4", "vreal", "vmask", "acc_real",
    "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "exp", "exp2", "exp10", "log",
    "log2", "log10", "sqrt", "rsqrt", "cbrt", "pow", "pown", "powr", "fabs", "fmin", "fmax", "floor", "ceil",
    "round", "fmod", "hypot", "erf", "erfc", "tgamma", "min", "max", "clamp", "step", "smoothstep", "sign",
    "select", NULL};

/* Prefixes of the macros an OpenCL C compiler predefines (M_PI, FLT_MAX, CL_VERSION_1_2, ...). */
static const char *const macro_prefixes[] = {"__", "M_", "FLT_", "DBL_", "HALF_", "CL_", "CHAR_", "SCHAR_",
                                             "UCHAR_", "SHRT_", "USHRT_", "INT_", "UINT_", "LONG_", "ULONG_",
                                             "FP_", NULL};

/* OpenCL C's vector and matrix types: a scalar type's name and a count (float4, uchar16, double2x2). */
static int vector_type(const char *name)
{
    static const char *const scalars[] = {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
                                          "float", "double", "half", "bool", "quad", NULL};
    for (int i = 0; scalars[i]; i++) {
        const size_t n = strlen(scalars[i]);
        if (strncmp(name, scalars[i], n) || name[n] < '0' || name[n] > '9')
            continue;
        const char *p = name + n;
        while (*p >= '0' && *p <= '9')
            p++;
        if (*p == 'x' && p[1] >= '0' && p[1] <= '9')
            for (p++; *p >= '0' && *p <= '9'; p++) {}
        if (!*p)
            return 1;
    }
    return 0;
}

static int ident_char(char ch, int first)
{
    return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || ch == '_' || (!first && ch >= '0' && ch <= '9');
}

const char *ident_refusal(const char *name, int variable)
{
    if (!name[0])
        return "is empty; expected a name of letters, digits and _";
    const size_t n = strnlen(name, CFG_NAME_LEN);
    if (n >= CFG_NAME_LEN)
        return "is too long; expected at most 63 characters";
    for (size_t i = 0; i < n; i++)
        if (!ident_char(name[i], i == 0))
            return "is not a C identifier; expected letters, digits and _, not starting with a digit";
    if (!variable)
        return NULL;
    for (int i = 0; reserved[i]; i++)
        if (!strcmp(name, reserved[i]))
            return "is reserved (a C or OpenCL C word, a coordinate, a physical constant or a function an expression "
                   "may call); expected another name";
    for (int i = 0; macro_prefixes[i]; i++)
        if (!strncmp(name, macro_prefixes[i], strlen(macro_prefixes[i])))
            return "begins like a macro the OpenCL C compiler predefines (M_, FLT_, DBL_, CL_, __, ...); expected "
                   "another name";
    if (vector_type(name))
        return "is an OpenCL C vector type; expected another name";
    return NULL;
}

void ident_quote(const char *name, char *out, size_t out_len)
{
    size_t o = 0;
    for (const char *p = name; *p && o + 4 < out_len; p++)
        out[o++] = (*p >= 32 && *p <= 126 && *p != '\'') ? *p : '?';
    if (name[o] && o + 4 >= out_len && out_len > 4)
        memcpy(out + o, "...", 3), o += 3;
    if (out_len)
        out[o < out_len ? o : out_len - 1] = '\0';
}

/* One name: 0, or -1 with the message. `where` may be empty (the input's path stands in). */
static int check(const struct picl_config *cfg, const char *where, const char *list, int i, const char *name,
                 int variable, char *err, size_t err_len)
{
    const char *why = ident_refusal(name, variable);
    if (!why)
        return 0;
    char quoted[80];
    ident_quote(name, quoted, sizeof quoted);
    snprintf(err, err_len, "%s: %s.%d: name '%s' %s", where && where[0] ? where : cfg->input_path, list, i + 1,
             quoted, why);
    return -1;
}

int ident_config(const struct picl_config *cfg, char *err, size_t err_len)
{
#define NAMES(list, arr, n, where, variable)                                                                    \
    for (int i = 0; i < (n); i++)                                                                               \
        if (check(cfg, where, list, i, (arr)[i].name, variable, err, err_len))                                  \
            return -1;
    NAMES("constants", cfg->constants, cfg->n_constants, NULL, 1)
    NAMES("species", cfg->species, cfg->n_species, cfg->species[i].where, 0)
    NAMES("lasers", cfg->lasers, cfg->n_lasers, cfg->lasers[i].where, 0)
    NAMES("diagnostics.reduced", cfg->reduced, cfg->n_reduced, NULL, 0)
    NAMES("diagnostics.full", cfg->full, cfg->n_full, NULL, 0)
    NAMES("collisions", cfg->collisions, cfg->n_collisions, NULL, 0)
    NAMES("diagnostics.back_transformed", cfg->btd, cfg->n_btd, NULL, 0)
    NAMES("diagnostics.moments", cfg->diags.moments, cfg->diags.n_moments, NULL, 0)
    NAMES("diagnostics.extrema", cfg->diags.extrema, cfg->diags.n_extrema, NULL, 0)
    NAMES("diagnostics.histograms", cfg->diags.hist, cfg->diags.n_hist, NULL, 0)
    NAMES("diagnostics.probes", cfg->diags.probes, cfg->diags.n_probes, NULL, 0)
    NAMES("diagnostics.field_maxima", cfg->diags.field_max, cfg->diags.n_field_max, NULL, 0)
    NAMES("diagnostics.costs", cfg->diags.costs, cfg->diags.n_costs, NULL, 0)
#undef NAMES
    for (int i = 0; i < cfg->n_constants; i++) /* each a variable of one scope */
        for (int j = 0; j < i; j++)
            if (!strcmp(cfg->constants[i].name, cfg->constants[j].name)) {
                snprintf(err, err_len, "%s: constants.%s: given twice", cfg->input_path, cfg->constants[i].name);
                return -1;
            }
    for (int s = 0; s < cfg->n_species; s++) {
        const struct cfg_species *sp = &cfg->species[s];
        if (sp->ionization.enabled && ident_refusal(sp->ionization.element, 0)) {
            char quoted[16];
            ident_quote(sp->ionization.element, quoted, sizeof quoted);
            snprintf(err, err_len, "%s: species.%s.ionization.element: '%s' is not an element's symbol",
                     sp->where[0] ? sp->where : cfg->input_path, sp->name, quoted);
            return -1;
        }
    }
    return 0;
}
