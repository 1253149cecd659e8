#!/bin/sh
# test_bad_inputs.sh: every kind of bad input picl refuses (docs/input.md, Error messages), met the
# way a user meets it: `picl run` (and `picl check`) in an empty folder. Each must exit 2 with
# exactly one "picl: error:" message that names file, line and key where they exist, and leave the
# folder as it was: no diags/, no stray files.
. "$(dirname "$0")/lib.sh"
scratch cli

# Every key on a line of its own, so each mistake below has one line to be reported at.
cat >"$dir/base.lua" <<'LUA'
local picl = require("picl")
return picl.simulation {
  grid = {
    cells = {8, 8, 8},
    lower = {0, 0, 0},
    upper = {1e-6, 1e-6, 1e-6},
    max_box = 4,
  },
  solver = { name = "yee", cfl = 0.9 },
  steps = 3,
  constants = { n0 = 1e24, k = 6.283e6 },
  species = {
    {
      name = "electrons",
      particle = "electron",
      density = "n0*(1 + 0.1*cos(k*x))",
      ppc = 1,
    },
  },
  diagnostics = { reduced = { name = "energy", interval = 1 } },
}
LUA

n=0
# expect NAME SED_SCRIPT MESSAGE COMMAND [ARGS]: writes base.lua edited by SED_SCRIPT as
# bad.lua into an empty folder, runs `picl COMMAND bad.lua ARGS` there, and checks the exit
# status (2), that stderr has exactly one error line and contains MESSAGE, and that the folder
# holds nothing but bad.lua afterwards.
expect() {
    name=$1 script=$2 message=$3
    shift 3
    n=$((n + 1))
    work=$dir/case$n
    mkdir "$work"
    sed "$script" "$dir/base.lua" >"$work/bad.lua"
    if cmp -s "$dir/base.lua" "$work/bad.lua" && [ "$script" != "" ]; then
        bad "$name: the edit '$script' changed nothing (the test is out of date)"
        return
    fi
    cmd=$1
    shift
    (cd "$work" && "$picl" "$cmd" bad.lua "$@" >"$dir/out" 2>"$dir/err"; echo $? >"$dir/rc")
    rc=$(cat "$dir/rc")
    errors=$(grep -c '^picl: error:' "$dir/err")
    left=$(cd "$work" && ls -A | tr '\n' ' ')
    if [ "$rc" -ne 2 ]; then
        bad "$name: exit status $rc, expected 2; stderr: $(cat "$dir/err")"
    elif [ "$errors" -ne 1 ]; then
        bad "$name: $errors error lines, expected 1: $(cat "$dir/err")"
    elif ! grep -qF -- "$message" "$dir/err"; then
        bad "$name: expected the message '$message', got: $(cat "$dir/err")"
    elif [ "$left" != "bad.lua " ]; then
        bad "$name: the folder holds '$left' afterwards; a failed input must write nothing"
    else
        ok
    fi
}

# -- the input and the command line
expect "Lua syntax error" 's/^  steps = 3,/  steps = 3/' \
    "bad.lua:11: '}' expected (to close '{' at line 2) near 'constants'" run
expect "unknown key, with a close match" 's/max_box =/max_bx =/' \
    "bad.lua:7: grid.max_bx: unknown key; did you mean 'max_box'?" run
expect "unknown top-level key" 's/^  steps = 3,/  stesp = 3,/' \
    "bad.lua:10: stesp: unknown key; did you mean 'steps'?" run
expect "wrong type" 's/steps = 3/steps = "three"/' \
    "bad.lua:10: steps: expected a positive integer (time steps), got \"three\"" run
expect "wrong type in a list" 's/cells = {8, 8, 8}/cells = {8, "8", 8}/' \
    "bad.lua:4: grid.cells: expected 3 positive integers (cells per axis)" run
expect "zero cell count" 's/cells = {8, 8, 8}/cells = {8, 0, 8}/' \
    "bad.lua:4: grid.cells: expected 3 positive integers (cells per axis), got {8, 0, 8}" run
expect "negative cell count" 's/cells = {8, 8, 8}/cells = {-8, 8, 8}/' \
    "bad.lua:4: grid.cells: expected 3 positive integers (cells per axis), got {-8, 8, 8}" run
expect "lower = upper" 's/lower = {0, 0, 0}/lower = {0, 0, 1e-6}/' \
    "grid.upper: upper must exceed lower on every axis: along z, lower = 1e-06 m, upper = 1e-06 m" run
expect "lower > upper" 's/lower = {0, 0, 0}/lower = {2e-6, 0, 0}/' \
    "bad.lua:6: grid.upper: upper must exceed lower on every axis: along x, lower = 2e-06 m, upper = 1e-06 m" run
expect "max_box does not divide the grid" 's/max_box = 4/max_box = 3/' \
    "bad.lua:7: grid.max_box: max_box must divide the cell count: 8 cells into boxes of 3 along x; expected a divisor of 8" run
expect "cfl above the stability limit" 's/cfl = 0.9/cfl = 1.5/' \
    "bad.lua:9: solver.cfl: expected a number in (0, 1] (fraction of the solver's stability limit on dt), got 1.5" run
expect "dt above the stability limit" 's/cfl = 0.9/dt = 1e-15/' \
    "bad.lua:9: solver.dt: 1e-15 s is above the yee stability limit on this grid; expected 0 < dt <= 2.407291501933088e-16 s" run
expect "unknown solver name" 's/name = "yee"/name = "yea"/' \
    "bad.lua:9: solver.name: unknown solver 'yea'; did you mean 'yee'? expected one of 'yee', 'ckc'" run
# The line is not checked here: with a bare name the search for "name =" finds the species'.
expect "unknown solver given by name alone" 's/solver = .*/solver = "yea",/' \
    "solver.name: unknown solver 'yea'; did you mean 'yee'?" run
expect "unknown --set key" '' \
    "--set: grid.cels: unknown key; did you mean 'cells'?" run --set grid.cels=3
expect "unknown --set species" '' \
    "--set: species.elektrons: no entry named 'elektrons'; did you mean 'electrons'?" run --set species.elektrons.ppc=2
expect "bad --set value" '' \
    "--set: steps: expected a positive integer (time steps), got \"abc\"" run --set steps=abc

# -- species
# Expressions are parsed (gen/expr_parse.c) before anything is built: a mistake is refused
# naming the token and its character, with or without a device.
expect "density expression that ends too soon (check)" 's/cos(k\*x)/cos(k*x/' \
    "bad.lua:16: species.electrons.density: at character 21 (the end): the expression ends here; expected ')'" check --no-build
expect "density expression with an unknown function (run)" 's/cos(k\*x)/cosine(k*x)/' \
    "bad.lua:16: species.electrons.density: 'cosine' at character 13: not a function of the expression language" run
expect "initial field expression with an unknown name" 's/^  steps = 3,/  steps = 3, fields = { Ey = "E0 * sin(k*x)" },/' \
    "bad.lua:10: fields.Ey: 'E0' at character 1: unknown name" run
expect "momentum profile that does not parse" 's/ppc = 1,/ppc = 1, u_drift = { "0.01*sin(k*x", 0, 0 },/' \
    "bad.lua:17: species.electrons.u_drift.1: at character 13 (the end): the expression ends here; expected ',' or ')'" check --no-build
expect "momentum profile that is infinite" 's/ppc = 1,/ppc = 1, u_drift = { 0, "0.01*log(x - x)", 0 },/' \
    "bad.lua:17: species.electrons.u_drift.2: is -inf at" check --no-build
expect "temperature expression that is negative" 's/ppc = 1,/ppc = 1, temperature = "5 - 10*(x > 0)",/' \
    "bad.lua:17: species.electrons.temperature: is negative at" check --no-build
expect "negative thermal spread among profiles" 's/ppc = 1,/ppc = 1, u_th = { "0.01*cos(k*x)", -0.1, 0 },/' \
    "bad.lua:17: species.electrons.u_th: expected a number >= 0 or 3 of them (each may be an expression string in x, y, z)" run
expect "momentum profile of the wrong type" 's/ppc = 1,/ppc = 1, u_drift = { true, 0, 0 },/' \
    "bad.lua:17: species.electrons.u_drift: expected a number or 3 numbers (each may be an expression string in x, y, z)" run
expect "applied field that does not parse" 's/^  steps = 3,/  steps = 3, applied_fields = { B = { 0, 0, "1.5*cos(k*z" } },/' \
    "bad.lua:10: applied_fields.B.3: at character 12 (the end): the expression ends here; expected ',' or ')'" check --no-build
expect "applied field that is NaN late in the run" 's/^  steps = 3,/  steps = 3, applied_fields = { E = { 0, "sqrt(1e-30 - t)", 0 } },/' \
    "bad.lua:10: applied_fields.E.2: is NaN at" check --no-build
# -- applied-field elements in 2D and 1D (docs/geometry.md): a quadrupole is a slab lens in 2D
to2d='s/^  grid = {/  geometry = "2d", grid = {/; s/cells = {8, 8, 8}/cells = {8, 8}/; s/lower = {0, 0, 0}/lower = {0, 0}/; s/upper = {1e-6, 1e-6, 1e-6}/upper = {1e-6, 1e-6}/'
expect "a solenoid in 2d" "$to2d; s/^  steps = 3,/  steps = 3, applied_fields = { elements = { { kind = \"solenoid\", B = 1, z = {0, 1e-6} } } },/" \
    'bad.lua:10: applied_fields.elements.1.kind: geometry = "2d": a solenoid is a field about its axis' check --no-build
expect "a quadrupole off y = 0 in 2d" "$to2d; s/^  steps = 3,/  steps = 3, applied_fields = { elements = { { kind = \"quadrupole\", gradient = 1, z = {0, 1e-6}, center = {0, 1e-7} } } },/" \
    'bad.lua:10: applied_fields.elements.1.center: geometry = "2d": the particles sit at y = 0' check --no-build
expect "applied field with two components" 's/^  steps = 3,/  steps = 3, applied_fields = { E = { 0, 1e6 } },/' \
    "bad.lua:10: applied_fields.E: expected 3 numbers or expression strings (V/m)" run
expect "unknown element kind" 's/^  steps = 3,/  steps = 3, applied_fields = { elements = { { kind = "dipole", B = 1, z = {0, 1e-7} } } },/' \
    "applied_fields.elements.1.kind: unknown element kind 'dipole'" run
expect "solenoid without B" 's/^  steps = 3,/  steps = 3, applied_fields = { elements = { { kind = "solenoid", gradient = 1, z = {0, 1e-7} } } },/' \
    "applied_fields.elements.1.B: missing; a solenoid needs B (T, its field along z)" run
expect "element that ends before it starts" 's/^  steps = 3,/  steps = 3, applied_fields = { elements = { { kind = "quadrupole", gradient = 1, z = {1e-7, 0} } } },/' \
    "applied_fields.elements.1.z: the element ends (0 m) before it starts (1e-07 m)" run
# species.from_file (tests/cli/test_from_file.sh refuses bad files' species, iterations, records, units)
expect "from_file: no such file" 's|density = "n0.*|from_file = { path = "nothing.h5", species = "beam" },|; /ppc = 1,/d' \
    "bad.lua:16: species.electrons.from_file.path: cannot open 'nothing.h5': No such file or directory" run
expect "from_file with a density" 's|ppc = 1,|from_file = { path = "beam.h5", species = "beam" },|' \
    "bad.lua:16: species.electrons.density: a species from_file takes no density" run
expect "from_file without a species" 's|density = "n0.*|from_file = { path = "beam.h5" },|; /ppc = 1,/d' \
    "species.electrons.from_file.species: missing" run
expect "from_file: negative iteration" 's|density = "n0.*|from_file = { path = "b.h5", species = "b", iteration = -1 },|; /ppc = 1,/d' \
    "species.electrons.from_file.iteration: expected an integer >= 0" run
expect "from_file and beam" 's|density = "n0.*|from_file = { path = "b.h5", species = "b" }, beam = { total_charge = -1e-15, particles = 10, centroid = {5e-7, 5e-7, 5e-7}, rms = 1e-8, gamma = 2 },|; /ppc = 1,/d' \
    "species.electrons.from_file: give beam or from_file, not both" run
# collisions (binary Coulomb collisions, docs/collisions.md)
C='s|^  steps = 3,|  steps = 3, collisions = { %s },|'
expect "collisions: unknown species" "$(printf "$C" '{ species = { "electron", "electrons" } }')" \
    "bad.lua:10: collisions.1.species: unknown species 'electron'; did you mean 'electrons'?" run
expect "collisions: negative log" "$(printf "$C" '{ species = { "electrons" }, coulomb_log = -3 }')" \
    "bad.lua:10: collisions.1.coulomb_log: -3; expected a positive number" run
expect "collisions: log a word" "$(printf "$C" '{ species = { "electrons" }, coulomb_log = "big" }')" \
    "bad.lua:10: collisions.1.coulomb_log: expected a positive number or \"auto\"" check
expect "collisions: interval 0" "$(printf "$C" '{ species = { "electrons" }, interval = 0 }')" \
    "bad.lua:10: collisions.1.interval: expected a positive integer" run
expect "collisions: three species" "$(printf "$C" '{ species = { "electrons", "electrons", "electrons" } }')" \
    "bad.lua:10: collisions.1.species: 3 names; expected 1 or 2 species names" run
expect "collisions: misspelt key" "$(printf "$C" '{ species = { "electrons" }, coulomb_logg = 5 }')" \
    "bad.lua:10: collisions.1.coulomb_logg: unknown key; did you mean 'coulomb_log'?" run
expect "collisions: a pair twice" "$(printf "$C" '{ name = "a", species = { "electrons" } }, { name = "b", species = { "electrons", "electrons" } }')" \
    "collisions.b.species: the pair electrons, electrons is also entry 'a'; expected each pair once" run

# species.ionization (field ionization): an ion species beside the electrons, on line 18
I='    }, { name = "ions", ionization = { element = "N", product = "electrons" }, density = 1e24, ppc = 1 },'
expect "ionization: unknown element" "18s|.*|$I|; 18s|\"N\"|\"Hx\"|" \
    "bad.lua:18: species.ions.ionization.element: unknown element 'Hx'; did you mean 'H'?" run
expect "ionization: level out of range" "18s|.*|$I|; 18s|product = \"electrons\"|product = \"electrons\", initial_level = 7|" \
    "bad.lua:18: species.ions.ionization.initial_level: 7; N has Z = 7, so expected an integer in 0..6" run
expect "ionization: negative level" "18s|.*|$I|; 18s|product = \"electrons\"|product = \"electrons\", initial_level = -1|" \
    "bad.lua:18: species.ions.ionization.initial_level: expected an integer >= 0" run
expect "ionization: unknown product" "18s|.*|$I|; 18s|product = \"electrons\"|product = \"electron\"|" \
    "bad.lua:18: species.ions.ionization.product: unknown species 'electron'; did you mean 'electrons'?" run
expect "ionization: product not electrons" "18s|.*|$I|; 18s|product = \"electrons\"|product = \"ions\"|" \
    "bad.lua:18: species.ions.ionization.product: 'ions' is not an electron species" run
expect "ionization: no product" "18s|.*|$I|; 18s|, product = \"electrons\"||" \
    "species.ions.ionization.product: missing" run
expect "ionization: unknown model" "18s|.*|$I|; 18s|product = \"electrons\"|product = \"electrons\", model = \"ppt\"|" \
    "bad.lua:18: species.ions.ionization.model: unknown ionization model 'ppt'; expected one of 'adk'" run
expect "ionization with a particle" "18s|.*|$I|; 18s|ppc = 1 }|ppc = 1, particle = \"proton\" }|" \
    "bad.lua:18: species.ions.particle: an ionizable species takes no particle" run
expect "ionization with a wrong charge" "18s|.*|$I|; 18s|ppc = 1 }|ppc = 1, charge = 1.6e-19 }|" \
    "bad.lua:18: species.ions.charge: 1.6e-19 C, while ionization.initial_level = 0 makes it 0 C" run
expect "ionization of a frozen species" "18s|.*|$I|; 18s|ppc = 1 }|ppc = 1, frozen = true }|" \
    "bad.lua:18: species.ions.frozen: an ionizable species is pushed" run
expect "ionization without ids" "18s|.*|$I|; s|^  steps = 3,|  steps = 3, particle_ids = false,|" \
    "particle_ids: false, while species ions is ionizable" run
# species.flux (flux injection, WarpX NFluxPerCell)
F='flux = { face = "-x", per_cell = 2, density = 1e20 },'
B='boundary = { particles = { x = "absorbing" } },'
expect "flux: unknown face" "s|density = \"n0.*|$(echo "$F" | sed 's/-x/-w/')|; /ppc = 1,/d; s|^  steps = 3,|  steps = 3, $B|" \
    "bad.lua:16: species.electrons.flux.face: unknown face '-w'" run
expect "flux: zero per_cell" "s|density = \"n0.*|$(echo "$F" | sed 's/per_cell = 2/per_cell = 0/')|; /ppc = 1,/d; s|^  steps = 3,|  steps = 3, $B|" \
    "bad.lua:16: species.electrons.flux.per_cell: expected a positive integer" run
expect "flux: fractional per_cell" "s|density = \"n0.*|$(echo "$F" | sed 's/per_cell = 2/per_cell = 1.5/')|; /ppc = 1,/d; s|^  steps = 3,|  steps = 3, $B|" \
    "bad.lua:16: species.electrons.flux.per_cell: expected a positive integer" run
expect "flux: no density" "s|density = \"n0.*|$(echo "$F" | sed 's/, density = 1e20//')|; /ppc = 1,/d; s|^  steps = 3,|  steps = 3, $B|" \
    "species.electrons.flux.density: missing" run
expect "flux: negative density" "s|density = \"n0.*|$(echo "$F" | sed 's/1e20/-1e20/')|; /ppc = 1,/d; s|^  steps = 3,|  steps = 3, $B|" \
    "species.electrons.flux.density: expected a positive number" run
expect "flux with a density" "s|ppc = 1,|$F|; s|^  steps = 3,|  steps = 3, $B|" \
    "bad.lua:16: species.electrons.density: a flux species takes no density" run
expect "flux density expression that does not parse" "s|density = \"n0.*|$(echo "$F" | sed 's/density = 1e20/density = "1e20*(1 + y"/')|; /ppc = 1,/d; s|^  steps = 3,|  steps = 3, $B|" \
    "bad.lua:16: species.electrons.flux.density: at character 12 (the end): the expression ends here; expected ')'" check --no-build
expect "flux density of an unknown name" "s|density = \"n0.*|$(echo "$F" | sed 's/density = 1e20/density = "1e20*(1 + w)"/')|; /ppc = 1,/d; s|^  steps = 3,|  steps = 3, $B|" \
    "bad.lua:16: species.electrons.flux.density:" check --no-build
expect "flux with a negative temperature" "s|density = \"n0.*|$F temperature = -5,|; /ppc = 1,/d; s|^  steps = 3,|  steps = 3, $B|" \
    "bad.lua:16: species.electrons.temperature: expected a number >= 0 or an expression string (eV, kT of a thermal spread (instead of u_th)), got -5" run
expect "flux with a negative kT" "s|density = \"n0.*|$F kT = -1e-16,|; /ppc = 1,/d; s|^  steps = 3,|  steps = 3, $B|" \
    "bad.lua:16: species.electrons.kT: expected a number >= 0 or an expression string" run
expect "flux with a misspelt distribution" "s|density = \"n0.*|$F temperature = 5, distribution = \"maxwell_jutner\",|; /ppc = 1,/d; s|^  steps = 3,|  steps = 3, $B|" \
    "bad.lua:16: species.electrons.distribution: unknown distribution 'maxwell_jutner'; did you mean 'maxwell_juttner'?" run
expect "flux with a distribution but no temperature" "s|density = \"n0.*|$F distribution = \"maxwell_juttner\",|; /ppc = 1,/d; s|^  steps = 3,|  steps = 3, $B|" \
    "species.electrons.distribution: a distribution needs a temperature (eV) or kT (J)" run
expect "flux with a temperature and u_th" "s|density = \"n0.*|$F temperature = 5, u_th = 0.01,|; /ppc = 1,/d; s|^  steps = 3,|  steps = 3, $B|" \
    "species.electrons.temperature: the thermal spread is given twice (temperature and u_th)" run
expect "flux with a u_drift expression" "s|density = \"n0.*|$F temperature = 5, u_drift = { \"0.1*x\", 0, 0 },|; /ppc = 1,/d; s|^  steps = 3,|  steps = 3, $B|" \
    "species.electrons.u_drift: a flux species takes numbers only" run
expect "flux with a temperature expression" "s|density = \"n0.*|$F temperature = \"5*(1 + x)\", distribution = \"maxwellian\",|; /ppc = 1,/d; s|^  steps = 3,|  steps = 3, $B|" \
    "species.electrons.temperature: a flux species takes numbers only" run
expect "flux with a u_th expression" "s|density = \"n0.*|$F u_th = \"0.01*(1 + x)\",|; /ppc = 1,/d; s|^  steps = 3,|  steps = 3, $B|" \
    "species.electrons.u_th: a flux species takes numbers only" run
expect "flux along a periodic axis" "s|density = \"n0.*|$F|; /ppc = 1,/d" \
    "species.electrons.flux.face: particles enter along x, whose lower face is periodic for particles; expected absorbing on both faces of x" run
expect "flux with a moving window" "s|density = \"n0.*|$F|; /ppc = 1,/d; s|^  steps = 3,|  steps = 3, boundary = { field = { x = \"pec\", z = \"pec\" } }, moving_window = { axis = \"z\" },|" \
    "species.electrons.flux: flux injection with a moving window is not supported" run
expect "flux and from_file" "s|density = \"n0.*|$F from_file = { path = \"b.h5\", species = \"b\" },|; /ppc = 1,/d; s|^  steps = 3,|  steps = 3, $B|" \
    "species.electrons.flux: give flux, beam or from_file, one of them" run
expect "negative temperature" 's/ppc = 1,/ppc = 1, temperature = -5,/' \
    "bad.lua:17: species.electrons.temperature: expected a number >= 0 or an expression string (eV, kT of a thermal spread (instead of u_th)), got -5" run
expect "temperature and u_th" 's/ppc = 1,/ppc = 1, temperature = 5, u_th = 0.01,/' \
    "species.electrons.temperature: the thermal spread is given twice (temperature and u_th); expected one of them" run
expect "distribution without a temperature" 's/ppc = 1,/ppc = 1, distribution = "maxwellian",/' \
    "species.electrons.distribution: a distribution needs a temperature (eV) or kT (J)" run
expect "unknown distribution" 's/ppc = 1,/ppc = 1, temperature = 5, distribution = "juttner",/' \
    "species.electrons.distribution: unknown distribution 'juttner'" run
expect "temperature expression that does not parse" 's/ppc = 1,/ppc = 1, temperature = "5*(1 + x",/' \
    "bad.lua:17: species.electrons.temperature: at character 9 (the end): the expression ends here; expected ')'" check --no-build
expect "negative density" 's/density = .*/density = -1e24,/' \
    "bad.lua:16: species.electrons.density: expected a number >= 0 or an expression string (m^-3), got -1e+24" run
expect "zero particles per cell" 's/ppc = 1/ppc = 0/' \
    "bad.lua:17: species.electrons.ppc: expected a positive integer or 3 of them (particles per cell along each axis; RZ: {n_r, n_z} or {n_r, n_theta, n_z}), got 0" run
expect "zero particles per cell along one axis" 's/ppc = 1/ppc = {2, 0, 2}/' \
    "bad.lua:17: species.electrons.ppc: expected a positive integer or 3 of them (particles per cell along each axis; RZ: {n_r, n_z} or {n_r, n_theta, n_z}), got {2, 0, 2}" run
expect "unknown particle name" 's/"electron"/"electon"/' \
    "bad.lua:15: species.electrons.particle: unknown particle 'electon'; did you mean 'electron'? expected one of 'electron', 'positron', 'proton'" run
expect "zero charge" 's/particle = "electron"/charge = 0, mass = 9.1e-31/' \
    "bad.lua:15: species.electrons.charge: expected a nonzero number (C, per physical particle), got 0" run
expect "zero mass" 's/particle = "electron"/charge = -1.6e-19, mass = 0/' \
    "bad.lua:15: species.electrons.mass: expected a positive number (kg, per physical particle), got 0" run
expect "negative mass" 's/particle = "electron"/charge = -1.6e-19, mass = -9.1e-31/' \
    "bad.lua:15: species.electrons.mass: expected a positive number (kg, per physical particle), got -9.1e-31" run
expect "region outside the domain" 's/ppc = 1/ppc = 1, region = { lower = {0, 0, 0}, upper = {2e-6, 1e-6, 1e-6} }/' \
    "bad.lua:17: species.electrons.region.upper: region lies outside the domain along x: upper = 2e-06 m; expected 0 <= upper <= 1e-06 m" run
expect "region below the domain" 's/ppc = 1/ppc = 1, region = { lower = {0, -1e-6, 0}, upper = {1e-6, 1e-6, 1e-6} }/' \
    "species.electrons.region.lower: region lies outside the domain along y: lower = -1e-06 m" run

# -- variants the device cannot run, refused by `picl check` before anything runs
expect "local_tiles tile that does not divide the box" \
    's/^  steps = 3,/  steps = 3, deposition_strategy = "local_tiles", work_group = { tile = 3 },/' \
    "work_group.tile: 3 cells along x do not divide the box's 4" check
# J of a 64^3 tile with its guard cells (8 MB) exceeds the local memory of any device
expect "local_tiles tile larger than local memory" \
    's/cells = {8, 8, 8}/cells = {64, 64, 64}/; s/max_box = 4/max_box = 64/; s/^  steps = 3,/  steps = 3, deposition_strategy = "local_tiles", work_group = { tile = 64 },/' \
    "work_group.tile: a tile of 64 x 64 x 64 cells needs 8232000 bytes of local memory for J" check
expect "local_tiles box too large and too odd to split" \
    's/cells = {8, 8, 8}/cells = {63, 63, 63}/; s/max_box = 4/max_box = 63/; s/^  steps = 3,/  steps = 3, deposition_strategy = "local_tiles",/' \
    "deposition_strategy: a tile of 63 x 63 x 63 cells needs 7884216 bytes of local memory" check

# -- the device, the input file and the command line itself
devices=$("$picl" devices 2>&1)
first=$(echo "$devices" | sed -n 's/^\(\[0\] [^ ]*\).*/\1/p')
expect "device spec that matches nothing" '' \
    "device 'nosuchdevice' matches nothing; devices are: $first" run --device nosuchdevice
expect "device spec that matches nothing (check)" '' \
    "device 'nosuchdevice' matches nothing; devices are: $first" check --device nosuchdevice
expect "device index out of range" '' "device '99' matches nothing; devices are: $first" run --device 99
(cd "$dir/case1" && PICL_DEVICE=nosuchdevice "$picl" run ../base.lua >/dev/null 2>"$dir/err"; echo $? >"$dir/rc")
if [ "$(cat "$dir/rc")" -eq 2 ] && grep -qF "device 'nosuchdevice' matches nothing" "$dir/err" &&
    [ ! -e "$dir/case1/diags" ]; then ok
else bad "PICL_DEVICE=nosuchdevice (rc $(cat "$dir/rc")): $(cat "$dir/err")"; fi

# usage errors: exit 2, one message, nothing written
usage() {
    name=$1 message=$2
    shift 2
    work=$dir/usage
    rm -rf "$work" && mkdir "$work"
    (cd "$work" && "$picl" "$@" >/dev/null 2>"$dir/err"; echo $? >"$dir/rc")
    if [ "$(cat "$dir/rc")" -eq 2 ] && grep -qF -- "$message" "$dir/err" && [ -z "$(ls -A "$work")" ]; then ok
    else bad "$name (rc $(cat "$dir/rc")): $(cat "$dir/err")"; fi
}
usage "missing input file (run)" "cannot open input 'missing.lua': No such file or directory" run missing.lua
usage "missing input file (check)" "cannot open input 'missing.lua': No such file or directory" check missing.lua
usage "missing input file (gen)" "cannot open input 'missing.lua': No such file or directory" gen missing.lua -o out
usage "no input file" "run needs an input file: picl run INPUT.lua" run
usage "unknown command" "unknown command 'runn' (picl --help lists them)" runn x.lua
usage "unknown option" "unknown option '--devcie' (picl --help lists them)" run x.lua --devcie cpu
usage "option without its value" "--set needs a value" run x.lua --set
usage "gen without -o" "gen needs -o DIR" gen "$dir/base.lua"
usage "no command" "usage: picl COMMAND" 

# -- expressions cannot reach the compiler as text (issue 17): each injection is a token refused
expect "a kernel injected through a density" 's/density = .*/density = "1); } __kernel void evil() { (1",/' \
    "bad.lua:16: species.electrons.density: ')' at character 2: unexpected; expected an operator or the end of the expression" run
expect "a preprocessor line after a newline" 's/density = .*/density = "n0\\n#include \\"\/etc\/passwd\\"",/' \
    "bad.lua:16: species.electrons.density: '\\n' at character 3: an expression is one line" run
expect "a #define" 's/density = .*/density = "#define n0 1",/' \
    "species.electrons.density: '#' at character 1: preprocessor lines are not part of an expression" check --no-build
expect "a comment" 's/density = .*/density = "n0 \/* hidden *\/",/' \
    "species.electrons.density: '/*' at character 4: comments are not part of an expression" run
expect "a semicolon" 's/density = .*/density = "n0; x",/' \
    "species.electrons.density: ';' at character 3: not an operator of the expression language" run
expect "a function with the wrong arity" 's/cos(k\*x)/cos(k*x, 2)/' \
    "bad.lua:16: species.electrons.density: 'cos' at character 13: takes 1 argument, not 2" run
expect "a cast" 's/density = .*/density = "(double)n0",/' \
    "species.electrons.density: 'double' at character 2: unknown name" run

# -- values computed from the input, evaluated at load: the key and the first bad point
expect "an infinite density" 's/density = .*/density = "n0\/0.0",/' \
    "bad.lua:16: species.electrons.density: is inf at (x, y, z) = (6.25e-08, 6.25e-08, 6.25e-08) m (the first such point)" run
expect "a NaN density from sqrt" 's/density = .*/density = "sqrt(-n0)",/' \
    "bad.lua:16: species.electrons.density: is NaN at (x, y, z) =" run
expect "a NaN density from 0/0" 's/density = .*/density = "0.0\/0.0",/' \
    "bad.lua:16: species.electrons.density: is NaN at" check --no-build
expect "a negative density expression" 's/density = .*/density = "-n0",/' \
    "bad.lua:16: species.electrons.density: is negative at (x, y, z) = (6.25e-08, 6.25e-08, 6.25e-08) m (the first such point); expected a finite density >= 0 (m^-3) wherever the species is loaded (got -1e+24)" run
expect "a density negative in part of the domain" 's/density = .*/density = "x < 5e-7 ? n0 : -n0",/' \
    "species.electrons.density: is negative at (x, y, z) = (5.625e-07, 6.25e-08, 6.25e-08) m" run
expect "a NaN initial field" 's/^  steps = 3,/  steps = 3, fields = { Ex = "log(x - 5e-7)" },/' \
    "bad.lua:10: fields.Ex: is NaN at (x, y, z) = (6.25e-08, 0, 0) m (the first such point); expected a finite field everywhere in the grid" run

# -- sizes: the real numbers and the key, before anything is allocated, the same with check --no-build
for cmd in run "check --no-build"; do
    # shellcheck disable=SC2086
    expect "10^15 cells ($cmd)" 's/cells = {8, 8, 8}/cells = {100000, 100000, 100000}/' \
        "bad.lua:4: grid.cells: 100000 x 100000 x 100000 = 1e+15 cells; expected at most 2^32 = 4294967296" $cmd
    # shellcheck disable=SC2086
    expect "2^31 cells along an axis ($cmd)" 's/cells = {8, 8, 8}/cells = {2^31, 8, 8}/' \
        "bad.lua:4: grid.cells: 2147483648 cells along x; expected at most 2^30 = 1073741824 per axis" $cmd
    # shellcheck disable=SC2086
    expect "10^9 particles per cell along each axis ($cmd)" 's/ppc = 1,/ppc = 1e9,/' \
        "bad.lua:17: species.electrons.ppc: 1000000000 x 1000000000 x 1000000000 = 1e+27 particles per cell; expected at most 2^16 = 65536" $cmd
done

# -- scripts under limits: CPU time and memory (lowered here so each stop takes a second)
expect "an endless loop" 's/^local picl = require("picl")/while true do end/' \
    "bad.lua: the script ran for more than 1 s of CPU time, the limit on input scripts" run --lua-limits 1,256
expect "a table of 10^9 entries" 's/^local picl = require("picl")/local t = {} for i = 1, 1e9 do t[i] = i end/' \
    "bad.lua: the script needed more than 64 MiB of memory, the limit on input scripts" check --no-build --lua-limits 10,64
expect "a loop that catches the stop" 's/^local picl = require("picl")/while true do pcall(function() while true do end end) end/' \
    "bad.lua: the script ran for more than 1 s of CPU time" run --lua-limits 1,256
# one library call the count hook cannot enter: a watchdog on the thread's CPU clock (2 x 1 + 1 s)
expect "a pathological string pattern" 's/^local picl = require("picl")/local _ = string.rep("a", 3e4):find(string.rep("a-", 30) .. "b")/' \
    "bad.lua: the script ran for more than 3 s of CPU time inside one library call" check --no-build --lua-limits 1,64
out=$(cd "$dir" && PICL_LUA_LIMITS=0.5,64 "$picl" check --no-build "$dir/base.lua" --set 'steps=(function() while true do end end)()' 2>&1)
rc=$?
if [ $rc -eq 2 ] && echo "$out" | grep -qF "the script ran for more than 0.5 s of CPU time"; then ok
else bad "PICL_LUA_LIMITS (rc $rc): $out"; fi
out=$("$picl" check --no-build /dev/zero 2>&1)
rc=$?
if [ $rc -eq 2 ] && [ "$(echo "$out" | grep -c '^picl: error:')" -eq 1 ] && echo "$out" | grep -qF "input '/dev/zero' is more than 16 MiB; expected a Lua script"; then ok
else bad "/dev/zero as the input (rc $rc): $out"; fi
out=$("$picl" check --no-build "$dir/base.lua" --lua-limits 10 2>&1)
rc=$?
if [ $rc -eq 2 ] && echo "$out" | grep -qF -- "--lua-limits: '10'; expected SECONDS,MIB"; then ok
else bad "a malformed --lua-limits (rc $rc): $out"; fi

# -- the input's file name reaches the program only inside a comment, with its end and newlines masked
evil="$dir/odd*/x
#error injected through the file name
.lua"
mkdir -p "$dir/odd*/"
cp "$dir/base.lua" "$evil"
out=$("$picl" gen "$evil" -o "$dir/gen_odd" 2>&1)
rc=$?
if [ $rc -eq 0 ] && ! grep -q '^#error injected' "$dir/gen_odd/picl.cl" && head -1 "$dir/gen_odd/picl.cl" | grep -qF 'odd?/x?#error'; then ok
else bad "a file name holding */ and a newline (rc $rc): $out; $(head -3 "$dir/gen_odd/picl.cl" 2>&1)"; fi

# -- every function of the language, and comparisons as arguments, compile as written
# -- the boosted frame (lua/boost.lua, docs/boosted_frame.md)
BZ='boundary = { field = { z = "pec" }, particles = { z = "absorbing" } },'
expect "boost along a periodic axis" 's|^  steps = 3,|  steps = 3, boost = { gamma = 3 },|' \
    "bad.lua:10: boost.axis: the frame is boosted along z, which is periodic; expected a non-periodic axis" run
expect "boost with gamma below 1" "s|^  steps = 3,|  steps = 3, $BZ boost = { gamma = 0.5 },|" \
    "bad.lua:10: boost.gamma: expected a number >= 1 (Lorentz factor of the boosted frame with respect to the lab), got 0.5" run
expect "boost with a window across it" "s|^  steps = 3,|  steps = 3, boundary = { field = { x = \"pec\", z = \"pec\" } }, moving_window = { axis = \"x\" }, boost = { gamma = 3 },|" \
    "bad.lua:10: moving_window.axis: x, while the frame is boosted along z; expected a window that moves along the boost" run
expect "boost with a window slower than c" "s|^  steps = 3,|  steps = 3, $BZ moving_window = { axis = \"z\", speed = 0.9 }, boost = { gamma = 3 },|" \
    "bad.lua:10: moving_window.speed: 0.9 c; with a boost the window must move at c (speed = 1)" run
expect "boost with a laser across it" "s|^  steps = 3,|  steps = 3, $BZ boost = { gamma = 3 }, lasers = { { position = {5e-7, 5e-7, 5e-7}, direction = \"+x\", polarization = {0, 1, 0}, wavelength = 8e-7, a0 = 1, waist = 5e-6, tau = 1e-14, t_peak = 3e-14 } },|" \
    "bad.lua:10: lasers.1.direction: +x, while the frame is boosted along +z; expected a laser that propagates along the boost (direction = '+z')" run
expect "boost with a stop time the boosted run never reaches" "s|^  steps = 3,|  stop_time = 1e-16, $BZ boost = { gamma = 3 },|;s|lower = {0, 0, 0}|lower = {0, 0, 1e-7}|;s|upper = {1e-6, 1e-6, 1e-6}|upper = {1e-6, 1e-6, 2e-6}|" \
    "bad.lua:10: stop_time: 1e-16 s in the lab is t' = " run
expect "boost across z in 2D" "s|^  steps = 3,|  steps = 3, geometry = \"2d\", boundary = { field = { x = \"pec\" }, particles = { x = \"absorbing\" } }, boost = { gamma = 3, axis = \"x\" },|; s/cells = {8, 8, 8}/cells = {8, 8}/; s/lower = {0, 0, 0}/lower = {0, 0}/; s/upper = {1e-6, 1e-6, 1e-6}/upper = {1e-6, 1e-6}/" \
    'bad.lua:10: boost.axis: x with geometry "2d"; expected "z", the axis 2D and 1D boost along' run
expect "Godfrey filter in 1D" "s|^  steps = 3,|  steps = 3, geometry = \"1d\", filter = { godfrey = true },|; s/name = \"yee\"/name = \"ckc\"/; s/cells = {8, 8, 8}/cells = {8}/; s/lower = {0, 0, 0}/lower = {0}/; s/upper = {1e-6, 1e-6, 1e-6}/upper = {1e-6}/" \
    'filter.godfrey: true with geometry "1d"; the Godfrey filter'"'"'s coefficients were fitted for CKC'"'"'s transverse stencil' run
# -- back-transformed diagnostics (lua/boost.lua, io/btd.c, docs/boosted_frame.md)
BTDIAG='s|^  diagnostics = { reduced = { name = "energy", interval = 1 } },|  diagnostics = { back_transformed = { { name = "lab", times = { 1e-15 } BTD } } },|'
BTB="s|^  steps = 3,|  stop_time = 2e-15, $BZ boost = { gamma = 2 },|"
expect "back-transformed diagnostics without a boost" "$(echo "$BTDIAG" | sed 's/ BTD//')" \
    "bad.lua:20: diagnostics.back_transformed: back-transformed diagnostics need a boosted frame" run
expect "back-transformed diagnostic with a misspelt key" "$BTB;$(echo "$BTDIAG" | sed 's/ BTD/, cell = 8/')" \
    "bad.lua:20: diagnostics.back_transformed.lab.cell: unknown key; did you mean 'cells'?" run
expect "back-transformed snapshot after a lab stop_time" "$BTB;$(echo "$BTDIAG" | sed 's/{ 1e-15 } BTD/{ 1e-15, 3e-15 }/')" \
    "bad.lua:20: diagnostics.back_transformed.lab.times: 3e-15 s is after stop_time = 2e-15 s (lab frame)" run
expect "back-transformed times not ascending" "$BTB;$(echo "$BTDIAG" | sed 's/{ 1e-15 } BTD/{ 1e-15, 5e-16 }/')" \
    "bad.lua:20: diagnostics.back_transformed.lab.times: expected a list of lab times (s), each >= 0, ascending" run
expect "back-transformed grid beyond the domain" "$BTB;$(echo "$BTDIAG" | sed 's/ BTD/, lower = -1e-6/')" \
    "bad.lua:20: diagnostics.back_transformed.lab.lower: -1e-06 m lies outside the grid along z (0 to 1e-06 m, lab frame)" run
expect "back-transformed particles of a misspelt species" "$BTB;$(echo "$BTDIAG" | sed 's/ BTD/, species = { "electron" }/')" \
    "bad.lua:20: diagnostics.back_transformed.lab.species: unknown species 'electron'; did you mean 'electrons'?" run

all_functions="sin(x) + cos(x) + tan(x) + asin(0.5) + acos(0.5) + atan(x) + atan2(y, 1) + sinh(x) + cosh(x) + tanh(x)"
all_functions="$all_functions + exp(x) + exp2(x) + exp10(x) + log(1 + x) + log2(1 + x) + log10(1 + x) + sqrt(1 + x)"
all_functions="$all_functions + rsqrt(1 + x) + cbrt(x) + pow(1 + x, 2) + pown(x, 3) + pown(x, -2) + powr(1 + x, 0.5) + fabs(x)"
all_functions="$all_functions + fmin(x, y) + fmax(x, y) + floor(x) + ceil(x) + round(x) + fmod(1 + x, 0.3) + hypot(x, y)"
all_functions="$all_functions + erf(x) + erfc(x) + tgamma(1 + x) + min(x, y) + max(x, y) + clamp(x, 0, 1) + step(0.5, x)"
all_functions="$all_functions + smoothstep(0, 1, x) + sign(x) + sin(x < y) + fmax(!x, (x > y) + (y > z)) + (x ? y : z)"
# -- the Godfrey filter (docs/filters.md): its coefficients are CKC's with the energy-conserving gather
expect "Godfrey filter with Yee" 's/^  steps = 3,/  steps = 3,\n  filter = { godfrey = true },/' \
    'bad.lua:11: filter.godfrey: true with solver "yee"; the Godfrey filter'"'"'s coefficients were fitted for the CKC solver' run
expect "Godfrey filter with the momentum-conserving gather" \
    's/^  steps = 3,/  steps = 3,\n  filter = { godfrey = true },\n  gather = "momentum_conserving",/; s/name = "yee"/name = "ckc"/' \
    'bad.lua:11: filter.godfrey: true with gather "momentum_conserving"; picl has the Godfrey coefficients of the energy-conserving' run

# oblique lasers (direction a unit vector; docs/input.md, Lasers)
OBL='lasers = { { position = {5e-7, 5e-7, 5e-7}, polarization = {0.6, 0, -0.8}, wavelength = 8e-7, a0 = 1, waist = 5e-6, tau = 1e-14, t_peak = 3e-14,'
expect "laser direction not a unit vector" "s|^  steps = 3,|  steps = 3, $OBL direction = {0.8, 0, 0.7} } },|" \
    'bad.lua:10: lasers.1.direction: {0.8, 0, 0.7} is not a unit vector (norm 1.063014581273465); expected 3 numbers of norm 1' run
expect "oblique laser polarization not perpendicular" "s|^  steps = 3,|  steps = 3, $OBL direction = {0.6, 0, 0.8}, polarization = {1, 0, 0} } },|" \
    'bad.lua:10: lasers.1.polarization: {1, 0, 0} is not perpendicular to direction {0.6, 0, 0.8}; expected a nonzero vector whose dot product with direction is 0' run
expect "oblique laser out of the x-z plane in 2D" "s|^  steps = 3,|  steps = 3, geometry = \"2d\", $OBL direction = {0, 0.6, 0.8}, polarization = {0, 0.8, -0.6} } },|; s/cells = {8, 8, 8}/cells = {8, 8}/; s/lower = {0, 0, 0}/lower = {0, 0}/; s/upper = {1e-6, 1e-6, 1e-6}/upper = {1e-6, 1e-6}/; s/position = {5e-7, 5e-7, 5e-7}/position = {5e-7, 5e-7}/" \
    'bad.lua:10: lasers.1.direction: {0, 0.6, 0.8} is not in the x-z plane in geometry = "2d"; expected a unit vector with y = 0, or an axis x or z' run

out=$("$picl" gen "$dir/base.lua" --set "fields={Ex=\"$all_functions\"}" -o "$dir/gen_functions" 2>&1)
rc=$?
if [ $rc -ne 0 ]; then bad "every function (gen, rc $rc): $out"
else
    clang=""
    for c in clang-15 clang clang-16 clang-14; do
        command -v "$c" >/dev/null 2>&1 && { clang=$c; break; }
    done
    if [ -z "$clang" ]; then echo "  no clang: the compile of every function is left to a run"; ok
    elif out=$("$clang" -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only \
        "$dir/gen_functions/picl.cl" 2>&1); then ok
    else bad "every function: the program does not compile with $clang: $out"; fi
fi

summary
