#!/usr/bin/env bash
# Instructions per frame (callgrind) of the renderer's frame benchmarks, the figure beside their
# wall times in README.md that does not drift with the machine. Each scene runs in SceneDriver
# twice, with FEW and MANY frames; (instructions(MANY) - instructions(FEW)) / (MANY - FEW) leaves
# out the setup (building the tree, loading the wallpaper package, the first frames' caches).
#
#     Benchmarks/Scripts/frame-callgrind.sh
#
# Scenes: `rects` (1k-rects-frame-renderer), `cairo-c` (1k-rects-frame-cairo-c), `stars`
# turning with the content cache and without it, `wallpaper` on one thread. Peer-scene
# figures come from peer-callgrind.sh. Installs valgrind with apt-get when missing; valgrind
# 3.19 cannot read the toolchain's DWARF 5, so it runs on a copy of SceneDriver stripped of
# its debug information.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
if ! command -v valgrind >/dev/null; then
    echo "frame-callgrind: installing valgrind" >&2
    apt-get install -y -qq valgrind >/dev/null
fi
swift build -c release --product SceneDriver >/dev/null
folder="$(mktemp -d)"
trap 'rm -rf "$folder"' EXIT
driver="$folder/SceneDriver"
cp "$(swift build -c release --show-bin-path)/SceneDriver" "$driver"
strip --strip-debug "$driver"
few=${FEW:-4}
many=${MANY:-10}

instructions() { # frames scene-arguments…
    local frames=$1 out="$folder/callgrind.log"
    shift
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$driver" "$1" "$frames" "${@:2}" \
        2>"$out" >/dev/null
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out"
}

printf '%-28s %20s\n' "scene" "instructions/frame"
for scene in "rects" "cairo-c" "stars" "stars --uncached" "wallpaper --threads 1"; do
    # shellcheck disable=SC2086
    a=$(instructions "$few" $scene)
    # shellcheck disable=SC2086
    b=$(instructions "$many" $scene)
    printf '%-28s %20d\n' "$scene" $(( (b - a) / (many - few) ))
done
