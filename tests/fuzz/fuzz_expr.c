/* fuzz_expr.c: libFuzzer harness of the expression parser (make fuzz). Any input must be refused
 * or parsed; a parsed one must re-emit to text that parses again to the same text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "expr_parse.h"
#include "mem.h"

static const char *const names[] = {"x", "y", "z", "t", "c", "eps0", "mu0", "q_e", "m_e", "m_p", "pi", "n0", "k"};
enum { N_NAMES = (int)(sizeof names / sizeof names[0]) };
static const double values[N_NAMES] = {1e-6, -2e-6, 0, 1e-15, 299792458.0, 8.8541878128e-12, 1.25663706212e-6,
                                       1.602176634e-19, 9.1093837015e-31, 1.67262192369e-27, 3.14159265358979, 1e25, 6e5};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *src = mem_alloc(size + 1);
    if (!src)
        return 0;
    memcpy(src, data, size);
    src[size] = '\0';
    struct expr_tree t;
    struct expr_error err;
    if (expr_parse(&t, src, names, N_NAMES, &err) == 0) {
        struct strbuf once, twice;
        sb_init(&once);
        sb_init(&twice);
        expr_emit(&t, &once);
        (void)expr_eval(&t, values);
        expr_free(&t);
        /* the emitted text is in the language too, and a fixed point of parse and emit */
        if (!sb_ok(&once) || expr_to_c(once.data, names, N_NAMES, &twice, &err) || strcmp(once.data, twice.data))
            abort();
        sb_free(&once);
        sb_free(&twice);
    } else if (!err.message[0]) {
        abort(); /* every refusal says why */
    }
    mem_free(src);
    return 0;
}
