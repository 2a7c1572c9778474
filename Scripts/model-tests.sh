#!/usr/bin/env bash
# The model ring's tests under Thread Sanitizer: OpenCoreGraphics, OpenQuartzCore and the Auto
# Layout solver, with all of their tests, built with `--sanitize=thread` in a package of their
# own that names no C library. This is where the threads are (the shared clock, per-thread
# transactions, layers freed mid-animation): one sanitised build of the model runs every one of
# its tests, and fails on any race ThreadSanitizer reports. It is also the proof that the model
# builds and passes where Cairo and the image libraries are missing: the check at the end fails
# if the test binary links any of them.
#
# The package lives in .build-model/ and links the real source folders, so it tests exactly the
# code in Sources/.
#
#     bash Scripts/model-tests.sh                      # every model test
#     bash Scripts/model-tests.sh ThreadSafetyTests    # a filter
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
package="$root/.build-model/package"
mkdir -p "$package/Sources" "$package/Tests"
for folder in Sources/OpenCoreGraphics Sources/CMemoryHints Sources/CSwiftRuntime Sources/OpenQuartzCore \
    Sources/LayoutSolver Tests/QuartzTestSupport Tests/OpenCoreGraphicsTests Tests/OpenQuartzCoreTests \
    Tests/LayoutSolverTests; do
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
        .target(name: "LayoutSolver"),
        .target(
            name: "QuartzTestSupport",
            dependencies: ["OpenQuartzCore", .product(name: "Numerics", package: "swift-numerics")],
            path: "Tests/QuartzTestSupport"
        ),
        .testTarget(name: "OpenCoreGraphicsTests", dependencies: ["OpenCoreGraphics", "QuartzTestSupport"]),
        .testTarget(name: "OpenQuartzCoreTests", dependencies: ["OpenQuartzCore", "QuartzTestSupport"]),
        .testTarget(name: "LayoutSolverTests", dependencies: ["LayoutSolver", "QuartzTestSupport"]),
    ]
)
MANIFEST
cd "$package"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
swift build --build-tests --sanitize=thread
# halt_on_error stops at the first report, so a race cannot hide behind a passing test;
# second_deadlock_stack shows both sides of a lock-order inversion. One test at a time: the
# thread tests make their own threads, and beside each other under the sanitizer the suite has
# taken ten times as long as alone (about 50 s).
status=0
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}" \
    swift test --skip-build --sanitize=thread --no-parallel ${1:+--filter "$1"} 2>&1 | tee "$log" || status=$?
if grep -q "WARNING: ThreadSanitizer" "$log"; then
    echo "model-tests: ThreadSanitizer reported a problem (see above)" >&2
    exit 1
fi
if [ "$status" -ne 0 ]; then
    echo "model-tests: the model's tests failed under ThreadSanitizer (exit $status)" >&2
    exit "$status"
fi
# `.build/debug` is a link to the platform's folder: -L follows it.
binary=$(find -L .build/debug -maxdepth 1 -name '*.xctest' | head -n 1)
if [ -z "$binary" ]; then
    echo "model-tests: no test binary found in .build/debug" >&2
    exit 1
fi
if ldd "$binary" | grep -E 'cairo|pixman|png|jpeg|webp|gif|javascriptcore|fontconfig'; then
    echo "model-tests: the model's test binary links a C library it must not need" >&2
    exit 1
fi
echo "model-tests: the model ring's tests built and passed under ThreadSanitizer, without the C libraries"
