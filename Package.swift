// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "OpenQuartzCore",
    products: [
        .library(name: "OpenCoreGraphics", targets: ["OpenCoreGraphics"]),
        .library(name: "OpenQuartzCore", targets: ["OpenQuartzCore"]),
        .library(name: "OpenUIKit", targets: ["OpenUIKit"]),
        .library(name: "OpenImageIO", targets: ["OpenImageIO"]),
        .library(name: "OpenQuartzCoreRenderer", targets: ["OpenQuartzCoreRenderer"]),
        .library(name: "OpenCAML", targets: ["OpenCAML"]),
        .library(name: "OpenLottie", targets: ["OpenLottie"]),
        .library(name: "OpenQuartzCoreScenes", targets: ["OpenQuartzCoreScenes"]),
        .library(name: "OpenQuartzCorePreview", targets: ["OpenQuartzCorePreview"]),
        // A WebSocket client that talks to the preview server as its page does, for tests and
        // benchmarks (swift-nio's NIOTestUtils is the model): the preview library ships none.
        .library(name: "OpenQuartzCorePreviewTestSupport", targets: ["OpenQuartzCorePreviewTestSupport"]),
        // swift-snapshot-testing strategies for layers and views on Linux; the core libraries
        // never depend on it.
        .library(name: "OpenQuartzCoreSnapshotTesting", targets: ["OpenQuartzCoreSnapshotTesting"]),
        .executable(name: "carender", targets: ["carender"]),
    ],
    dependencies: [
        // Command-line parsing for `carender`.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `isApproximatelyEqual(to:absoluteTolerance:)` for the tests' explicit tolerances.
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        // `carender preview`'s HTTP and WebSocket server: Hummingbird is a well-kept Swift server
        // on SwiftNIO, and hummingbird-websocket adds the WebSocket upgrade the page's frames
        // travel over. The tests' and the benchmark's client uses SwiftNIO's NIOWebSocket, which
        // these bring, not hummingbird-websocket's client (it would build BoringSSL for TLS).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        // Named for NIOWebSocket (the tests' client) and NIOPosix; Hummingbird builds on it anyway.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The server's logger type (Hummingbird logs through swift-log; the preview silences it).
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `swift package generate-documentation`: builds the modules' DocC catalogs
        // (Scripts/documentation.sh fails on any warning).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Writes `.tendies` wallpaper packages (zips): a well-kept zip library. Reading stays with
        // ZipArchiveReading, which bounds what a hostile archive can make it do.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // The snapshot tests iOS engineers write (`assertSnapshot(of:as:)`): its image strategies
        // exist only where UIKit does, so OpenQuartzCoreSnapshotTesting gives them for Linux.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        .target(name: "OpenCoreGraphics"),
        // Prefetch hints for the render tree's scattered writes into a frame's nodes (Swift has
        // none), and glibc's `mallopt`, which its Swift module does not bring (the renderer keeps
        // its groups' freed memory, FreedMemoryHint.swift).
        .target(name: "CMemoryHints"),
        // The Swift runtime's allocation and reference entry points, which the presentation copy
        // of a layer subclass needs (Layer/StoredPropertyCopier.swift) and Swift cannot name.
        .target(name: "CSwiftRuntime"),
        .target(name: "OpenQuartzCore", dependencies: ["OpenCoreGraphics", "CMemoryHints", "CSwiftRuntime"]),
        // `UIImage(contentsOfFile:)` and `UIImage(data:)` decode through OpenImageIO.
        // The renderer draws the pictures of UIGraphicsImageRenderer and bitmap contexts.
        .target(name: "OpenUIKit", dependencies: ["OpenQuartzCore", "OpenImageIO", "OpenQuartzCoreRenderer"]),
        // Image decoding through Debian's C libraries; Scripts/install-dependencies.sh installs them.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        // giflib ships no pkg-config file on Debian: the module map links `gif` itself.
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        // libjpeg reports errors by `longjmp`, which must not cross Swift frames: this C target
        // does the `setjmp` and returns an error code.
        .target(name: "CImageShims", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(
            name: "OpenImageIO",
            dependencies: ["OpenCoreGraphics", "CPNG", "CWebP", "CGIF", "CImageShims"]
        ),
        // Cairo draws the layers; Scripts/install-dependencies.sh installs it.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // Runs the renderer's set-up when a program that links it is loaded (a C constructor).
        .target(name: "CRendererLoading"),
        // Gradient rows four pixels at a time (clang's vector types; Swift's generic SIMD types
        // compiled these to one lane at a time).
        .target(name: "CPixelRows"),
        .target(
            name: "OpenQuartzCoreRenderer",
            dependencies: ["OpenQuartzCore", "CCairo", "CMemoryHints", "CRendererLoading", "CPixelRows"]),
        // Raw inflate and CRC-32 for the entries of zip archives, whose central directory
        // ZipArchiveReading walks itself; the tests deflate with it to write such archives.
        // Scripts/install-dependencies.sh installs it.
        .systemLibrary(name: "SystemZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // One bounded zip reader (not a product) for `.tendies` wallpapers and `.lottie` packages,
        // so both refuse hostile archives alike: a file that is not a zip fails quickly, and an
        // entry cannot inflate past its declared size or name a path outside its folder.
        .target(name: "ZipArchiveReading", dependencies: ["SystemZlib"]),
        // Reads CAML documents and `.ca` bundles with Foundation's XMLParser (libxml2 at run time);
        // their image assets decode through OpenImageIO; `.tendies` zips open with ZipArchiveReading
        // and are written with ZIPFoundation.
        .target(
            name: "OpenCAML",
            dependencies: [
                "OpenQuartzCore", "OpenImageIO", "ZipArchiveReading",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // Reads Lottie animations (Bodymovin JSON, and dotLottie packages through
        // ZipArchiveReading) and makes layer trees with Core Animation animations; embedded
        // images decode through OpenImageIO.
        // After Effects expressions run in JavaScriptCore, the engine Apple ships (WebKitGTK's
        // build on Debian); Scripts/install-dependencies.sh installs it.
        .systemLibrary(
            name: "CJavaScriptCore", pkgConfig: "javascriptcoregtk-4.1",
            providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]),
        // Text without glyphs in the file is set in the font it names, found by fontconfig and
        // read by FreeType (libfontconfig-dev); Scripts/install-dependencies.sh installs them.
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .target(
            name: "OpenLottie",
            dependencies: ["OpenQuartzCore", "OpenImageIO", "ZipArchiveReading", "CJavaScriptCore", "CFontconfig"]),
        // One scene type: a layer tree on a manual clock with its timed changes and its length.
        // The built-in demos, loaded CAML documents and Lottie files are scenes; `carender`, the
        // preview and the tests run them.
        // The renderer draws what code draws into images when a scene becomes a CAML package.
        .target(
            name: "OpenQuartzCoreScenes",
            dependencies: ["OpenQuartzCore", "OpenUIKit", "OpenCAML", "OpenLottie", "OpenQuartzCoreRenderer"]
        ),
        // `carender preview`: the server, its page and the scenes' sessions (the DocC article
        // "The preview").
        .target(
            name: "OpenQuartzCorePreview",
            dependencies: [
                "OpenQuartzCore", "OpenQuartzCoreRenderer", "OpenCAML", "OpenQuartzCoreScenes",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The preview's test client, on SwiftNIO's WebSocket codec.
        .target(
            name: "OpenQuartzCorePreviewTestSupport",
            dependencies: [
                "OpenQuartzCorePreview",
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "carender",
            dependencies: [
                "OpenQuartzCorePreview",
                "OpenQuartzCoreScenes",
                "OpenQuartzCore",
                "OpenUIKit",
                "OpenQuartzCoreRenderer",
                "OpenCAML",
                "OpenLottie",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // libFuzzer target for the CAML reader: Scripts/fuzz-caml.sh builds it with
        // `-sanitize=fuzzer` in .build-fuzz; a plain build makes a tool that replays inputs.
        .executableTarget(name: "CAMLFuzzer", dependencies: ["OpenCAML", "OpenQuartzCore"]),
        // libFuzzer target for the Lottie reader: Scripts/fuzz-lottie.sh builds it with
        // `-sanitize=fuzzer` in .build-fuzz-lottie; a plain build makes a tool that replays inputs.
        .executableTarget(name: "LottieFuzzer", dependencies: ["OpenLottie", "OpenQuartzCore"]),
        // Test support, split by what it drags in: the model's helpers (tolerances, the manual
        // clock harness, the scratch folder the tests write their files in) need OpenQuartzCore
        // alone, so the model's tests build where the C libraries are missing; golden images need
        // the renderer; CAML fixtures need OpenCAML.
        .target(
            name: "QuartzTestSupport",
            dependencies: ["OpenQuartzCore", .product(name: "Numerics", package: "swift-numerics")],
            path: "Tests/QuartzTestSupport"
        ),
        // The golden-image comparison (`readPNG(at:)` comes from the renderer).
        .target(
            name: "RendererTestSupport",
            dependencies: ["QuartzTestSupport", "OpenQuartzCoreRenderer"],
            path: "Tests/RendererTestSupport"
        ),
        // Writes zip archives, true ones and ones no zip library writes (sizes that lie, cut
        // streams), deflating their entries with zlib: the `.tendies` and `.lottie` fixtures.
        .target(name: "ZipTestSupport", dependencies: ["SystemZlib"], path: "Tests/ZipTestSupport"),
        // The CAML corpus, `CAMLTreeFacts` (the round-trip comparison of CAML packages) and the
        // `.tendies` fixtures.
        .target(
            name: "CAMLTestSupport",
            dependencies: ["QuartzTestSupport", "OpenCAML", "ZipTestSupport"],
            path: "Tests/CAMLTestSupport"
        ),
        // The Lottie corpus (Apple's pictures of lottie-ios's samples, not part of the package)
        // and the comparison lottie-ios's snapshot tests make: CIEDE2000 on white and on black.
        .target(
            name: "LottieTestSupport",
            dependencies: ["QuartzTestSupport", "OpenQuartzCoreRenderer"],
            path: "Tests/LottieTestSupport"
        ),
        .testTarget(name: "OpenCoreGraphicsTests", dependencies: ["OpenCoreGraphics", "QuartzTestSupport"]),
        .testTarget(name: "OpenQuartzCoreTests", dependencies: ["OpenQuartzCore", "QuartzTestSupport"]),
        // iOS code in the Swift 5 language mode calling UIKit from nonisolated methods, built with
        // warnings as errors: it compiles only while OpenUIKit's main-actor types are
        // `@preconcurrency @MainActor`, as Apple's UIKit is imported. OpenUIKitTests runs it.
        .target(
            name: "SwiftFiveClient",
            dependencies: ["OpenUIKit"],
            path: "Tests/SwiftFiveClient",
            swiftSettings: [.swiftLanguageMode(.v5), .unsafeFlags(["-warnings-as-errors"])]
        ),
        .testTarget(name: "OpenUIKitTests", dependencies: ["OpenUIKit", "QuartzTestSupport", "SwiftFiveClient"]),
        // Scenes on the manual clock: their timelines, and what the renderer captures of each
        // built-in one.
        .testTarget(name: "OpenQuartzCoreScenesTests", dependencies: ["OpenQuartzCoreScenes", "QuartzTestSupport"]),
        // CAMLFuzzer: the mutation test runs its documents through the fuzz target's exercise.
        .testTarget(
            name: "OpenCAMLTests",
            dependencies: [
                "OpenCAML", "CAMLFuzzer", "QuartzTestSupport", "CAMLTestSupport", "ZipTestSupport", "ZipArchiveReading",
            ]
        ),
        .testTarget(
            name: "ZipArchiveReadingTests", dependencies: ["ZipArchiveReading", "ZipTestSupport", "QuartzTestSupport"]),
        .testTarget(
            name: "OpenImageIOTests",
            // The C libraries encode the tests' images; OpenUIKit is here for `UIImage(data:)`,
            // whose tests need the same encoders; QuartzTestSupport for the scratch space.
            dependencies: ["OpenImageIO", "OpenUIKit", "QuartzTestSupport", "CPNG", "CWebP", "CGIF", "CImageShims"],
            // Read through #filePath, as the other suites read their goldens.
            exclude: ["Fixtures"]
        ),
        // Runs the built `carender` executable, as a user would.
        .testTarget(
            name: "CarenderTests",
            dependencies: [
                "carender", "OpenQuartzCoreScenes", "OpenQuartzCoreRenderer", "QuartzTestSupport",
                "RendererTestSupport", "CAMLTestSupport", "ZipTestSupport", "LottieTestSupport",
            ],
            exclude: ["Goldens"]
        ),
        // Starts `carender preview`'s server in the test process and drives it over HTTP and
        // WebSocket; the demos come from the carender target, as the command loads them.
        .testTarget(
            name: "PreviewTests",
            dependencies: [
                "OpenQuartzCorePreview", "OpenQuartzCorePreviewTestSupport", "OpenQuartzCoreRenderer", "OpenCAML",
                "carender", "OpenQuartzCoreScenes", "QuartzTestSupport", "RendererTestSupport", "CAMLTestSupport",
            ]
        ),
        .testTarget(
            name: "OpenLottieTests",
            dependencies: [
                "OpenLottie", "OpenQuartzCoreRenderer", "QuartzTestSupport", "LottieTestSupport", "ZipTestSupport",
            ]
        ),
        .target(
            name: "OpenQuartzCoreSnapshotTesting",
            dependencies: [
                "OpenUIKit", "OpenQuartzCoreRenderer", "OpenImageIO",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .testTarget(
            name: "OpenQuartzCoreSnapshotTestingTests",
            dependencies: ["OpenQuartzCoreSnapshotTesting", "QuartzTestSupport"]
        ),
        // A snapshot test file as iOS projects write it, only its imports changed: XCTest, the
        // Swift 5 language mode iOS test code is in, no actor annotations, warnings as errors.
        // Its references are recorded in __Snapshots__ and verified on every run.
        .testTarget(
            name: "SnapshotTestingClientTests",
            dependencies: ["OpenQuartzCoreSnapshotTesting"],
            exclude: ["__Snapshots__"],
            swiftSettings: [.swiftLanguageMode(.v5), .unsafeFlags(["-warnings-as-errors"])]
        ),
        .testTarget(
            name: "OpenQuartzCoreRendererTests",
            dependencies: [
                "OpenQuartzCoreRenderer", "QuartzTestSupport", "RendererTestSupport", "OpenImageIO", "OpenUIKit",
                "CPixelRows",
            ],
            exclude: ["Goldens"]
        ),
    ]
)
