import Foundation
import OpenCoreGraphics

extension TextModel {
    /// Reads a text layer's `t`: its documents (`d`), and what of the rest is not drawn, with a
    /// warning: text animators (`a`) and text on a path (`p`). The alignment options (`m`) move
    /// characters only under animators (lottie-web adds their offset and takes it away again
    /// otherwise), so they are not read.
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
