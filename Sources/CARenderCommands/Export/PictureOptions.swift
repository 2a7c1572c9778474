import ArgumentParser
import Foundation

/// The picture's options that `frame` and `render` share: its size in points, its pixels per
/// point and what it is drawn over.
struct PictureOptions: ParsableArguments {
    @Option(help: "Pixels per point.")
    var scale: Double = 1

    @Option(help: ArgumentHelp("The picture's size in points (default: the scene's size).", valueName: "WxH"))
    var size: String?

    @Option(
        help: ArgumentHelp(
            "What the picture is drawn over: none (transparent where nothing is drawn, for a Lottie file as for "
                + "a scene or a document; black in MP4), white, black, #rrggbb or #rrggbbaa.",
            valueName: "none|color"))
    var background: String = "none"

    /// Usage errors of `--size` and `--background` (`--scale` is checked first, with
    /// ``validateScale(_:)``, by the commands).
    func validateSizeAndBackground() throws {
        if let size {
            try Framing(size: Framing.parseSize(size), scale: scale).validate()
        }
        _ = try BackgroundOption.parse(background)
    }

    /// The picture a scene of `sceneSize` points is drawn into: `--size` (or the scene's own)
    /// at `--scale`.
    func framing(for sceneSize: CGSize) throws -> Framing {
        Framing(size: try size.map(Framing.parseSize) ?? sceneSize, scale: scale)
    }
}
