#!/bin/sh
# test_rz_thermal_energy.sh: issue #38's proof that a thermal plasma in geometry = "rz" keeps its
# energy over 1000 steps with the binomial filter along z (docs/rz.md, "Thermal plasma energy").
# inputs/rz_thermal.lua as written: electrons and protons at u_th = 0.05 (the same temperature),
# lambda_D = dr, omega_pe dt = 0.029 as tests/unit/test_thermal_energy.c in 3D; modes = 2, 24 x 16
# cells, the plasma r < 12 dr, z periodic, one filter pass along z, particles absorbed at r_max;
# the reduced CSV every 10 steps. RZ has an edge the 3D box has not: electrons leave the plasma
# until its positive charge holds the rest (163 of 6144 reach r_max, 2.7%; no ion), and what they
# carry away is lost from the total (-2.95% over the run), not a numerical drift. So:
# - the scheme's drift: the sum of the total energy's changes over the 10-step intervals in which
#   no particle was absorbed, over W(0): below 1.5e-3 (measured +6.4e-4; the 3D test's bound is
#   1e-2, which a 5% error in the gather of mode 0 still passes at -2.2e-3; the 3D test measures
#   1.3e-6 with order 3 and the energy-conserving gather, which RZ has not, and 3D at order 1 with
#   the momentum-conserving gather and the same filter +8.8e-4);
# - the losses: electrons absorbed below 5% (163), ions none; the total drift is printed;
# - the field energy per mode: m0 + m1 = field_energy_J to 1e-14, m1 > 0 (the noise fills it);
# - charge_residual (Gauss per mode, filtered rho) below 1e-12.
. "$(dirname "$0")/lib.sh"
need_venv
scratch rz_thermal
cd "$dir" || exit 1
run_input rz_thermal.lua 1000 "the RZ thermal plasma" --set diagnostics.output_dir=d
if "$root/.venv/bin/python" - d/rz_thermal.csv <<'PY'; then ok; else bad "the RZ thermal plasma's energy"; fi
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
v = lambda r, k: float(r[k])
w0 = v(rows[0], "total_energy_J")
lost = lambda r: v(r, "absorbed_electrons_x_hi") + v(r, "absorbed_ions_x_hi")
free = sum(v(b, "total_energy_J") - v(a, "total_energy_J") for a, b in zip(rows, rows[1:]) if lost(a) == lost(b)) / w0
n_free = sum(lost(a) == lost(b) for a, b in zip(rows, rows[1:]))
total = v(rows[-1], "total_energy_J") / w0 - 1
split = max(abs(v(r, "field_energy_m0_J") + v(r, "field_energy_m1_J") - v(r, "field_energy_J")) for r in rows) / max(
    v(r, "field_energy_J") for r in rows)
m1 = max(v(r, "field_energy_m1_J") for r in rows) / w0
field = max(v(r, "field_energy_J") for r in rows) / w0
res = max(v(r, "charge_residual") for r in rows)
e_lost, i_lost, n_e = v(rows[-1], "absorbed_electrons_x_hi"), v(rows[-1], "absorbed_ions_x_hi"), v(rows[0], "particles_electrons")
print(f"{len(rows) - 1} intervals of 10 steps, {n_free} without losses: their energy change {free:+.2e} of W(0) "
      f"(bound 1.5e-3); total drift with the losses {total:+.2e}; absorbed {e_lost:.0f} of {n_e:.0f} electrons, "
      f"{i_lost:.0f} ions; field energy at most {field:.2e} of W(0) (m1 {m1:.2e}), m0 + m1 - total {split:.1e}; "
      f"charge_residual {res:.1e}")
ok = abs(free) < 1.5e-3 and n_free > 50 and e_lost < 0.05 * n_e and i_lost == 0
ok &= split < 1e-14 and m1 > 0 and res < 1e-12
sys.exit(0 if ok else 1)
PY
echo "  inputs/rz_thermal.lua in $(($(date +%s) - start)) s"
summary
