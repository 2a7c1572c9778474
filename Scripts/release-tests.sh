#!/usr/bin/env bash
# Builds the portable release in debug mode (quicker to build than release, the same files;
# in .build/portable) into .build/dist and runs its Python tests (Python/tests) against it, in a virtual
# environment of their own (.build/python-tests, made once, with pytest from PyPI).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/python-tests
if [ ! -x "$venv/bin/pytest" ]; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check pytest pillow numpy
fi
bash Scripts/release.sh --configuration debug --output .build/dist --xz-level 1 > /dev/null
# The source-built carender the release's frames are compared with (built already by test.sh).
swift build --product carender > /dev/null
OPENQUARTZCORE_RELEASE="$PWD/.build/dist/carender-linux-$(uname -m).tar.xz" \
    OPENQUARTZCORE_WHEEL="$(ls "$PWD"/.build/dist/openquartzcore-*.whl | head -1)" \
    OPENQUARTZCORE_CARENDER="$(swift build --show-bin-path)/carender" \
    "$venv/bin/pytest" -q -s Python/tests
