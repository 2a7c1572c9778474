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
# figures come from peer-callgrind.sh. Set-up (valgrind, the stripped driver) in
# callgrind-common.sh.
set -euo pipefail
source "$(dirname "$0")/callgrind-common.sh" SceneDriver
few=${FEW:-4}
many=${MANY:-10}

instructions() { # frames scene-arguments…
    local frames=$1 out="$folder/callgrind.log"
    shift
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$driver" "$1" "$frames" "${@:2}" \
        2>"$out" >/dev/null
    collected "$out"
}

printf '%-28s %20s\n' "scene" "instructions/frame"
for scene in "rects" "cairo-c" "stars" "stars --uncached" "wallpaper --threads 1"; do
    # shellcheck disable=SC2086
    a=$(instructions "$few" $scene)
    # shellcheck disable=SC2086
    b=$(instructions "$many" $scene)
    printf '%-28s %20d\n' "$scene" $(( (b - a) / (many - few) ))
done
