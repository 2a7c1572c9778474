#!/usr/bin/env bash
# Runs the whole test suite: the command the README names and CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/install-dependencies.sh
swift build --build-tests
swift test
