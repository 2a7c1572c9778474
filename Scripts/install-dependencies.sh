#!/usr/bin/env bash
# Installs the system libraries the package links (Cairo, through pkg-config) and the fonts the
# renderer draws text with (DejaVu, which fontconfig finds) when they are missing; quiet when
# they are already there. Uses sudo when not run as root.
set -euo pipefail
packages=()
if ! { command -v pkg-config > /dev/null && pkg-config --exists cairo; }; then
    packages+=(libcairo2-dev pkg-config)
fi
if [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]; then
    packages+=(fonts-dejavu-core)
fi
if [ ${#packages[@]} -eq 0 ]; then
    exit 0
fi
run() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
echo "Installing ${packages[*]} (needed by the renderer)..." >&2
run apt-get update -qq
DEBIAN_FRONTEND=noninteractive run apt-get install -y -qq "${packages[@]}" > /dev/null
