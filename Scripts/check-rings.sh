#!/usr/bin/env bash
# The package's rings, checked: every target belongs to one ring (model, pixels, tools) and
# names, in Package.swift and in its sources' imports, only targets of its own ring or of
# rings inside it, and only the outside packages its ring may use. Fails, naming the target
# and what it names, when an inner ring reaches out; a target missing from the table below
# fails too, so that a new one is given its ring. docs/source-layout.md explains the rings.
set -euo pipefail
cd "$(dirname "$0")/.."
# The manifest with the preview's targets too, so that they are checked as well.
OPENQUARTZCORE_PREVIEW=1 swift package dump-package > "${TMPDIR:-/tmp}/oqc-rings-$$.json"
trap 'rm -f "${TMPDIR:-/tmp}/oqc-rings-$$.json"' EXIT
python3 - "${TMPDIR:-/tmp}/oqc-rings-$$.json" <<'CHECK'
import json, os, re, sys

RINGS = {
    "model": [
        "OpenCoreGraphics", "CMemoryHints", "CSwiftRuntime", "OpenQuartzCore", "LayoutSolver",
        "QuartzTestSupport", "OpenCoreGraphicsTests", "OpenQuartzCoreTests", "LayoutSolverTests",
    ],
    "pixels": [
        "CCairo", "TextMeasurement", "CPNG", "CWebP", "CGIF", "CImageShims", "OpenImageIO",
        "CRendererLoading", "CPixelRows", "OpenQuartzCoreRenderer", "OpenUIKit", "SystemZlib",
        "ZipArchiveReading", "OpenCAML", "CJavaScriptCore", "LottieExpressions", "CFontconfig",
        "OpenLottie", "RendererTestSupport", "ZipTestSupport", "CAMLTestSupport", "LottieTestSupport",
        "ImageTestSupport", "TextMeasurementTests", "SwiftFiveClient", "OpenUIKitTests",
        "ZipArchiveReadingTests", "OpenImageIOTests", "OpenQuartzCoreRendererTests", "OpenLottieTests",
    ],
    "tools": [
        "OpenQuartzCoreScenes", "OpenQuartzCoreSnapshotTesting", "CARenderCommands", "carender", "OpenQuartzCoreC", "CAMLFuzzer", "LottieFuzzer",
        "OpenQuartzCoreScenesTests", "OpenCAMLTests", "CarenderTests", "OpenQuartzCoreSnapshotTestingTests",
        "SnapshotTestingClientTests", "OpenQuartzCorePreview", "OpenQuartzCorePreviewTestSupport",
        "PreviewTests", "IOSPorting", "openquartzcore-port", "PortIOSSources", "IOSPortingTests",
        "PortedIOSFixtures", "PortedIOSTests",
    ],
}
ORDER = ["model", "pixels", "tools"]
# The outside packages' products each ring may use (an outer ring may use an inner ring's), and
# the modules they bring that sources import besides a product's own name.
OUTSIDE = {
    "model": ["Numerics", "RealModule", "ComplexModule"],
    "pixels": ["ZIPFoundation"],
    "tools": ["ArgumentParser", "SnapshotTesting", "SwiftSyntax", "SwiftParser", "Hummingbird", "HummingbirdWebSocket", "Logging",
              "NIOWebSocket", "NIOHTTP1", "NIOPosix", "NIOCore", "WSCore"],
}
ring_of = {name: ring for ring, names in RINGS.items() for name in names}
outside_ring = {name: ring for ring, names in OUTSIDE.items() for name in names}

manifest = json.load(open(sys.argv[1]))
problems = []
level = lambda ring: ORDER.index(ring)
import_pattern = re.compile(
    r"^\s*(?:@testable\s+|@_exported\s+|@preconcurrency\s+)*(?:public\s+|package\s+|internal\s+|private\s+|fileprivate\s+)?"
    r"import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)", re.M)

for target in manifest["targets"]:
    name = target["name"]
    ring = ring_of.get(name)
    if ring is None:
        problems.append(f"{name}: not in any ring; add it to Scripts/check-rings.sh and docs/source-layout.md")
        continue
    for dependency in target.get("dependencies", []):
        value = next(iter(dependency.values()))
        named = value[0]
        their = ring_of.get(named) or outside_ring.get(named)
        if their is None:
            problems.append(f"{name} ({ring}) depends on {named}, which no ring lists")
        elif level(their) > level(ring):
            problems.append(f"{name} ({ring}) depends on {named} ({their})")
    path = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", name)
    for folder, _, files in os.walk(path):
        for file in files:
            if not file.endswith(".swift"):
                continue
            source = os.path.join(folder, file)
            for module in import_pattern.findall(open(source, encoding="utf-8").read()):
                their = ring_of.get(module) or outside_ring.get(module)
                if their is not None and level(their) > level(ring):
                    problems.append(f"{source}: {name} ({ring}) imports {module} ({their})")

for problem in problems:
    print(f"check-rings: {problem}", file=sys.stderr)
if problems:
    sys.exit(1)
counts = ", ".join(f"{len(RINGS[ring])} in {ring}" for ring in ORDER)
print(f"check-rings: every target names only its own ring or inner ones ({counts})")
CHECK
