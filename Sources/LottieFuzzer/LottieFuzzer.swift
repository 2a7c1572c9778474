import Foundation

/// libFuzzer's entry point: one input, read as a Lottie animation (Scripts/fuzz-lottie.sh
/// builds this target with `-sanitize=fuzzer` and `-D LOTTIE_FUZZING`). A NaN in presented
/// geometry traps, so that libFuzzer keeps the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func lottieFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    if let first = LottieExercise.run(data).problems.first {
        fatalError("LottieFuzzer: \(first)")
    }
    return 0
}

#if !LOTTIE_FUZZING
    /// Without libFuzzer (a plain `swift build`), the target runs the files it is given through
    /// the same exercise and says how each ended and how long it took: `LottieFuzzer
    /// crash-1234 slow-unit-5678` replays what a fuzzing run kept.
    @main
    enum LottieFuzzerMain {
        static func main() {
            let paths = CommandLine.arguments.dropFirst()
            guard !paths.isEmpty else {
                print("usage: LottieFuzzer FILE... (runs each file as one fuzz input)")
                return
            }
            for path in paths {
                guard let data = FileManager.default.contents(atPath: path) else {
                    print("\(path): cannot be read")
                    continue
                }
                let start = Date()
                let outcome = LottieExercise.run(data)
                let seconds = String(format: "%.3f", Date().timeIntervalSince(start))
                print("\(path): \(outcome.error.map { "error: \($0)" } ?? "loaded") in \(seconds) s")
                if let first = outcome.problems.first { fatalError("LottieFuzzer: \(first)") }
            }
        }
    }
#endif

/// Called by libFuzzer before it reads the corpus: when `LOTTIE_FUZZ_SEEDS` names a folder,
/// the built-in seed documents are written there (Scripts/fuzz-lottie.sh passes that folder
/// as a corpus).
@_cdecl("LLVMFuzzerInitialize")
public func lottieFuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    guard let folder = ProcessInfo.processInfo.environment["LOTTIE_FUZZ_SEEDS"] else { return 0 }
    for (name, text) in LottieSeedDocuments.all {
        let url = URL(fileURLWithPath: folder).appendingPathComponent("seed-\(name).json")
        try? Data(text.utf8).write(to: url)
    }
    return 0
}
