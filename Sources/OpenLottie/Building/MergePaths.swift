import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// Merge paths (`mm`) as the complete engine draws them: the paths listed before the merge in
/// its group become one shape, which the paints listed after it draw. After Effects (and
/// lottie-android, Skottie) combine them into the bottom one — the last listed — in order:
/// *merge* keeps every path as it is, *add* unites them (each turned the same way, so that
/// the non-zero rule fills every part), *exclude intersections* fills where an odd number of
/// them overlap (the even-odd rule), *subtract* takes the others out of the bottom one (a mask
/// of everything but their union), *intersect* keeps what every path covers (one mask each).
/// Paths in groups above the merge are drawn as they are, not merged, and strokes follow each
/// path's own outline. lottie-web, and lottie-ios's engines, ignore merges.
enum MergePaths {
    enum Mode: Int {
        case merge = 1, add, subtract, intersect, excludeIntersections
    }

    /// `items` split at their last visible merge that has paths before it: the items before
    /// it, the merge's mode, the items after it. A merge takes an earlier merge's result as its
    /// input, as After Effects chains them: the paths before the last merge, those before an
    /// earlier one included, are all merged by the last one's mode (an earlier merge of another
    /// mode is not applied first: merging, then excluding intersections, fills by the even-odd
    /// rule throughout).
    static func split(_ items: [ShapeItem]) -> (before: [ShapeItem], mode: Mode, after: [ShapeItem])? {
        guard
            let index = items.lastIndex(where: { if case .merge = $0.kind { !$0.isHidden } else { false } }),
            case .merge(let value) = items[index].kind, items[..<index].contains(where: \.drawsPath)
        else { return nil }
        return (Array(items[..<index]), Mode(rawValue: value) ?? .merge, Array(items[(index + 1)...]))
    }

    /// The layer that draws the merge of `paths` with `paints` (the fills, strokes and trims
    /// after the merge).
    static func makeLayer(
        paths: [ShapeItem], mode: Mode, paints: [ShapeItem], builder: ShapeItemLayerBuilder
    ) -> CALayer {
        // The bottom path last: every operation combines the others into it.
        let shapes = paths.map { builder.pathKeyframes(.item($0), modifiers: PathModifiers()) }
        switch mode {
        case .merge, .add, .excludeIntersections:
            let unites = mode == .add
            let combined = CombinedKeyframes.combine(shapes.map(ErasedKeyframes.init)) { values in
                let all = values.flatMap { ($0 as? ShapeList)?.shapes ?? [] }
                return ShapeList(shapes: unites ? all.map(\.turnedClockwise) : all)
            }
            let painted = mode == .excludeIntersections ? paints.map(\.fillingEvenOdd) : paints
            return painting(.combined(combined), paths: paths, with: painted, builder: builder)
        case .subtract, .intersect:
            guard let bottom = shapes.last else { return LayerTreeBuilder.filling(CALayer(), builder.bounds) }
            var layer = painting(.combined(bottom), paths: paths, with: paints, builder: builder)
            let others = shapes.dropLast()
            if mode == .intersect {
                for other in others {
                    let wrapper = LayerTreeBuilder.filling(CALayer(), builder.bounds)
                    wrapper.addSublayer(layer)
                    wrapper.mask = filled(other, builder: builder)
                    layer = wrapper
                }
            } else if !others.isEmpty {
                // Everything but the others' union: an opaque layer reaching far past the
                // composition (its sublayers in the composition's coordinates), the union cut
                // out by `xor`.
                let mask = CALayer()
                mask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                mask.anchorPoint = .zero
                mask.bounds = builder.bounds.insetBy(dx: -10_000, dy: -10_000)
                mask.position = mask.bounds.origin
                let union = LayerTreeBuilder.filling(CALayer(), builder.bounds)
                union.compositingFilter = "xor"
                for other in others { union.addSublayer(filled(other, builder: builder)) }
                mask.addSublayer(union)
                let wrapper = LayerTreeBuilder.filling(CALayer(), builder.bounds)
                wrapper.addSublayer(layer)
                wrapper.mask = mask
                layer = wrapper
            }
            return layer
        }
    }

    /// `shape` drawn by each of `paints` as the merged `paths` would be without the merge: a
    /// layer per render group (a gradient fill and a fill after it both paint), back to front.
    private static func painting(
        _ shape: ShapeItemLayerBuilder.Shape, paths: [ShapeItem], with paints: [ShapeItem],
        builder: ShapeItemLayerBuilder
    ) -> CALayer {
        let layer = LayerTreeBuilder.filling(CALayer(), builder.bounds)
        for group in ShapeLayerBuilder.renderGroups(paths + paints).reversed()
        where group.others.contains(where: { $0.isFill || $0.isStroke }) {
            layer.addSublayer(builder.make(shape, others: group.others))
        }
        return layer
    }

    /// `shapes` filled opaque by the non-zero rule, as a mask draws them.
    private static func filled(_ shapes: KeyframeGroup<ShapeList>, builder: ShapeItemLayerBuilder) -> CAShapeLayer {
        let layer = LayerTreeBuilder.filling(CAShapeLayer(), builder.bounds)
        layer.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        layer.addAnimation(for: .path, keyframes: shapes, context: builder.context) { $0.cgPath }
        return layer
    }
}

extension BezierShape {
    /// The shape running clockwise on screen (y down): reversed when its vertices' polygon
    /// turns the other way.
    var turnedClockwise: BezierShape {
        var area = 0.0
        for (index, vertex) in vertices.enumerated() {
            let next = vertices[(index + 1) % vertices.count].point
            area += Double(vertex.point.x * next.y - next.x * vertex.point.y)
        }
        guard area < 0 else { return self }
        var reversed = self
        reversed.vertices = PathGeometry.reversed(vertices)
        return reversed
    }
}

extension ShapeItem {
    /// A fill that fills by the even-odd rule (the item unchanged if it is no fill).
    var fillingEvenOdd: ShapeItem {
        var item = self
        switch kind {
        case .fill(var fill):
            fill.evenOdd = true
            item.kind = .fill(fill)
        case .gradientFill(var gradient):
            gradient.evenOdd = true
            item.kind = .gradientFill(gradient)
        default: break
        }
        return item
    }
}
