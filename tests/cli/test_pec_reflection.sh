#!/bin/sh
# test_pec_reflection.sh: a plane wave reflected at normal incidence by a PEC face, in 1D and 2D
# (issue #20). A laser antenna 4 um above the lower face (a PML) sends a Gaussian plane-wave pulse
# (lambda 2 um, 16 cells a wavelength, E0 1e12 V/m along x, tau 30 fs) along +z to a PEC face at
# z = 40 um; in 2D the domain is 8 cells across x, periodic, and the waist 1 m (a plane wave).
# Grid at the magic step c dt = dz (1D Yee; 2D CKC at c dt = dz), so the wave has no numerical
# dispersion along z and the standing wave's nodes sit where theory puts them. Probes (shape
# order 1, so a probe on a node reads the node) every step; envelopes by a Hilbert transform:
#   - at the face the tangential E vanishes: |Ex| = 0 (bound 1e-9 E0; exactly 0 measured);
#   - a quarter wavelength in front of it (4 cells) the standing wave's maximum is 2 E0 times the
#     two pulses' envelope overlap exp(-(T/4)^2 / tau^2) (0.99692): 1% (measured +3.6e-4);
#   - By half a cell in front of it (its first node) doubles: 2 E0/c cos(k dz/2) cos(omega dt/2)
#     exp(-(dz/2c)^2/tau^2) (the node's distance and the probe's average of B over the half steps
#     on either side): 1% (measured -5.1e-5);
#   - the incident pulse, 20 um in front of it, has the envelope E0: 1%;
#   - the same run with a PML at the upper face instead must fail the doubling (the probes then lie
#     inside the 10-cell layer: 0.27 E0 at the "antinode").
. "$(dirname "$0")/lib.sh"
python=$root/.venv/bin/python
need_venv
scratch pec_reflection
cd "$dir" || exit 1
cat >pec1d.lua <<'LUA'
local picl = require("picl")
local lambda, dz = 2e-6, 40e-6 / 320
return picl.simulation {
  geometry = "1d",
  grid = { cells = { 320 }, lower = { 0 }, upper = { 40e-6 } },
  boundary = { field = { z = { "pml", "pec" } }, particles = "absorbing" },
  solver = { name = "yee", cfl = 1.0 },
  shape_order = 1,
  steps = 623,
  lasers = { { name = "l", E0 = 1e12, wavelength = lambda, waist = 1, tau = 30e-15, t_peak = 90e-15,
               direction = "+z", polarization = { 1, 0, 0 }, position = { 4e-6 } } },
  diagnostics = { output_dir = "o",
    probes = { name = "p", interval = 1, points = { { 40e-6 - lambda / 4 }, { 40e-6 - dz / 2 }, { 40e-6 }, { 20e-6 } } } },
}
LUA
sed 's/geometry = "1d"/geometry = "2d"/; s/cells = { 320 }, lower = { 0 }, upper = { 40e-6 }/cells = { 8, 320 }, lower = { 0, 0 }, upper = { 8 * dz, 40e-6 }/; s/field = { z = { "pml", "pec" } }/field = { x = "periodic", z = { "pml", "pec" } }/; s/particles = "absorbing"/particles = { x = "periodic", z = "absorbing" }/; s/name = "yee"/name = "ckc"/; s/position = { 4e-6 }/position = { 4 * dz, 4e-6 }/; s/{ { 40e-6 - lambda \/ 4 }, { 40e-6 - dz \/ 2 }, { 40e-6 }, { 20e-6 } }/{ { 4.5 * dz, 40e-6 - lambda \/ 4 }, { 4.5 * dz, 40e-6 - dz \/ 2 }, { 4.5 * dz, 40e-6 }, { 4.5 * dz, 20e-6 } }/' \
    pec1d.lua >pec2d.lua
check() { # check GEOMETRY RUN_DIR pec|pml
    "$python" - "$2/p.csv" "$1" "$3" <<'PY'
import csv, math, sys
import numpy as np
rows = list(csv.DictReader(open(sys.argv[1])))
geometry, face = sys.argv[2], sys.argv[3]
c, E0, lam, tau, dz = 299792458.0, 1e12, 2e-6, 30e-15, 40e-6 / 320
k, dt = 2 * math.pi / lam, dz / c
omega = k * c  # no numerical dispersion at c dt = dz
def envelope(key):  # |analytic signal|: the FFT's negative frequencies dropped
    s = np.array([float(r[key]) for r in rows])
    n = len(s)
    h = np.zeros(n)
    h[0] = 1
    h[1:(n + 1) // 2] = 2
    if n % 2 == 0:
        h[n // 2] = 1
    return np.abs(np.fft.ifft(np.fft.fft(s) * h))
antinode = envelope("p0_Ex_V_m").max() / E0
b_face = envelope("p1_By_T").max() * c / E0
wall = max(abs(float(r["p2_Ex_V_m"])) for r in rows) / E0
incident = envelope("p3_Ex_V_m").max() / E0
want_e = 2 * math.exp(-(lam / 4 / c / tau) ** 2)
want_b = 2 * math.cos(k * dz / 2) * math.cos(omega * dt / 2) * math.exp(-(dz / 2 / c / tau) ** 2)
print("  %s, %s upper face: E at lambda/4 %.5f E0 (2 E0 theory %.5f, %+.1e), By at dz/2 %.5f E0/c (theory %.5f, "
      "%+.1e), |Ex| at the face %.1e E0, incident %.5f E0" % (geometry, face, antinode, want_e, antinode / want_e - 1,
      b_face, want_b, b_face / want_b - 1, wall, incident))
ok = abs(incident - 1) < 0.01
if face == "pec":
    ok = ok and abs(antinode / want_e - 1) < 0.01 and abs(b_face / want_b - 1) < 0.01 and wall < 1e-9
else:  # no reflection: the doubling check must fail
    ok = ok and abs(antinode / want_e - 1) > 0.01
sys.exit(0 if ok else 1)
PY
}
for g in 1d 2d; do
    if "$picl" run pec$g.lua --set diagnostics.output_dir=o$g >$g.log 2>&1; then ok
    else bad "$g PEC reflection run failed"; tail -n 3 $g.log; continue; fi
    check $g o$g pec && ok || bad "$g: the field at the PEC face is not doubled"
    # the same with a PML at the upper face: no reflection, no doubling
    sed 's/z = { "pml", "pec" }/z = "pml"/' pec$g.lua >pml$g.lua
    if "$picl" run pml$g.lua --set diagnostics.output_dir=m$g >m$g.log 2>&1; then ok
    else bad "$g PML run failed"; tail -n 3 m$g.log; continue; fi
    check $g m$g pml && ok || bad "$g: with a PML at the upper face the doubling check does not fail"
done
summary
