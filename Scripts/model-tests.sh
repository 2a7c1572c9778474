#!/usr/bin/env bash
# Builds and runs the model modules' tests (OpenCoreGraphics, OpenQuartzCore) in a package of
# their own that names no C library: what a machine without Cairo, ffmpeg or the image
# libraries can build. The package lives in .build-model/ and links the real source folders,
# so it tests exactly the code in Sources/; the check at the end fails if the test binary
# links any of the renderer's or the image decoders' libraries.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
package="$root/.build-model/package"
mkdir -p "$package/Sources" "$package/Tests"
for folder in Sources/OpenCoreGraphics Sources/CMemoryHints Sources/CSwiftRuntime Sources/OpenQuartzCore \
    Tests/QuartzTestSupport Tests/OpenCoreGraphicsTests Tests/OpenQuartzCoreTests; do
    ln -sfn "$root/$folder" "$package/$folder"
done
cat > "$package/Package.swift" <<'MANIFEST'
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "OpenQuartzCoreModel",
    dependencies: [.package(url: "https://github.com/apple/swift-numerics", from: "1.1.1")],
    targets: [
        .target(name: "OpenCoreGraphics"),
        .target(name: "CMemoryHints"),
        .target(name: "CSwiftRuntime"),
        .target(name: "OpenQuartzCore", dependencies: ["OpenCoreGraphics", "CMemoryHints", "CSwiftRuntime"]),
        .target(
            name: "QuartzTestSupport",
            dependencies: ["OpenQuartzCore", .product(name: "Numerics", package: "swift-numerics")],
            path: "Tests/QuartzTestSupport"
        ),
        .testTarget(name: "OpenCoreGraphicsTests", dependencies: ["OpenCoreGraphics", "QuartzTestSupport"]),
        .testTarget(name: "OpenQuartzCoreTests", dependencies: ["OpenQuartzCore", "QuartzTestSupport"]),
    ]
)
MANIFEST
cd "$package"
swift build --build-tests
swift test --skip-build
# `.build/debug` is a link to the platform's folder: -L follows it.
binary=$(find -L .build/debug -maxdepth 1 -name '*.xctest' | head -n 1)
if [ -z "$binary" ]; then
    echo "model-tests: no test binary found in .build/debug" >&2
    exit 1
fi
if ldd "$binary" | grep -E 'cairo|pixman|png|jpeg|webp|gif'; then
    echo "model-tests: the model's test binary links a C library it must not need" >&2
    exit 1
fi
echo "model-tests: the model's tests built and passed without the C libraries"
