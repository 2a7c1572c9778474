import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// One item of a shape layer's contents.
struct ShapeItem: Sendable {
    enum Kind: Sendable {
        case group([ShapeItem])
        case path(KeyframeGroup<BezierShape>)
        case rectangle(Rectangle)
        case ellipse(Ellipse)
        case star(Star)
        case fill(Fill)
        case stroke(Stroke)
        case gradientFill(Gradient)
        case gradientStroke(Gradient, StrokeStyle)
        case trim(Trim)
        case transform(TransformModel)
        case repeater(Repeater)
        case roundedCorners(KeyframeGroup<Double>)
        /// Pucker & Bloat (`pb`): its amount in percent, below 0 puckering, above bloating.
        case puckerBloat(KeyframeGroup<Double>)
        /// Merge paths, with the file's mode (`mm`: 1 merge, 2 add, 3 subtract, 4 intersect, 5
        /// exclude intersections).
        case merge(Int)
    }

    enum Direction: Sendable {
        case clockwise, counterClockwise
    }

    struct Rectangle: Sendable {
        var position: KeyframeGroup<LottieVector>
        var size: KeyframeGroup<LottieVector>
        var roundness: KeyframeGroup<Double>
        var direction: Direction
    }

    struct Ellipse: Sendable {
        var position: KeyframeGroup<LottieVector>
        var size: KeyframeGroup<LottieVector>
        var direction: Direction
    }

    struct Star: Sendable {
        var isPolygon: Bool
        var position: KeyframeGroup<LottieVector>
        var outerRadius: KeyframeGroup<Double>
        var innerRadius: KeyframeGroup<Double>
        var outerRoundness: KeyframeGroup<Double>
        var innerRoundness: KeyframeGroup<Double>
        var rotation: KeyframeGroup<Double>
        var points: KeyframeGroup<Double>
        var direction: Direction
    }

    struct Fill: Sendable {
        var color: KeyframeGroup<LottieVector>
        var opacity: KeyframeGroup<Double>
        var evenOdd: Bool
    }

    struct StrokeStyle: Sendable {
        var width: KeyframeGroup<Double>
        var opacity: KeyframeGroup<Double>
        var lineCap: CAShapeLayerLineCap
        var lineJoin: CAShapeLayerLineJoin
        var miterLimit: Double
        /// Dash, gap… lengths (first keyframe of each) and the offset's keyframes.
        var dashes: [Double]?
        var dashOffset: KeyframeGroup<Double>
    }

    struct Stroke: Sendable {
        var color: KeyframeGroup<LottieVector>
        var style: StrokeStyle
    }

    struct Gradient: Sendable {
        var isRadial: Bool
        var start: KeyframeGroup<LottieVector>
        var end: KeyframeGroup<LottieVector>
        var colorCount: Int
        var colors: KeyframeGroup<LottieVector>
        var opacity: KeyframeGroup<Double>
        var evenOdd: Bool
        /// A radial gradient's highlight: how far towards its edge its first colour is, in
        /// percent (`h`), and the angle from the start-to-end line, in degrees (`a`).
        var highlightLength = KeyframeGroup(0.0)
        var highlightAngle = KeyframeGroup(0.0)
        /// The colours a ``GradientValueProvider`` gives instead of `colors`.
        var provided: KeyframeGroup<LottieGradient>? = nil
    }

    struct Trim: Sendable {
        var start: KeyframeGroup<Double>
        var end: KeyframeGroup<Double>
        var offset: KeyframeGroup<Double>
        var isSimultaneous: Bool
    }

    struct Repeater: Sendable {
        var copies: KeyframeGroup<Double>
        var anchor: KeyframeGroup<LottieVector>
        var position: KeyframeGroup<LottieVector>
        var scale: KeyframeGroup<LottieVector>
        var rotation: KeyframeGroup<Double>
        /// How many copies' transforms the first copy has already (`o`).
        var offset = KeyframeGroup(0.0)
        /// The first and the last copy's opacity, percent (`so`, `eo`).
        var startOpacity = KeyframeGroup(100.0)
        var endOpacity = KeyframeGroup(100.0)
        /// Whether the first copy is in front (`m` 1, as lottie-web and Skottie stack them);
        /// else the last is (`m` 2).
        var firstCopyInFront = false
    }

    var name: String
    var kind: Kind
    var isHidden: Bool
    var path: String
    /// A path item's own closed flag (`closed`), read from files Bodymovin wrote before
    /// 4.4.18, which kept it there instead of in the path (`c`).
    var closedOnItem: Bool? = nil

    /// A path item's keyframes as `engine` reads them: closed by the item's flag where the
    /// engine follows it (lottie-web does; lottie-ios reads only the path's `c`).
    func pathKeyframes(for engine: RenderingEngine) -> KeyframeGroup<BezierShape>? {
        guard case .path(let keyframes) = kind else { return nil }
        guard let closed = closedOnItem, engine.drawsAsAfterEffects(.closedOnShapeItem) else { return keyframes }
        return keyframes.map { shape in
            var shape = shape
            shape.isClosed = closed
            return shape
        }
    }

    /// The item's trim, when it is Trim Paths.
    var trim: Trim? {
        if case .trim(let trim) = kind { trim } else { nil }
    }

    var drawsPath: Bool {
        switch kind {
        case .path, .rectangle, .ellipse, .star: true
        default: false
        }
    }

    var isFill: Bool {
        switch kind {
        case .fill, .gradientFill: true
        default: false
        }
    }

    var isStroke: Bool {
        switch kind {
        case .stroke, .gradientStroke: true
        default: false
        }
    }

    var isTransform: Bool {
        if case .transform = kind { return true }
        return false
    }

    var isGroup: Bool {
        if case .group = kind { return true }
        return false
    }

    /// The opacity keyframes of a fill or stroke.
    var paintOpacity: KeyframeGroup<Double>? {
        switch kind {
        case .fill(let fill): fill.opacity
        case .stroke(let stroke): stroke.style.opacity
        case .gradientFill(let gradient): gradient.opacity
        case .gradientStroke(let gradient, _): gradient.opacity
        default: nil
        }
    }
}
