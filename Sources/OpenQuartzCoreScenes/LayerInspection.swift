import OpenQuartzCore

/// The layer tree as text, as `carender inspect` prints it.
public enum LayerInspection {
    /// One line per layer, indented by depth: its class (and what `label` says of it, such as a
    /// document's names and ids), then the presentation values that differ from a fresh layer's,
    /// then its running animations.
    public static func lines(
        of layer: CALayer, depth: Int = 0, label: (CALayer) -> String? = { _ in nil }
    ) -> [String] {
        let shown = layer.presentation() ?? layer
        var fields = [
            "position = (\(format(shown.position.x)), \(format(shown.position.y)))",
            "bounds = (\(format(shown.bounds.width)) × \(format(shown.bounds.height)))",
        ]
        if shown.opacity != 1 { fields.append("opacity = \(format(CGFloat(shown.opacity)))") }
        if !CATransform3DIsIdentity(shown.transform) {
            let angle = shown.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0
            let scale = shown.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 1
            fields.append("rotation = \(format(angle)) rad, scale = \(format(scale))")
        }
        if let color = shown.backgroundColor?.components {
            fields.append("backgroundColor = (" + color.map(format).joined(separator: ", ") + ")")
        }
        if shown.cornerRadius != 0 { fields.append("cornerRadius = \(format(shown.cornerRadius))") }
        let corners: [(CACornerMask, String)] = [
            (.layerMinXMinYCorner, "minXminY"), (.layerMaxXMinYCorner, "maxXminY"),
            (.layerMinXMaxYCorner, "minXmaxY"), (.layerMaxXMaxYCorner, "maxXmaxY"),
        ]
        if corners.contains(where: { !shown.maskedCorners.contains($0.0) }) {
            let names = corners.filter { shown.maskedCorners.contains($0.0) }.map(\.1)
            fields.append("maskedCorners = [" + names.joined(separator: ", ") + "]")
        }
        if shown.cornerCurve != .circular { fields.append("cornerCurve = \(shown.cornerCurve.rawValue)") }
        if shown.borderWidth != 0 { fields.append("borderWidth = \(format(shown.borderWidth))") }
        if shown.shadowOpacity != 0 { fields.append("shadowOpacity = \(format(CGFloat(shown.shadowOpacity)))") }
        if shown.zPosition != 0 { fields.append("zPosition = \(format(shown.zPosition))") }
        if shown.isHidden { fields.append("hidden") }
        if let keys = layer.animationKeys() { fields.append("animations: " + keys.joined(separator: ", ")) }
        let title = label(layer).map { "\(type(of: layer)) (\($0))" } ?? "\(type(of: layer))"
        let line = String(repeating: "  ", count: depth) + "\(title): " + fields.joined(separator: "; ")
        return [line] + (layer.sublayers ?? []).flatMap { lines(of: $0, depth: depth + 1, label: label) }
    }

    private static func format(_ value: CGFloat) -> String {
        String(format: "%g", Double(value) + 0)
    }
}
