import Foundation
import OpenCoreGraphics

/// A layer that draws a path, filled and stroked: Apple's `CAShapeLayer`.
///
/// Every style property animates implicitly on a standalone layer except `path`, which, as
/// `CAShapeLayer.h` documents, only animates explicitly. Paths interpolate point by point
/// when both have the same sequence of elements and switch half-way otherwise (Apple calls
/// that case undefined).
///
///     let shape = CAShapeLayer()
///     shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
///     shape.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
///     shape.strokeEnd = 0.5   // animates over the transaction's duration
open class CAShapeLayer: CALayer {
    package var shapeStorage = ShapeLayerStorage()

    /// Creates a shape layer with Apple's defaults: no path, an opaque black fill, no stroke.
    public override init() {
        super.init()
    }

    /// Creates a copy of `layer` for the presentation tree, shape properties included.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let shape = layer as? CAShapeLayer { shapeStorage = shape.shapeStorage }
    }

    /// Creates a layer from an archive (nothing is decoded: Apple's defaults), or the copy
    /// `CALayer` makes for the presentation tree, shape properties included.
    public required init?(coder: NSCoder) {
        if let shape = (coder as? LayerCreationCoder)?.model as? CAShapeLayer { shapeStorage = shape.shapeStorage }
        super.init(coder: coder)
    }

    override package class var propertyTable: LayerPropertyTable { shapeLayerPropertyTable }

    /// The path drawn, or nil to draw nothing. Animatable, but setting it makes no implicit
    /// animation (`CAShapeLayer.h`); add a `CABasicAnimation(keyPath: "path")` instead. A
    /// `CGMutablePath` is copied on assignment, as Apple does, so later changes to it do not
    /// reach the layer.
    open var path: CGPath? {
        get { shapeStorage.path }
        set {
            let copy = newValue?.copy()
            changeValue(ShapeLayerPropertyDescriptors.path) { shapeStorage.path = copy }
        }
    }

    /// The colour that fills the path, or nil for no fill. Defaults to opaque black. Animatable.
    open var fillColor: CGColor? {
        get { shapeStorage.fillColor }
        set { changeValue(ShapeLayerPropertyDescriptors.fillColor) { shapeStorage.fillColor = newValue } }
    }

    /// Which points the fill covers. Defaults to `.nonZero`.
    open var fillRule: CAShapeLayerFillRule {
        get { shapeStorage.fillRule }
        set { changeValue(ShapeLayerPropertyDescriptors.fillRule) { shapeStorage.fillRule = newValue } }
    }

    /// The colour of the stroked outline, or nil for no stroke (the default). Animatable.
    open var strokeColor: CGColor? {
        get { shapeStorage.strokeColor }
        set { changeValue(ShapeLayerPropertyDescriptors.strokeColor) { shapeStorage.strokeColor = newValue } }
    }

    /// Where along the path, 0…1 of its length, the stroke starts. Defaults to 0. Animatable.
    open var strokeStart: CGFloat {
        get { shapeStorage.strokeStart }
        set { changeValue(ShapeLayerPropertyDescriptors.strokeStart) { shapeStorage.strokeStart = newValue } }
    }

    /// Where along the path, 0…1 of its length, the stroke ends. Defaults to 1. Animatable;
    /// animating it from 0 draws the path on.
    open var strokeEnd: CGFloat {
        get { shapeStorage.strokeEnd }
        set { changeValue(ShapeLayerPropertyDescriptors.strokeEnd) { shapeStorage.strokeEnd = newValue } }
    }

    /// The width of the stroke. Defaults to 1. Animatable.
    open var lineWidth: CGFloat {
        get { shapeStorage.lineWidth }
        set { changeValue(ShapeLayerPropertyDescriptors.lineWidth) { shapeStorage.lineWidth = newValue } }
    }

    /// The miter limit of `.miter` joins. Defaults to 10. Animatable.
    open var miterLimit: CGFloat {
        get { shapeStorage.miterLimit }
        set { changeValue(ShapeLayerPropertyDescriptors.miterLimit) { shapeStorage.miterLimit = newValue } }
    }

    /// How the ends of the stroke are drawn. Defaults to `.butt`.
    open var lineCap: CAShapeLayerLineCap {
        get { shapeStorage.lineCap }
        set { changeValue(ShapeLayerPropertyDescriptors.lineCap) { shapeStorage.lineCap = newValue } }
    }

    /// How the corners of the stroke are drawn. Defaults to `.miter`.
    open var lineJoin: CAShapeLayerLineJoin {
        get { shapeStorage.lineJoin }
        set { changeValue(ShapeLayerPropertyDescriptors.lineJoin) { shapeStorage.lineJoin = newValue } }
    }

    /// How far into the dash pattern the stroke starts. Defaults to 0. Animatable; animating
    /// it makes the "marching ants" of a selection.
    open var lineDashPhase: CGFloat {
        get { shapeStorage.lineDashPhase }
        set { changeValue(ShapeLayerPropertyDescriptors.lineDashPhase) { shapeStorage.lineDashPhase = newValue } }
    }

    /// The lengths of the painted and unpainted segments of the stroke, alternately; nil (the
    /// default) for a solid line. Animatable: patterns of the same length interpolate
    /// element by element, others switch half-way.
    open var lineDashPattern: [NSNumber]? {
        get { shapeStorage.lineDashPattern }
        set { changeValue(ShapeLayerPropertyDescriptors.lineDashPattern) { shapeStorage.lineDashPattern = newValue } }
    }
}

/// The rule that decides which points are inside a `CAShapeLayer`'s path when it fills:
/// Apple's `CAShapeLayerFillRule`, whose raw values are Core Animation's strings.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    /// The rule's name, as Core Animation spells it (`"non-zero"`, `"even-odd"`).
    public let rawValue: String

    /// Wraps a fill rule's name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A point is inside when the path winds round it a non-zero number of times (the
    /// default). Apple's `kCAFillRuleNonZero`.
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// A point is inside when a ray from it crosses the path an odd number of times. Apple's
    /// `kCAFillRuleEvenOdd`.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// How the ends of a `CAShapeLayer`'s stroked lines are drawn: Apple's `CAShapeLayerLineCap`.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    /// The cap's name, as Core Animation spells it (`"butt"`, `"round"`, `"square"`).
    public let rawValue: String

    /// Wraps a line cap's name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The line stops square at its end point (the default). Apple's `kCALineCapButt`.
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// A half circle of the line's width closes the end. Apple's `kCALineCapRound`.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// The line goes on square for half its width past the end. Apple's `kCALineCapSquare`.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// How the corners of a `CAShapeLayer`'s stroked path are drawn: Apple's
/// `CAShapeLayerLineJoin`.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    /// The join's name, as Core Animation spells it (`"miter"`, `"round"`, `"bevel"`).
    public let rawValue: String

    /// Wraps a line join's name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The outer edges meet in a point, bevelled past `miterLimit` (the default). Apple's
    /// `kCALineJoinMiter`.
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// The corner is rounded. Apple's `kCALineJoinRound`.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// The corner is cut off square. Apple's `kCALineJoinBevel`.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// The model values `CAShapeLayer` adds, with the defaults `CAShapeLayer.h` documents.
package struct ShapeLayerStorage: SubclassLayerStorage {
    package var path: CGPath?
    /// The model's fill colour. What is drawn is ``fill``: a frame that animates the colour
    /// writes that alone, four numbers instead of a new `CGColor`.
    package var fillColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1) {
        didSet { fill = fillColor.map(RenderColor.init) }
    }
    package var fill: RenderColor? = RenderColor(red: 0, green: 0, blue: 0, alpha: 1, isGray: false)
    package var fillRule = CAShapeLayerFillRule.nonZero
    /// The model's stroke colour; what is drawn is ``stroke``.
    package var strokeColor: CGColor? {
        didSet { stroke = strokeColor.map(RenderColor.init) }
    }
    package var stroke: RenderColor?
    package var strokeStart: CGFloat = 0
    package var strokeEnd: CGFloat = 1
    package var lineWidth: CGFloat = 1
    package var miterLimit: CGFloat = 10
    package var lineCap = CAShapeLayerLineCap.butt
    package var lineJoin = CAShapeLayerLineJoin.miter
    package var lineDashPhase: CGFloat = 0
    package var lineDashPattern: [NSNumber]?

    package init() {}
}

/// The properties of `CAShapeLayer.h`, whose Animatable marks they follow.
/// Each is described once here: the table is made of them, and each setter changes its own.
enum ShapeLayerPropertyDescriptors {
    static let shape = SubclassPropertyBuilder(storage: \CAShapeLayer.shapeStorage)
    static let path = shape.path("path", \.path, implicit: false).rendered(as: .shapePath)
    static let fillColor = shape.color("fillColor", \.fillColor).rendered(as: .fillColor)
    static let fillRule = shape.constant("fillRule", \.fillRule)
    static let strokeColor = shape.color("strokeColor", \.strokeColor).rendered(as: .strokeColor)
    static let strokeStart = shape.number("strokeStart", \.strokeStart).rendered(as: .strokeStart)
    static let strokeEnd = shape.number("strokeEnd", \.strokeEnd).rendered(as: .strokeEnd)
    static let lineWidth = shape.number("lineWidth", \.lineWidth).rendered(as: .lineWidth)
    static let miterLimit = shape.number("miterLimit", \.miterLimit).rendered(as: .miterLimit)
    static let lineCap = shape.constant("lineCap", \.lineCap)
    static let lineJoin = shape.constant("lineJoin", \.lineJoin)
    static let lineDashPhase = shape.number("lineDashPhase", \.lineDashPhase).rendered(as: .lineDashPhase)
    static let lineDashPattern = shape.numbers("lineDashPattern", \.lineDashPattern)

    static let all: [LayerProperty] = [
        path, fillColor, fillRule, strokeColor, strokeStart, strokeEnd, lineWidth, miterLimit, lineCap, lineJoin,
        lineDashPhase, lineDashPattern,
    ]
}

/// `CALayer`'s properties and these.
let shapeLayerPropertyTable = LayerPropertyTable(ShapeLayerPropertyDescriptors.all, inheriting: layerPropertyTable)
