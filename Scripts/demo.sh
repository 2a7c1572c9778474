#!/usr/bin/env bash
# Installs what is needed (nothing beyond Swift, for now) and runs the main job: the demo
# that prints what the seed articles' experiments print.
set -euo pipefail
cd "$(dirname "$0")/.."
swift run carender demo
