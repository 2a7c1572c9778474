#!/usr/bin/env bash
# Installs what is needed (Cairo, see install-dependencies.sh) and runs the main job: the demo
# that prints what the seed articles' experiments print.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/install-dependencies.sh
swift run carender demo
