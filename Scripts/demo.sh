#!/usr/bin/env bash
# Installs what is needed (Cairo and ffmpeg, see install-dependencies.sh) and runs the main job:
# `carender gallery`, which renders every scene — the seed articles' experiments — to MP4, GIF and
# a poster PNG (and saves it as a .ca CAML bundle) in gallery/ at the top of the package, with
# gallery/index.html to open in a browser. When the CAML corpus is there (../shared/caml-corpus/files
# beside the package), its documents get cards too, their states cycled (--caml); when the Lottie
# corpus is there (../shared/lottie-corpus/samples), each of its animations gets a card (--lottie). Built in
# release mode, which renders much faster. Arguments go to the gallery command (for example
# --output DIR or --scale 2).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/install-dependencies.sh
corpora=()
if [ -d ../shared/caml-corpus/files ]; then corpora+=(--caml ../shared/caml-corpus/files); fi
if [ -d ../shared/lottie-corpus/samples ]; then corpora+=(--lottie ../shared/lottie-corpus/samples); fi
# Only carender is built: the porting step's fixtures (and swift-syntax) stay out (Package.swift).
OPENQUARTZCORE_PORTING_FIXTURES=0 swift run -c release carender gallery "${corpora[@]}" "$@"
