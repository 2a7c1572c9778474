import Foundation
import OpenCoreGraphics

/// One layer of a Lottie composition.
struct LayerModel: Sendable {
    enum Content: Sendable {
        /// A precomposition: the asset's layers, in a `width` × `height` frame, with the time
        /// remapping curve (seconds of the asset for each frame of this layer) when there is one.
        case precomposition(assetID: String, width: Double, height: Double, timeRemapping: KeyframeGroup<Double>?)
        case solid(color: KeyframeGroup<LottieVector>, width: Double, height: Double)
        case shapes([ShapeItem])
        case image(assetID: String)
        /// Text: its documents, drawn from the file's glyphs or by `CATextLayer`.
        case text(TextModel)
        case null
        /// A 3D camera (`ty` 13): how the composition's 3D layers are seen.
        case camera(CameraModel)
        /// A layer type that is not drawn (audio, data…): skipped.
        case unsupported
    }

    enum MatteType: Int {
        case alpha = 1, alphaInverted = 2, luma = 3, lumaInverted = 4
    }

    var name: String
    var index: Int?
    var parentIndex: Int?
    var content: Content
    var transform: TransformModel
    var inFrame: Double
    var outFrame: Double
    var startTime: Double
    var timeStretch: Double
    var isHidden: Bool
    var matte: MatteType?
    /// The index (`ind`) of the layer that mattes this one (`tp`), anywhere in its
    /// composition; without it, the layer before this one.
    var matteParent: Int? = nil
    var isMatteSource: Bool
    var masks: [MaskModel]
    var blendMode: BlendMode
    var dropShadow: DropShadowModel?
    /// Whether the layer turns with the direction its position moves in (`ao`).
    var autoOrient = false
    /// Whether the layer is a 3D layer (`ddd`): its depth, rotations about x and y and
    /// orientation are seen in perspective by the complete engine.
    var is3D = false
    /// The effects the complete engine draws, in order.
    var effects: [EffectModel] = []
    /// Where the layer is in the file, for warnings.
    var path: String
}

/// A camera layer: its transform places the eye (position, the point of interest it looks at
/// when the file gives one, rotations and orientation); its zoom is the distance, in points,
/// at which a layer is seen at its own size.
struct CameraModel: Sendable {
    var zoom: KeyframeGroup<Double>
    /// Whether the camera looks at the point of interest (the transform's anchor), After
    /// Effects' two-node camera.
    var hasPointOfInterest: Bool
}

/// A mask of a layer.
struct MaskModel: Sendable {
    enum Mode: String {
        case add = "a", subtract = "s", intersect = "i", lighten = "l", darken = "d", difference = "f", none = "n"
    }

    var mode: Mode
    var isInverted: Bool
    var shape: KeyframeGroup<BezierShape>
    /// Percent.
    var opacity = KeyframeGroup(100.0)
    /// Points the shape grows by (shrinks by, when negative).
    var expansion = KeyframeGroup(0.0)

    /// Whether the mask is drawn as its path alone: fully opaque and not expanded.
    var isPlain: Bool {
        opacity.keyframes.allSatisfy { $0.value == 100 } && expansion.keyframes.allSatisfy { $0.value == 0 }
    }
}

/// A drop shadow, from the layer style or the effect.
struct DropShadowModel: Sendable {
    var color: KeyframeGroup<LottieVector>
    /// Percent.
    var opacity: KeyframeGroup<Double>
    /// Degrees, clockwise from up.
    var angle: KeyframeGroup<Double>
    var distance: KeyframeGroup<Double>
    var radius: KeyframeGroup<Double>
    /// Whether opacity is 0–255 (the effect) rather than 0–100 (the style).
    var opacityIsByte: Bool
}

/// After Effects' blend modes, in the file's numbering, with Core Animation's filter names.
enum BlendMode: Int {
    case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight,
        difference, exclusion, hue, saturation, color, luminosity, add, hardMix

    /// The `compositingFilter` name Core Animation knows the mode by, nil for normal.
    var filterName: String? {
        switch self {
        case .normal: nil
        case .multiply: "multiplyBlendMode"
        case .screen: "screenBlendMode"
        case .overlay: "overlayBlendMode"
        case .darken: "darkenBlendMode"
        case .lighten: "lightenBlendMode"
        case .colorDodge: "colorDodgeBlendMode"
        case .colorBurn: "colorBurnBlendMode"
        case .hardLight: "hardLightBlendMode"
        case .softLight: "softLightBlendMode"
        case .difference: "differenceBlendMode"
        case .exclusion: "exclusionBlendMode"
        case .hue: "hueBlendMode"
        case .saturation: "saturationBlendMode"
        case .color: "colorBlendMode"
        case .luminosity: "luminosityBlendMode"
        case .add: "linearDodgeBlendMode"
        case .hardMix: nil
        }
    }
}

/// An asset: a precomposition's layers or an image.
enum AssetModel: Sendable {
    case precomposition(layers: [LayerModel])
    /// An image: its description and its picture (nil when it could not be had).
    case image(ImageAsset, CGImage?)
}

extension LayerModel {
    /// Where in `layers` the matte of the layer at `position` is, as lottie-web finds it: the
    /// first layer whose index is its `tp`, else the layer before it; nil for a layer without
    /// a track matte, or whose `tp` names no layer.
    static func matteSource(of position: Int, in layers: [LayerModel]) -> Int? {
        guard layers[position].matte != nil else { return nil }
        if let parent = layers[position].matteParent {
            return layers.firstIndex { $0.index == parent }
        }
        return position > 0 ? position - 1 : nil
    }
}
