#!/usr/bin/env bash
# Runs the whole test suite: the command the README names, and the first of CI's jobs
# (.ci/run). In order:
#
# 1. installs what is missing (Scripts/install-dependencies.sh);
# 2. checks the rings (Scripts/check-rings.sh): no target names a ring outside its own;
# 3. builds the package and its tests — without the preview server, which only
#    OPENQUARTZCORE_PREVIEW=1 builds (Scripts/preview-tests.sh tests it) — and runs them all.
#    Long tests (the corpus determinism run) run only with OPENQUARTZCORE_LONG_TESTS=1, on
#    their own after the others, as CI runs them;
# 4. with the long tests, the portable release, built in debug mode in a build folder of its
#    own (.build/portable: its objects are compiled against the static Swift runtime) and
#    checked by its Python tests (Scripts/release-tests.sh); SKIP_RELEASE_TESTS=1 leaves that out;
# 5. with the long tests (OPENQUARTZCORE_LONG_TESTS=1, as CI runs them), the model ring's tests
#    again under Thread Sanitizer, in a package that names no C library
#    (Scripts/model-tests.sh); SKIP_MODEL_TESTS=1 leaves that out.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/install-dependencies.sh
bash Scripts/check-rings.sh
# The preview's flag would add the server's targets to this build: this run is the plain one.
unset OPENQUARTZCORE_PREVIEW
swift build --build-tests
if [ "${OPENQUARTZCORE_LONG_TESTS:-0}" = 1 ]; then
    # The long tests keep both cores busy for minutes: they run alone, after the others.
    OPENQUARTZCORE_LONG_TESTS=0 swift test --skip-build
    swift test --skip-build --filter WorkerDeterminismTests
else
    swift test --skip-build
fi
if [ "${OPENQUARTZCORE_LONG_TESTS:-0}" = 1 ] && [ "${SKIP_RELEASE_TESTS:-0}" != 1 ]; then
    bash Scripts/release-tests.sh
fi
if [ "${OPENQUARTZCORE_LONG_TESTS:-0}" = 1 ] && [ "${SKIP_MODEL_TESTS:-0}" != 1 ]; then
    bash Scripts/model-tests.sh
fi
