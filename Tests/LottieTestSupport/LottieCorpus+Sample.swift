import Foundation

extension LottieCorpus {
    /// One animation of the corpus, as `MANIFEST.tsv` describes it, with the snapshots Apple
    /// rendered of it. A plain value, so that tests can take samples as arguments.
    public struct Sample: Sendable, Hashable, CustomStringConvertible {
        /// The file's name without `.json`: lottie-ios's path with `-` for `/`
        /// (`Issues-issue_1460`).
        public let name: String
        /// The animation's size in its own units (`w`, `h`), not the picture's: Apple's pictures
        /// are scaled so that the longer side is 1000 pixels at most.
        public let width: Double
        public let height: Double
        /// Frames a second (`fr`).
        public let frameRate: Double
        /// The first frame (`ip`) and the frame where the animation ends (`op`).
        public let inFrame: Double
        public let outFrame: Double
        /// The fraction of pixels that must match for a snapshot to pass: 0.985 unless
        /// lottie-ios lowers it for this sample.
        public let precision: Double
        /// The sample's JSON, `samples/NAME.json`.
        public let url: URL
        /// Apple's pictures of it, in the manifest's order.
        public let snapshots: [Snapshot]

        /// The sample's name.
        public var description: String { name }
    }

    /// One of Apple's pictures of a sample: the frame it shows and where the picture is.
    public struct Snapshot: Sendable, Hashable, CustomStringConvertible {
        /// The sample's name.
        public let sampleName: String
        /// The label in the picture's file name: a percentage of the way from the in frame to
        /// the out frame ("0", "25", "100") or a frame ("Frame-12").
        public let label: String
        /// The frame shown: `ip + P/100 · (op − ip)` for a percentage P, N for `Frame-N`.
        public let frame: Double
        /// P/100 for a percentage, nil for `Frame-N`.
        public let progress: Double?
        /// The sample's precision (``Sample/precision``), so that a snapshot alone can be judged.
        public let precision: Double
        /// The sample's JSON, `samples/NAME.json`.
        public let sampleURL: URL
        /// Apple's picture, `apple/NAME-LABEL.png`: straight RGBA, transparent where nothing is
        /// drawn.
        public let appleURL: URL

        /// `NAME @ LABEL`, as compare.py prints a snapshot.
        public var description: String { "\(sampleName) @ \(label)" }
    }
}
