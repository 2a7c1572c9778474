import Foundation

/// A part of the Lottie format that a file uses and that not every engine draws alike: what
/// ``LottieAnimation/features`` lists, each with how every engine draws it.
public enum LottieFeature: Hashable, Sendable, CustomStringConvertible {
    /// A precomposition layer (`ty` 0).
    case precomposition
    /// A precomposition's time remapping (`tm`).
    case timeRemapping
    /// An image layer (`ty` 2).
    case image
    /// A text layer (`ty` 5).
    case text
    /// A layer parented to another (`parent`).
    case parenting
    /// Masks (`masksProperties`).
    case masks
    /// An alpha or inverted alpha track matte (`tt` 1 or 2).
    case alphaMatte
    /// The drop shadow, as a layer style or an effect.
    case dropShadow
    /// Trim paths (`tm`).
    case trimPaths
    /// A repeater (`rp`).
    case repeater
    /// A gradient fill or stroke (`gf`, `gs`).
    case gradient
    /// Dashed strokes (`d`).
    case dashes
    /// Rounded corners (`rd`).
    case roundedCorners
    /// Stars and polygons (`sr`).
    case polystar
    /// After Effects expressions (`x` on a property).
    case expressions
    /// A luma or inverted luma track matte (`tt` 3 or 4).
    case lumaMatte
    /// A blend mode other than normal (`bm`).
    case blendMode
    /// The hard mix blend mode (`bm` 17), which Core Animation has no filter for.
    case hardMixBlendMode
    /// Auto-orient along the position's path (`ao`).
    case autoOrient
    /// A mask mode with no Core Animation counterpart (`mode` "l", "d" or "f").
    case maskMode(String)
    /// A mask's expansion (`x`).
    case maskExpansion
    /// A mask's opacity (`o`) below 100 %.
    case maskOpacity
    /// A layer type that draws nothing here (`ty`: audio 6, data 15, …).
    case layerType(Int)
    /// A 3D camera layer (`ty` 13).
    case camera
    /// A 3D layer (`ddd`).
    case threeDLayer
    /// Rotation about x or y (`rx`, `ry`).
    case rotationOutOfPlane
    /// A layer style other than the drop shadow (`sy`, by its type).
    case layerStyle(Int)
    /// An effect other than the drop shadow (`ef`, by its type, 20…35).
    case effect(Int)
    /// Expression controls (`ef` of other types: sliders, colours, points, …), which draw nothing.
    case effectControls
    /// A gaussian blur in one dimension only.
    case blurInOneDimension
    /// Trim paths trimming each path apart (`m` 2).
    case trimIndividually
    /// A repeater whose number of copies is animated.
    case animatedRepeaterCopies
    /// A repeater's offset or its copies' start and end opacities.
    case repeaterOffsetAndOpacity
    /// Merge paths (`mm`).
    case mergePaths
    /// A shape item type not drawn (`ty`).
    case shapeItem(String)
    /// Dash lengths that are animated.
    case animatedDashLengths
    /// Radial gradients' start or end point animated.
    case animatedRadialGradientPoints
    /// Radial gradients' highlight length and angle (`h`, `a`).
    case radialGradientHighlight
    /// Text animators and range selectors (`t.a`).
    case textAnimators
    /// Text animators' grouping other than by characters (`t.m.g`: words, lines, all).
    case textAnimatorGrouping
    /// Text animators' randomized order (`rn`).
    case textAnimatorRandomOrder
    /// A text animator's property the complete engine does not draw (`rx`, `ry`, `fh`, `fs`,
    /// `fb`), by its key.
    case textAnimatorProperty(String)
    /// Text on a path (`t.p`).
    case textOnPath
    /// Small caps (`ca` 2).
    case smallCaps
    /// Justified text (`j` 3…6).
    case justifiedText
    /// Text whose font has no glyphs in the file (`chars`).
    case textWithoutGlyphs
    /// Tracking of text without glyphs.
    case trackingWithoutGlyphs
    /// Strokes of text without glyphs.
    case textStrokesWithoutGlyphs
    /// A path closed by its shape item's `closed` flag, as Bodymovin before 4.4.18 wrote it.
    case closedOnShapeItem
    /// A track matte whose layer is given by index (`tp`), not the layer before.
    case matteByIndex
    /// A matte layer (`td`) that no layer uses as its matte.
    case unusedMatteSource
    /// Pucker & Bloat (`pb`).
    case puckerAndBloat

    /// The feature's name, as the compatibility report prints it.
    public var description: String {
        switch self {
        case .precomposition: "precomposition"
        case .timeRemapping: "time remapping"
        case .image: "image"
        case .text: "text"
        case .parenting: "parenting"
        case .masks: "masks"
        case .alphaMatte: "alpha matte"
        case .dropShadow: "drop shadow"
        case .trimPaths: "trim paths"
        case .repeater: "repeater"
        case .gradient: "gradient"
        case .dashes: "dashes"
        case .roundedCorners: "rounded corners"
        case .polystar: "star or polygon"
        case .expressions: "expressions"
        case .lumaMatte: "luma matte"
        case .blendMode: "blend mode"
        case .hardMixBlendMode: "hard mix blend mode"
        case .autoOrient: "auto-orient"
        case .maskMode(let mode): "mask mode \"\(mode)\""
        case .maskExpansion: "mask expansion"
        case .maskOpacity: "mask opacity"
        case .layerType(let type): "layer type \(type)"
        case .threeDLayer: "3D layer"
        case .camera: "3D camera"
        case .rotationOutOfPlane: "rotation about x or y"
        case .layerStyle(let type): "layer style \(type)"
        case .effect(let type): "effect \(type)" + (Self.effectNames[type].map { " (\($0))" } ?? "")
        case .effectControls: "expression controls"
        case .blurInOneDimension: "gaussian blur in one dimension"
        case .trimIndividually: "trim paths individually"
        case .animatedRepeaterCopies: "animated repeater copies"
        case .repeaterOffsetAndOpacity: "repeater offset and opacities"
        case .mergePaths: "merge paths"
        case .shapeItem(let type): "shape item \"\(type)\""
        case .animatedDashLengths: "animated dash lengths"
        case .animatedRadialGradientPoints: "animated radial gradient points"
        case .radialGradientHighlight: "radial gradient highlight"
        case .textAnimators: "text animators"
        case .textAnimatorGrouping: "text animator grouping"
        case .textAnimatorRandomOrder: "text animator random order"
        case .textAnimatorProperty(let key): "text animator property \"\(key)\""
        case .textOnPath: "text on a path"
        case .smallCaps: "small caps"
        case .justifiedText: "justified text"
        case .textWithoutGlyphs: "text without glyphs"
        case .trackingWithoutGlyphs: "tracking without glyphs"
        case .textStrokesWithoutGlyphs: "text strokes without glyphs"
        case .closedOnShapeItem: "closed flag on the shape item"
        case .matteByIndex: "track matte by index"
        case .unusedMatteSource: "unused matte layer"
        case .puckerAndBloat: "pucker & bloat"
        }
    }

    /// How `engine` draws the feature.
    public func support(in engine: RenderingEngine) -> LottieFeatureSupport {
        if engine == .complete, let complete = completeSupport { return complete }
        // The Main Thread engine (and the complete one) cut paths with their trims.
        if engine != .coreAnimation, self == .trimIndividually { return .drawn }
        return lottieIOSSupport
    }

    /// How the complete engine draws the feature where it differs from lottie-ios's engines.
    private var completeSupport: LottieFeatureSupport? {
        switch self {
        case .expressions, .lumaMatte, .maskOpacity, .maskExpansion, .repeaterOffsetAndOpacity, .animatedRepeaterCopies,
            .autoOrient, .camera, .rotationOutOfPlane, .closedOnShapeItem, .matteByIndex, .unusedMatteSource,
            .puckerAndBloat:
            .drawn
        case .threeDLayer:
            .approximated(
                "3D layers are seen in perspective and drawn back to front by the depth of each layer's anchor point; "
                    + "layers that cross are not cut where they meet")
        case .effect(let type) where Self.effectsDrawnByTheCompleteEngine.contains(type): .drawn
        case .effect:
            .ignored("effects other than fill, tint, stroke, tritone, gaussian blur and drop shadow are not drawn")
        case .blurInOneDimension: .approximated("a gaussian blur in one dimension is drawn in both")
        case .radialGradientHighlight, .animatedRadialGradientPoints: .drawn
        case .textAnimators: .approximated("text animators are drawn by characters")
        // Set in the font found in the font folders or installed, as lottie-web sets it; a
        // family found nowhere is a warning of its own (LottieAnimation.fontWarnings).
        case .textWithoutGlyphs, .trackingWithoutGlyphs, .textStrokesWithoutGlyphs: .drawn
        case .textAnimatorGrouping:
            .approximated("text animators turn and scale each character about its own anchor, not its word's or line's")
        case .textAnimatorRandomOrder: .approximated("text animators select characters in order, not at random")
        case .textAnimatorProperty(let key): .ignored("the text animator property \"\(key)\" is not drawn")
        case .mergePaths:
            .approximated(
                "merged paths are filled as After Effects merges them, but strokes follow each path's own outline "
                    + "and paths in groups above the merge are not merged")
        default: nil
        }
    }

    /// The effect types Bodymovin writes for effects that draw (others are expression controls).
    static let drawingEffectTypes = 20...35
    /// Those the complete engine draws, besides the drop shadow: tint, fill, stroke, tritone,
    /// gaussian blur.
    static let effectsDrawnByTheCompleteEngine: Set = [20, 21, 22, 23, 29]
    /// After Effects' names of the effects Bodymovin writes.
    static let effectNames = [
        20: "tint", 21: "fill", 22: "stroke", 23: "tritone", 24: "levels", 25: "drop shadow", 26: "radial wipe",
        27: "displacement map", 28: "set matte", 29: "gaussian blur", 30: "twirl", 31: "mesh warp", 32: "wave warp",
        33: "spherize", 34: "puppet", 35: "transform",
    ]

    /// How lottie-ios's engines (Core Animation and Main Thread, as this package reproduces
    /// them) draw the feature.
    private var lottieIOSSupport: LottieFeatureSupport {
        switch self {
        case .precomposition, .timeRemapping, .image, .text, .parenting, .masks, .alphaMatte, .dropShadow, .trimPaths,
            .repeater, .gradient, .dashes, .roundedCorners, .polystar, .effectControls:
            .drawn
        case .expressions: .ignored("After Effects expressions are not evaluated; the keyframes are played")
        case .lumaMatte: .approximated("luma mattes are drawn as alpha mattes (Core Animation masks by alpha)")
        case .blendMode: .drawn
        case .hardMixBlendMode: .approximated("the hard mix blend mode is drawn as normal")
        case .autoOrient: .ignored("auto-orient is not drawn")
        case .maskMode(let mode): .approximated("mask mode \"\(mode)\" is drawn as add")
        case .maskExpansion: .ignored("mask expansion is not drawn")
        case .maskOpacity: .ignored("mask opacity is not drawn")
        case .layerType(let type): .ignored("layers of type \(type) are not drawn")
        case .threeDLayer: .approximated("3D layers are drawn flat")
        case .camera: .ignored("3D cameras are not drawn: 3D layers are seen without one")
        case .rotationOutOfPlane:
            .approximated(
                "rotation about x or y is drawn as Apple's pictures of lottie-ios show it: while it turns the layer "
                    + "out of its plane, the layer is drawn without its transform")
        case .layerStyle: .ignored("layer styles other than the drop shadow are not drawn")
        case .effect: .ignored("effects other than the drop shadow are not drawn")
        case .blurInOneDimension: .ignored("effects other than the drop shadow are not drawn")
        case .trimIndividually: .approximated("trim paths \"individually\" are trimmed as \"simultaneously\"")
        case .animatedRepeaterCopies: .approximated("animated repeater copies are drawn at their first value")
        case .repeaterOffsetAndOpacity: .ignored("a repeater's offset and its copies' opacities are not drawn")
        case .mergePaths:
            .ignored(
                "merge paths are not drawn (Core Animation's Lottie engine skips them); the paths are drawn as they are"
            )
        case .shapeItem(let type): .ignored("shape items of type \"\(type)\" are not drawn")
        case .animatedDashLengths: .approximated("animated dash lengths are drawn at their first value")
        case .animatedRadialGradientPoints:
            .approximated("animated radial gradient points are drawn at their first values")
        case .radialGradientHighlight:
            .ignored("the highlight of radial gradients is not drawn (Core Animation's gradient has none)")
        case .textAnimators: .ignored("text animators are not drawn; the text is drawn as its documents say")
        case .textAnimatorGrouping, .textAnimatorRandomOrder, .textAnimatorProperty:
            .ignored("text animators are not drawn")
        case .textOnPath: .approximated("text on a path is drawn in lines, not along the path")
        case .smallCaps: .approximated("small caps are drawn as capitals")
        case .justifiedText: .approximated("justified text is drawn aligned as its last line is")
        case .textWithoutGlyphs:
            .approximated(
                "text whose font has no glyphs in the file's chars is drawn by CATextLayer with the renderer's "
                    + "fonts (DejaVu Sans for names it does not know)")
        case .trackingWithoutGlyphs: .ignored("tracking is drawn only for text with glyphs")
        case .textStrokesWithoutGlyphs: .ignored("text strokes are drawn only for text with glyphs")
        case .closedOnShapeItem:
            .ignored(
                "the closed flag Bodymovin before 4.4.18 kept on a path's shape item (closed) is not read; "
                    + "the path is closed as its own data says (c)")
        case .matteByIndex:
            .approximated("a track matte's layer given by index (tp) is not read: the layer before is the matte")
        case .unusedMatteSource:
            .approximated("a matte layer (td) that no layer uses is drawn as an ordinary layer")
        case .puckerAndBloat: .ignored("pucker & bloat is not drawn (lottie-ios does not read it)")
        }
    }
}

/// How an engine draws a ``LottieFeature``.
public enum LottieFeatureSupport: Hashable, Sendable, CustomStringConvertible {
    /// As After Effects shows it.
    case drawn
    /// Drawn otherwise, as the message says.
    case approximated(String)
    /// Not drawn, as the message says.
    case ignored(String)

    /// `drawn`, `approximated` or `ignored`.
    public var description: String {
        switch self {
        case .drawn: "drawn"
        case .approximated: "approximated"
        case .ignored: "ignored"
        }
    }

    /// What the engine does instead, nil when it draws the feature.
    public var message: String? {
        switch self {
        case .drawn: nil
        case .approximated(let message), .ignored(let message): message
        }
    }
}

/// A feature a file uses: where first, and in how many places.
public struct LottieFeatureUse: Hashable, Sendable, CustomStringConvertible {
    /// The feature.
    public let feature: LottieFeature
    /// The JSON path of its first place in the file.
    public let path: String
    /// How many places in the file use it.
    public internal(set) var count: Int

    /// `feature at path (n places)`.
    public var description: String {
        "\(feature) at \(path)" + (count > 1 ? " (\(count) places)" : "")
    }
}

// MARK: - What the builders ask of the table

extension RenderingEngine {
    /// Whether the engine draws `feature` as After Effects does: ``LottieFeature/support(in:)``
    /// says `drawn`. The layer-tree builders ask this (and ``draws(_:)``) wherever the engines
    /// differ, so that what `carender inspect` reports is what is built.
    func drawsAsAfterEffects(_ feature: LottieFeature) -> Bool {
        feature.support(in: self) == .drawn
    }

    /// Whether the engine draws `feature` at all, perhaps otherwise than After Effects: the
    /// table does not say `ignored`.
    func draws(_ feature: LottieFeature) -> Bool {
        if case .ignored = feature.support(in: self) { false } else { true }
    }

    /// Whether the engine keeps After Effects' timing where lottie-ios's engines round it (a
    /// rule of every file, not a feature some use): a hold keyframe's value shows from its very
    /// frame (lottie-ios hands Core Animation its key times as `Float`s), and a layer moves
    /// along its motion path at the pace its easing gives (lottie-ios eases the curve's
    /// parameter).
    var keepsAfterEffectsTiming: Bool { self == .complete }

    /// Whether gradients blend their colours in sRGB, as lottie-web and After Effects do, rather
    /// than as Core Animation does (a rule of every gradient).
    var blendsGradientsInSRGB: Bool { self == .complete }
}
