import Foundation
import OpenCoreGraphics

extension TextModel {
    /// Reads a text layer's `t`: its documents (`d`), its animators (`a`) with the anchor
    /// alignment they turn and scale about (`m.a`; lottie-web adds its offset and takes it away
    /// again, so it moves characters only under animators), and text on a path (`p`), which
    /// is not drawn.
    init(readingLayer layer: JSONNode) throws(LottieError) {
        let text = try layer.required("t")
        guard text.isObject else { throw text.error("expected a text object, found \(text.kind)") }
        let group = try text.required("d").keyframeGroup { n throws(LottieError) in try TextDocument(reading: n) }
        var holds = group
        holds.keyframes = group.keyframes.map { keyframe in
            var hold = keyframe
            hold.isHold = true
            return hold
        }
        documents = holds
        if let animators = text["a"], try !animators.elements().isEmpty {
            animators.use(.textAnimators)
            self.animators = try animators.elements().map { n throws(LottieError) in try TextAnimator(reading: n) }
            if let alignment = text["m"]?["a"] {
                anchorAlignment = try alignment.keyframeGroup { n throws(LottieError) in try n.point() }.first
            }
            if try text["m"]?.integer("g", default: 1) ?? 1 != 1 { text["m"]?.use(.textAnimatorGrouping) }
        }
        if let path = text["p"], path.isObject, path["m"] != nil {
            path.use(.textOnPath)
        }
    }
}

extension TextDocument {
    /// Reads a text document; `t` (the text) and `s` (the size) are required.
    init(reading node: JSONNode) throws(LottieError) {
        guard node.isObject else { throw node.error("expected a text document object, found \(node.kind)") }
        path = node.path
        text = try node.required("t").string()
        let sizeNode = try node.required("s")
        size = try sizeNode.number()
        guard size >= 0 else { throw sizeNode.error("a font size of \(size) is not a size") }
        fontName = try node.string("f") ?? ""
        fillColor = try node["fc"].map { n throws(LottieError) in try n.vector() }
        strokeColor = try node["sc"].map { n throws(LottieError) in try n.vector() }
        strokeWidth = try node.number("sw", default: 0)
        strokeOverFill = try node.bool("of")
        tracking = try node.number("tr", default: 0)
        // lottie-web's rule: no line height (or 0) is 1.2 ems.
        let lineHeight = try node.number("lh", default: 0)
        self.lineHeight = lineHeight == 0 ? size * 1.2 : lineHeight
        baselineShift = try node.number("ls", default: 0)
        justification = .left
        box = nil
        if let sizeNode = node["sz"] {
            let boxSize = try sizeNode.point()
            let origin = try node["ps"].map { n throws(LottieError) in try n.point() } ?? .zero
            box = CGRect(origin: origin, size: CGSize(width: boxSize.x, height: boxSize.y))
        }
        if let justificationNode = node["j"] {
            justification = try Self.justification(reading: justificationNode)
        }
        switch try node.integer("ca", default: 0) {
        case 1:
            text = text.uppercased()
        case 2:
            node.use(.smallCaps)
            text = text.uppercased()
        default:
            break
        }
    }

    /// `j`: 0 left, 1 right, 2 centre; paragraph text's full justification (3 to 6: the last
    /// line left, right or centred, or every line) is drawn as the alignment of its last line.
    private static func justification(reading node: JSONNode) throws(LottieError) -> Justification {
        switch try node.integer() {
        case 0: return .left
        case 1: return .right
        case 2: return .center
        case 3, 6:
            node.use(.justifiedText)
            return .left
        case 4:
            node.use(.justifiedText)
            return .right
        case 5:
            node.use(.justifiedText)
            return .center
        case let other:
            node.warn("text justification \(other) is not one After Effects writes; the text is drawn left-aligned")
            return .left
        }
    }
}

extension TextAnimator {
    /// Reads an animator: its range selector (`s`) and its properties (`a`). Randomized order,
    /// 3D turns and hue, saturation and brightness are noted as features not drawn.
    init(reading node: JSONNode) throws(LottieError) {
        guard node.isObject else { throw node.error("expected a text animator object, found \(node.kind)") }
        let selectorNode = node["s"]
        func scalar(_ parent: JSONNode?, _ key: String, _ fallback: Double) throws(LottieError) -> KeyframeGroup<Double> {
            try parent?.keyframes(key, default: fallback) { n throws(LottieError) in try n.scalar() }
                ?? KeyframeGroup(fallback)
        }
        selector = Selector(
            basedOn: try selectorNode?.integer("b", default: 1) ?? 1,
            shape: Selector.Shape(rawValue: try selectorNode?.integer("sh", default: 1) ?? 1) ?? .square,
            countsIndices: try selectorNode?.integer("r", default: 1) == 2,
            start: try scalar(selectorNode, "s", 0), end: try scalar(selectorNode, "e", 100),
            offset: try scalar(selectorNode, "o", 0), amount: try scalar(selectorNode, "a", 100),
            easeHigh: try scalar(selectorNode, "xe", 0), easeLow: try scalar(selectorNode, "ne", 0),
            smoothness: try scalar(selectorNode, "sm", 100))
        if try selectorNode?.integer("rn", default: 0) == 1 { selectorNode?.use(.textAnimatorRandomOrder) }
        let properties = node["a"]
        func optionalScalar(_ key: String) throws(LottieError) -> KeyframeGroup<Double>? {
            try properties?[key].map { n throws(LottieError) in try n.keyframeGroup { v throws(LottieError) in try v.scalar() } }
        }
        func optionalVector(_ key: String) throws(LottieError) -> KeyframeGroup<LottieVector>? {
            try properties?[key].map { n throws(LottieError) in try n.keyframeGroup { v throws(LottieError) in try v.vector() } }
        }
        position = try optionalVector("p")
        anchor = try optionalVector("a")
        scale = try optionalVector("s")
        rotation = try optionalScalar("r")
        skew = try optionalScalar("sk")
        skewAxis = try optionalScalar("sa")
        opacity = try optionalScalar("o")
        fillColor = try optionalVector("fc")
        strokeColor = try optionalVector("sc")
        strokeWidth = try optionalScalar("sw")
        tracking = try optionalScalar("t")
        for key in ["rx", "ry", "fh", "fs", "fb"] where properties?[key] != nil {
            properties?[key]?.use(.textAnimatorProperty(key))
        }
    }
}
