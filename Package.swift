// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "OpenQuartzCore",
    products: [
        .library(name: "OpenCoreGraphics", targets: ["OpenCoreGraphics"]),
        .library(name: "OpenQuartzCore", targets: ["OpenQuartzCore"]),
        .library(name: "OpenUIKit", targets: ["OpenUIKit"]),
        .library(name: "OpenQuartzCoreRenderer", targets: ["OpenQuartzCoreRenderer"]),
        .library(name: "OpenCAML", targets: ["OpenCAML"]),
        .executable(name: "carender", targets: ["carender"]),
    ],
    dependencies: [
        // Command-line parsing for `carender`.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `isApproximatelyEqual(to:absoluteTolerance:)` for the tests' explicit tolerances.
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    ],
    targets: [
        .target(name: "OpenCoreGraphics"),
        .target(name: "OpenQuartzCore", dependencies: ["OpenCoreGraphics"]),
        .target(name: "OpenUIKit", dependencies: ["OpenQuartzCore"]),
        // Cairo draws the layers; Scripts/install-dependencies.sh installs it.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .target(name: "OpenQuartzCoreRenderer", dependencies: ["OpenQuartzCore", "CCairo"]),
        // Reads CAML documents and `.ca` bundles with Foundation's XMLParser (libxml2 at run time).
        .target(name: "OpenCAML", dependencies: ["OpenQuartzCore"]),
        .executableTarget(
            name: "carender",
            dependencies: [
                "OpenQuartzCore",
                "OpenUIKit",
                "OpenQuartzCoreRenderer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "QuartzTestSupport",
            dependencies: [
                "OpenQuartzCore",
                // `readPNG(at:)` for the golden-image comparison.
                "OpenQuartzCoreRenderer",
                .product(name: "Numerics", package: "swift-numerics"),
            ],
            path: "Tests/QuartzTestSupport"
        ),
        .testTarget(name: "OpenCoreGraphicsTests", dependencies: ["OpenCoreGraphics", "QuartzTestSupport"]),
        .testTarget(name: "OpenQuartzCoreTests", dependencies: ["OpenQuartzCore", "QuartzTestSupport"]),
        .testTarget(name: "OpenUIKitTests", dependencies: ["OpenUIKit", "QuartzTestSupport"]),
        .testTarget(name: "OpenCAMLTests", dependencies: ["OpenCAML", "QuartzTestSupport"]),
        // Runs the built `carender` executable, as a user would.
        .testTarget(
            name: "CarenderTests",
            dependencies: ["carender", "OpenQuartzCoreRenderer", "QuartzTestSupport"],
            exclude: ["Goldens"]
        ),
        .testTarget(
            name: "OpenQuartzCoreRendererTests",
            dependencies: ["OpenQuartzCoreRenderer", "QuartzTestSupport"],
            exclude: ["Goldens"]
        ),
    ]
)
