#!/usr/bin/env bash
# What the peer benchmark (issue 13) needs besides the Swift packages, made or installed only
# when missing, quietly: the C + Cairo program (CReference/peers), ffmpeg with libx264, and the
# Python Lottie players (thorvg-python, rlottie-python from pip) and Blend2D (blend2d-py from pip,
# issue 30's yardstick). Not part of the main test command.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
make -s -C "$here/CReference" peers >/dev/null
if ! command -v ffmpeg >/dev/null; then
    echo "peer-setup: installing ffmpeg" >&2
    apt-get install -y -qq ffmpeg >/dev/null
fi
if ! python3 -c 'import thorvg_python, rlottie_python' 2>/dev/null; then
    echo "peer-setup: installing thorvg-python and rlottie-python" >&2
    python3 -m pip install -q thorvg-python rlottie-python >/dev/null 2>&1
fi
if ! python3 -c 'import blend2d' 2>/dev/null; then
    echo "peer-setup: installing blend2d-py" >&2
    python3 -m pip install -q blend2d-py==2025.2.0 >/dev/null 2>&1
fi
