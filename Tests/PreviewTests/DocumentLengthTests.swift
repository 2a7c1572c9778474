import Foundation
import OpenCAML
import OpenQuartzCore
import OpenQuartzCorePreview
import OpenQuartzCoreScenes
import QuartzTestSupport
import Testing

/// One rule for how long a document plays (`CAPackage.playingLength`): `carender render`, the
/// gallery and the preview's timeline all take it.
@Suite @MainActor struct DocumentLengthTests {
    static func document(animation: String) -> String {
        PreviewFixture.header + """
            <CALayer name="root" bounds="0 0 100 80" position="50 40"><sublayers>
            <CALayer name="dot" bounds="0 0 20 20" position="20 20" backgroundColor="1 0 0">\(animation)</CALayer>
            </sublayers></CALayer></caml>
            """
    }

    /// A document whose only animation lasts 0.5 s plays for 0.5 s in the preview, as
    /// `carender render` renders it; one with no animation for 2 s.
    @Test(arguments: [
        (
            #"<animations><p key="a" type="CABasicAnimation" keyPath="position.x" toValue="80" duration="0.5"/></animations>"#,
            0.5
        ),
        (
            #"<animations><p key="a" type="CABasicAnimation" keyPath="opacity" toValue="0" duration="0.5" repeatCount="inf" autoreverses="1"/></animations>"#,
            1.0
        ),
        (
            #"<animations><p key="a" type="CABasicAnimation" keyPath="opacity" toValue="0" duration="5000"/></animations>"#,
            3600
        ),
        ("", 2.0),
    ])
    func previewTimelineIsTheDocumentsPlayingLength(animation: String, expected: Double) throws {
        let file = try PreviewFixture.writeDocument(Self.document(animation: animation))
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let scene = try SceneDefinition.document(at: file.path, type: kCAPackageTypeCAMLFile).start()
        let package = try withManualClock { _ in
            try CAPackage(contentsOf: file, type: kCAPackageTypeCAMLFile, options: nil)
        }
        #expect(package.playingLength.isApproximatelyEqual(to: expected, absoluteTolerance: 1e-9))
        #expect(scene.duration.isApproximatelyEqual(to: expected, absoluteTolerance: 1e-9), "\(scene.duration)")
    }
}
