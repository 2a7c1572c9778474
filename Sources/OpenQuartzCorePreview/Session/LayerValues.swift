import Foundation
import OpenQuartzCore

/// The presentation values of the selected layer at a frame's time, for the page's panel:
/// the geometry, opacity, transform, colours and animations, as `presentation()` gives them.
enum LayerValues {
    private struct Message: Encodable {
        let type = "layer"
        let path: String
        let time: Double
        let className: String
        /// Name and value, in a fixed order.
        let values: [[String]]
    }

    /// The `layer` message for `layer` (at `path`) at `time`. Run it with the scene's clock as
    /// `CAClock.current`, moved to `time`.
    @MainActor
    static func message(for layer: CALayer, path: LayerPath, time: Double) -> String {
        PreviewMessage.encode(
            Message(
                path: path.text, time: time, className: String(describing: type(of: layer)),
                values: values(of: layer)))
    }

    @MainActor
    static func values(of layer: CALayer) -> [[String]] {
        let shown = layer.presentation() ?? layer
        var values: [[String]] = [
            ["position", "(\(number(shown.position.x)), \(number(shown.position.y)))"],
            [
                "bounds",
                "(\(number(shown.bounds.minX)), \(number(shown.bounds.minY)), "
                    + "\(number(shown.bounds.width)) × \(number(shown.bounds.height)))",
            ],
            ["anchorPoint", "(\(number(shown.anchorPoint.x)), \(number(shown.anchorPoint.y)))"],
            ["opacity", number(CGFloat(shown.opacity))],
        ]
        if !CATransform3DIsIdentity(shown.transform) {
            let angle = shown.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0
            let scale = shown.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 1
            let t = shown.transform
            values.append(["transform", "rotation \(number(angle)) rad, scale \(number(scale))"])
            values.append(["transform.translation", "(\(number(t.m41)), \(number(t.m42)), \(number(t.m43)))"])
        }
        values.append(["backgroundColor", color(shown.backgroundColor)])
        if shown.cornerRadius != 0 { values.append(["cornerRadius", number(shown.cornerRadius)]) }
        if shown.borderWidth != 0 {
            values.append(["borderWidth", number(shown.borderWidth)])
            values.append(["borderColor", color(shown.borderColor)])
        }
        if shown.zPosition != 0 { values.append(["zPosition", number(shown.zPosition)]) }
        if shown.isHidden { values.append(["hidden", "true"]) }
        if shown.shadowOpacity != 0 { values.append(["shadowOpacity", number(CGFloat(shown.shadowOpacity))]) }
        if let shape = shown as? CAShapeLayer {
            values.append(["fillColor", color(shape.fillColor)])
            values.append(["strokeColor", color(shape.strokeColor)])
            values.append(["strokeStart", number(shape.strokeStart)])
            values.append(["strokeEnd", number(shape.strokeEnd)])
            values.append(["lineWidth", number(shape.lineWidth)])
        }
        if shown.contents != nil { values.append(["contents", "image"]) }
        let keys = layer.animationKeys() ?? []
        values.append(["animations", keys.isEmpty ? "none" : keys.joined(separator: ", ")])
        return values
    }

    private static func number(_ value: CGFloat) -> String {
        String(format: "%.4g", Double(value) + 0)
    }

    private static func color(_ color: CGColor?) -> String {
        guard let components = color?.components else { return "none" }
        return "(" + components.map(number).joined(separator: ", ") + ")"
    }
}
