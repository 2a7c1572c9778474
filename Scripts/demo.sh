#!/usr/bin/env bash
# Installs what is needed (Cairo and ffmpeg, see install-dependencies.sh) and runs the main job:
# `carender gallery`, which renders every demo — the seed articles' experiments — to MP4, GIF and
# a poster PNG in gallery/ at the top of the package, with gallery/index.html to open in a
# browser. Built in release mode, which renders much faster. Arguments go to the gallery command
# (for example --output DIR or --scale 2).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/install-dependencies.sh
swift run -c release carender gallery "$@"
