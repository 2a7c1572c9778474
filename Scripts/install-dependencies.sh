#!/usr/bin/env bash
# Installs the system libraries the package links (Cairo, through pkg-config) when they are
# missing; quiet when they are already there. Uses sudo when not run as root.
set -euo pipefail
if command -v pkg-config > /dev/null && pkg-config --exists cairo; then
    exit 0
fi
run() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
echo "Installing libcairo2-dev and pkg-config (needed by the renderer)..." >&2
run apt-get update -qq
DEBIAN_FRONTEND=noninteractive run apt-get install -y -qq libcairo2-dev pkg-config > /dev/null
