#!/usr/bin/env bash
# Instructions per frame (callgrind) of the peer scene drawn on one thread, ours (CARenderer)
# beside C + Cairo, both in PeerDriver's `loop` mode. Each side runs twice, with FEW and MANY
# frames; (instructions(MANY) - instructions(FEW)) / (MANY - FEW) leaves out the setup (the
# tree, the animations, Cairo's surface).
#
#     Benchmarks/Scripts/peer-callgrind.sh [N WIDTH HEIGHT]...   default: 100 1920 1080  1000 1920 1080
#
# Set-up (valgrind, the stripped driver) in callgrind-common.sh.
set -euo pipefail
source "$(dirname "$0")/callgrind-common.sh" PeerDriver
few=${FEW:-2}
many=${MANY:-6}
if [ $# -eq 0 ]; then set -- 100 1920 1080 1000 1920 1080; fi

instructions() { # side count width height frames
    local out="$folder/callgrind.log"
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$driver" loop "$1" "$2" "$3" "$4" --frames "$5" \
        2>"$out" >/dev/null
    collected "$out"
}

printf '%-22s %18s %18s %8s\n' "scene" "ours (instr/frame)" "C + Cairo" "ratio"
while [ $# -ge 3 ]; do
    count=$1 width=$2 height=$3
    shift 3
    declare -A per
    for side in ours cairo; do
        a=$(instructions "$side" "$count" "$width" "$height" "$few")
        b=$(instructions "$side" "$count" "$width" "$height" "$many")
        per[$side]=$(( (b - a) / (many - few) ))
    done
    printf '%-22s %18d %18d %8s\n' "N=$count ${width}x$height" "${per[ours]}" "${per[cairo]}" \
        "$(awk -v a="${per[ours]}" -v b="${per[cairo]}" 'BEGIN { printf "%.2f", a / b }')"
done
