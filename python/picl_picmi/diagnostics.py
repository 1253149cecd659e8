# diagnostics.py: the PICMI diagnostics as picl's `diagnostics` table (docs/output.md), WarpX's
# way: a FieldDiagnostic and a ParticleDiagnostic of one name are one openPMD series, periods may
# be WarpX's slice strings, ReducedDiagnostic's diag_type picks picl's reduced diagnostic, and an
# output picl cannot write is named in the "ignored" line (WarpX warns and goes on there too).

import picmistandard

from . import translate as tr

# WarpX's field names (data_list) -> picl's (docs/output.md, full); "rho_<species>" passes through
FIELDS = {name: name for name in ("E", "B", "J", "rho", "phi", "Ex", "Ey", "Ez", "Bx", "By", "Bz", "Jx", "Jy", "Jz")}
FIELDS.update({"jx": "Jx", "jy": "Jy", "jz": "Jz", "j": "J"})
# RZ (a CylindricalGrid): picl writes whole thetaMode records (r, t, z and every mode, docs/rz.md),
# so a component names its record, as WarpX's r, t, z components in RZ
RZ_RECORDS = {f"{r}{c}": r for r in "EBJ" for c in ("r", "t", "z", "x", "y")}
RZ_RECORDS.update({r: r for r in "EBJ"})
RZ_RECORDS.update({"jr": "J", "jt": "J", "jz": "J", "jx": "J", "jy": "J", "j": "J", "rho": "rho"})
# PICMI's and WarpX's particle data_list names -> picl's attributes
ATTRIBUTES = {"position": "position", "x": "position", "y": "position", "z": "position",
              "momentum": "momentum", "ux": "momentum", "uy": "momentum", "uz": "momentum",
              "weighting": "weighting", "w": "weighting", "id": "id"}
# WarpX's diag_type -> picl's list under diagnostics (the energies and counts are one CSV)
REDUCED = {"FieldEnergy": "reduced", "ParticleEnergy": "reduced", "ParticleNumber": "reduced",
           "BeamRelevant": "moments", "ParticleExtrema": "extrema", "ParticleHistogram": "histograms",
           "FieldProbe": "probes", "FieldMaximum": "field_maxima", "LoadBalanceCosts": "costs"}
# at most so many listed steps per full diagnostic (lua/schema.lua)
MAX_STEPS_LISTED = 64


def interval(d, period, steps):
    """picl's interval: a number of steps, or the list of steps of WarpX's slices "a:b:c,..." (a to
    b inclusive every c; a default 0, b the last step, c 1) or of step_min / step_max."""
    step_min, step_max = getattr(d, "step_min", None), getattr(d, "step_max", None)
    if isinstance(period, str) and period.strip().lstrip("+").isdigit():
        period = int(period)
    if isinstance(period, int):
        if period < 1:
            tr.refuse(d, "period", "picl writes every so many steps, at least 1", "diagnostics.full.interval")
        if step_min is None and step_max is None:
            return period
        slices = [(step_min or 0, step_max, period)]
    else:
        slices = []
        for part in period.split(","):
            bits = part.strip().split(":")
            try:
                a, b, c = ([int(x) if x.strip() else None for x in bits] + [None, None])[:3]
            except ValueError:
                tr.refuse(d, "period", "expected a number of steps or WarpX's slices 'start:stop:period'",
                          "diagnostics.full.interval")
            if len(bits) == 1:      # one number in a list: that step alone? WarpX: a period
                slices.append((0, None, a))
            else:
                slices.append((a or 0, b, c or 1))
        if len(slices) == 1 and slices[0][0] == 0 and slices[0][1] is None:
            return slices[0][2]
    at = set()
    for a, b, c in slices:
        last = b if b is not None else steps
        if last is None:
            tr.refuse(d, "period", "with max_time, an open-ended slice or step_min needs max_steps (picl lists "
                      "the steps)", "diagnostics.full.interval")
        at.update(range(a + (-a) % c, last + 1, c))
    if not at or len(at) > MAX_STEPS_LISTED:
        tr.refuse(d, "period", f"this makes {len(at)} output steps; picl lists 1 to {MAX_STEPS_LISTED} "
                  "(or takes one period from step 0)", "diagnostics.full.interval")
    return sorted(at)


def _fields(d, species_names, ignored, rz=False):
    out = []
    for f in d.data_list if d.data_list is not None else ["E", "B", "J", "rho"]:
        name = (RZ_RECORDS if rz else FIELDS).get(f) or (f if f.startswith("rho_") and f[4:] in species_names else None)
        if name is None:
            ignored.append(f"{tr._name(d)} '{d.name}'.data_list '{f}' (picl writes no such field; it writes "
                           + ("E, B, J (each every component and mode), rho, rho_<species>" if rz else
                              "E, B, J, their components, rho, rho_<species>") + ")")
        elif name not in out:
            out.append(name)
    return out


def _attributes(d, ignored):
    out = []
    for name in d.data_list:
        if name not in ATTRIBUTES:
            ignored.append(f"{tr._name(d)} '{d.name}'.data_list '{name}' (picl writes position, momentum, "
                           "weighting and id)")
        elif ATTRIBUTES[name] not in out:
            out.append(ATTRIBUTES[name])
    return out


def _coarsening(d, grid):
    """WarpX's coarsening ratio, the grid's cells over the diagnostic's number_of_cells per axis
    (Python/pywarpx/picmi.py), in the grid's axes (2D: x, z; 1D: z), as picl takes it."""
    ratio = []
    for n_grid, n_diag in zip(grid.number_of_cells, d.number_of_cells):
        if n_diag < 1 or n_grid % n_diag:
            tr.refuse(d, "number_of_cells", f"picl writes the means of blocks of whole cells; {n_grid} grid cells "
                      f"are not a multiple of {n_diag}", "diagnostics.full.coarsening")
        ratio.append(n_grid // n_diag)
    return ratio


def _with_last(d, every, steps, other, ignored):
    """WarpX writes a full diagnostic at the last step too, whatever its period (its
    <diag>.dump_last_timestep, on unless warpx_dump_last_timestep is false): picl's interval as
    the list of steps with the last one added, where it fits picl's list."""
    if not other.get("warpx_dump_last_timestep", True):
        return every
    if steps is None:
        ignored.append(f"{tr._name(d)} '{d.name}' at the last step (WarpX's dump_last_timestep: with max_time "
                       "alone picl_picmi does not know the last step)")
        return every
    at = set(range(0, steps + 1, every)) if isinstance(every, int) else set(every)
    if steps in at:
        return every
    if len(at) + 1 > MAX_STEPS_LISTED:
        ignored.append(f"{tr._name(d)} '{d.name}' at the last step {steps} (WarpX's dump_last_timestep: picl lists "
                       f"at most {MAX_STEPS_LISTED} output steps; it writes every {every})")
        return every
    return sorted(at | {steps})


def _full(sim, d, picl_names, steps, ignored, other):
    """One diagnostics.full entry's keys from a Field- or ParticleDiagnostic."""
    if d.parallelio is False:
        tr.refuse(d, "parallelio", "picl writes every file collectively (parallel HDF5)", "diagnostics.full")
    entry = {"interval": _with_last(d, interval(d, d.period, steps), steps, other, ignored)}
    if isinstance(d, picmistandard.PICMI_FieldDiagnostic):
        mode = other.get("warpx_time_average_mode", "none")
        if mode not in (None, "none"):
            tr.refuse(d, "warpx_time_average_mode", f"picl writes no time-averaged fields ('{mode}')",
                      "diagnostics.full (the fields at the output step)")
        grid = sim.solver.grid if sim.solver else None
        if d.grid is not grid:
            tr.refuse(d, "grid", "picl has one grid", "diagnostics.full")
        for arg, key in (("lower_bound", "lower"), ("upper_bound", "upper")):
            v = getattr(d, arg)
            if v is not None and list(v) != list(getattr(grid, arg)):
                # one number per axis of the grid (2D: x, z; 1D: z), as picl's grid.lower takes them
                entry[key] = [float(x) for x in v]
        if d.number_of_cells is not None and list(d.number_of_cells) != list(grid.number_of_cells):
            entry["coarsening"] = _coarsening(d, grid)
        entry["fields"] = _fields(d, picl_names.values(), ignored, tr.is_rz(grid))
    else:
        chosen = d.species if isinstance(d.species, list) else ([d.species] if d.species else sim.species)
        chosen = [member for sp in chosen for member in tr._members(sp)]
        for sp in chosen:
            if id(sp) not in picl_names:
                tr.refuse(d, "species", f"species '{sp.name}' is not in the simulation (add_species)",
                          "diagnostics.full.species")
        entry["species"] = [picl_names[id(sp)] for sp in chosen]
        if d.data_list is not None:
            entry["attributes"] = _attributes(d, ignored)
    return entry


def _reduced(sim, d, picl_names, steps, ignored):
    """(picl's list, entry) of a ReducedDiagnostic, or None when picl has no such output."""
    name = tr.identifier(d.name or (d.diag_type or "reduced"))
    period = interval(d, d.period, steps)
    if not isinstance(period, int):
        tr.refuse(d, "period", "picl's reduced diagnostics write every so many steps from step 0",
                  "diagnostics.reduced.interval")
    entry = {"name": name, "interval": period}
    kind = REDUCED.get(d.diag_type, "reduced") if d.diag_type else "reduced"
    if d.diag_type and d.diag_type not in REDUCED:
        ignored.append(f"ReducedDiagnostic '{d.name}' (diag_type '{d.diag_type}': picl has no such output; "
                       "it has " + ", ".join(REDUCED) + ")")
        return None
    used = {"diag_type", "name", "period", "write_dir", "path"}
    if kind in ("moments", "extrema", "histograms"):
        if d.species is None:
            tr.refuse(d, "species", f"{d.diag_type} needs a species", f"diagnostics.{kind}.species")
        members = tr._members(d.species)
        if len(members) != 1:
            # WarpX's reduced diagnostics take one species; a MultiSpecies' first alone would drop the rest
            tr.refuse(d, "species", f"{d.diag_type} takes one species, not a MultiSpecies of {len(members)}",
                      f"diagnostics.{kind}.species (one diagnostic per species)")
        (sp,) = members
        if id(sp) not in picl_names:
            tr.refuse(d, "species", f"species '{sp.name}' is not in the simulation", f"diagnostics.{kind}.species")
        entry["species"] = picl_names[id(sp)]
        used.add("species")
    if kind == "histograms":
        for arg in ("bin_number", "bin_min", "bin_max", "histogram_function"):
            if getattr(d, arg) is None:
                tr.refuse(d, arg, "a ParticleHistogram needs bin_number, bin_min, bin_max and histogram_function",
                          "diagnostics.histograms.axes")
        names = {"ux": "ux", "uy": "uy", "uz": "uz"}
        axis = {"bins": int(d.bin_number), "min": float(d.bin_min), "max": float(d.bin_max)}
        axis["expression"] = tr.expression(d.histogram_function, f"ReducedDiagnostic '{d.name}'.histogram_function",
                                           names)
        entry["axes"] = axis
        if d.filter_function:
            entry["filter"] = tr.expression(d.filter_function, f"ReducedDiagnostic '{d.name}'.filter_function",
                                            names)
        used |= {"bin_number", "bin_min", "bin_max", "histogram_function", "filter_function"}
    if kind == "probes":
        extra = d.model_extra or {}
        if extra.get("integrate"):
            tr.refuse(d, "integrate", "picl's probes write the fields at the step, not their time integral",
                      "diagnostics.probes")
        geometry = (d.probe_geometry or "Point").lower()
        # picl's points are in the grid's axes (2D: x, z; 1D: z)
        axes = {1: [2], 2: [0, 2], 3: [0, 1, 2]}[sim.solver.grid.number_of_dimensions]
        for a in axes:
            # a coordinate along an axis the grid lacks is not read (WarpX's 2D takes x and z)
            if getattr(d, f"{'xyz'[a]}_probe") is None:
                tr.refuse(d, f"{'xyz'[a]}_probe", "a probe needs its position along each axis of the grid",
                          "diagnostics.probes.points")
        start = [float(d.x_probe or 0.0), float(d.y_probe or 0.0), float(d.z_probe or 0.0)]
        if geometry == "point":
            entry["points"] = [[start[a] for a in axes]]
        elif geometry == "line":
            # WarpX's Line: `resolution` points from (x_probe, ...) to (x1_probe, ...), both included
            for a in axes:
                if extra.get(f"{'xyz'[a]}1_probe") is None:
                    tr.refuse(d, f"{'xyz'[a]}1_probe", "a Line probe needs its end along each axis of the grid",
                              "diagnostics.probes.end")
            end = [float(extra.get(f"{a}1_probe") or 0.0) for a in "xyz"]
            entry["kind"], entry["count"] = "line", int(extra.get("resolution") or 2)
            entry["start"], entry["end"] = [start[a] for a in axes], [end[a] for a in axes]
            used |= {"resolution", "x1_probe", "y1_probe", "z1_probe"}
        else:
            tr.refuse(d, "probe_geometry", "picl_picmi maps WarpX's Point and Line probes",
                      "diagnostics.probes.kind")
        used |= {"probe_geometry", "x_probe", "y_probe", "z_probe", "integrate"}
    for arg in dict.fromkeys(list(d.model_fields_set) + list(d.model_extra or {})):  # an extra is in both
        if arg not in used and (arg in (d.model_extra or {}) or tr.given(d, arg)):
            ignored.append(f"ReducedDiagnostic '{d.name}'.{arg}")
    return kind, entry


def _lab_frame(sim, d, i, picl_names, lab, ignored):
    """A LabFrame*Diagnostic into lab[name]: back_transformed's times and species; a field and a
    particle one of the same name are one entry, their times the same (else refused)."""
    if sim.gamma_boost is None or sim.gamma_boost == 1:
        tr.refuse(d, None, "lab-frame snapshots are of a boosted run: give Simulation.gamma_boost",
                  "boost, diagnostics.back_transformed")
    if d.parallelio is False:
        tr.refuse(d, "parallelio", "picl writes every file collectively (parallel HDF5)", "diagnostics.back_transformed")
    name = tr.identifier(d.name or f"lab{i + 1}")
    times = [float(d.time_start) + k * float(d.dt_snapshots) for k in range(int(d.num_snapshots))]
    entry = lab.setdefault(name, {"name": name, "times": times, "species": []})
    if entry["times"] != times:
        tr.refuse(d, "dt_snapshots", f"the lab-frame diagnostics named '{name}' take different times",
                  "diagnostics.back_transformed.times")
    if isinstance(d, picmistandard.PICMI_LabFrameFieldDiagnostic):
        if d.grid is not (sim.solver.grid if sim.solver else None):
            tr.refuse(d, "grid", "picl has one grid", "diagnostics.back_transformed")
        if d.z_subsampling not in (None, 1):
            ignored.append(f"LabFrameFieldDiagnostic '{d.name}'.z_subsampling (picl writes every lab cell)")
        for f in d.data_list or []:
            if f not in ("E", "B", "Ex", "Ey", "Ez", "Bx", "By", "Bz"):
                ignored.append(f"LabFrameFieldDiagnostic '{d.name}'.data_list '{f}' (picl's snapshots hold E and B)")
    else:
        chosen = d.species if isinstance(d.species, list) else ([d.species] if d.species else sim.species)
        for sp in [m for s in chosen for m in tr._members(s)]:
            if id(sp) not in picl_names:
                tr.refuse(d, "species", f"species '{sp.name}' is not in the simulation", "diagnostics.back_transformed.species")
            if picl_names[id(sp)] not in entry["species"]:
                entry["species"].append(picl_names[id(sp)])
        if d.data_list is not None:
            _attributes(d, ignored)     # picl writes position, momentum, weighting and id: names the rest


def write(sim, species_names, steps, w, ignored, other_codes):
    """The diagnostics table; what picl cannot write is appended to ignored."""
    from .picmi import ReducedDiagnostic  # here: picmi.py imports translate, which imports this
    picl_names = {id(sp): n for (sp, *_), n in zip(tr._flat_species(sim), species_names)}
    full, lists, lab, dirs, defaulted = {}, {}, {}, set(), []
    for i, d in enumerate(sim.diagnostics):
        other = other_codes.get(id(d), (None, {}))[1]
        if isinstance(d, (picmistandard.PICMI_FieldDiagnostic, picmistandard.PICMI_ParticleDiagnostic)):
            name = tr.identifier(d.name or f"diag{i + 1}")
            kind = "fields" if isinstance(d, picmistandard.PICMI_FieldDiagnostic) else "particles"
            entry = _full(sim, d, picl_names, steps, ignored, other)
            if name not in full:
                full[name] = {"name": name, "interval": entry["interval"], "fields": [], "species": [],
                              "_from": []}
            into = full[name]
            if kind in into["_from"]:
                tr.refuse(d, "name", f"two {tr._name(d)}s are named '{name}'", "diagnostics.full.name (unique)")
            if into["interval"] != entry["interval"]:
                # one series has one period: the second kind gets a series of its own
                name = f"{name}_{kind}"
                into = full[name] = {"name": name, "interval": entry["interval"], "fields": [], "species": [],
                                     "_from": []}
                ignored.append(f"{tr._name(d)} '{d.name}' joined to its namesake (its period differs: written "
                               f"as '{name}')")
            into["_from"].append(kind)
            for key, value in entry.items():
                if key != "interval":
                    into[key] = value
        elif isinstance(d, (picmistandard.PICMI_LabFrameFieldDiagnostic,
                            picmistandard.PICMI_LabFrameParticleDiagnostic)):
            _lab_frame(sim, d, i, picl_names, lab, ignored)
        elif isinstance(d, ReducedDiagnostic):
            made = _reduced(sim, d, picl_names, steps, ignored)
            if made:
                lists.setdefault(made[0], []).append(made[1])
        else:
            tr.refuse(d, None, f"picl has no {tr._name(d)}", "diagnostics.full or diagnostics.reduced")
        given_dir = getattr(d, "write_dir", None) or getattr(d, "path", None)
        if given_dir:
            dirs.add(given_dir)
        else:
            defaulted.append(d)
    if len(dirs) > 1:
        raise tr.PiclUnsupported(f"the diagnostics' write_dir differ ({', '.join(sorted(dirs))}): picl writes "
                                 "every diagnostic under one folder; closest picl key: diagnostics.output_dir")
    # one write_dir given: WarpX writes a diagnostic of one name there (pywarpx shares its prefix);
    # one without it that is not a namesake would go to diags/ in WarpX: said, not dropped
    out_dir = dirs.pop() if dirs else "diags"
    named = {x.name for x in sim.diagnostics if getattr(x, "write_dir", None) or getattr(x, "path", None)}
    for d in defaulted:
        if out_dir != "diags" and d.name not in named:
            ignored.append(f"{tr._name(d)} '{d.name}'.write_dir (default diags/: written in {out_dir} with the others)")
    if not full and not lists and not lab:
        return
    # energies and counts are one CSV in picl: several such WarpX diagnostics share the first's
    if len(lists.get("reduced", [])) > 1:
        first, *rest = lists["reduced"]
        first["interval"] = min(r["interval"] for r in lists["reduced"])
        lists["reduced"] = [first]
    w.open("diagnostics")
    w.field("output_dir", out_dir, "write_dir: full diagnostics in <output_dir>/<name>/, reduced in <name>.csv")
    for kind, entries in lists.items():
        w.open(kind, "ReducedDiagnostic: <name>.csv")
        for r in entries:
            w.put(tr.lua(r) + ",")
        w.close()
    if lab:
        w.open("back_transformed", "LabFrameFieldDiagnostic, LabFrameParticleDiagnostic (docs/boosted_frame.md)")
        for entry in lab.values():
            w.put(tr.lua(entry) + ",")
        w.close()
    if full:
        w.open("full", "openPMD files (docs/output.md)")
        for entry in full.values():
            w.open(note=" + ".join({"fields": "FieldDiagnostic", "particles": "ParticleDiagnostic"}[k]
                                   for k in entry.pop("_from")))
            for key, value in entry.items():
                w.field(key, value)
            w.close()
        w.close()
    w.close()
