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
        benchmark("ImplicitCommit"),
    ]
)

/// One benchmark executable: `Benchmarks/<name>/<name>.swift`, as the plugin expects.
func benchmark(_ name: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: [
            .product(name: "Benchmark", package: "benchmark"),
            .product(name: "OpenQuartzCore", package: "OpenQuartzCore"),
        ],
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}
