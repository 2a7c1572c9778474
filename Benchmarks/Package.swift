// swift-tools-version: 6.3
import PackageDescription

// The benchmarks live in a package of their own so that the library's users never build
// package-benchmark and its dependencies.
//
// Only the `MallocInterposer` trait is enabled: it backs the `mallocCountTotal` metric on
// Swift 6.3. Naming the traits replaces package-benchmark's defaults, so its
// `RuntimeInterposer` trait (ARC counters through swift-runtime-interposer) stays off.
let package = Package(
    name: "OpenQuartzCoreBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "OpenQuartzCore", path: ".."),
        // Formerly ordo-one/package-benchmark: its plugin warns that the old identity is going away.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        benchmark("PresentationEvaluation"),
        benchmark("DeepTreeEvaluation"),
        // Issue 13: 100,000 animations with nothing in common (timing, curve, key path).
        benchmark("DistinctTimings", renders: true),
        benchmark("ImplicitCommit"),
        benchmark("RendererFrame", renders: true),
        benchmark("ContentCaching", renders: true),
        benchmark("FrameExport", renders: true),
        .executableTarget(
            name: "WallpaperRendering",
            dependencies: [
                "WallpaperScenes", "RendererScenes",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "OpenQuartzCore", package: "OpenQuartzCore"),
                .product(name: "OpenQuartzCoreRenderer", package: "OpenQuartzCore"),
            ],
            path: "Benchmarks/WallpaperRendering",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        benchmark("EmitterFrame", renders: true),
        // Issue 51: 1,000 views and 4,000 constraints laid out, first and after a change.
        benchmark("AutoLayout", uikit: true),
        benchmark("CAMLParsing", readsCAML: true),
        // Issue 69: the porting step on a 1,000-line iOS file.
        .executableTarget(
            name: "PortingStep",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "IOSPorting", package: "OpenQuartzCore"),
            ],
            path: "Benchmarks/PortingStep",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Reading a Lottie file and making its tree (median and largest corpus sample).
        benchmark("LottieLoading", readsLottie: true),
        // Every corpus sample's snapshot frames drawn on one thread, and a playing tree's frames.
        benchmark("LottieFrames", renders: true, readsLottie: true),
        // Issue 50: a file with expressions on every property exported by the complete engine,
        // against the same file baked; reading and evaluating each sample with expressions.
        benchmark("LottieExpressionCost", renders: true, readsLottie: true),
        // Issue 13's peer scene: our export against C + Cairo, ThorVG and rlottie (child
        // processes), drawing only against C + Cairo, and 2 workers against 1.
        .executableTarget(
            name: "PeerScene",
            dependencies: ["PeerScenes", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/PeerScene",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The peer scene as a layer tree and as the C reference's calls, our export, and the
        // runner that starts the four implementations as processes and measures them.
        .target(
            name: "PeerScenes",
            dependencies: [
                "RendererScenes", "CairoReference",
                .product(name: "OpenQuartzCore", package: "OpenQuartzCore"),
                .product(name: "OpenQuartzCoreRenderer", package: "OpenQuartzCore"),
            ]
        ),
        // The peer scene by hand: exports interleaved, drawing only, scaling, a loop to profile.
        .executableTarget(name: "PeerDriver", dependencies: ["PeerScenes"]),
        // The renderer benchmarks' reference: their scene drawn with Cairo directly, in C
        // (CReference/rects.c runs it on its own).
        .target(name: "CairoReference", linkerSettings: [.linkedLibrary("cairo"), .linkedLibrary("m")]),
        // The renderer benchmarks' scenes, built as layer trees from the reference's numbers, and
        // the video encoder the export benchmark pipes frames to.
        .target(
            name: "RendererScenes",
            dependencies: [
                "CairoReference",
                .product(name: "OpenQuartzCore", package: "OpenQuartzCore"),
                .product(name: "OpenQuartzCoreRenderer", package: "OpenQuartzCore"),
            ]
        ),
        // Raw deflate and CRC-32 through zlib (Debian's zlib1g-dev, which the main package
        // needs too), for the wallpaper benchmark's `.tendies` package (a zip), written as the
        // main package's tests write theirs.
        .target(name: "ZlibDeflate", linkerSettings: [.linkedLibrary("z")]),
        // Issue 12's wallpaper: a `.tendies` package written as CAML and the same tree built in
        // Swift, rendered as `carender render` renders a document.
        .target(
            name: "WallpaperScenes",
            dependencies: [
                "ZlibDeflate",
                .product(name: "OpenQuartzCore", package: "OpenQuartzCore"),
                .product(name: "OpenQuartzCoreRenderer", package: "OpenQuartzCore"),
                .product(name: "OpenCAML", package: "OpenQuartzCore"),
                .product(name: "OpenImageIO", package: "OpenQuartzCore"),
            ]
        ),
        // The CAML benchmarks' documents: the corpus's, or three made here without it.
        .target(
            name: "CAMLDocuments",
            dependencies: [
                .product(name: "OpenCAML", package: "OpenQuartzCore"),
                .product(name: "OpenQuartzCore", package: "OpenQuartzCore"),
            ]
        ),
        // The Lottie benchmarks' samples: the shared corpus's, each drawn as its snapshot is.
        .target(
            name: "LottieSamples",
            dependencies: [
                .product(name: "OpenLottie", package: "OpenQuartzCore"),
                .product(name: "OpenQuartzCore", package: "OpenQuartzCore"),
                .product(name: "OpenQuartzCoreRenderer", package: "OpenQuartzCore"),
            ]
        ),
        // Their read + tree and frame times per sample, outside package-benchmark; and a loop to profile.
        .executableTarget(name: "LottieDriver", dependencies: ["LottieSamples"]),
        // Every corpus sample to H.264 by ours, ThorVG and rlottie, interleaved (issue 27).
        .executableTarget(name: "LottieExport", dependencies: ["LottieSamples", "PeerScenes"]),
        // The scenes outside package-benchmark: to run by hand, to profile, to look at.
        .executableTarget(
            name: "SceneDriver",
            dependencies: [
                "RendererScenes", "WallpaperScenes",
                .product(name: "OpenQuartzCoreRenderer", package: "OpenQuartzCore"),
            ]
        ),
    ] + previewBenchmarks
)

/// The preview's benchmarks, built when `OPENQUARTZCORE_PREVIEW=1` is set: the main package has
/// its preview server only then (its Package.swift says why).
var previewBenchmarks: [Target] {
    guard ["1", "true", "yes"].contains(Context.environment["OPENQUARTZCORE_PREVIEW"]?.lowercased() ?? "") else {
        return []
    }
    return [
        // Issue 15: `carender preview`'s server driven as the page drives it, a frame of each
        // corpus wallpaper of 390 × 844 pt at scale 2 per request.
        .executableTarget(
            name: "PreviewFrames",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "OpenQuartzCorePreview", package: "OpenQuartzCore"),
                .product(name: "OpenQuartzCorePreviewTestSupport", package: "OpenQuartzCore"),
                .product(name: "OpenQuartzCoreScenes", package: "OpenQuartzCore"),
                .product(name: "OpenCAML", package: "OpenQuartzCore"),
                .product(name: "OpenQuartzCore", package: "OpenQuartzCore"),
                .product(name: "OpenQuartzCoreRenderer", package: "OpenQuartzCore"),
            ],
            path: "Benchmarks/PreviewFrames",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The CAML documents' load and write times, outside package-benchmark; and a loop to profile.
        // With --render, a document's frames as the live preview renders them, to profile.
        .executableTarget(
            name: "CAMLDriver",
            dependencies: [
                "CAMLDocuments",
                .product(name: "OpenQuartzCoreRenderer", package: "OpenQuartzCore"),
                .product(name: "OpenQuartzCorePreview", package: "OpenQuartzCore"),
                .product(name: "OpenQuartzCoreScenes", package: "OpenQuartzCore"),
            ]
        ),
    ]
}

/// One benchmark executable: `Benchmarks/<name>/<name>.swift`, as the plugin expects. With
/// `renders`, it also uses the renderer and the renderer benchmarks' scenes; with `readsCAML`,
/// OpenCAML and the CAML benchmarks' documents; with `readsLottie`, OpenLottie and the Lottie
/// benchmarks' samples; with `uikit`, OpenUIKit.
func benchmark(
    _ name: String, renders: Bool = false, readsCAML: Bool = false, readsLottie: Bool = false, uikit: Bool = false
) -> Target {
    let rendering: [Target.Dependency] = [
        "RendererScenes", "CairoReference",
        .product(name: "OpenQuartzCoreRenderer", package: "OpenQuartzCore"),
    ]
    return .executableTarget(
        name: name,
        dependencies: [
            .product(name: "Benchmark", package: "benchmark"),
            .product(name: "OpenQuartzCore", package: "OpenQuartzCore"),
        ] + (renders ? rendering : [])
            + (readsCAML ? ["CAMLDocuments", .product(name: "OpenCAML", package: "OpenQuartzCore")] : [])
            + (readsLottie ? ["LottieSamples", .product(name: "OpenLottie", package: "OpenQuartzCore")] : [])
            + (uikit ? [.product(name: "OpenUIKit", package: "OpenQuartzCore")] : []),
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}
