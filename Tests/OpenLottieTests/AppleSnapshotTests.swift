import Foundation
import LottieTestSupport
import OpenLottie
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

/// Every snapshot of the shared Lottie corpus against Apple's picture of it, compared as
/// lottie-ios's snapshot tests compare (`SOURCES.md`): at least the sample's precision of
/// pixels within CIEDE2000 3 of Apple's, over white and over black.
@Suite(.serialized) struct AppleSnapshotTests {
    static let samples: [LottieCorpus.Sample] = (try? LottieCorpus.samples()) ?? []

    @Test(arguments: samples)
    func sampleMatchesApplesPictures(_ sample: LottieCorpus.Sample) throws {
        guard LottieCorpus.isPresent(for: "Apple's pictures of \(sample.name)") else { return }
        let animation = try LottieAnimation(contentsOf: sample.url)
        for snapshot in sample.snapshots {
            try LottieSnapshot.expectMatch(snapshot, knownToDiffer: Self.notYetMatching, named: sample.name) {
                LottieSnapshot.render(animation, frame: snapshot.frame, width: $0, height: $1)
            }
        }
    }

    /// The snapshots whose pictures still differ from Apple's (see docs/lottie.md
    /// for what each lacks).
    static let notYetMatching: Set<String> = []
}

extension LottieSnapshot {
    /// Compares `snapshot` with Apple's picture, `render` drawing ours at the picture's width and
    /// height: at least the snapshot's precision of pixels within CIEDE2000 3. A snapshot in
    /// `knownToDiffer` must still differ (one that starts matching fails until it leaves the
    /// list). A picture that does not match is kept beside the difference, as `named`-LABEL.
    static func expectMatch(
        _ snapshot: LottieCorpus.Snapshot, knownToDiffer: Set<String>, named name: String,
        render: (Int, Int) -> CGImage, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let apple = try readPNG(at: snapshot.appleURL)
        let ours = render(apple.width, apple.height)
        let matched = PerceptualComparison.matchedFraction(ours, apple)
        if matched < snapshot.precision {
            _ = try? PerceptualComparison.keepDifferencePicture(ours, apple, named: "\(name)-\(snapshot.label)")
        }
        let message =
            "\(snapshot): \(String(format: "%.4f", matched)) of pixels within ΔE 3 (needs \(snapshot.precision))"
        if knownToDiffer.contains(snapshot.description) {
            withKnownIssue(Comment(rawValue: message)) {
                #expect(matched >= snapshot.precision, "\(message)", sourceLocation: sourceLocation)
            }
        } else {
            #expect(matched >= snapshot.precision, "\(message)", sourceLocation: sourceLocation)
        }
    }
}

/// Draws a Lottie animation's frame as lottie-ios's snapshot tests draw it: the layer sized as
/// their view is, at 2 pixels a point, the animation filling it, paused at the frame.
enum LottieSnapshot {
    static func render(
        _ animation: LottieAnimation, frame: Double, width: Int, height: Int, values: LottieValues? = nil,
        engine: RenderingEngineOption = .automatic
    ) -> CGImage {
        let layer = animation.makeLayer(configuration: LottieConfiguration(renderingEngine: engine))
        // The view is the animation's size, its longer side at most 500 points; the bitmap
        // is that size at 2 pixels a point, rounded up.
        let fit = min(1, 500 / max(animation.size.width, animation.size.height))
        layer.anchorPoint = .zero
        layer.bounds = CGRect(x: 0, y: 0, width: animation.size.width * fit, height: animation.size.height * fit)
        layer.position = .zero
        // As lottie-ios's snapshot tests set a configuration: after sizing, before the frame.
        values?.apply(to: layer)
        layer.currentFrame = frame
        let renderer = CAFrameRenderer(width: width, height: height, scale: 2)
        renderer.threads = 1
        var image: CGImage?
        try? renderer.render(layer, atTimes: [0], prepare: { _ in }, deliver: { image = $0.image })
        guard let image else { fatalError("LottieSnapshot: the renderer delivered no frame") }
        return image
    }
}
