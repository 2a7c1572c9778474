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
    /// The layers of precompositions with time remapping, whose layers lottie-ios counts.
    private var timeRemappedLayers: Set<ObjectIdentifier> = []

    /// Notes that `layer` is a precomposition's layer with a time remapping curve.
    func noteTimeRemapping(of layer: CALayer) {
        timeRemappedLayers.insert(ObjectIdentifier(layer))
    }

    /// lottie-ios's limit on time remapping: every frame of every layer under a time-remapped
    /// precomposition is a keyframe it computes; 50,000 of them and more make the Core
    /// Animation engine decline the animation. lottie-ios counts the layers of its own tree,
    /// which has about 5 for every 4 of this one (406 for 319 in one file, 3,670 for 2,943 in
    /// another): the count is estimated so.
    func checkTimeRemappingCost(in root: CALayer, frames: Int) {
        let layers = Self.layersUnderTimeRemapping(in: root, marked: timeRemappedLayers) * 5 / 4
        guard layers * frames >= 50_000 else { return }
        note(
            "This animation has a very large number of layers with time remapping (\(layers) layers over "
                + "\(frames) frames) so will perform poorly with the Core Animation rendering engine.", at: "layers")
    }

    /// The layers under the marked layers (those under a marked layer inside another counted once).
    private static func layersUnderTimeRemapping(in layer: CALayer, marked: Set<ObjectIdentifier>) -> Int {
        (layer.sublayers ?? []).reduce(0) { count, sublayer in
            count
                + (marked.contains(ObjectIdentifier(sublayer))
                    ? descendants(of: sublayer) : layersUnderTimeRemapping(in: sublayer, marked: marked))
        }
    }

    private static func descendants(of layer: CALayer) -> Int {
        (layer.sublayers ?? []).reduce(0) { $0 + 1 + descendants(of: $1) }
    }

    /// Notes `message` at the JSON path `path`, once a place.
    func note(_ message: String, at path: String) {
        guard seen.insert(path + message).inserted else { return }
        issues.append(LottieWarning(path: path, message: message))
    }
}

extension LottieAnimation {
    /// What lottie-ios's Core Animation engine reports it does not support in this animation,
    /// with the JSON path of each place, as its compatibility check finds them: trims on filled
    /// shapes, rounded corners on combined shapes, and time remapping over too many layers
    /// and frames. Empty when it draws the whole file (its `.automatic` engine then uses it).
    /// Building the tree once finds them; the answer is kept.
    public func coreAnimationCompatibilityIssues() -> [LottieWarning] {
        if let known = compatibilityIssues.withLock({ $0 }) { return known }
        let root = CALayer()
        root.bounds = CGRect(origin: .zero, size: size)
        let context = AnimationContext(
            frameRate: frameRate, startFrame: startFrame, endFrame: endFrame,
            playback: AnimationContext.Playback(fromFrame: startFrame, toFrame: endFrame))
        return buildCheckingCompatibility(LayerTreeBuilder(animation: self), into: root, context: context)
    }

    /// Builds the Core Animation engine's tree into `root` with `builder`, noting what
    /// lottie-ios's check finds, and keeps the answer: an animation drawn with `.automatic`
    /// is built once when the Core Animation engine takes it.
    func buildCheckingCompatibility(_ builder: LayerTreeBuilder, into root: CALayer, context: AnimationContext)
        -> [LottieWarning]
    {
        let report = CompatibilityReport()
        var context = context
        context.engine = .coreAnimation
        context.compatibility = report
        builder.addLayers(layers, to: root, bounds: root.bounds, context: context, depth: 0)
        report.checkTimeRemappingCost(in: root, frames: Int(endFrame - startFrame))
        compatibilityIssues.withLock { $0 = report.issues }
        return report.issues
    }

    /// The engine `option` draws this animation with: ``RenderingEngineOption/automatic``
    /// takes the Core Animation engine unless ``coreAnimationCompatibilityIssues()`` finds
    /// something it does not draw.
    public func renderingEngine(for option: RenderingEngineOption) -> RenderingEngine {
        switch option {
        case .specific(let engine): engine
        case .automatic: coreAnimationCompatibilityIssues().isEmpty ? .coreAnimation : .mainThread
        }
    }
}
