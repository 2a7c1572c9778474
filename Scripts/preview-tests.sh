#!/usr/bin/env bash
# Builds the package with the preview server (OPENQUARTZCORE_PREVIEW=1 adds SwiftNIO,
# Hummingbird and the preview's targets) and runs the preview's tests: its server driven over
# HTTP and WebSocket, `carender preview` as a user starts it. CI runs it after Scripts/test.sh
# (.ci/run); a contributor runs it when changing the preview.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/install-dependencies.sh
export OPENQUARTZCORE_PREVIEW=1
swift build --build-tests
swift test --skip-build --filter 'PreviewTests|CarenderCommandTests'
