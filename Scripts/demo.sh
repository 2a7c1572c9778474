#!/usr/bin/env bash
# Installs what is needed (Cairo and ffmpeg, see install-dependencies.sh) and runs the main job:
# `carender gallery`, which renders every demo — the seed articles' experiments — to MP4, GIF and
# a poster PNG (and saves it as a .ca CAML bundle) in gallery/ at the top of the package, with
# gallery/index.html to open in a browser. When the CAML corpus is there (../shared/caml-corpus/files
# beside the package), its documents get cards too, their states cycled (--caml). Built in
# release mode, which renders much faster. Arguments go to the gallery command (for example
# --output DIR or --scale 2).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/install-dependencies.sh
corpus=../shared/caml-corpus/files
if [ -d "$corpus" ]; then
    swift run -c release carender gallery --caml "$corpus" "$@"
else
    swift run -c release carender gallery "$@"
fi
