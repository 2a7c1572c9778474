import Foundation
import OpenQuartzCore

/// What lottie-ios's Core Animation engine reports it cannot draw, found while the tree is
/// built: lottie-ios's `.automatic` engine then draws the animation with its Main Thread engine.
/// The messages are lottie-ios's own.
final class CompatibilityReport {
    static let trimmedFill =
        "The Core Animation rendering engine doesn't currently support applying trims to filled shapes "
        + "(only stroked shapes)."
    static let roundedCombinedShapes = "Rounded corners support is not currently implemented for combined shape items"

    private(set) var issues: [LottieWarning] = []
    private var seen: Set<String> = []

    /// Notes `message` at the JSON path `path`, once a place.
    func note(_ message: String, at path: String) {
        guard seen.insert(path + message).inserted else { return }
        issues.append(LottieWarning(path: path, message: message))
    }
}

extension LottieAnimation {
    /// What lottie-ios's Core Animation engine reports it does not support in this animation,
    /// with the JSON path of each place, as its compatibility check finds them: trims on filled
    /// shapes and rounded corners on combined shapes. Empty when it draws the whole file (its
    /// `.automatic` engine then uses it). Building the tree once finds them.
    public func coreAnimationCompatibilityIssues() -> [LottieWarning] {
        let report = CompatibilityReport()
        var context = AnimationContext(
            frameRate: frameRate, startFrame: startFrame, endFrame: endFrame,
            playback: AnimationContext.Playback(fromFrame: startFrame, toFrame: endFrame))
        context.compatibility = report
        let root = CALayer()
        root.bounds = CGRect(origin: .zero, size: size)
        LayerTreeBuilder(animation: self).addLayers(layers, to: root, bounds: root.bounds, context: context, depth: 0)
        return report.issues
    }
}
