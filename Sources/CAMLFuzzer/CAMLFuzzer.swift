import Foundation

/// libFuzzer's entry point: one input, read as a CAML document (Scripts/fuzz-caml.sh builds
/// this target with `-sanitize=fuzzer` and `-D CAML_FUZZING`). A NaN in presented geometry
/// traps, so that libFuzzer keeps the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func camlFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    if let first = CAMLExercise.run(data).problems.first {
        fatalError("CAMLFuzzer: \(first)")
    }
    return 0
}

#if !CAML_FUZZING
    /// Without libFuzzer (a plain `swift build`), the target runs the files it is given through
    /// the same entry point: `CAMLFuzzer crash-1234 slow-unit-5678` replays what a fuzzing run
    /// kept.
    @main
    enum CAMLFuzzerMain {
        static func main() {
            let paths = CommandLine.arguments.dropFirst()
            guard !paths.isEmpty else {
                print("usage: CAMLFuzzer FILE... (runs each file as one fuzz input)")
                return
            }
            for path in paths {
                guard let data = FileManager.default.contents(atPath: path) else {
                    print("\(path): cannot be read")
                    continue
                }
                _ = data.withUnsafeBytes { buffer in
                    camlFuzzerTestOneInput(buffer.bindMemory(to: UInt8.self).baseAddress, buffer.count)
                }
                print("\(path): ok")
            }
        }
    }
#endif

/// Called by libFuzzer before it reads the corpus: when `CAML_FUZZ_SEEDS` names a folder,
/// the built-in seed documents are written there (Scripts/fuzz-caml.sh passes that folder
/// as a corpus).
@_cdecl("LLVMFuzzerInitialize")
public func camlFuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    guard let folder = ProcessInfo.processInfo.environment["CAML_FUZZ_SEEDS"] else { return 0 }
    for (name, text) in CAMLSeedDocuments.all {
        let url = URL(fileURLWithPath: folder).appendingPathComponent("seed-\(name).caml")
        try? Data(text.utf8).write(to: url)
    }
    return 0
}
