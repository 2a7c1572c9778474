import Foundation

/// The shared extended Lottie corpus (`../shared/lottie-extended`): samples lottie-ios draws
/// beyond a plain Core Animation file (images, dotLottie packages, its Main Thread engine,
/// value providers, a viewport) and Apple's pictures of them. Its manifest adds to the first
/// corpus's columns the file, the engine, the values file and the categories. Tests skip,
/// saying why, when it is absent.
public enum ExtendedLottieCorpus {
    /// The corpus folder, holding `MANIFEST.tsv`, `samples/`, `configs/` and `apple/`.
    public static let folder = LottieCorpus.folder.deletingLastPathComponent().appendingPathComponent(
        "lottie-extended")

    public static var manifest: URL { folder.appendingPathComponent("MANIFEST.tsv") }

    /// Whether the corpus is there; when it is not, prints that `what` is skipped and why.
    public static func isPresent(for what: String) -> Bool {
        LottieCorpus.isPresent(manifest, in: folder, for: what)
    }

    /// One sample: the first corpus's description of it, and what this corpus adds.
    public struct Sample: Sendable, Hashable, CustomStringConvertible {
        public let base: LottieCorpus.Sample
        /// Which of lottie-ios's engines drew Apple's pictures: `core-animation`,
        /// `main-thread` or `automatic`.
        public let engine: String
        /// The values file (`configs/NAME.json`), nil when the sample has none.
        public let config: URL?
        /// The categories, the main one first.
        public let categories: [String]

        public var name: String { base.name }
        public var description: String { base.name }
    }

    /// Every sample, sorted by name; throws naming a malformed line.
    public static func samples() throws -> [Sample] {
        let text: String
        do {
            text = try String(contentsOf: manifest, encoding: .utf8)
        } catch {
            throw LottieCorpus.ManifestError(path: manifest.path, line: 0, reason: "cannot be read: \(error)")
        }
        var samples: [Sample] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 12 else {
                throw LottieCorpus.ManifestError(
                    path: manifest.path, line: index + 1, reason: "\(fields.count) fields, not 13")
            }
            // The first corpus's eight columns, without the file's.
            let baseLine = ([fields[0]] + fields[2...8]).joined(separator: "\t")
            guard let parsed = try LottieCorpus.samples(parsing: baseLine, in: folder).first else { continue }
            let file = folder.appendingPathComponent("samples/\(fields[1])")
            let base = LottieCorpus.Sample(
                name: parsed.name, width: parsed.width, height: parsed.height, frameRate: parsed.frameRate,
                inFrame: parsed.inFrame, outFrame: parsed.outFrame, precision: parsed.precision, url: file,
                snapshots: parsed.snapshots.map { snapshot in
                    LottieCorpus.Snapshot(
                        sampleName: snapshot.sampleName, label: snapshot.label, frame: snapshot.frame,
                        progress: snapshot.progress, precision: snapshot.precision, sampleURL: file,
                        appleURL: snapshot.appleURL)
                })
            samples.append(
                Sample(
                    base: base, engine: fields[9],
                    config: fields[10] == "-" ? nil : folder.appendingPathComponent("configs/\(fields[10])"),
                    categories: fields[11].split(separator: ",").map(String.init)))
        }
        return samples.sorted { $0.name < $1.name }
    }
}
