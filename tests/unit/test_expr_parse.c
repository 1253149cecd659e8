/* test_expr_parse.c: the expression parser without a device. Valid expressions are re-emitted as
 * the same C tree and evaluate as C would; every line of expr_bad.txt is refused naming its token. */
#include "expr_parse.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

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
    check_emit("x ? y : z ? t : 1", "x ? y : z ? t : 1.0");
    check_emit("x ? y ? 1 : 2 : 3", "x ? y ? 1.0 : 2.0 : 3.0");
    check_emit("(x ? y : z) ? 1 : 2", "(x ? y : z) ? 1.0 : 2.0");
    check_emit("((((x))))", "x");
    check_emit("E0*sin(k*x)", "E0 * sin(k * x)");
    check_emit("pow(x, 2)", "pow(x, 2.0)");
    check_emit("pown(x, 3) + pown(y, -2)", "pown(x, 3) + pown(y, -2)");
    check_emit("clamp(x, 0, 1)", "clamp(x, 0.0, 1.0)");
    check_emit("atan2(y,x)", "atan2(y, x)");
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

int main(void)
{
    const char *corpus = getenv("PICL_EXPR_CORPUS");
    test_valid();
    test_corpus(corpus ? corpus : "tests/unit/expr_bad.txt");
    test_position();
    return check_finish();
}
