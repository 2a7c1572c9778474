#!/usr/bin/env bash
# Builds the portable release of carender: dist/carender-linux-ARCH.tar.xz, which runs on a
# Debian or Ubuntu machine with no Swift toolchain and none of the -dev packages.
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
for tool in patchelf xz; do
    if ! command -v "$tool" > /dev/null; then
        echo "release.sh: $tool is needed (Debian and Ubuntu: apt-get install $tool)" >&2
        exit 1
    fi
done

arch="$(uname -m)"
name="carender-linux-$arch"
echo "Building carender ($configuration, the Swift runtime linked statically)..." >&2
# A build folder of its own: objects compiled against the static runtime name its static
# libraries, and a plain build in the same folder would link them without those.
build=(swift build -c "$configuration" --scratch-path .build/portable)
OPENQUARTZCORE_PORTING_FIXTURES=0 "${build[@]}" --product carender --static-swift-stdlib
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
