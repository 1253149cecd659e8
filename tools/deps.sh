#!/bin/sh
# deps.sh: installs the Debian 12 packages picl needs, and only those that are missing, so
# `make run` and `make test` work on a fresh machine and cost nothing on a prepared one.
set -e
# compiler and build: gcc (with libasan/libubsan for `make asan`), make, pkg-config
# OpenCL: the ICD loader, headers, PoCL's CPU device (which brings clang for its compiler)
# Lua 5.4 for input scripts; MPI and parallel HDF5 for the multi-rank runtime and openPMD output
# Oclgrind: a second OpenCL implementation (a simulated GPU-like device) for tests/cli/test_oclgrind.sh
# VkFFT (header only, OpenCL backend): the FFTs of the spectral solver, runtime/fft.c (docs/psatd.md)
pkgs="gcc libc6-dev make pkg-config
      ocl-icd-opencl-dev opencl-headers pocl-opencl-icd
      liblua5.4-dev
      libopenmpi-dev openmpi-bin libhdf5-openmpi-dev
      oclgrind
      libvkfft-dev"
missing=""
for p in $pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "deps: installing$missing"
if [ "$(id -u)" -eq 0 ]; then
    sudo=""
elif command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
else
    echo "deps: these Debian packages are missing:$missing" >&2
    echo "deps: installing them needs root; run as root: apt-get install$missing" >&2
    exit 1
fi
# No questions asked (CI runs without a terminal), and the package lists are fetched first:
# a fresh image has none.
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086 # $missing is a list of package names
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing </dev/null
