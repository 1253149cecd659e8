/* test_ident.c: the one rule for names that reach generated code (base/ident.c), on its own,
 * as the generator meets a configuration whatever the Lua side let through: identifiers of at
 * most 63 characters; for constants also no C or OpenCL C word, no name the expression functions
 * hold, no predefined-macro family, no vector type, no duplicate. Messages name the list, the
 * entry and the input (or the entry's FILE:LINE) and quote the name harmlessly. */
#include "ident.h"

#include <stdio.h>
#include <string.h>

#include "bare_config.h"
#include "check.h"

static int refused(const char *name, int variable)
{
    return ident_refusal(name, variable) != NULL;
}

int main(void)
{
    /* the grammar, for every name */
    CHECK(!refused("electrons", 0) && !refused("_e2", 0) && !refused("E0", 1) && !refused("lambda_p", 1));
    CHECK(refused("", 0) && refused("2e", 0) && refused("a b", 0) && refused("e */ x /*", 0));
    CHECK(refused("k; *(volatile __global int *)16 = 42; //", 1));
    char name[CFG_NAME_LEN + 1];
    memset(name, 'a', CFG_NAME_LEN - 1);
    name[CFG_NAME_LEN - 1] = '\0';
    CHECK(!refused(name, 1)); /* 63 characters fit */
    name[CFG_NAME_LEN - 1] = 'a';
    name[CFG_NAME_LEN] = '\0';
    CHECK(refused(name, 0));

    /* constants only: words, scope names, functions, macro families, vector types */
    const char *words[] = {"float", "kernel", "global", "true", "gamma", "ux", "energy", "x", "t", "pi", "q_e",
                           "real", "acc_real", "sqrt", "select", "M_E", "FLT_MAX", "CL_VERSION_1_2", "__x",
                           "INFINITY", "float4", "uchar16", "double2x2", NULL};
    int n_refused = 0, n = 0;
    for (int i = 0; words[i]; i++, n++) {
        n_refused += refused(words[i], 1);
        if (!refused(words[i], 1))
            printf("  not refused as a constant: %s\n", words[i]);
        CHECK(!refused(words[i], 0)); /* a species may be called "gamma" */
    }
    REPORT("%d of %d reserved words refused as a constant's name", n_refused, n);
    CHECK(n_refused == n);
    CHECK(!refused("float4x", 1) && !refused("floater", 1) && !refused("Mach", 1));

    /* the whole configuration: the first bad name, with its context */
    char err[512];
    struct picl_config cfg = bare_config(8, 8);
    strcpy(cfg.input_path, "in.lua");
    strcpy(cfg.species[0].name, "electrons");
    cfg.n_constants = 1;
    strcpy(cfg.constants[0].name, "n0");
    CHECK(ident_config(&cfg, err, sizeof err) == 0);
    strcpy(cfg.constants[0].name, "k; *(volatile __global int *)16 = 42; //");
    CHECK(ident_config(&cfg, err, sizeof err) == -1);
    REPORT("%s", err);
    CHECK(strstr(err, "in.lua: constants.1: name 'k; *(volatile __global int *)16 = 42; //' is not a C identifier"));
    strcpy(cfg.constants[0].name, "n0");
    strcpy(cfg.species[0].name, "e */ evil(); /*\n");
    strcpy(cfg.species[0].where, "in.lua:7");
    CHECK(ident_config(&cfg, err, sizeof err) == -1);
    REPORT("%s", err);
    CHECK(strstr(err, "in.lua:7: species.1: name 'e */ evil(); /*?' is not a C identifier") == err);
    strcpy(cfg.species[0].name, "electrons");
    cfg.n_constants = 2;
    strcpy(cfg.constants[1].name, "n0");
    CHECK(ident_config(&cfg, err, sizeof err) == -1 && strstr(err, "constants.n0: given twice"));
    return check_finish();
}
