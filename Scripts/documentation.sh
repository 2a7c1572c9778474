#!/usr/bin/env bash
# Builds the DocC documentation of every library module (swift-docc-plugin) into
# .build/documentation/, and fails if DocC warns about anything: a link that does not
# resolve, an article missing from its catalog, a symbol that does not exist.
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
# DocC moves each archive into this folder; it must exist on a fresh build folder.
mkdir -p .build/documentation
# The preview library is a module of the package only with its flag.
export OPENQUARTZCORE_PREVIEW=1
for module in OpenCoreGraphics OpenQuartzCore OpenUIKit OpenImageIO OpenQuartzCoreRenderer OpenCAML OpenLottie \
    OpenQuartzCoreScenes OpenQuartzCorePreview OpenQuartzCoreSnapshotTesting; do
    swift package --allow-writing-to-directory .build/documentation generate-documentation \
        --target "$module" --output-path ".build/documentation/$module" --warnings-as-errors >"$log" 2>&1 || {
        status=1
        echo "documentation: $module has DocC warnings or errors:" >&2
        grep -E 'warning:|error:' "$log" | sort -u >&2 || tail -20 "$log" >&2
    }
done
[ "$status" = 0 ] && echo "documentation: every module's catalog builds without warnings"
exit "$status"
