/* ion_energies.h: the elements field ionization knows, H .. Kr, and their ionization energies
 * (ion_energies.c, from NIST ASD; tools/ion_energies.py writes it). */
#ifndef PICL_ION_ENERGIES_H
#define PICL_ION_ENERGIES_H

#define GEN_ELEMENTS 36

struct gen_element {
    int z;
    const char *symbol;
    double energy_ev[GEN_ELEMENTS]; /* [k]: charge state k -> k + 1, k = 0 .. z - 1 */
};

extern const struct gen_element gen_elements[GEN_ELEMENTS];

#endif
