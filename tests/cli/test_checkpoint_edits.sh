#!/bin/sh
# test_checkpoint_edits.sh: checkpoints with edited root attributes or box counters are refused,
# naming what is wrong; the checks are in tests/output/test_checkpoint_edits.py (h5py, .venv).
. "$(dirname "$0")/lib.sh"
need_venv
exec "$root/.venv/bin/python" "$root/tests/output/test_checkpoint_edits.py"
