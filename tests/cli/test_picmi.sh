#!/bin/sh
# test_picmi.sh: the PICMI front end (python/picl_picmi): its pytest suite in tests/picmi (the
# Langmuir and laser-driven cases against theory, the round trip through picl check, the
# refusals), run with the pinned Python of .venv, which tools/venv.sh makes with picmistandard and
# the package (and remakes when tests/requirements.txt changed: an older .venv lacks them).
. "$(dirname "$0")/lib.sh"
"$root/tools/venv.sh" || { echo "FAIL: no Python environment for the PICMI tests (make venv)"; exit 1; }
scratch picmi
# -p no:cacheprovider: nothing written into the checkout; PYTHONPATH: this checkout's package, also
# where .venv is another checkout's (a worktree's link) whose editable install points there
PYTHONPATH="$root/python${PYTHONPATH:+:$PYTHONPATH}" "$root/.venv/bin/python" -m pytest -q -p no:cacheprovider "$root/tests/picmi" >"$dir/pytest.log" 2>&1
rc=$?
cat "$dir/pytest.log"
echo "  pytest tests/picmi: $(tail -n 1 "$dir/pytest.log")"
exit $rc
