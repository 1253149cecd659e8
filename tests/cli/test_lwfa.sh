#!/bin/sh
# test_lwfa.sh: inputs/lwfa.lua, a small copy (--set: 20 x 20 x 300 cells, 4-cell PMLs, a 3 fs
# pulse so that the window starts at step 72), runs its 140 steps: a laser, PMLs across the
# window's axis whose memory shifts with it, plasma entering at the front. Checked: it ends; the
# window moved as far as speed x time allows; once the pulse is launched (step 80) the total
# energy stays within 1% to the end (nothing grows: a PML whose memory did not follow the fields
# would reflect and could feed itself); the window injected both species alike.
. "$(dirname "$0")/lib.sh"
scratch lwfa
cd "$dir" || exit 1
run_input lwfa.lua 140 "small" --set 'grid.cells={20,20,300}' --set boundary.pml_cells=4 \
    --set lasers.drive.fwhm=3e-15 --set lasers.drive.t_peak=8e-15 --set moving_window.start=1.6e-14 \
    --set steps=140 --set 'diagnostics.full.lwfa.interval={140}'
echo "  ok   inputs/lwfa.lua (20 x 20 x 300 cells) ran 140 steps in $(($(date +%s) - start)) s"
# columns by name from the CSV's header
awk -F, -v dz=6.666666666666667e-08 '
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
{ step = $1; t = $2; w = $col["total_energy_J"]; off = $col["window_offset_m"]
  ie = $col["window_injected_electrons"]; ii = $col["window_injected_ions"]
  if (step == 80) w80 = w
  if (step >= 80 && (w > 1.01 * w80 || w < 0.99 * w80)) drift = 1
  last_t = t; last_off = off; last_ie = ie; last_ii = ii; last_w = w }
END {
  c = 299792458; moved = c * (last_t - 1.6e-14)
  ok_off = last_off > 0 && last_off <= moved + 1e-12 && moved - last_off < dz
  printf "  %s window offset %.4g m after moving c (t - start) = %.4g m\n", ok_off ? "ok  " : "FAIL", last_off, moved
  printf "  %s total energy %.6g J at step 80, %.6g J at the end (within 1%%)\n", drift ? "FAIL" : "ok  ", w80, last_w
  ok_inj = last_ie > 0 && last_ie == last_ii
  printf "  %s injected %d electrons and %d protons\n", ok_inj ? "ok  " : "FAIL", last_ie, last_ii
  exit !(ok_off && !drift && ok_inj)
}' diags/lwfa.csv
