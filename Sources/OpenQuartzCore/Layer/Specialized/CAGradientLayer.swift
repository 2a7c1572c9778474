import Foundation
import OpenCoreGraphics

/// A layer that draws a colour gradient over its background colour, filling its shape
/// (rounded corners included): Apple's `CAGradientLayer`.
///
/// `colors` and `locations` animate element by element when the old and new arrays have the
/// same count, and switch half-way otherwise.
///
///     let gradient = CAGradientLayer()
///     gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
///     gradient.startPoint = CGPoint(x: 0, y: 0.5)
///     gradient.endPoint = CGPoint(x: 1, y: 0.5)
///
/// Differences from Apple: setting `colors` to an array with anything but `CGColor`s in it
/// (a `UIColor`, say) traps with a message; Apple silently draws nothing.
open class CAGradientLayer: CALayer {
    package var gradientStorage = GradientLayerStorage()

    /// Creates a gradient layer with Apple's defaults: no colours, a vertical axial gradient.
    public override init() {
        super.init()
    }

    /// Creates a copy of `layer` for the presentation tree, gradient properties included.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let gradient = layer as? CAGradientLayer { gradientStorage = gradient.gradientStorage }
    }

    /// Creates a layer from an archive (nothing is decoded: Apple's defaults), or the copy
    /// `CALayer` makes for the presentation tree, gradient properties included.
    public required init?(coder: NSCoder) {
        if let gradient = (coder as? LayerCreationCoder)?.model as? CAGradientLayer {
            gradientStorage = gradient.gradientStorage
        }
        super.init(coder: coder)
    }

    override package class var propertyTable: LayerPropertyTable { gradientLayerPropertyTable }

    /// The colour of each gradient stop, as `CGColor`s; nil (the default) draws no gradient.
    /// Animatable.
    open var colors: [Any]? {
        get { gradientStorage.colors }
        set {
            if let newValue, let stranger = newValue.first(where: { !($0 is CGColor) }) {
                misuse(
                    "CAGradientLayer.colors holds CGColors; got \(describeType(stranger)) (pass a UIColor's cgColor)")
            }
            changeValue(GradientLayerPropertyDescriptors.colors) { gradientStorage.colors = newValue }
        }
    }

    /// Where a radial gradient's first colour is, when not at its centre (the focal point of
    /// SVG's radial gradients, which Lottie's gradient highlight sets), in the gradient's
    /// ellipse: (0, 0) its centre, (1, 0) its edge along x. Nil, the default, for Apple's radial
    /// gradient. Not animatable; not Apple's API.
    package var focalPoint: CGPoint? {
        get { gradientStorage.focalPoint }
        set { changeValue(forKey: "focalPoint") { gradientStorage.focalPoint = newValue } }
    }

    /// Whether the colours are blended in sRGB, as SVG and the Lottie players blend them; false,
    /// the default, blends them as Core Animation's `render(in:)` does. Not Apple's API.
    package var blendsInSRGB: Bool {
        get { gradientStorage.blendsInSRGB }
        set { changeValue(forKey: "blendsInSRGB") { gradientStorage.blendsInSRGB = newValue } }
    }

    /// Where each stop lies along the gradient, 0…1 and increasing; nil (the default) spreads
    /// the stops evenly. Animatable.
    open var locations: [NSNumber]? {
        get { gradientStorage.locations }
        set { changeValue(GradientLayerPropertyDescriptors.locations) { gradientStorage.locations = newValue } }
    }

    /// Where the first stop lies, in unit coordinates of the bounds. Defaults to (0.5, 0).
    /// Animatable.
    open var startPoint: CGPoint {
        get { gradientStorage.startPoint }
        set { changeValue(GradientLayerPropertyDescriptors.startPoint) { gradientStorage.startPoint = newValue } }
    }

    /// Where the last stop lies, in unit coordinates of the bounds. Defaults to (0.5, 1).
    /// Animatable.
    open var endPoint: CGPoint {
        get { gradientStorage.endPoint }
        set { changeValue(GradientLayerPropertyDescriptors.endPoint) { gradientStorage.endPoint = newValue } }
    }

    /// The kind of gradient drawn. Defaults to `.axial`.
    open var type: CAGradientLayerType {
        get { gradientStorage.type }
        set { changeValue(GradientLayerPropertyDescriptors.type) { gradientStorage.type = newValue } }
    }
}

/// The shape of a `CAGradientLayer`'s gradient: Apple's `CAGradientLayerType`, whose raw
/// values are Core Animation's strings.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    /// The type's name, as Core Animation spells it (`"axial"`, `"radial"`, `"conic"`).
    public let rawValue: String

    /// Wraps a gradient type's name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Colours change along the line from `startPoint` to `endPoint` (the default). Apple's
    /// `kCAGradientLayerAxial`.
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// An ellipse centred on `startPoint` whose edge passes through `endPoint`. Apple's
    /// `kCAGradientLayerRadial`.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Colours sweep round `startPoint`, starting towards `endPoint`. Apple's
    /// `kCAGradientLayerConic`.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// The model values `CAGradientLayer` adds, with the defaults `CAGradientLayer.h` documents.
package struct GradientLayerStorage: SubclassLayerStorage {
    package var colors: [Any]?
    package var locations: [NSNumber]?
    package var startPoint = CGPoint(x: 0.5, y: 0)
    package var endPoint = CGPoint(x: 0.5, y: 1)
    package var type = CAGradientLayerType.axial
    /// Where a radial gradient's first colour is, when not at its centre: the focal point of
    /// an SVG radial gradient, which Lottie's highlight sets (not Apple's API), in the
    /// gradient's ellipse — (0, 0) its centre, (1, 0) its edge along x, (0, 1) along y.
    package var focalPoint: CGPoint?
    /// Whether the colours are blended in sRGB, as SVG and the Lottie players blend them,
    /// rather than as Core Animation's `render(in:)` does (not Apple's API).
    package var blendsInSRGB = false

    package init() {}
}

/// The properties of `CAGradientLayer.h`, whose Animatable marks they follow.
/// Each is described once here: the table is made of them, and each setter changes its own.
enum GradientLayerPropertyDescriptors {
    static let gradient = SubclassPropertyBuilder(storage: \CAGradientLayer.gradientStorage)
    static let colors = gradient.colors("colors", \.colors)
    static let locations = gradient.numbers("locations", \.locations)
    static let startPoint = gradient.point("startPoint", \.startPoint).rendered(as: .startPoint)
    static let endPoint = gradient.point("endPoint", \.endPoint).rendered(as: .endPoint)
    static let type = gradient.constant("type", \.type)

    static let all: [LayerProperty] = [colors, locations, startPoint, endPoint, type]
}

/// `CALayer`'s properties and these.
let gradientLayerPropertyTable = LayerPropertyTable(
    GradientLayerPropertyDescriptors.all, inheriting: layerPropertyTable)
