#!/bin/sh
# test_beam_driven.sh: inputs/beam_driven.lua, made narrow with --set (16 x 16 x 96 cells of the
# input's own size, the bunch cut at 2 rms across to fit; 5000 bunch particles and one plasma
# electron per cell to keep it short), runs to its end; then
# tests/output/test_wake.py measures the wake's wavelength on axis from the openPMD output
# against 2 pi c / omega_p (5%) and checks the files' lab-frame offsets.
. "$(dirname "$0")/lib.sh"
need_venv
scratch wake
cd "$dir" || exit 1
run_input beam_driven.lua 160 "narrow" \
    --set 'grid.cells={16,16,96}' --set 'grid.lower={-12e-6,-12e-6,0}' --set 'grid.upper={12e-6,12e-6,96e-6}' \
    --set species.driver.beam.truncate=2 --set species.driver.beam.particles=5000 --set species.electrons.ppc=1 \
    --set 'diagnostics.full.wake.interval={0,160}'
echo "  ok   inputs/beam_driven.lua (16 x 16 x 96 cells) ran 160 steps in $(($(date +%s) - start)) s"
exec "$root/.venv/bin/python" "$root/tests/output/test_wake.py" "$dir/diags" 1e24
