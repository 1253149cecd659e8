#!/bin/sh
# test_plot_tools.sh: the plot tools on small runs' output, as README shows them: each exits 0 and
# writes its PNGs. tools/plot_diags.py and tools/plot_physics.py on inputs/langmuir.lua cut to 46
# steps (a reduced CSV and openPMD fields and particles); tools/plot_wake.py on a small copy of
# inputs/lwfa.lua (20 x 20 x 300 cells, 20 steps) at iterations 0 and 20. At iteration 0 the plasma
# is neutral and at rest: its -rho / e is round-off (1e9 m^-3), which the wake's colour range must
# not draw as stripes: the slice's pixels are checked to be one colour.
. "$(dirname "$0")/lib.sh"
need_venv
py="$root/.venv/bin/python"
scratch plots
cd "$dir" || exit 1
run_input langmuir.lua 46 "46 steps" --set steps=46
for tool in plot_physics plot_diags; do
    rm -rf diags/plots
    if "$py" "$root/tools/$tool.py" diags >"$tool.log" 2>&1 && [ -s diags/plots/reduced_langmuir.png ]; then
        ok
        echo "  ok   tools/$tool.py diags: exit 0, $(ls diags/plots | wc -l) PNG(s)"
    else
        bad "tools/$tool.py diags: $(tail -n 3 "$tool.log")"
    fi
done
# plot_diags.py's last: the field slice and the phase space at the last iteration
[ -s diags/plots/field_openpmd_Ex_000046.png ] && [ -s diags/plots/phase_openpmd_electrons_000046.png ] && ok ||
    bad "plot_diags.py drew no field slice or phase space at iteration 46"
# the colour bars' units, from each record's unitDimension
"$py" - "$root/tools" diags/openpmd/openpmd_000046.h5 <<'PY' && ok || bad "plot_diags.py: a record without its unit"
import sys
sys.path.insert(0, sys.argv[1])
import h5py
import plot_diags
with h5py.File(sys.argv[2], "r") as f:
    got = {n: plot_diags.unit(f["data/46/meshes"][n]) for n in ("E", "rho")}
want = {"E": "V/m", "rho": "C/m^3"}
print("  %s colour bar units %s" % ("ok  " if got == want else "FAIL", got))
sys.exit(got != want)
PY
rm -rf wake && mkdir wake && cd wake || exit 1
run_input lwfa.lua 20 "small" --set 'grid.cells={20,20,300}' --set boundary.pml_cells=4 \
    --set lasers.drive.fwhm=3e-15 --set lasers.drive.t_peak=8e-15 --set steps=20 \
    --set 'diagnostics.full.lwfa.interval={0,20}'
for it in 0 20; do
    if "$py" "$root/tools/plot_wake.py" diags/lwfa --iteration $it >wake.log 2>&1 && [ -s "diags/lwfa/wake_0000$(printf %02d $it).png" ]; then
        ok
        echo "  ok   tools/plot_wake.py diags/lwfa --iteration $it: exit 0, a PNG"
    else
        bad "tools/plot_wake.py --iteration $it: $(tail -n 3 wake.log)"
    fi
done
# the density slice at iteration 0 (the lower panel, inside its axes): one colour
"$py" - diags/lwfa/wake_000000.png <<'PY' && ok || bad "plot_wake.py draws a neutral plasma's round-off"
import sys
import matplotlib.image
img = matplotlib.image.imread(sys.argv[1])[:, :, :3]
h, w = img.shape[:2]
panel = img[int(0.62 * h):int(0.85 * h), int(0.15 * w):int(0.75 * w)]
spread = float(panel.max(axis=(0, 1)).max() - panel.min(axis=(0, 1)).min())
print("  %s iteration 0's density slice: colour spread %.3f (bound 0.05)" % ("ok  " if spread < 0.05 else "FAIL", spread))
sys.exit(spread >= 0.05)
PY
summary
