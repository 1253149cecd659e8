#!/bin/sh
# gpu_bundle.sh: what tools/gpu_check.sh needs on a machine that has a GPU but no package
# registry (docs/gpu.md): the Debian 12 packages picl builds and runs against (Lua 5.4, the
# OpenCL ICD loader and headers, Open MPI, HDF5's openmpi flavour, pkg-config and every library
# they load), fetched here with `apt-get download`, and a prebuilt picl with its unit tests
# (stripped) for a machine whose compiler cannot build the tree. Run on the Debian 12 build
# machine: `make gpu-bundle`. Output: gpu-bundle/ (git-ignored; the `run` call carries it).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/gpu-bundle}
# what the build needs beyond a C compiler and make: headers, link-time .so names, .pc files
# (libvkfft-dev: one header, vkFFT.h, for runtime/fft.c)
dev="liblua5.4-dev ocl-icd-opencl-dev opencl-c-headers libopenmpi-dev libhdf5-openmpi-dev
     pkgconf pkgconf-bin libpkgconf3 openmpi-common libvkfft-dev"
# what picl loads at run time; their dependencies are followed below
runtime="liblua5.4-0 ocl-icd-libopencl1 libopenmpi3 libhdf5-openmpi-103-1"
# left out: the C library and compiler runtime (the GPU machine's own, newer, are used; picl's
# LD_LIBRARY_PATH must not replace them), package tools and login/PAM machinery nothing of
# picl loads, and hwloc's X11/GL/CUDA plugins (hwloc finds its plugins only under /usr, and
# picl turns its OpenCL plugin off)
skip="libc6 libgcc-s1 libstdc++6 gcc-12-base libatomic1 adduser cdebconf debconf dpkg install-info tar passwd
      libpam-modules libpam-modules-bin libpam0g libpam-runtime readline-common libreadline8 libtinfo6
      libsemanage-common libsemanage2 libsepol2 libselinux1 libaudit-common libaudit1 libcap-ng0 libacl1
      libdebian-installer4 libnewt0.52 libslang2 libtextwrap1 libmd0 libbsd0 libdb5.3 libcrypt1
      libhwloc-plugins libx11-6 libx11-data libxau6 libxcb1 libxdmcp6 libxext6 libxnvctrl0 libpciaccess0
      libicu72 libxml2"
closure=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces \
              --no-enhances $runtime 2>/dev/null | grep -v '^ ' | grep -v '^<' | sort -u)
want=""
for p in $dev $closure; do
    case " $(echo $skip) " in *" $p "*) continue ;; esac
    case " $want " in *" $p "*) continue ;; esac
    want="$want $p"
done
rm -rf "$out/debs"
mkdir -p "$out/debs"
echo "gpu-bundle: downloading$(echo "$want" | wc -w | tr -d ' ') packages into $out/debs"
# shellcheck disable=SC2086 # a list of package names
(cd "$out/debs" && apt-get download $want 2>&1 | grep -v '^Get:\|unsandboxed' || true)
# names of plain letters, digits, '.', '_' and '-' (an epoch's %3a, a '+' or '~' become '_'): nothing
# in transit has to quote them; dpkg -x reads the package, not its name
for f in "$out/debs"/*.deb; do
    g=$(basename "$f" | sed 's/%3a/_/g; s/[^A-Za-z0-9._-]/_/g')
    [ "$g" = "$(basename "$f")" ] || mv "$f" "$out/debs/$g"
done
n=$(ls "$out/debs"/*.deb | wc -l)
[ "$n" -ge "$(echo $want | wc -w)" ] || { echo "gpu-bundle: only $n .deb files arrived" >&2; exit 1; }

# the fallback: picl and its unit tests built here, stripped (gpu_check.sh uses them only when
# the tree does not build there)
make -C "$root" -s all unit >/dev/null
pre=$(mktemp -d)
mkdir -p "$pre/bin" "$pre/build/tests"
cp "$root/bin/picl" "$pre/bin/"
cp "$root"/build/tests/test_* "$pre/build/tests/"
strip "$pre/bin/picl" "$pre"/build/tests/test_*
git -C "$root" rev-parse HEAD >"$pre/COMMIT"
tar -C "$pre" -cJf "$out/prebuilt.tar.xz" .
rm -rf "$pre"

# what travels: the tracked tree (plus untracked, not ignored files) and this folder, 64 MiB in all
bundle=$(du -sb "$out" | cut -f1)
tree=$(cd "$root" && { git ls-files; git ls-files --others --exclude-standard; } | xargs -d '\n' du -cb 2>/dev/null | tail -n 1 | cut -f1)
total=$((bundle + tree))
printf 'gpu-bundle: %d .deb files and prebuilt.tar.xz: %.1f MiB; with the tree %.1f MiB of the 64 MiB a run may carry\n' \
    "$n" "$(echo "$bundle / 1048576" | bc -l)" "$(echo "$total / 1048576" | bc -l)"
[ "$total" -le $((64 * 1048576)) ] || { echo "gpu-bundle: over 64 MiB" >&2; exit 1; }
