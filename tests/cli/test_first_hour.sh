#!/bin/sh
# test_first_hour.sh: the traps of a new user's first hour (issue 43): an unquoted brace in --set
# is named as the shell's expansion; --set steps wins over the input's stop_time (and the other
# way round) with one log line; -q prints nothing on success; the kernel and roofline tables
# appear only with --profile; picl check prints the plasma's scales, against values by hand.
. "$(dirname "$0")/lib.sh"
scratch first_hour
cd "$dir" || exit 1

# -- what bash makes of `--set grid.cells={64,64,64}`, unquoted: three words
quoted="quote the value: --set 'grid.cells={64,64,64}'"
# (sh does not expand braces; bash, the shell of most users, does: both are tried)
out=$("$picl" check --no-build "$root/inputs/uniform_plasma.lua" --set grid.cells=64 grid.cells=64 grid.cells=64 2>&1)
rc=$?
if command -v bash >/dev/null 2>&1; then
    out=$(bash -c '"$0" check --no-build "$1" --set grid.cells={64,64,64}' "$picl" "$root/inputs/uniform_plasma.lua" 2>&1)
    rc2=$?
    [ $rc2 -eq $rc ] || { rc=$rc2; out="under bash: $out"; }
fi
if [ $rc -eq 2 ] && echo "$out" | grep -qF "the shell expanded the braces of an unquoted --set grid.cells={64,64,64} into 3 words" &&
    echo "$out" | grep -qF "$quoted"; then ok
else bad "brace-expanded --set (rc $rc): $out"; fi
# the same words before the input, and as --set=
out=$("$picl" check --set grid.cells=64 grid.cells=64 grid.cells=64 --no-build "$root/inputs/uniform_plasma.lua" 2>&1)
if [ $? -eq 2 ] && echo "$out" | grep -qF "$quoted"; then ok; else bad "brace-expanded --set before the input: $out"; fi
out=$("$picl" check --no-build "$root/inputs/uniform_plasma.lua" --set=grid.cells=64 --set=grid.cells=64 --set=grid.cells=64 2>&1)
if [ $? -eq 2 ] && echo "$out" | grep -qF "$quoted"; then ok; else bad "brace-expanded --set=: $out"; fi
# quoted, it is one value; a stray KEY=VALUE of another key is still just an unexpected argument
out=$("$picl" check --no-build "$root/inputs/uniform_plasma.lua" --set 'grid.cells={16,16,16}' --set grid.max_box=8 2>&1)
if [ $? -eq 0 ] && echo "$out" | grep -q "^grid  *16 x 16 x 16 cells"; then ok; else bad "quoted grid.cells: $out"; fi
out=$("$picl" check --no-build "$root/inputs/uniform_plasma.lua" --set steps=3 shape_order=2 2>&1)
if [ $? -eq 2 ] && echo "$out" | grep -qF "unexpected argument 'shape_order=2'"; then ok; else bad "stray KEY=VALUE: $out"; fi

# -- --set steps over the input's stop_time (langmuir.lua gives stop_time), and the reverse
out=$("$picl" check --no-build "$root/inputs/langmuir.lua" --set steps=20 2>&1)
if [ $? -eq 0 ] && echo "$out" | grep -q "^steps  *20, to t = " &&
    [ "$(echo "$out" | grep -c "^picl: --set steps=20 replaces the input's stop_time = 1.4088e-13 s$")" = 1 ]; then ok
else bad "--set steps=20 on langmuir.lua: $out"; fi
# uniform_plasma.lua gives steps = 100 and dt = 2.40729e-15 s: stop_time 1e-14 s is 5 steps
out=$("$picl" check --no-build "$root/inputs/uniform_plasma.lua" --set stop_time=1e-14 2>&1)
if [ $? -eq 0 ] && echo "$out" | grep -q "^steps  *5, to t = .*(stop_time 1e-14 s)" &&
    echo "$out" | grep -q "^picl: --set stop_time=1e-14 replaces the input's steps = 100$"; then ok
else bad "--set stop_time on uniform_plasma.lua: $out"; fi
# both from the command line is still the user's contradiction
out=$("$picl" check --no-build "$root/inputs/langmuir.lua" --set steps=20 --set stop_time=1e-14 2>&1)
if [ $? -eq 2 ] && echo "$out" | grep -qF -- "--set: stop_time: give steps or stop_time, not both"; then ok
else bad "both from --set: $out"; fi

# -- -q prints nothing on success; the summary alone by default; the tables with --profile (and -v)
tiny="--set grid.cells={8,8,8} --set grid.max_box=8 --set steps=3"
"$picl" run "$root/inputs/uniform_plasma.lua" -q $tiny >q.out 2>q.err
rc=$?
if [ $rc -eq 0 ] && [ ! -s q.out ] && [ ! -s q.err ]; then ok
else bad "-q printed something (rc $rc): $(cat q.out q.err)"; fi
"$picl" run "$root/inputs/uniform_plasma.lua" $tiny >d.out 2>d.err
if [ $? -eq 0 ] && grep -q "^summary: 3 steps" d.out && ! grep -q "^kernel  *seconds" d.out && ! grep -q "^roofline:" d.out; then ok
else bad "default run: the summary without the tables: $(cat d.out)"; fi
"$picl" run "$root/inputs/uniform_plasma.lua" --profile $tiny >p.out 2>p.err
if [ $? -eq 0 ] && grep -q "^summary: 3 steps" p.out && grep -q "^kernel  *seconds  *share  *ms per step  *launches/step" p.out &&
    awk '$1 == "push_deposit_0" { f = 1 } END { exit !f }' p.out && grep -q "^roofline:" p.out; then ok
else bad "--profile: the kernel and roofline tables: $(cat p.out)"; fi
"$picl" run "$root/inputs/uniform_plasma.lua" -q --profile $tiny >qp.out 2>qp.err
if [ $? -eq 0 ] && grep -q "^kernel  *seconds" qp.out && [ ! -s qp.err ]; then ok
else bad "-q --profile: the tables, no log: $(cat qp.out qp.err)"; fi

# -- the ETA counts the steps after the first (the first holds the kernels' compile): after step 1
# there is no rate yet ("ETA -"), after step 2 a rate of one step
"$picl" run "$root/inputs/uniform_plasma.lua" $tiny --set progress_interval=1 >e.out 2>e.err
if [ $? -eq 0 ] && grep -q "step 1/3 .* ETA -$" e.out e.err && grep -q "step 2/3 .* ETA [0-9]* s$" e.out e.err; then ok
else bad "the ETA after the first step: $(grep 'step [0-9]/3' e.out e.err)"; fi

# -- the plasma's scales in check, by hand for n = 1e24 m^-3 electrons with u_th = 0.01 per axis on
# cells of 40 um / 32 = 1.25 um: omega_p = sqrt(n e^2 / (eps0 m_e)) = 5.641e13 rad/s, lambda_p =
# 2 pi c / omega_p = 33.39 um = 26.7 cells, c / omega_p = 5.314 um = 4.25 cells; kT = m_e c^2 u_th^2
# = 51.1 eV, Debye length v_th / omega_p = 0.01 c / omega_p = 5.314e-8 m = 0.0425 dx
out=$("$picl" check --no-build "$root/inputs/uniform_plasma.lua" --set species.electrons.density=1e24 \
    --set 'species.electrons.u_th={0.01,0.01,0.01}' 2>&1)
if echo "$out" | grep -q "^scales  *electrons: density n = 1e+24 m^-3: omega_p = 5.641e+13 rad/s" &&
    echo "$out" | grep -q "lambda_p = 2 pi c / omega_p = 3.339e-05 m (26.7 cells), skin depth c / omega_p = 5.314e-06 m (4.25 cells of 1.25e-06 m)" &&
    echo "$out" | grep -q "kT = 51.1 eV: Debye length 5.314e-08 m = 0.0425 dx"; then ok
else bad "plasma scales: $(echo "$out" | grep -A2 '^scales')"; fi
# a profile's peak (lwfa.lua: a ramp up to n0 = 1e25 m^-3) and the laser: 0.8 um on dz = 0.8/12 um
out=$("$picl" check --no-build "$root/inputs/lwfa.lua" 2>&1)
if echo "$out" | grep -q "^scales  *electrons: profile: peak n = 1e+25 m^-3: omega_p = 1.784e+14 rad/s" &&
    echo "$out" | grep -q "^scales  *laser drive: a0 = 2, wavelength 8e-07 m = 12.0 cells along z"; then ok
else bad "lwfa scales: $(echo "$out" | grep -A2 '^scales')"; fi
summary
