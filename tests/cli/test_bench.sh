#!/bin/sh
# test_bench.sh: `picl bench` on PoCL: a tiny sweep (16^3 cells, 4 variants, 4 steps) runs and
# writes one JSON line per variant; killed after its first variant, it resumes without redoing
# it; --report prints the table and writes a CSV that parses; the correctness gate marks the
# variants built with the test-only debug.drop_term (Ampere's law without J) as failed and passes
# the sorted ones, and places the fastest one's kernels under the roofline; a bad spec is one
# message; --device-limits prints bandwidth and flop rates and stores them in the tuning file;
# tools/bench_plot.py draws a PNG (when the .venv of `make venv` is there).
. "$(dirname "$0")/lib.sh"
scratch bench
cd "$dir" || exit 1
export PICL_TUNING="$dir/tuning.lua" # never the user's

cat >tiny.lua <<LUA
local picl = require("picl")
return picl.bench {
  base = "$root/inputs/uniform_plasma.lua",
  set = { ["grid.cells"] = {16, 16, 16}, ["grid.max_box"] = 8 },
  axes = { { "debug.drop_term", { "none", "ampere_J" } }, { "sort.interval", { 0, 1 } } },
  warmup = 1, steps = 3, repeats = 1,
}
LUA

# -- a sweep killed once its first variant is recorded ...
"$picl" bench tiny.lua -o res.jsonl >log1 2>&1 &
pid=$!
i=0
while [ $i -lt 1500 ] && [ ! -s res.jsonl ] && kill -0 $pid 2>/dev/null; do
    sleep 0.2
    i=$((i + 1))
done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
pid=""
first=$(wc -l <res.jsonl 2>/dev/null || echo 0)
if [ "$first" -ge 1 ] && [ "$first" -lt 4 ]; then ok; else bad "killed sweep left $first lines: $(cat log1)"; fi

# -- ... resumes: the recorded variants are skipped, the rest run, 4 lines in all
"$picl" bench tiny.lua -o res.jsonl >log2 2>&1
rc=$?
skipped=$(grep -c "^picl: \[.*: in res.jsonl already$" log2)
if [ $rc -eq 0 ] && [ "$(wc -l <res.jsonl)" -eq 4 ] && [ "$skipped" -eq "$first" ]; then ok
else bad "resume (rc $rc, $skipped skipped of $first): $(cat log2)"; fi
echo "  killed after $first variant(s); the second run skipped $skipped and ran $((4 - skipped))"

# -- every line is JSON with the device, the version, the parameters, times and a gate
python3 - res.jsonl >check 2>&1 <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
ids = set()
for line in lines:
    r = json.loads(line)
    assert r["id"] not in ids, "variant recorded twice: " + r["id"]
    ids.add(r["id"])
    for k in ("device", "picl", "params", "step_s", "ns_per_particle_step", "fom", "launches_per_step", "kernels", "gate"):
        assert k in r, k + " missing"
    assert r["device"]["name"] and r["device"]["compute_units"] >= 1
    s = r["step_s"]
    assert 0 < s["min"] <= s["median"] <= s["max"], s
    wrong = r["params"]["debug.drop_term"] != "none"
    assert r["status"] == ("failed" if wrong else "ok"), (r["id"], r["status"], r["gate"])
    print("  %-45s %-7s rel_J %.2g rel_E %.2g residual %.2g" % (r["id"], r["status"], r["gate"]["rel_J"], r["gate"]["rel_E"], r["gate"]["residual"]))
assert len(ids) == 4
print("json ok")
PY
if grep -q "json ok" check; then ok; else bad "JSON lines: $(cat check)"; fi
grep '^  ' check

# -- the report: a table sorted by time, the wrong variants after the right ones; a CSV
"$picl" bench --report res.jsonl >report 2>&1
rc=$?
python3 - res.csv >check 2>&1 <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 4, len(rows)
ranked = [r for r in rows if r["rank"] != "0"]
assert [r["status"] for r in rows] == ["ok", "ok", "failed", "failed"], [r["status"] for r in rows]
t = [float(r["step_s.median"]) for r in ranked]
assert t == sorted(t), t
assert all(float(r["fom"]) > 0 for r in rows)
print("csv ok")
PY
if [ $rc -eq 0 ] && grep -q "FAILED" report && grep -q "csv ok" check; then ok; else bad "report (rc $rc): $(cat report) $(cat check)"; fi
# the roofline of the fastest variant: the push kernel with its counted work and a fraction of
# the roofs the sweep measured (no tuning file holds them yet)
if grep -q "^roofline: .*roofs [0-9.]* GB/s" report &&
    awk '$1 == "push_deposit_0" && $2 == "particle" && $3 + 0 > 0 && $9 ~ /%$/ { good = 1 } END { exit !good }' report; then ok
else bad "report's roofline: $(cat report)"; fi
sed -n '/^rank 1,/,/^csv/p' report | sed 's/^/  /'

# -- a bad spec is one message with the file, the line and the key; nothing is written
printf 'local picl = require("picl")\nreturn picl.bench {\n  base = "%s",\n  axis = { shape_order = {1, 3} },\n}\n' \
    "$root/inputs/uniform_plasma.lua" >bad.lua
out=$("$picl" bench bad.lua -o bad.jsonl 2>&1)
rc=$?
if [ $rc -eq 2 ] && echo "$out" | grep -q "bad.lua:4: axis: unknown key; did you mean 'axes'?" && [ ! -e bad.jsonl ]; then ok
else bad "bad spec (rc $rc): $out"; fi

# -- the device's limits
out=$("$picl" bench --device-limits 2>&1)
rc=$?
if [ $rc -eq 0 ] && echo "$out" | grep -q "^bandwidth: [0-9.]* GB/s" && echo "$out" | grep -q "^flops float: [0-9.]* GFlop/s" &&
    echo "$out" | grep -q "^stored in $PICL_TUNING" && grep -q "^limits { .*bandwidth_GBs = " "$PICL_TUNING"; then ok
else bad "--device-limits (rc $rc): $out"; fi
echo "$out" | sed 's/^/  /'

# -- the plot (Python is never on the run path; skipped without the test .venv)
py=$root/.venv/bin/python
if [ -x "$py" ] && "$py" -c "import matplotlib" 2>/dev/null; then
    if "$py" "$root/tools/bench_plot.py" res.jsonl -o plot.png >plot.log 2>&1 && [ -s plot.png ]; then ok
    else bad "bench_plot.py: $(cat plot.log)"; fi
else
    echo "  tools/bench_plot.py not tried: no .venv with matplotlib (make venv)"
fi

summary
