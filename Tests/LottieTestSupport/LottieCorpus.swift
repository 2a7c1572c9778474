import Foundation

/// The shared Lottie corpus: lottie-ios's sample animations and Apple's rendering of each
/// (`SOURCES.md` in the corpus says where they come from). It is not part of the package: tests
/// read it from `../shared/lottie-corpus` relative to the package root and skip, saying why,
/// when it is absent.
///
///     guard LottieCorpus.isPresent(for: "Lottie corpus") else { return }
///     for sample in try LottieCorpus.samples() { … }
public enum LottieCorpus {
    /// The corpus folder, holding `MANIFEST.tsv`, `samples/` and `apple/`.
    public static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/lottie-corpus")

    /// The manifest: a line a sample, tab-separated, after a `#` header line.
    public static var manifest: URL { folder.appendingPathComponent("MANIFEST.tsv") }

    /// Whether the corpus is there; when it is not, prints that `what` is skipped and why.
    public static func isPresent(for what: String) -> Bool {
        isPresent(manifest, in: folder, for: what)
    }

    /// Whether the corpus in `corpus` with `manifest` is there; when not, prints that `what`
    /// is skipped and why.
    package static func isPresent(_ manifest: URL, in corpus: URL, for what: String) -> Bool {
        guard FileManager.default.fileExists(atPath: manifest.path) else {
            print("\(what): skipped, \(corpus.path) is absent")
            return false
        }
        return true
    }

    /// Every sample of the manifest, sorted by name. Throws when the manifest cannot be read
    /// or a line of it is malformed, naming the line.
    public static func samples() throws -> [Sample] {
        let text: String
        do {
            text = try String(contentsOf: manifest, encoding: .utf8)
        } catch {
            throw ManifestError(path: manifest.path, line: 0, reason: "cannot be read: \(error)")
        }
        return try samples(parsing: text)
    }

    /// The samples of a manifest's text, sorted by name; ``samples()`` for the corpus's.
    /// The pictures and samples are looked for in `corpus`.
    package static func samples(parsing text: String, in corpus: URL = folder) throws -> [Sample] {
        var samples: [Sample] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            samples.append(try sample(fromLine: line, number: index + 1, in: corpus))
        }
        return samples.sorted { $0.name < $1.name }
    }

    /// Every snapshot of every sample, sample by sample in ``samples()``'s order: for tests that
    /// take one snapshot an argument.
    public static func snapshots() throws -> [Snapshot] {
        try samples().flatMap(\.snapshots)
    }

    /// The sample one manifest line describes: name, width, height, frame rate, in frame, out
    /// frame, precision and the snapshots' labels, separated by tabs (compare.py's reading).
    private static func sample(fromLine line: Substring, number: Int, in folder: URL) throws -> Sample {
        func fail(_ reason: String) -> ManifestError {
            ManifestError(path: manifest.path, line: number, reason: reason)
        }
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 8 else { throw fail("\(fields.count) fields, not 8") }
        let names = ["width", "height", "frame rate", "in frame", "out frame", "precision"]
        var numbers: [Double] = []
        for (name, field) in zip(names, fields[1...6]) {
            guard let number = Double(field), number.isFinite else {
                throw fail("the \(name) \"\(field)\" is not a number")
            }
            numbers.append(number)
        }
        let sampleURL = folder.appendingPathComponent("samples/\(fields[0]).json")
        let (inFrame, outFrame, precision) = (numbers[3], numbers[4], numbers[5])
        var snapshots: [Snapshot] = []
        for label in fields[7].split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            let frame: Double
            let progress: Double?
            if label.hasPrefix("Frame-"), let number = Double(label.dropFirst("Frame-".count)), number.isFinite {
                frame = number
                progress = nil
            } else if let percent = Double(label), percent.isFinite {
                // compare.py's `frame_of`, operation for operation, so that the frames are the same numbers.
                frame = inFrame + percent / 100.0 * (outFrame - inFrame)
                progress = percent / 100
            } else {
                throw fail("the snapshot \"\(label)\" is neither a percentage nor Frame-N")
            }
            snapshots.append(
                Snapshot(
                    sampleName: fields[0], label: label, frame: frame, progress: progress, precision: precision,
                    sampleURL: sampleURL,
                    appleURL: folder.appendingPathComponent("apple/\(fields[0])-\(label).png")))
        }
        return Sample(
            name: fields[0], width: numbers[0], height: numbers[1], frameRate: numbers[2], inFrame: inFrame,
            outFrame: outFrame, precision: precision, url: sampleURL, snapshots: snapshots)
    }

    /// A line of `MANIFEST.tsv` that cannot be read as a sample.
    public struct ManifestError: Error, CustomStringConvertible {
        /// The manifest's path.
        public let path: String
        /// The line's number, from 1; 0 when the file itself could not be read.
        public let line: Int
        /// What is wrong.
        public let reason: String

        public var description: String { "\(path):\(line): \(reason)" }
    }
}
