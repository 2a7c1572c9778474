#!/usr/bin/env bash
# What the PortIOSSources plugin adds to a clean build of a 30-file target (issue 69: at most
# 10 %). Two targets of one package hold the same iOS files: `ThroughPlugin` excludes them and
# applies the plugin, as a user's target does; `PortedByHand` holds the copies
# `openquartzcore-port --output` wrote, as if the user had ported them by hand. Both compile in
# Swift 5 mode against OpenUIKit. Everything they depend on (OpenUIKit, the porting command and
# swift-syntax under it) is built first and kept; each round then removes one target's build
# products (and, for the plugin, its ported copies) and times `swift build --target` on it, the
# two alternating so that the machine's drift falls on both.
#
# Usage: Benchmarks/Scripts/plugin-overhead.sh [FOLDER] [--rounds N] [--configuration debug|release]
# FOLDER holds the iOS Swift files of one target (all compiling together through the porting
# step). Without it, the main package's iOS fixtures (Tests/PortedIOSFixtures/iOS) are copied
# four times, each copy's public names suffixed, and the first 30 files taken.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
rounds=5
configuration=debug
folder=""
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds="$2"; shift 2 ;;
        --configuration) configuration="$2"; shift 2 ;;
        *) folder="$1"; shift ;;
    esac
done
work="$(mktemp -d /tmp/plugin-overhead.XXXXXX)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/ThroughPlugin/iOS" "$work/Sources/PortedByHand"

python3 - "$root/Tests/PortedIOSFixtures/iOS" "$work/Sources/ThroughPlugin/iOS" "$folder" <<'COPY'
import os, re, shutil, sys
fixtures, target, folder = sys.argv[1:4]
if folder:
    for name in sorted(os.listdir(folder)):
        if name.endswith(".swift"):
            shutil.copy(os.path.join(folder, name), target)
    sys.exit(0)
texts = {name: open(os.path.join(fixtures, name), encoding="utf-8").read()
         for name in sorted(os.listdir(fixtures)) if name.endswith(".swift")}
# The names a copy declares where another copy would declare them again: its types, its
# notification names, its optional protocol methods, and the members its extensions of UIKit's
# types add.
names = set()
for text in texts.values():
    names |= set(re.findall(r"(?:class|struct|enum|protocol)\s+([A-Z]\w*)", text))
    names |= set(re.findall(r"public static let (\w+)", text))
    # An optional protocol method is found by its name alone, so each copy's needs its own.
    names |= set(re.findall(r"optional func (\w+)", text))
    if re.search(r"^extension UI\w+ \{", text, re.M):
        names |= set(re.findall(r"public (?:var|func) (\w+)", text))
pattern = re.compile(r"\b(" + "|".join(sorted(names, key=len, reverse=True)) + r")\b")
written = 0
for copy in range(1, 5):
    for name, text in texts.items():
        if written == 30:
            break
        renamed = pattern.sub(lambda m: m.group(1) + str(copy), text)
        open(os.path.join(target, f"{name[:-6]}{copy}.swift"), "w", encoding="utf-8").write(renamed)
        written += 1
COPY
count=$(ls "$work/Sources/ThroughPlugin/iOS" | wc -l)
echo "$count iOS files"

cat > "$work/Package.swift" <<PACKAGE
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "PluginOverhead",
    dependencies: [.package(name: "OpenQuartzCore", path: "$root")],
    targets: [
        .target(
            name: "ThroughPlugin",
            dependencies: [.product(name: "OpenUIKit", package: "OpenQuartzCore")],
            exclude: ["iOS"],
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "PortIOSSources", package: "OpenQuartzCore")]
        ),
        .target(
            name: "PortedByHand",
            dependencies: [.product(name: "OpenUIKit", package: "OpenQuartzCore")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)
PACKAGE
# A file of its own in the plugin's target, so that it has a source besides the ported ones.
echo "// The iOS files are in iOS/, ported by the plugin." > "$work/Sources/ThroughPlugin/Target.swift"
echo "// The iOS files, ported by openquartzcore-port." > "$work/Sources/PortedByHand/Target.swift"

cd "$work"
swift build -c "$configuration" --product openquartzcore-port >/dev/null
"$(swift build -c "$configuration" --show-bin-path)/openquartzcore-port" --output Sources/PortedByHand Sources/ThroughPlugin/iOS/*.swift >/dev/null
swift build -c "$configuration" >/dev/null

bin="$(swift build -c "$configuration" --show-bin-path)"
clean() {
    rm -rf "$bin/$1.build" "$bin/Modules/$1.swiftmodule" "$bin/$1.swiftmodule" .build/plugins/outputs/*/"$1"
}
seconds() {
    local start end
    start=$(date +%s.%N)
    swift build -c "$configuration" --target "$1" >/dev/null
    end=$(date +%s.%N)
    python3 -c "print(f'{$end - $start:.2f}')"
}
plugin=() byhand=()
for round in $(seq "$rounds"); do
    clean ThroughPlugin; plugin+=("$(seconds ThroughPlugin)")
    clean PortedByHand; byhand+=("$(seconds PortedByHand)")
    echo "round $round: through the plugin ${plugin[-1]} s, ported by hand ${byhand[-1]} s"
done
python3 - "${plugin[*]}" "${byhand[*]}" <<'REPORT'
import statistics, sys
plugin = [float(x) for x in sys.argv[1].split()]
byhand = [float(x) for x in sys.argv[2].split()]
ratios = [p / h for p, h in zip(plugin, byhand)]
print(f"median: through the plugin {statistics.median(plugin):.2f} s, ported by hand {statistics.median(byhand):.2f} s")
print(f"plugin ÷ by hand, round by round: median {statistics.median(ratios):.3f}, max {max(ratios):.3f}")
REPORT
