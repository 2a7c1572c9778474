import Foundation
import OpenLottie
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import CARenderCommands

/// `carender preview` with a Lottie file's options: the scene it plays is the file with them.
@Suite struct PreviewLottieOptionsTests {
    /// A red 40 × 20 rectangle sliding across a 100 × 50 canvas in one second, its fill named
    /// `box.red`.
    static let slide = """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 50, "nm": "slide", "ddd": 0, "assets": [],
         "layers": [{"ddd": 0, "ind": 1, "ty": 4, "nm": "box", "sr": 1, "ip": 0, "op": 30, "st": 0, "bm": 0,
           "ks": {"o": {"a": 0, "k": 100}, "r": {"a": 0, "k": 0},
                  "p": {"a": 1, "k": [{"t": 0, "s": [25, 25, 0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
                                      {"t": 30, "s": [75, 25, 0]}]},
                  "a": {"a": 0, "k": [50, 25, 0]}, "s": {"a": 0, "k": [100, 100, 100]}},
           "shapes": [{"ty": "rc", "nm": "rect", "d": 1, "s": {"a": 0, "k": [40, 20]}, "p": {"a": 0, "k": [50, 25]},
                       "r": {"a": 0, "k": 0}},
                      {"ty": "fl", "nm": "red", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "r": 1}]}]}
        """

    @MainActor
    @Test func thePreviewPlaysTheFileWithItsValues() throws {
        let folder = try ScratchSpace.makeFolder("preview-lottie-options")
        defer { try? FileManager.default.removeItem(at: folder) }
        let slide = folder.appendingPathComponent("slide.json")
        try Data(Self.slide.utf8).write(to: slide)
        let values = folder.appendingPathComponent("blue.json")
        try Data(#"{"valueProviders": [{"keypath": "box.red.Color", "color": [0, 0, 1, 1]}]}"#.utf8).write(to: values)
        let options = try LottieFileOptions.parse(["--values", values.path])
        let scene = try previewSource(for: slide.path, lottie: options).load()
        let layer = try #require(
            scene.root as? LottieAnimationLayer ?? scene.root.sublayers?.first as? LottieAnimationLayer)
        #expect(
            layer.getValue(for: AnimationKeypath(keypath: "box.red.Color"), atFrame: 0) as? LottieColor
                == LottieColor(r: 0, g: 0, b: 1))
    }
}
