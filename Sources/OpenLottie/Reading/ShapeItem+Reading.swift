import Foundation
import OpenQuartzCore

extension ShapeItem {
    /// Reads the items of a shape layer's `shapes` or a group's `it`; items of unknown types
    /// are skipped with a warning.
    static func items(reading node: JSONNode, depth: Int) throws(LottieError) -> [ShapeItem] {
        guard depth <= node.context.limits.maximumDepth else {
            throw node.error("shape groups nest deeper than \(node.context.limits.maximumDepth)")
        }
        var items: [ShapeItem] = []
        for element in try node.elements() {
            if let item = try ShapeItem(reading: element, depth: depth) { items.append(item) }
        }
        return items
    }

    init?(reading node: JSONNode, depth: Int) throws(LottieError) {
        guard node.isObject else { throw node.error("expected a shape item object, found \(node.kind)") }
        let type = try node.required("ty").string()
        let name = try node.string("nm") ?? ""
        // `d` is a path's direction on shapes and the dash array on strokes.
        let isShape = ["rc", "el", "sr"].contains(type)
        let directionCode = isShape ? try node.integer("d", default: 1) : 1
        let direction: Direction = directionCode == 3 ? .counterClockwise : .clockwise
        let kind: Kind
        var closedOnItem: Bool? = nil
        func scalar(_ key: String, _ fallback: Double) throws(LottieError) -> KeyframeGroup<Double> {
            try node.keyframes(key, default: fallback) { n throws(LottieError) in try n.scalar() }
        }
        func vector(_ key: String, _ fallback: [Double]) throws(LottieError) -> KeyframeGroup<LottieVector> {
            try node.keyframes(key, default: LottieVector(fallback)) { n throws(LottieError) in try n.vector() }
        }
        switch type {
        case "gr":
            kind = .group(
                try node["it"].map { n throws(LottieError) in try ShapeItem.items(reading: n, depth: depth + 1) } ?? [])
        case "sh":
            kind = .path(try node.required("ks").keyframeGroup { n throws(LottieError) in try n.bezierShape() })
            if node.context.keepsClosedOnShapeItems, node["closed"] != nil {
                closedOnItem = try node.bool("closed")
                node.use(.closedOnShapeItem)
            }
        case "rc":
            kind = .rectangle(
                Rectangle(
                    position: try vector("p", [0, 0]), size: try vector("s", [0, 0]), roundness: try scalar("r", 0),
                    direction: direction))
        case "el":
            kind = .ellipse(
                Ellipse(position: try vector("p", [0, 0]), size: try vector("s", [0, 0]), direction: direction))
        case "sr":
            node.use(.polystar)
            kind = .star(
                Star(
                    isPolygon: try node.integer("sy", default: 1) == 2, position: try vector("p", [0, 0]),
                    outerRadius: try scalar("or", 0), innerRadius: try scalar("ir", 0),
                    outerRoundness: try scalar("os", 0), innerRoundness: try scalar("is", 0),
                    rotation: try scalar("r", 0), points: try scalar("pt", 5), direction: direction))
        case "fl":
            kind = .fill(
                Fill(
                    color: try vector("c", [0, 0, 0, 1]).map(\.opaque), opacity: try scalar("o", 100),
                    evenOdd: try node.integer("r", default: 1) == 2))
        case "st":
            kind = .stroke(
                Stroke(color: try vector("c", [0, 0, 0, 1]).map(\.opaque), style: try StrokeStyle(reading: node)))
        case "gf":
            node.use(.gradient)
            kind = .gradientFill(try Gradient(reading: node))
        case "gs":
            node.use(.gradient)
            kind = .gradientStroke(try Gradient(reading: node), try StrokeStyle(reading: node))
        case "tm":
            node.use(.trimPaths)
            kind = .trim(
                Trim(
                    start: try scalar("s", 0), end: try scalar("e", 100), offset: try scalar("o", 0),
                    isSimultaneous: try node.integer("m", default: 1) != 2))
            if try node.integer("m", default: 1) == 2 {
                node.use(.trimIndividually)
            }
        case "tr":
            kind = .transform(try TransformModel(reading: node))
        case "rp":
            node.use(.repeater)
            let transform = try node.required("tr")
            var repeater = Repeater(
                copies: try scalar("c", 1),
                anchor: try transform.keyframes("a", default: LottieVector([0, 0])) { n throws(LottieError) in
                    try n.vector()
                },
                position: try transform.keyframes("p", default: LottieVector([0, 0])) { n throws(LottieError) in
                    try n.vector()
                },
                scale: try transform.keyframes("s", default: LottieVector([100, 100])) { n throws(LottieError) in
                    try n.vector()
                },
                rotation: try transform.keyframes("r", default: 0) { n throws(LottieError) in try n.scalar() })
            if repeater.copies.isAnimated {
                node.use(.animatedRepeaterCopies)
            }
            // lottie-ios's engines draw none of these; the complete engine does.
            repeater.offset = try scalar("o", 0)
            repeater.startOpacity = try transform.keyframes("so", default: 100) { n throws(LottieError) in
                try n.scalar()
            }
            repeater.endOpacity = try transform.keyframes("eo", default: 100) { n throws(LottieError) in try n.scalar()
            }
            repeater.firstCopyInFront = try node.integer("m", default: 1) == 1
            if repeater.offset.keyframes.contains(where: { $0.value != 0 })
                || [repeater.startOpacity, repeater.endOpacity].contains(where: {
                    $0.keyframes.contains { $0.value != 100 }
                })
            {
                node.use(.repeaterOffsetAndOpacity)
            }
            kind = .repeater(repeater)
        case "rd":
            node.use(.roundedCorners)
            kind = .roundedCorners(try scalar("r", 0))
        case "pb":
            node.use(.puckerAndBloat)
            kind = .puckerBloat(try scalar("a", 0))
        case "mm":
            node.use(.mergePaths)
            kind = .merge(try node.integer("mm", default: 1))
        default:
            node.use(.shapeItem(type))
            return nil
        }
        self.init(name: name, kind: kind, isHidden: try node.bool("hd"), path: node.path, closedOnItem: closedOnItem)
    }
}

extension LottieVector {
    /// A fill's or stroke's colour as lottie-ios and lottie-web read it: red, green and blue,
    /// opaque whatever a fourth component says (only the paint's opacity, `o`, fades it).
    var opaque: LottieVector {
        components.count > 3 ? LottieVector(Array(components.prefix(3)) + [1]) : self
    }
}

extension ShapeItem.StrokeStyle {
    init(reading node: JSONNode) throws(LottieError) {
        width = try node.keyframes("w", default: 1) { n throws(LottieError) in try n.scalar() }
        opacity = try node.keyframes("o", default: 100) { n throws(LottieError) in try n.scalar() }
        lineCap =
            switch try node.integer("lc", default: 2) {
            case 1: .butt
            case 3: .square
            default: .round
            }
        lineJoin =
            switch try node.integer("lj", default: 2) {
            case 1: .miter
            case 3: .bevel
            default: .round
            }
        miterLimit = try node.number("ml", default: 4)
        dashOffset = KeyframeGroup(0)
        dashes = nil
        if let dashNode = node["d"] {
            dashNode.use(.dashes)
            var lengths: [Double] = []
            for element in try dashNode.elements() {
                let name = try element.string("n") ?? "d"
                let value = try element.required("v").keyframeGroup { n throws(LottieError) in try n.scalar() }
                if value.isAnimated { element.use(.animatedDashLengths) }
                if name == "o" {
                    dashOffset = value
                } else {
                    lengths.append(value.first)
                }
            }
            if !lengths.isEmpty { dashes = lengths }
        }
    }
}

extension ShapeItem.Gradient {
    init(reading node: JSONNode) throws(LottieError) {
        isRadial = try node.integer("t", default: 1) == 2
        start = try node.keyframes("s", default: LottieVector([0, 0])) { n throws(LottieError) in try n.vector() }
        end = try node.keyframes("e", default: LottieVector([0, 0])) { n throws(LottieError) in try n.vector() }
        opacity = try node.keyframes("o", default: 100) { n throws(LottieError) in try n.scalar() }
        evenOdd = try node.integer("r", default: 1) == 2
        let gradient = try node.required("g")
        colorCount = try gradient.integer("p", default: 0)
        guard (0...1000).contains(colorCount) else {
            throw gradient.error("\(colorCount) colour stops is out of range")
        }
        colors = try gradient.required("k").keyframeGroup { n throws(LottieError) in try n.vector() }
        for keyframe in colors.keyframes where keyframe.value.components.count < colorCount * 4 {
            throw gradient.error(
                "the gradient has \(colorCount) colour stops but a keyframe holds only \(keyframe.value.components.count) numbers"
            )
        }
        if isRadial, start.isAnimated || end.isAnimated {
            node.use(.animatedRadialGradientPoints)
        }
        highlightLength = try node.keyframes("h", default: 0) { n throws(LottieError) in try n.scalar() }
        highlightAngle = try node.keyframes("a", default: 0) { n throws(LottieError) in try n.scalar() }
        if isRadial, node["h"] != nil {
            node.use(.radialGradientHighlight)
        }
    }
}
