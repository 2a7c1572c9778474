// swift-tools-version: 6.1
import PackageDescription

// The package is built in three rings, each needing only the rings inside it
// (Scripts/check-rings.sh fails when an inner ring names an outer one; docs/source-layout.md
// has the table):
//
// - model: OpenCoreGraphics, OpenQuartzCore and the Auto Layout solver. Pure Swift with no C
//   library: it builds and tests where Cairo and the image libraries are missing, and its
//   tests run under Thread Sanitizer (Scripts/model-tests.sh).
// - pixels: text measurement, the renderer, ImageIO, UIKit, CAML and Lottie (expressions in a
//   target of their own, the only one linking JavaScriptCore).
// - tools: the scenes, snapshot testing, `carender`, the fuzzers and the preview server.
//
// The preview server (Hummingbird on SwiftNIO) is more Swift than the rest of the package put
// together, so it is built only when asked for: `OPENQUARTZCORE_PREVIEW=1 swift build` adds
// its targets, its tests and `carender preview`'s server. Without it `carender preview` says
// how to get it, and nothing compiles SwiftNIO.
let previewIsBuilt = ["1", "true", "yes"].contains(Context.environment["OPENQUARTZCORE_PREVIEW"]?.lowercased() ?? "")

// SwiftPM runs every root target's build plugins when it plans a build, even a build of
// `carender` alone, so the iOS fixtures compiled through the porting plugin would make every
// build of this package compile the plugin's tool and swift-syntax under it (minutes, in
// release). `OPENQUARTZCORE_PORTING_FIXTURES=0` leaves those fixtures and their tests out:
// Scripts/demo.sh sets it. Packages that depend on this one never build them.
let portingFixturesAreBuilt = Context.environment["OPENQUARTZCORE_PORTING_FIXTURES"] != "0"

let package = Package(
    name: "OpenQuartzCore",
    products: [
        .library(name: "OpenCoreGraphics", targets: ["OpenCoreGraphics"]),
        .library(name: "OpenQuartzCore", targets: ["OpenQuartzCore"]),
        // The renderer comes with UIKit's product, as QuartzCore's drawing does with UIKit: a
        // bitmap context or `UIGraphicsImageRenderer` draws through it (it installs itself when
        // loaded), while the OpenUIKit module itself needs only text measurement.
        .library(name: "OpenUIKit", targets: ["OpenUIKit", "OpenQuartzCoreRenderer"]),
        .library(name: "OpenImageIO", targets: ["OpenImageIO"]),
        .library(name: "OpenQuartzCoreRenderer", targets: ["OpenQuartzCoreRenderer"]),
        .library(name: "OpenCAML", targets: ["OpenCAML"]),
        .library(name: "OpenLottie", targets: ["OpenLottie"]),
        .library(name: "OpenQuartzCoreScenes", targets: ["OpenQuartzCoreScenes"]),
        // swift-snapshot-testing strategies for layers and views on Linux; the core libraries
        // never depend on it.
        .library(name: "OpenQuartzCoreSnapshotTesting", targets: ["OpenQuartzCoreSnapshotTesting"]),
        .executable(name: "carender", targets: ["carender"]),
        // `carender` and frames in memory behind a C interface, for the Python package.
        .library(name: "openquartzcore", type: .dynamic, targets: ["OpenQuartzCoreC"]),
        // The porting step for iOS sources: a command, and the build plugin that runs it.
        .executable(name: "openquartzcore-port", targets: ["openquartzcore-port"]),
        // The rewriting library the command and the plugin share, for tools of one's own.
        .library(name: "IOSPorting", targets: ["IOSPorting"]),
        .plugin(name: "PortIOSSources", targets: ["PortIOSSources"]),
    ] + previewProducts,
    dependencies: [
        // Command-line parsing for `carender`.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `isApproximatelyEqual(to:absoluteTolerance:)` for the tests' explicit tolerances.
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        // `swift package generate-documentation`: builds the modules' DocC catalogs
        // (Scripts/documentation.sh fails on any warning).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Writes `.tendies` wallpaper packages (zips): a well-kept zip library. Reading stays with
        // ZipArchiveReading, which bounds what a hostile archive can make it do.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // The snapshot tests iOS engineers write (`assertSnapshot(of:as:)`): its image strategies
        // exist only where UIKit does, so OpenQuartzCoreSnapshotTesting gives them for Linux.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // The porting step reads and rewrites iOS Swift sources with the Swift project's own
        // parser, the one the compiler's macros use: nothing else parses Swift as Swift does.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ] + previewPackages,
    targets: modelRing + pixelsRing + toolsRing + previewTargets
)

// MARK: - The model ring: no C library

var modelRing: [Target] {
    [
        .target(name: "OpenCoreGraphics"),
        // Prefetch hints for the render tree's scattered writes into a frame's nodes (Swift has
        // none), and glibc's `mallopt`, which its Swift module does not bring (the renderer keeps
        // its groups' freed memory, FreedMemoryHint.swift).
        .target(name: "CMemoryHints"),
        // The Swift runtime's allocation and reference entry points, which the presentation copy
        // of a layer subclass needs (Layer/StoredPropertyCopier.swift) and Swift cannot name.
        .target(name: "CSwiftRuntime"),
        .target(name: "OpenQuartzCore", dependencies: ["OpenCoreGraphics", "CMemoryHints", "CSwiftRuntime"]),
        // Auto Layout's linear arithmetic: constraints at UIKit's priorities solved by the
        // simplex method. Imports nothing; OpenUIKit's layout engine maps views onto it.
        .target(name: "LayoutSolver"),
        // The model's test helpers (tolerances, the manual clock harness, the scratch folder the
        // tests write their files in) need OpenQuartzCore alone.
        .target(
            name: "QuartzTestSupport",
            dependencies: ["OpenQuartzCore", .product(name: "Numerics", package: "swift-numerics")],
            path: "Tests/QuartzTestSupport"
        ),
        .testTarget(name: "OpenCoreGraphicsTests", dependencies: ["OpenCoreGraphics", "QuartzTestSupport"]),
        .testTarget(name: "OpenQuartzCoreTests", dependencies: ["OpenQuartzCore", "QuartzTestSupport"]),
        .testTarget(name: "LayoutSolverTests", dependencies: ["LayoutSolver", "QuartzTestSupport"]),
    ]
}

// MARK: - The pixels ring: drawing, decoding, UIKit and the file formats

var pixelsRing: [Target] {
    [
        // Cairo draws the layers and measures text; Scripts/install-dependencies.sh installs it.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // Text as the renderer sets it, shared by the renderer (a `CATextLayer`'s string), UIKit
        // (labels and string drawing size themselves by it) and Lottie (the installed fonts its
        // text is set in): one rule from a font's name to a face, one line breaking, one set of
        // metrics.
        .target(name: "TextMeasurement", dependencies: ["OpenQuartzCore", "CCairo"]),
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
        // Runs the renderer's set-up when a program that links it is loaded (a C constructor).
        .target(name: "CRendererLoading"),
        // Gradient rows four pixels at a time (clang's vector types; Swift's generic SIMD types
        // compiled these to one lane at a time).
        .target(name: "CPixelRows"),
        .target(
            name: "OpenQuartzCoreRenderer",
            dependencies: [
                "OpenQuartzCore", "TextMeasurement", "CCairo", "CMemoryHints", "CRendererLoading", "CPixelRows",
                // The CRC-32 of the chunks APNGWriter writes; GIFWriter's encoder.
                "SystemZlib", "CGIF",
            ]),
        // `UIImage(contentsOfFile:)` and `UIImage(data:)` decode through OpenImageIO; labels and
        // string drawing measure text with TextMeasurement; Auto Layout solves with LayoutSolver.
        .target(
            name: "OpenUIKit",
            dependencies: ["OpenQuartzCore", "OpenImageIO", "TextMeasurement", "LayoutSolver"]
        ),
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
        // After Effects expressions run in JavaScriptCore, the engine Apple ships (WebKitGTK's
        // build on Debian); Scripts/install-dependencies.sh installs it.
        .systemLibrary(
            name: "CJavaScriptCore", pkgConfig: "javascriptcoregtk-4.1",
            providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]),
        // A Lottie file's expressions evaluated into keyframes (the runtime and its bounded
        // JavaScriptCore context): the one target that links JavaScriptCore.
        .target(name: "LottieExpressions", dependencies: ["CJavaScriptCore"]),
        // Text without glyphs in the file is set in the font it names, found by fontconfig and
        // read by FreeType (libfontconfig-dev); Scripts/install-dependencies.sh installs them.
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // Reads Lottie animations (Bodymovin JSON, and dotLottie packages through
        // ZipArchiveReading) and makes layer trees with Core Animation animations; embedded
        // images decode through OpenImageIO.
        .target(
            name: "OpenLottie",
            dependencies: [
                "OpenQuartzCore", "OpenImageIO", "ZipArchiveReading", "LottieExpressions", "TextMeasurement",
                "CFontconfig",
            ]),
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
        // Encoders for the image tests' pictures, through the C libraries OpenImageIO decodes with.
        .target(
            name: "ImageTestSupport", dependencies: ["CPNG", "CWebP", "CGIF", "CImageShims"],
            path: "Tests/ImageTestSupport"),
        .testTarget(name: "TextMeasurementTests", dependencies: ["TextMeasurement", "QuartzTestSupport"]),
        // iOS code in the Swift 5 language mode calling UIKit from nonisolated methods, built with
        // warnings as errors: it compiles only while OpenUIKit's main-actor types are
        // `@preconcurrency @MainActor`, as Apple's UIKit is imported. OpenUIKitTests runs it.
        .target(
            name: "SwiftFiveClient",
            dependencies: ["OpenUIKit"],
            path: "Tests/SwiftFiveClient",
            swiftSettings: [.swiftLanguageMode(.v5), .unsafeFlags(["-warnings-as-errors"])]
        ),
        // UIKit's tests draw through the renderer (bitmap contexts, `UIGraphicsImageRenderer`),
        // as the OpenUIKit product links it.
        .testTarget(
            name: "OpenUIKitTests",
            dependencies: [
                "OpenUIKit", "OpenQuartzCoreRenderer", "OpenImageIO", "QuartzTestSupport", "RendererTestSupport",
                "ImageTestSupport", "SwiftFiveClient", "CPNG",
            ]
        ),
        .testTarget(
            name: "ZipArchiveReadingTests", dependencies: ["ZipArchiveReading", "ZipTestSupport", "QuartzTestSupport"]),
        .testTarget(
            name: "OpenImageIOTests",
            // The C libraries encode the tests' images; QuartzTestSupport for the scratch space.
            dependencies: [
                "OpenImageIO", "QuartzTestSupport", "ImageTestSupport", "CPNG", "CWebP", "CGIF", "CImageShims",
            ],
            // Read through #filePath, as the other suites read their goldens.
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "OpenQuartzCoreRendererTests",
            dependencies: [
                "OpenQuartzCoreRenderer", "QuartzTestSupport", "RendererTestSupport", "OpenImageIO", "CPixelRows",
            ],
            exclude: ["Goldens"]
        ),
        .testTarget(
            name: "OpenLottieTests",
            dependencies: [
                "OpenLottie", "OpenQuartzCoreRenderer", "QuartzTestSupport", "LottieTestSupport", "ZipTestSupport",
            ]
        ),
    ]
}

// MARK: - The tools ring: scenes, snapshot testing, the command and the fuzzers

var toolsRing: [Target] {
    [
        // One scene type: a layer tree on a manual clock with its timed changes and its length.
        // The built-in demos, loaded CAML documents and Lottie files are scenes; `carender`, the
        // preview and the tests run them.
        // The renderer draws what code draws into images when a scene becomes a CAML package.
        .target(
            name: "OpenQuartzCoreScenes",
            dependencies: ["OpenQuartzCore", "OpenUIKit", "OpenCAML", "OpenLottie", "OpenQuartzCoreRenderer"]
        ),
        .target(
            name: "OpenQuartzCoreSnapshotTesting",
            dependencies: [
                "OpenUIKit", "OpenQuartzCoreRenderer", "OpenImageIO",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        // `carender`'s commands, in a library so that the executable and the C library the
        // Python package loads (OpenQuartzCoreC) run the same code.
        .target(
            name: "CARenderCommands",
            dependencies: [
                "OpenQuartzCoreScenes",
                "OpenQuartzCore",
                "OpenUIKit",
                "OpenQuartzCoreRenderer",
                "OpenCAML",
                "OpenLottie",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ] + (previewIsBuilt ? ["OpenQuartzCorePreview"] : []),
            // `carender preview` starts the server only in a build that has it.
            swiftSettings: previewIsBuilt ? [.define("OPENQUARTZCORE_PREVIEW")] : []
        ),
        .executableTarget(name: "carender", dependencies: ["CARenderCommands", "OpenQuartzCoreRenderer"]),
        // The C library the Python package loads with ctypes (`libopenquartzcore.so`).
        .target(name: "OpenQuartzCoreC", dependencies: ["CARenderCommands", "OpenQuartzCoreRenderer"]),
        // The porting step: rewrites what Swift on Linux lacks (@objc, #selector, #keyPath,
        // @NSManaged, IB attributes, imports) in iOS sources. A command of its own rather than
        // `carender port`, so that `carender` (and its release) never carries swift-syntax; the
        // build plugin runs it on the files a target excludes.
        .target(
            name: "IOSPorting",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .executableTarget(
            name: "openquartzcore-port",
            dependencies: ["IOSPorting", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .plugin(name: "PortIOSSources", capability: .buildTool(), dependencies: ["openquartzcore-port"]),
        // The rewrites one by one, and the command run as a user runs it.
        .testTarget(name: "IOSPortingTests", dependencies: ["IOSPorting", "openquartzcore-port", "QuartzTestSupport"]),
        // libFuzzer target for the CAML reader: Scripts/fuzz-caml.sh builds it with
        // `-sanitize=fuzzer` in .build-fuzz; a plain build makes a tool that replays inputs.
        .executableTarget(name: "CAMLFuzzer", dependencies: ["OpenCAML", "OpenQuartzCore"]),
        // libFuzzer target for the Lottie reader: Scripts/fuzz-lottie.sh builds it with
        // `-sanitize=fuzzer` in .build-fuzz-lottie; a plain build makes a tool that replays inputs.
        .executableTarget(name: "LottieFuzzer", dependencies: ["OpenLottie", "OpenQuartzCore"]),
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
        // Runs the built `carender` executable, as a user would.
        .testTarget(
            name: "CarenderTests",
            dependencies: [
                "carender", "CARenderCommands", "OpenQuartzCoreScenes", "OpenQuartzCoreRenderer", "QuartzTestSupport",
                "RendererTestSupport", "CAMLTestSupport", "ZipTestSupport", "LottieTestSupport",
            ],
            exclude: ["Goldens"],
            // Whether the `carender` under test has the preview server.
            swiftSettings: previewIsBuilt ? [.define("OPENQUARTZCORE_PREVIEW")] : []
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
    ] + portingFixtures
}

/// The iOS fixtures and their tests, unless OPENQUARTZCORE_PORTING_FIXTURES=0 (see above).
var portingFixtures: [Target] {
    guard portingFixturesAreBuilt else { return [] }
    return [
        // iOS files as apps and libraries write them, compiled unedited through the plugin in
        // Swift 5 mode (their folder iOS/ is excluded, so only the ported copies compile);
        // PortedIOSTests checks that they behave as on iOS.
        .target(
            name: "PortedIOSFixtures",
            dependencies: ["OpenUIKit"],
            path: "Tests/PortedIOSFixtures",
            exclude: ["iOS"],
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: ["PortIOSSources"]
        ),
        .testTarget(name: "PortedIOSTests", dependencies: ["PortedIOSFixtures", "OpenUIKit", "QuartzTestSupport"]),
    ]
}

// MARK: - The preview server, built when OPENQUARTZCORE_PREVIEW is set

var previewProducts: [Product] {
    guard previewIsBuilt else { return [] }
    return [
        .library(name: "OpenQuartzCorePreview", targets: ["OpenQuartzCorePreview"]),
        // A WebSocket client that talks to the preview server as its page does, for tests and
        // benchmarks (swift-nio's NIOTestUtils is the model): the preview library ships none.
        .library(name: "OpenQuartzCorePreviewTestSupport", targets: ["OpenQuartzCorePreviewTestSupport"]),
    ]
}

var previewPackages: [Package.Dependency] {
    guard previewIsBuilt else { return [] }
    return [
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
    ]
}

var previewTargets: [Target] {
    guard previewIsBuilt else { return [] }
    return [
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
        // Starts `carender preview`'s server in the test process and drives it over HTTP and
        // WebSocket; the demos come from the carender target, as the command loads them.
        .testTarget(
            name: "PreviewTests",
            dependencies: [
                "OpenQuartzCorePreview", "OpenQuartzCorePreviewTestSupport", "OpenQuartzCoreRenderer", "OpenCAML",
                "CARenderCommands", "OpenQuartzCoreScenes", "QuartzTestSupport", "RendererTestSupport",
                "CAMLTestSupport",
            ]
        ),
    ]
}
