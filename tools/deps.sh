#!/bin/sh
# deps.sh: installs the Debian packages picl needs, and only those that are missing.
set -e
pkgs="ocl-icd-opencl-dev opencl-headers pocl-opencl-icd liblua5.4-dev libopenmpi-dev openmpi-bin libhdf5-openmpi-dev pkg-config"
missing=""
for p in $pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "deps: installing$missing"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
