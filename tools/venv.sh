#!/bin/sh
# venv.sh: the Python environment of the tests and of tools/plot_diags.py, in .venv, with the
# pinned packages of tests/requirements.txt and the PICMI front end python/picl_picmi (editable).
# Does nothing when .venv already holds exactly them; rebuilds it when the list changed. Python
# is never on the run path.
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
venv=$root/.venv
req=$root/tests/requirements.txt
stamp=$venv/.requirements
if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && cmp -s "$req" "$stamp"; then
    exit 0
fi
python=${PYTHON:-python3}
command -v "$python" >/dev/null 2>&1 || { echo "venv: $python not found (Debian: apt-get install python3 python3-venv)" >&2; exit 1; }
rm -rf "$venv"
if ! "$python" -m venv "$venv" 2>/dev/null; then
    # Debian's python3 has no ensurepip without python3-venv
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "venv: installing python3-venv"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-venv </dev/null ||
            { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-venv </dev/null; }
        rm -rf "$venv"
        "$python" -m venv "$venv"
    else
        echo "venv: '$python -m venv' failed; install python3-venv (as root: apt-get install python3-venv)" >&2
        exit 1
    fi
fi
echo "venv: installing the pinned test packages into $venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$req"
# the PICMI front end, from this checkout (editable: python/picl_picmi is used as it stands);
# no build isolation, so nothing beyond the pinned list is fetched (the venv's own setuptools builds it)
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input --no-deps \
    --no-build-isolation -e "$root/python"
cp "$req" "$stamp"
