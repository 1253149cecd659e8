/* ionization.h: the literals of field ionization (ionization.c): per ionizable species its ADK
 * constants per charge state, and the macros templates/ionize.cl reads. */
#ifndef PICL_IONIZATION_H
#define PICL_IONIZATION_H

#include "config.h"
#include "strbuf.h"

/* The ADK rate of charge state k -> k + 1 of element z in a field of E V/m, 1/s: w(E) =
 * exp(log_pre - power ln E - expo / E) (docs/input.md "Field ionization"). Returns -1 for an
 * element or state the table lacks. */
int gen_adk_constants(int z, int k, double *log_pre, double *power, double *expo);
double gen_adk_rate(int z, int k, double E);

/* Species s's ionization macros (SP_ZQ, SP_LEVEL0 for every species; SP_ION_* and the constant
 * tables for an ionizable one), and their #undefs. */
void gen_ionization_define(struct strbuf *sb, const struct picl_config *cfg, int s);
void gen_ionization_undefine(struct strbuf *sb);

#endif
