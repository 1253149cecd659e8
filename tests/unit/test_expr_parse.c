/* test_expr_parse.c: the expression parser without a device. Valid expressions are re-emitted as
 * the same C tree and evaluate as C would; every line of expr_bad.txt is refused naming its token. */
#include "expr_parse.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bare_config.h"
#include "check.h"
#include "exprs.h"

static const char *const names[] = {"x", "y", "z", "t", "c", "pi", "n0", "k", "E0", "L"};
enum { N_NAMES = (int)(sizeof names / sizeof names[0]) };
static const double values[N_NAMES] = {0.25, -0.5, 2.0, 1e-15, 299792458.0, 3.141592653589793, 1e25, 6.0, 1e8, 3.0};

/* The emitted text of src, or "ERROR: message". */
static const char *emit(const char *src)
{
    static char out[4096];
    struct strbuf sb;
    struct expr_error err;
    sb_init(&sb);
    if (expr_to_c(src, names, N_NAMES, &sb, &err))
        snprintf(out, sizeof out, "ERROR: %s", err.message);
    else
        snprintf(out, sizeof out, "%s", sb.len ? sb.data : "");
    sb_free(&sb);
    return out;
}

static void check_emit(const char *src, const char *want)
{
    const char *got = emit(src);
    CHECK(!strcmp(got, want));
    if (strcmp(got, want))
        printf("  %s\n    got  %s\n    want %s\n", src, got, want);
}

/* src evaluated on the host equals `want` (the value C gives the same text) exactly. */
static void check_eval(const char *src, double want)
{
    struct expr_tree t;
    struct expr_error err;
    CHECK(expr_parse(&t, src, names, N_NAMES, &err) == 0);
    if (!t.node)
        return;
    const double got = expr_eval(&t, values);
    CHECK(got == want || (isnan(got) && isnan(want)));
    if (!(got == want || (isnan(got) && isnan(want))))
        printf("  %s = %.17g, want %.17g\n", src, got, want);
    expr_free(&t);
}

static void test_valid(void)
{
    /* C's precedence and associativity: parentheses only where the tree needs them */
    check_emit("1 + 2 * 3", "1.0 + 2.0 * 3.0");
    check_emit("(1 + 2) * 3", "(1.0 + 2.0) * 3.0");
    check_emit("1 - 2 - 3", "1.0 - 2.0 - 3.0");
    check_emit("x - (y - z)", "x - (y - z)");
    check_emit("x / y / z", "x / y / z");
    check_emit("x / (y * z)", "x / (y * z)");
    check_emit("(x * y) / z", "x * y / z");
    check_emit("-x*y", "-x * y");
    check_emit("-(x + y)", "-(x + y)");
    check_emit("- -x", "- -x");
    check_emit("-(-x)", "- -x");
    check_emit("--x", "- -x"); /* two negations, never C's decrement */
    check_emit("x - -y", "x - -y");
    check_emit("+x", "+x");
    check_emit("!x || y && z", "!x || y && z");
    check_emit("(x || y) && z", "(x || y) && z");
    check_emit("!(x < y)", "!(x < y)");
    check_emit("x < y == z > t", "x < y == z > t");
    check_emit("x <= y != z >= t", "x <= y != z >= t");
    /* a real condition compared with zero (OpenCL wants an integer one), as C reads it */
    check_emit("x ? y : z ? t : 1", "x != 0.0 ? y : z != 0.0 ? t : 1.0");
    check_emit("x ? y ? 1 : 2 : 3", "x != 0.0 ? y != 0.0 ? 1.0 : 2.0 : 3.0");
    check_emit("(x ? y : z) ? 1 : 2", "(x != 0.0 ? y : z) != 0.0 ? 1.0 : 2.0");
    check_emit("x + y ? 1 : 2", "x + y != 0.0 ? 1.0 : 2.0");
    check_emit("x < y ? 1 : 2", "x < y ? 1.0 : 2.0");
    check_emit("(x < y || z) ? 1 : 2", "x < y || z ? 1.0 : 2.0");
    check_emit("((((x))))", "x");
    check_emit("E0*sin(k*x)", "E0 * sin(k * x)");
    check_emit("pow(x, 2)", "pow(x, 2.0)");
    check_emit("pown(x, 3) + pown(y, -2)", "pown(x, 3) + pown(y, -2)");
    check_emit("clamp(x, 0, 1)", "clamp(x, 0.0, 1.0)");
    check_emit("atan2(y,x)", "atan2(y, x)");
    /* an int-typed argument (a comparison) made real, so OpenCL's overloads are not ambiguous */
    check_emit("sin(x < y)", "sin(1.0 * (x < y))");
    check_emit("fmax((x < y) + !z, x ? y < 1 : z > 1)", "fmax(1.0 * ((x < y) + !z), 1.0 * (x != 0.0 ? y < 1.0 : z > 1.0))");
    check_emit("sin((x < y) * 2)", "sin((x < y) * 2.0)");
    check_emit("sin(1.0 * (x < y))", "sin(1.0 * (x < y))");
    /* numbers as written, integers made real (1/2 is a half), exponents and leading dots kept */
    check_emit("1/2", "1.0 / 2.0");
    check_emit("1e25", "1e25");
    check_emit("1.5E-3 + .5 + 2.", "1.5E-3 + .5 + 2.");
    check_emit("007", "007.0");
    check_emit("\t x\t", "x");
    check_emit("z < 1e-6 ? 0.0 : (z < 1e-6 + L ? n0 * pow(sin(0.5 * pi * (z - 1e-6) / L), 2) : n0)",
               "z < 1e-6 ? 0.0 : z < 1e-6 + L ? n0 * pow(sin(0.5 * pi * (z - 1e-6) / L), 2.0) : n0");
    /* a long flat sum stays flat: no nesting for the compiler's bracket limit (256 in clang) */
    {
        char sum[1024] = "x";
        for (int i = 0; i < 300; i++)
            strcat(sum, "+x");
        CHECK(strchr(emit(sum), '(') == NULL);
    }
    /* the emitted text is a fixed point: parsed and emitted again it is the same text */
    {
        static const char *const texts[] = {"-(-(-x)) * (y - (z - t)) / (k / (n0 * L))", "x ? (y ? 1 : 2) : (z ? t : 3)",
                                            "!(!x && (y || z)) == (x < y) + (z >= t)"};
        for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
            char once[1024];
            snprintf(once, sizeof once, "%s", emit(texts[i]));
            CHECK(!strcmp(emit(once), once));
        }
    }
    /* every function of the table is accepted with its arity */
    int arity;
    for (int i = 0; expr_function(i, &arity); i++) {
        char src[128] = "", want[160] = "";
        snprintf(src, sizeof src, "%s(x%s%s)", expr_function(i, NULL), arity > 1 ? ", 2" : "", arity > 2 ? ", y" : "");
        snprintf(want, sizeof want, "%s(x%s%s)", expr_function(i, NULL), arity > 1 ? (strcmp(expr_function(i, NULL), "pown") ? ", 2.0" : ", 2") : "",
                 arity > 2 ? ", y" : "");
        check_emit(src, want);
    }
    /* evaluation follows C (and OpenCL's definitions) exactly */
    check_eval("1 + 2 * 3", 7);
    check_eval("1/2", 0.5);
    check_eval("E0*sin(k*x)", 1e8 * sin(6.0 * 0.25));
    check_eval("n0*(1 + 0.01*cos(k*x))", 1e25 * (1 + 0.01 * cos(6.0 * 0.25)));
    check_eval("x < y ? 1 : z", 2.0);
    check_eval("!x + (y && 0) + (x || 0)", 1.0);
    check_eval("step(0.5, x) + step(0.1, x)", 1.0);
    check_eval("smoothstep(0, 1, x)", 0.25 * 0.25 * (3 - 0.5));
    check_eval("sign(y) + rsqrt(4) + exp10(2) + clamp(z, 0, 1)", -1 + 0.5 + 100 + 1);
    check_eval("pown(z, -2)", 0.25);
    check_eval("n0/0.0", INFINITY);
    check_eval("0.0/0.0", NAN);
    check_eval("sqrt(-n0)", NAN);
    check_eval("powr(y, 2)", NAN);
}

/* The corpus: each line's expression refused, the message naming the line's token. */
static void test_corpus(const char *path)
{
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (!f) {
        printf("  cannot open %s\n", path);
        return;
    }
    char line[1024];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        char *tab = strchr(line, '\t');
        if (line[0] == '#' || !tab)
            continue;
        *tab = '\0';
        const char *token = line;
        char src[1024];
        size_t m = 0;
        for (const char *p = tab + 1; *p && m + 1 < sizeof src; p++) {
            if (*p == '\\' && p[1]) {
                p++;
                src[m++] = *p == 'n' ? '\n' : *p == 't' ? '\t' : *p;
            } else {
                src[m++] = *p;
            }
        }
        src[m] = '\0';
        struct expr_tree t;
        struct expr_error err;
        const int rc = expr_parse(&t, src, names, N_NAMES, &err);
        int ok = rc != 0;
        if (ok && token[0])
            ok = !strcmp(err.token, token) && strstr(err.message, token) != NULL;
        else if (ok)
            ok = strstr(err.message, "(the end)") != NULL || strstr(err.message, "empty") != NULL;
        CHECK(ok);
        if (!ok)
            printf("  [%s]: rc %d, token '%s', message: %s (want token '%s')\n", tab + 1, rc, err.token, err.message, token);
        if (rc == 0)
            expr_free(&t);
        n++;
    }
    fclose(f);
    REPORT("%d bad expressions refused with their token", n);
    CHECK(n >= 56); /* the injections and at least 50 more */
}

/* Position: characters from 1, so the user can count to the offending token. */
static void test_position(void)
{
    struct expr_tree t;
    struct expr_error err;
    CHECK(expr_parse(&t, "n0 * (1 + y; z)", names, N_NAMES, &err) != 0);
    CHECK(err.pos == 12 && !strcmp(err.token, ";"));
    CHECK(strstr(err.message, "at character 12") != NULL);
    /* a long input is refused, not read past its end */
    char *big = malloc(1 << 16);
    memset(big, '(', (1 << 16) - 1);
    big[(1 << 16) - 1] = '\0';
    CHECK(expr_parse(&t, big, names, N_NAMES, &err) != 0 && strstr(err.message, "nested") != NULL);
    free(big);
}

/* A configuration of 8^3 cells of 1.25e-6 m, one species of ppc 1 with density `density`. */
static struct picl_config *check_config(const char *density)
{
    static struct picl_config cfg;
    cfg = bare_config(8, 8);
    cfg.n_constants = 1;
    snprintf(cfg.constants[0].name, sizeof cfg.constants[0].name, "n0");
    cfg.constants[0].value = 1e24;
    struct cfg_species *sp = &cfg.species[0];
    snprintf(sp->name, sizeof sp->name, "e");
    snprintf(sp->where, sizeof sp->where, "in.lua:3");
    sp->charge = -1.602176634e-19; /* the electron's: within the bounds of gen_exprs_check */
    sp->mass = 9.1093837015e-31;
    snprintf(sp->density_expr.text, sizeof sp->density_expr.text, "%s", density);
    snprintf(sp->density_expr.key, sizeof sp->density_expr.key, "species.e.density");
    snprintf(sp->density_expr.where, sizeof sp->density_expr.where, "in.lua:4");
    for (int a = 0; a < 3; a++)
        sp->ppc[a] = 1;
    cfg.dt = 1e-15;
    cfg.steps = 5;
    return &cfg;
}

static void set_expr(struct cfg_expr *e, const char *key, const char *text)
{
    snprintf(e->text, sizeof e->text, "%s", text);
    snprintf(e->key, sizeof e->key, "%s", key);
    snprintf(e->where, sizeof e->where, "in.lua:9");
}

/* gen_exprs_check: the key, the kind of bad value and the first point where the run would meet it. */
static void test_check_at_load(void)
{
    char err[1024] = "";
    struct picl_config *cfg = check_config("n0*(1 + 0.5*cos(x/1e-6))");
    CHECK(gen_exprs_check(cfg, err, sizeof err) == 0);
    cfg = check_config("n0/0.0");
    CHECK(gen_exprs_check(cfg, err, sizeof err) != 0 &&
          strstr(err, "in.lua:4: species.e.density: is inf at (x, y, z) = (6.25e-07, 6.25e-07, 6.25e-07) m"));
    cfg = check_config("sqrt(-n0)");
    CHECK(gen_exprs_check(cfg, err, sizeof err) != 0 && strstr(err, "species.e.density: is NaN at"));
    cfg = check_config("x < 5e-6 ? n0 : -n0");
    CHECK(gen_exprs_check(cfg, err, sizeof err) != 0 &&
          strstr(err, "is negative at (x, y, z) = (5.625e-06, 6.25e-07, 6.25e-07) m") && strstr(err, "(got -1e+24)"));
    /* negative only outside the species' region: never evaluated there by the load either */
    cfg = check_config("x < 5e-6 ? -n0 : n0");
    cfg->species[0].has_region = 1;
    for (int a = 0; a < 3; a++) {
        cfg->species[0].region_lower[a] = a == 0 ? 5e-6 : 0;
        cfg->species[0].region_upper[a] = 1e-5;
    }
    CHECK(gen_exprs_check(cfg, err, sizeof err) == 0);
    /* a parse error comes first, with the same FILE:LINE: KEY */
    cfg = check_config("n0 }");
    CHECK(gen_exprs_check(cfg, err, sizeof err) != 0 && strstr(err, "in.lua:4: species.e.density: '}' at character 4"));
    /* fields at their Yee positions: Ex half a cell along x, By half along x and z */
    cfg = check_config("n0");
    set_expr(&cfg->init_E[0], "fields.Ex", "1/(x - 6.25e-7)");
    CHECK(gen_exprs_check(cfg, err, sizeof err) != 0 && strstr(err, "in.lua:9: fields.Ex: is inf at (x, y, z) = (6.25e-07, 0, 0) m"));
    cfg = check_config("n0");
    set_expr(&cfg->init_B[1], "fields.By", "log(y)");
    CHECK(gen_exprs_check(cfg, err, sizeof err) != 0 && strstr(err, "fields.By: is -inf at (x, y, z) = (6.25e-07, 0, 6.25e-07) m"));
    /* a laser profile on its plane, at every step's time */
    cfg = check_config("n0");
    cfg->n_lasers = 1;
    cfg->lasers[0].axis = 2;
    cfg->lasers[0].has_profile = 1;
    set_expr(&cfg->lasers[0].profile, "lasers.a.profile", "t > 2.5e-15 ? 0.0/0.0 : sin(1e15*t)");
    CHECK(gen_exprs_check(cfg, err, sizeof err) != 0 && strstr(err, "lasers.a.profile: is NaN at (x, y, z) = (0, 0, 0) m and t = 3e-15 s"));
    /* a moving window brings in cells ahead of the grid: their lab-frame density is checked too */
    cfg = check_config("x > 1.1e-5 ? -n0 : n0");
    CHECK(gen_exprs_check(cfg, err, sizeof err) == 0);
    cfg->window.enabled = 1;
    cfg->window.axis = 0;
    cfg->window.speed = 1;
    cfg->steps = 20; /* c * 20 fs = 6 um: 5 cells of 1.25 um and one more */
    CHECK(gen_exprs_check(cfg, err, sizeof err) != 0 && strstr(err, "is negative at (x, y, z) = (1.1875e-05, 6.25e-07"));
    /* momenta */
    cfg = check_config("n0");
    cfg->species[0].u_drift[1] = NAN;
    CHECK(gen_exprs_check(cfg, err, sizeof err) != 0 && strstr(err, "in.lua:3: species.e.u_drift: component 2 is nan"));
    cfg = check_config("n0"); /* finite, but beyond |u| <= GEN_U_MAX */
    cfg->species[0].u_th[2] = 2e10;
    CHECK(gen_exprs_check(cfg, err, sizeof err) != 0 &&
          strstr(err, "in.lua:3: species.e.u_th: component 3 is 2e+10; expected a finite number (gamma v / c) with |u| <= 1e+10"));
    cfg = check_config("n0"); /* q dt / 2m would overflow */
    cfg->species[0].charge = 1e300;
    cfg->species[0].mass = 1e-300;
    CHECK(gen_exprs_check(cfg, err, sizeof err) != 0 && strstr(err, "in.lua:3: species.e.charge: charge 1e+300 C over mass"));
    /* a grid of 2^36 cells is thinned, in well under a second, and its last cell still visited */
    cfg = check_config("x > 9.99e-6 ? -n0 : n0");
    for (int a = 0; a < 3; a++)
        cfg->grid.cells[a] = cfg->grid.max_box[a] = 4096;
    const int rc = gen_exprs_check(cfg, err, sizeof err);
    CHECK(rc != 0 && strstr(err, "is negative at (x, y, z) = (9.99878e-06"));
    if (!strstr(err, "is negative at (x, y, z) = (9.99878e-06"))
        printf("  %s\n", err);
}

int main(void)
{
    const char *corpus = getenv("PICL_EXPR_CORPUS");
    test_valid();
    test_corpus(corpus ? corpus : "tests/unit/expr_bad.txt");
    test_position();
    test_check_at_load();
    return check_finish();
}
