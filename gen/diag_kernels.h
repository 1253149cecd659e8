/* diag_kernels.h: which kernels of the physicist's reduced diagnostics a program needs
 * (templates/particle_stats.cl per species, templates/field_probe.cl once). A run that asks for
 * none gets a program without them, the same program as before they existed. */
#ifndef PICL_DIAG_KERNELS_H
#define PICL_DIAG_KERNELS_H

#include <stddef.h>

#include "config.h"
#include "strbuf.h"

/* 1 when a moments, extrema or histogram diagnostic reads species s. */
int gen_species_stats(const struct picl_config *cfg, int s);
/* 1 when the run has field probes or field maxima (templates/field_probe.cl). */
int gen_field_probes(const struct picl_config *cfg);
/* The kernels of species s's diagnostics with a filter: templates/particle_stats.cl again for
 * each, its kernels named diag_moments_<s>_<tag>, diag_histogram_<s>_<tag>. */
int gen_diag_filters_emit(struct strbuf *sb, const struct picl_config *cfg, int s, char *err, size_t err_len);
/* A diagnostic's filter parsed in its scope (x y z ux uy uz gamma energy and the constants);
 * -1 with the key and the offending token in err. */
struct expr_tree;
int gen_diag_filter_parse(const struct picl_config *cfg, const struct cfg_expr *e, struct expr_tree *tree,
                          char *err, size_t err_len);
/* Every filter parsed, at load (beside gen_exprs_check), so a bad one is an input error. */
int gen_diag_filters_check(const struct picl_config *cfg, char *err, size_t err_len);
/* The tag of diagnostic `index` of a kind: 'm' moments, 'x' extrema, 'h' histograms ("_h2"). */
void gen_diag_tag(char kind, int index, char *out, size_t len);

#endif
