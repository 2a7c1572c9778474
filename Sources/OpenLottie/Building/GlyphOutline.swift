import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// A glyph's shape items (`chars[i].data.shapes`) as one path, made once when the file is read
/// and shared by every character that shows the glyph.
///
/// As lottie-android draws glyphs, only the geometry counts: paths, rectangles and ellipses,
/// moved by their groups' transforms. The glyph's own fills and strokes are not drawn; the text
/// document's fill and stroke colours paint the outline. Stars and polygons (which a few
/// numbers can turn into thousands of vertices), trims, repeaters and the like are left out
/// with a warning, so an outline never has more vertices than the file spells out.
enum GlyphOutline {
    /// The outline of `items`, nil when they draw nothing; `warn` names an item and what of it
    /// is not drawn.
    static func make(_ items: [ShapeItem], warn: (ShapeItem, String) -> Void) -> CGPath? {
        let outline = CGMutablePath()
        add(items, to: outline, transform: .identity, warn: warn)
        return outline.isEmpty ? nil : outline
    }

    private static func add(
        _ items: [ShapeItem], to outline: CGMutablePath, transform: CGAffineTransform,
        warn: (ShapeItem, String) -> Void
    ) {
        for item in items where !item.isHidden {
            switch item.kind {
            case .group(let children):
                var inner = transform
                if let transformItem = children.first(where: { if case .transform = $0.kind { true } else { false } }),
                    case .transform(let model) = transformItem.kind
                {
                    if isAnimated(model) {
                        warn(transformItem, "animated glyph transforms are drawn at their first value")
                    }
                    inner = groupTransform(model).concatenating(transform)
                }
                add(children, to: outline, transform: inner, warn: warn)
            case .path(let keyframes):
                if keyframes.isAnimated { warn(item, "animated glyph paths are drawn at their first value") }
                outline.addPath(PathGeometry.cgPath(keyframes.first), transform: transform)
            case .rectangle(let rectangle):
                let size = rectangle.size.first
                let shape = PathGeometry.rectangle(
                    position: rectangle.position.first.point, size: CGSize(width: size.x, height: size.y),
                    radius: rectangle.roundness.first, counterClockwise: rectangle.direction == .counterClockwise)
                outline.addPath(PathGeometry.cgPath(shape), transform: transform)
            case .ellipse(let ellipse):
                let size = ellipse.size.first
                let shape = PathGeometry.ellipse(
                    center: ellipse.position.first.point, size: CGSize(width: size.x, height: size.y),
                    counterClockwise: ellipse.direction == .counterClockwise)
                outline.addPath(PathGeometry.cgPath(shape), transform: transform)
            case .fill, .stroke, .gradientFill, .gradientStroke, .transform:
                // Painted by the text document's colours; a group's transform is applied above.
                break
            case .star, .trim, .repeater, .roundedCorners, .puckerBloat, .merge:
                warn(item, "glyph shape items other than paths, rectangles and ellipses are not drawn")
            }
        }
    }

    /// A shape group's transform at its first values, as `TransformAnimations` composes one.
    private static func groupTransform(_ model: TransformModel) -> CGAffineTransform {
        let anchor = model.anchor.first
        let position =
            model.position?.first.point
            ?? CGPoint(x: model.positionX?.first ?? 0, y: model.positionY?.first ?? 0)
        let scale = model.scale.first
        let transform = TransformAnimations.makeTransform(
            anchor: anchor.point, position: position, scale: CGSize(width: scale.x / 100, height: scale.y / 100),
            rotation: model.rotation.first, skew: model.skew.first, skewAxis: model.skewAxis.first)
        return CATransform3DGetAffineTransform(transform)
    }

    private static func isAnimated(_ model: TransformModel) -> Bool {
        model.anchor.isAnimated || model.position?.isAnimated == true || model.positionX?.isAnimated == true
            || model.positionY?.isAnimated == true || model.scale.isAnimated || model.rotation.isAnimated
            || model.skew.isAnimated || model.skewAxis.isAnimated
    }
}
