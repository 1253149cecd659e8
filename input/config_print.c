/* config_print.c: the resolved configuration as a person reads it (`picl check`): every value
 * picl will use, with the input line each expression and species came from. */
#include "config.h"
#include "config_diags_read.h"

#include <inttypes.h>
#include <stdio.h>

static const char *const axis_names = "xyz";

static void print_expr(FILE *f, const char *label, const struct cfg_expr *e)
{
    if (e->text[0])
        fprintf(f, "  %-18s %s    [%s, %s]\n", label, e->text, e->key, e->where);
}

/* " x:pec" when both faces agree, " x:absorbing/reflecting" (lower/upper) otherwise; a PML
 * with its cells, " x:pml(10)". */
static void print_faces(FILE *f, char axis, const enum cfg_boundary faces[2], const int *pml)
{
    fprintf(f, " %c:%s", axis, cfg_boundary_names[faces[0]]);
    if (pml && pml[0])
        fprintf(f, "(%d)", pml[0]);
    if (faces[1] != faces[0] || (pml && pml[1] != pml[0])) {
        fprintf(f, "/%s", cfg_boundary_names[faces[1]]);
        if (pml && pml[1])
            fprintf(f, "(%d)", pml[1]);
    }
}

static void print_vec3(FILE *f, const double v[3])
{
    fprintf(f, "{%.6g, %.6g, %.6g}", v[0], v[1], v[2]);
}

void cfg_print(const struct picl_config *cfg, void *file)
{
    FILE *f = file;
    const struct cfg_grid *g = &cfg->grid;
    double dx[3];
    long boxes = 1;
    for (int a = 0; a < 3; a++) {
        dx[a] = (g->upper[a] - g->lower[a]) / g->cells[a];
        boxes *= g->max_box[a] ? g->cells[a] / g->max_box[a] : 0;
    }
    fprintf(f, "input              %s (hash %016" PRIx64 ")\n", cfg->input_path, cfg->input_hash);
    if (cfg->geometry == CFG_GEOMETRY_RZ)
        fprintf(f, "geometry           rz, %d modes (x is r from the axis, y the dropped theta: one cell of 1 m)\n",
                cfg->modes);
    else if (cfg->geometry != CFG_GEOMETRY_3D) /* 3D prints as it did */
        fprintf(f, "geometry           %s (the dropped axes: one cell of 1 m, no guards)\n",
                cfg_geometry_names[cfg->geometry]);
    fprintf(f, "grid               %d x %d x %d cells, lower ", g->cells[0], g->cells[1],
            g->cells[2]);
    print_vec3(f, g->lower);
    fprintf(f, " m, upper ");
    print_vec3(f, g->upper);
    fprintf(f, " m\n");
    if (cfg->pml_outside) {
        fprintf(f, "domain             %d x %d x %d cells, lower ", g->cells[0] - cfg->pml_cells[0][0] - cfg->pml_cells[0][1],
                g->cells[1] - cfg->pml_cells[1][0] - cfg->pml_cells[1][1],
                g->cells[2] - cfg->pml_cells[2][0] - cfg->pml_cells[2][1]);
        print_vec3(f, cfg->domain_lower);
        fprintf(f, " m, upper ");
        print_vec3(f, cfg->domain_upper);
        fprintf(f, " m (boundary.pml_outside: the grid adds the PMLs' cells beyond it)\n");
    }
    fprintf(f, "cell size          ");
    print_vec3(f, dx);
    fprintf(f, " m\n");
    fprintf(f, "max_box            %d x %d x %d cells (%ld boxes)\n", g->max_box[0], g->max_box[1],
            g->max_box[2], boxes);
    fprintf(f, "boundary           field");
    for (int a = 0; a < 3; a++)
        print_faces(f, axis_names[a], cfg->field_boundary[a], cfg->pml_cells[a]);
    fprintf(f, ", particles");
    for (int a = 0; a < 3; a++)
        print_faces(f, axis_names[a], cfg->particle_boundary[a], NULL);
    fprintf(f, "\n");
    fprintf(f, "solver             %s%s%s%s, dt = %.9g s (", cfg_solver_names[cfg->solver],
            cfg->grid_type == CFG_GRID_COLLOCATED ? " on the collocated grid" : "",
            cfg->psatd_rho ? " with rho deposited at t^n and t^n+1" : "",
            cfg->solver != CFG_SOLVER_PSATD ? ""
            : !cfg->psatd_cc                ? " without current correction"
            : cfg->psatd_cc_by_default
                ? " with current correction (on by default with direct deposition; solver.current_correction = false "
                  "turns it off)"
                : " with current correction",
            cfg->dt);
    if (cfg->cfl > 0)
        fprintf(f, "cfl %.6g of ", cfg->cfl);
    else
        fprintf(f, "%.6g of ", cfg->dt_limit > 0 ? cfg->dt / cfg->dt_limit : 0);
    /* PSATD has no stability limit: its reference is min(dx)/c, as WarpX's default dt */
    fprintf(f, cfg->solver == CFG_SOLVER_PSATD ? "min(dx)/c = %.9g s; PSATD has no limit)\n" : "the limit %.9g s)\n",
            cfg->dt_limit);
    fprintf(f, "steps              %ld, to t = %.9g s", cfg->steps, cfg->steps * cfg->dt);
    if (cfg->stop_time > 0)
        fprintf(f, " (stop_time %.9g s)", cfg->stop_time);
    fprintf(f, "\n");
    fprintf(f, "precision          %s\n", cfg_precision_names[cfg->precision]);
    fprintf(f, "particles          shape order %d, pusher %s, gather %s, deposition %s\n",
            cfg->shape_order, cfg_pusher_names[cfg->pusher], cfg_gather_names[cfg->gather],
            cfg_deposition_names[cfg->deposition]);
    if (cfg->filter_godfrey) /* docs/filters.md */
        fprintf(f, "filter             Godfrey stencil along z on the E and B the particles gather%s\n",
                cfg->filter_godfrey_by_boost ? " (on by default with the boost; filter.godfrey = false turns it off)"
                                             : "");
    for (int i = 0; i < cfg->n_constants; i++)
        fprintf(f, "constant           %s = %.15g\n", cfg->constants[i].name,
                cfg->constants[i].value);
    int any_field = 0;
    for (int a = 0; a < 3; a++)
        any_field |= cfg->init_E[a].text[0] || cfg->init_B[a].text[0];
    if (any_field) {
        fprintf(f, "initial fields\n");
        for (int a = 0; a < 3; a++)
            print_expr(f, cfg_field_comp_names[a], &cfg->init_E[a]);
        for (int a = 0; a < 3; a++)
            print_expr(f, cfg_field_comp_names[3 + a], &cfg->init_B[a]);
    }
    for (int i = 0; i < cfg->n_species; i++) {
        const struct cfg_species *sp = &cfg->species[i];
        fprintf(f, "species            %s%s%s%s    [%s]\n", sp->name, sp->is_beam ? " (beam)" : "",
                sp->frozen ? " (frozen)" : "", sp->no_deposit ? " (no deposition)" : "", sp->where);
        fprintf(f, "  charge, mass       %.9g C, %.9g kg\n", sp->charge, sp->mass);
        if (sp->is_file && sp->file.n_list > 0)
            fprintf(f, "  particles          %d listed, the first at {%.9g, %.9g, %.9g} m, u {%.9g, %.9g, %.9g}, weight %.9g\n",
                    sp->file.n_list, sp->file.list_x[0][0], sp->file.list_x[0][1], sp->file.list_x[0][2],
                    sp->file.list_u[0][0], sp->file.list_u[0][1], sp->file.list_u[0][2], sp->file.list_w[0]);
        else if (sp->is_file)
            fprintf(f, "  from file          species %s of iteration %ld of %s, offset %.9g %.9g %.9g m%s\n",
                    sp->file.species, sp->file.iteration, sp->file.path, sp->file.offset[0], sp->file.offset[1],
                    sp->file.offset[2], sp->file.has_region ? ", within a region" : "");
        if (sp->flux.enabled) {
            char dens[CFG_TEXT_LEN + 32];
            if (sp->flux.density_expr.text[0]) /* taken where and when each particle crosses the face */
                snprintf(dens, sizeof dens, "'%s'", sp->flux.density_expr.text);
            else
                snprintf(dens, sizeof dens, "%.9g", sp->flux.density);
            if (sp->distribution == CFG_THERMAL_MAXWELL_JUTTNER)
                fprintf(f, "  flux               %d a cell a step through %c%c of a Maxwell-Juttner (kT / m c^2 = %.9g) of %s m^-3\n",
                        sp->flux.per_cell, sp->flux.side ? '+' : '-', axis_names[sp->flux.axis], sp->flux.theta, dens);
            else
                fprintf(f, "  flux               %d a cell a step through %c%c of a Maxwellian of %s m^-3\n",
                        sp->flux.per_cell, sp->flux.side ? '+' : '-', axis_names[sp->flux.axis], dens);
        }
        if (sp->ionization.enabled)
            fprintf(f, "  ionization         %s (Z = %d) from charge state %d, ADK, electrons to %s; mass %.9g kg\n",
                    sp->ionization.element, sp->ionization.z, sp->ionization.initial_level,
                    cfg->species[sp->ionization.product].name, sp->mass);
        if (sp->is_beam) {
            const struct cfg_beam *b = &sp->beam;
            fprintf(f, "  beam               %.9g C in %ld particles, centroid ", b->total_charge, b->particles);
            print_vec3(f, b->centroid);
            fprintf(f, " m, rms ");
            print_vec3(f, b->rms);
            fprintf(f, " m (within %.3g rms)\n", b->truncate);
            fprintf(f, "  beam momentum      u = %.9g along %c, rms ", b->u, axis_names[b->axis]);
            print_vec3(f, b->u_th);
            fprintf(f, " (gamma v / c)\n");
            if (b->divergence[0] != 0 || b->divergence[1] != 0 || b->divergence[2] != 0) {
                fprintf(f, "  beam divergence    ");
                print_vec3(f, b->divergence);
                fprintf(f, " 1/m (gamma v / c per m from the centroid)\n");
            }
            fprintf(f, "  seed               %" PRIu64 "\n", sp->seed);
            continue;
        }
        print_expr(f, "density (m^-3)", &sp->density_expr);
        if (sp->has_region) {
            fprintf(f, "  region             ");
            print_vec3(f, sp->region_lower);
            fprintf(f, " to ");
            print_vec3(f, sp->region_upper);
            fprintf(f, " m\n");
        }
        fprintf(f, "  ppc                %d x %d x %d\n", sp->ppc[0], sp->ppc[1], sp->ppc[2]);
        fprintf(f, "  u_drift, u_th      ");
        print_vec3(f, sp->u_drift);
        fprintf(f, ", ");
        print_vec3(f, sp->u_th);
        fprintf(f, " (gamma v / c)\n");
        for (int a = 0; a < 3; a++) { /* an expression's component reads 0 above */
            char label[32];
            snprintf(label, sizeof label, "u_drift %c (u/c)", axis_names[a]);
            print_expr(f, label, &sp->u_drift_expr[a]);
            snprintf(label, sizeof label, "u_th %c (u/c)", axis_names[a]);
            print_expr(f, label, &sp->u_th_expr[a]);
        }
        if (sp->distribution != CFG_THERMAL_U_TH) {
            fprintf(f, "  distribution       %s\n",
                    sp->distribution == CFG_THERMAL_MAXWELLIAN ? "maxwellian" : "maxwell_juttner");
            print_expr(f, sp->kT_unit != 1 ? "temperature (eV)" : "kT (J)", &sp->kT_expr);
        }
        fprintf(f, "  seed               %" PRIu64 "\n", sp->seed);
    }
    if (cfg->applied.enabled) {
        const struct cfg_applied *ap = &cfg->applied;
        fprintf(f, "applied fields     on particles only (not on the grid)\n");
        for (int a = 0; a < 3; a++) {
            char label[32];
            snprintf(label, sizeof label, "E%c (V/m)", axis_names[a]);
            print_expr(f, label, &ap->E[a]);
            snprintf(label, sizeof label, "B%c (T)", axis_names[a]);
            print_expr(f, label, &ap->B[a]);
        }
        for (int i = 0; i < ap->n_elements; i++) {
            const struct cfg_element *el = &ap->elements[i];
            if (el->kind == CFG_PLASMA_LENS)
                fprintf(f, "  %-18s %.9g V/m^2, %.9g T/m from z = %.9g to %.9g m about (%.9g, %.9g) m", "plasma lens",
                        el->strength, el->strength_b, el->z[0], el->z[1], el->center[0], el->center[1]);
            else
                fprintf(f, "  %-18s %.9g %s from z = %.9g to %.9g m about (%.9g, %.9g) m",
                        el->kind == CFG_SOLENOID ? "solenoid" : "quadrupole", el->strength,
                        el->kind == CFG_SOLENOID ? "T" : "T/m", el->z[0], el->z[1], el->center[0], el->center[1]);
            if (el->kind == CFG_SOLENOID && el->fringe > 0)
                fprintf(f, ", edges %.9g m", el->fringe);
            else if (el->kind == CFG_SOLENOID)
                fprintf(f, ", edges of one cell");
            fprintf(f, "\n");
        }
    }
    if (cfg->window.enabled)
        fprintf(f, "moving window      along %c at %.9g c from t = %.9g s\n", axis_names[cfg->window.axis],
                cfg->window.speed, cfg->window.start);
    if (cfg->boost.enabled) /* lua/boost.lua: the grid, dt, lasers and densities above are the boosted frame's */
        fprintf(f, "boosted frame      along %c, gamma %.9g (beta %.12g); lab grid along %c %.9g .. %.9g m%s\n",
                axis_names[cfg->boost.axis], cfg->boost.gamma, cfg->boost.beta, axis_names[cfg->boost.axis],
                cfg->boost.lab_lower[cfg->boost.axis], cfg->boost.lab_upper[cfg->boost.axis],
                cfg->boost.lab_stop_time > 0 ? "; stop_time given in the lab" : "");
    for (int i = 0; i < cfg->n_collisions; i++) {
        const struct cfg_collision *col = &cfg->collisions[i];
        fprintf(f, "collisions         %s: %s with %s, ln(Lambda) ", col->name, cfg->species[col->species[0]].name,
                cfg->species[col->species[1]].name);
        if (col->coulomb_log > 0)
            fprintf(f, "%.9g", col->coulomb_log);
        else
            fprintf(f, "auto (per cell)");
        fprintf(f, ", every %d steps\n", col->interval);
    }
    for (int i = 0; i < cfg->n_lasers; i++) {
        const struct cfg_laser *l = &cfg->lasers[i];
        if (l->oblique) {
            fprintf(f, "laser              %s: oblique, direction ", l->name);
            print_vec3(f, l->direction);
            fprintf(f, " (antenna normal to %c), from ", axis_names[l->axis]);
        } else
            fprintf(f, "laser              %s: %c%c from ", l->name, l->sign > 0 ? '+' : '-', axis_names[l->axis]);
        print_vec3(f, l->position);
        fprintf(f, " m (antenna on node plane %d), polarization ", l->plane);
        print_vec3(f, l->polarization);
        fprintf(f, "    [%s]\n", l->where);
        if (l->has_profile) {
            print_expr(f, "profile (V/m)", &l->profile);
            if (l->wavelength > 0)
                fprintf(f, "  wavelength         %.9g m\n", l->wavelength);
        } else {
            fprintf(f, "  wavelength         %.9g m, E0 %.9g V/m (a0 %.6g)\n", l->wavelength, l->E0, l->a0);
            fprintf(f, "  waist, focus       %.9g m, %.9g m from position\n", l->waist, l->focal_distance);
            fprintf(f, "  tau, fwhm, t_peak  %.9g s (field, 1/e), %.9g s (intensity), %.9g s\n", l->tau, l->fwhm,
                    l->t_peak);
        }
    }
    fprintf(f, "output             %s/\n", cfg->output_dir);
    for (int i = 0; i < cfg->n_reduced; i++)
        fprintf(f, "reduced            %s every %d steps\n", cfg->reduced[i].name,
                cfg->reduced[i].interval);
    cfg_diags_print(cfg, f);
    for (int i = 0; i < cfg->n_full; i++) {
        const struct cfg_full *d = &cfg->full[i];
        fprintf(f, "full               %s ", d->name);
        if (d->interval > 0)
            fprintf(f, "every %d steps:", d->interval);
        else {
            fprintf(f, "at steps");
            for (int k = 0; k < d->n_at; k++)
                fprintf(f, "%s%ld", k ? "," : " ", d->at[k]);
            fprintf(f, ":");
        }
        for (int c = 0; cfg_field_comp_names[c]; c++)
            if (d->fields & (1u << c))
                fprintf(f, " %s", cfg_field_comp_names[c]);
        for (int s = 0; s < cfg->n_species; s++)
            if (d->species_rho & (1u << s))
                fprintf(f, " rho_%s", cfg->species[s].name);
        for (int s = 0; s < cfg->n_species; s++)
            if (d->species & (1u << s))
                fprintf(f, " %s", cfg->species[s].name);
        if (d->species) {
            fprintf(f, " (");
            for (int a = 0, n = 0; cfg_particle_attr_names[a]; a++)
                if (d->attributes & (1u << a))
                    fprintf(f, "%s%s", n++ ? " " : "", cfg_particle_attr_names[a]);
            fprintf(f, ", stride %d", d->stride);
            if (d->particle_fraction < 1.0)
                fprintf(f, ", a fraction %g by id, seed %" PRIu64, d->particle_fraction, d->particle_seed);
            if (d->particle_filter.text[0])
                fprintf(f, ", where %s", d->particle_filter.text);
            fprintf(f, ")");
        }
        for (int a = 0; a < 3; a++) /* a sub-region or a coarsening of the fields */
            if (d->cell_lo[a] || d->cell_hi[a] != cfg->grid.cells[a] || d->coarsening[a] != 1) {
                fprintf(f, "; field cells [%d, %d) x [%d, %d) x [%d, %d)", d->cell_lo[0], d->cell_hi[0], d->cell_lo[1],
                        d->cell_hi[1], d->cell_lo[2], d->cell_hi[2]);
                if (d->coarsening[0] * d->coarsening[1] * d->coarsening[2] > 1)
                    fprintf(f, ", means over blocks of %d x %d x %d", d->coarsening[0], d->coarsening[1],
                            d->coarsening[2]);
                break;
            }
        fprintf(f, "\n");
    }
    const struct cfg_checkpoint *ck = &cfg->checkpoint;
    if (ck->enabled) {
        fprintf(f, "checkpoint         %s/", ck->dir);
        if (ck->interval > 0)
            fprintf(f, " every %d steps", ck->interval);
        fprintf(f, "%s, keep %d\n", ck->at_end ? " and at the end" : "", ck->keep);
    } else {
        fprintf(f, "checkpoint         on SIGTERM/SIGINT only, to %s/\n", ck->dir);
    }
    fprintf(f, "progress           every %d steps when stderr is not a terminal\n",
            cfg->progress_interval);
}
