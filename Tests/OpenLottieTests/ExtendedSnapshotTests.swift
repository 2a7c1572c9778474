import Foundation
import LottieTestSupport
import OpenLottie
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

/// Every snapshot of the shared extended corpus (images, dotLottie packages, lottie-ios's Main
/// Thread engine, value providers, a viewport) against Apple's picture, compared as
/// ``AppleSnapshotTests`` compares, with the sample's values file applied as lottie-ios's
/// snapshot configuration applies it.
@Suite(.serialized) struct ExtendedSnapshotTests {
    static let samples: [ExtendedLottieCorpus.Sample] = (try? ExtendedLottieCorpus.samples()) ?? []

    @Test func theManifestListsEverySample() throws {
        guard ExtendedLottieCorpus.isPresent(for: "the extended corpus's manifest") else { return }
        let samples = try ExtendedLottieCorpus.samples()
        #expect(samples.count == 31)
        #expect(samples.reduce(0) { $0 + $1.base.snapshots.count } == 147)
        #expect(samples.filter { $0.config != nil }.count == 14)
    }

    @Test(arguments: samples)
    func sampleMatchesApplesPictures(_ sample: ExtendedLottieCorpus.Sample) throws {
        guard ExtendedLottieCorpus.isPresent(for: "Apple's pictures of \(sample.name)") else { return }
        let animation = try LottieAnimation(contentsOf: sample.base.url)
        let values = try sample.config.map { try LottieValues(contentsOf: $0) }
        if let values { #expect(values.problems(with: animation).isEmpty, "every setting changes something") }
        for snapshot in sample.base.snapshots {
            try LottieSnapshot.expectMatch(
                snapshot, knownToDiffer: Self.notYetMatching, named: "extended-\(sample.name)"
            ) {
                LottieSnapshot.render(
                    animation, frame: snapshot.frame, width: $0, height: $1, values: values,
                    engine: RenderingEngineOption(name: sample.engine) ?? .automatic)
            }
        }
    }

    /// The snapshots whose pictures still differ from Apple's (see docs/lottie.md).
    static let notYetMatching: Set<String> = []
}
