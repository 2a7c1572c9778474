#!/usr/bin/env bash
# A template batch against one process a row: CPU (user + system, every process) per output.
#
#   bash Benchmarks/Scripts/variants-batch.sh [ROWS] [SINGLES]
#
# ROWS rows (1,000 by default) of the extended corpus's Switch, each a different colour for
# "Switch Outline Outlines.Fill 1.Color", rendered as PNGs by one `carender render --variants`;
# then SINGLES of the same rows (50 by default) each by its own `carender frame --values`, as a
# server that starts a process a request would. Needs ../shared/lottie-extended and a release
# carender (swift build -c release --product carender).
set -euo pipefail
rows=${1:-1000}
singles=${2:-50}
root=$(cd "$(dirname "$0")/../.." && pwd)
carender="$root/.build/release/carender"
sample="$root/../shared/lottie-extended/samples/Switch.json"
[ -x "$carender" ] || { echo "variants-batch: build carender first (swift build -c release --product carender)"; exit 1; }
[ -f "$sample" ] || { echo "variants-batch: skipped, $sample is absent"; exit 0; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
keypath='Switch Outline Outlines.Fill 1.Color'
{
    echo "output,color:$keypath"
    for ((i = 0; i < rows; i++)); do printf 'row%04d,#%02x%02x%02x\n' "$i" $((i % 256)) $(((i * 7) % 256)) $(((i * 13) % 256)); done
} > "$work/rows.csv"
cpu() { # CPU milliseconds (user + system) of the command
    /usr/bin/time -f '%U %S' -o "$work/time" "$@" > /dev/null 2>&1
    awk '{printf "%d", ($1 + $2) * 1000}' "$work/time"
}
batch=$(cpu "$carender" render "$sample" --variants "$work/rows.csv" --output-dir "$work/batch" --format png)
count=$(ls "$work/batch" | wc -l)
single=0
for ((i = 0; i < singles; i++)); do
    printf '{"valueProviders": [{"keypath": "%s", "color": [%s, %s, %s, 1]}]}' "$keypath" \
        "$(echo "scale=4; $((i % 256)) / 255" | bc)" "$(echo "scale=4; $(((i * 7) % 256)) / 255" | bc)" \
        "$(echo "scale=4; $(((i * 13) % 256)) / 255" | bc)" > "$work/row.json"
    ticks_used=$(cpu "$carender" frame "$sample" --values "$work/row.json" -o "$work/single-$i.png")
    single=$((single + ticks_used))
done
echo "batch: $count outputs, $(echo "scale=2; $batch / $count" | bc) ms CPU each"
echo "one process a row: $singles outputs, $(echo "scale=2; $single / $singles" | bc) ms CPU each"
echo "batch ÷ processes: $(echo "scale=3; ($batch / $count) / ($single / $singles)" | bc)"
