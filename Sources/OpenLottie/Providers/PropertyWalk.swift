import Foundation
import OpenCoreGraphics

/// A property a value provider can set, as the walk meets it in the model.
enum PropertySlot {
    /// Red, green, blue (and alpha), as the file writes them.
    case color(KeyframeGroup<LottieVector>)
    /// Opacity (0–100), rotation (degrees), stroke width (points).
    case number(KeyframeGroup<Double>)
    /// Position (points) or scale (percent).
    case vector(KeyframeGroup<LottieVector>)
    /// A gradient's colours: the file's, or those a provider gave.
    case gradient(ShapeItem.Gradient)

    /// The value at `frame`, as ``LottieAnimationLayer/getValue(for:atFrame:)`` answers it.
    func value(at frame: Double) -> Any {
        switch self {
        case .color(let group):
            let color = group.value(at: frame)
            let scale = group.colorScale
            return LottieColor(
                r: color[0] * scale, g: color[1] * scale, b: color[2] * scale,
                a: color.components.count > 3 ? color[3] : 1)
        case .number(let group):
            return CGFloat(group.value(at: frame))
        case .vector(let group):
            return group.value(at: frame).point
        case .gradient(let gradient):
            if let provided = gradient.provided { return provided.value(at: frame) }
            let components = gradient.colors.value(at: frame)
            let colors = gradient.stops(alpha: false, in: components)
            let alphas = gradient.stops(alpha: true, in: components)
            return LottieGradient(
                colors: colors.enumerated().map { index, stop in
                    let color = stop.color.components ?? [0, 0, 0, 1]
                    let alpha = index < alphas.count ? alphas[index].color.alpha : 1
                    return LottieColor(r: color[0], g: color[1], b: color[2], a: alpha)
                },
                locations: colors.map(\.location))
        }
    }
}

/// What the walk does at each property: `visit` is given the property's full keypath and
/// value, and answers the value to put there instead, or nil to keep it.
protocol PropertyVisitor {
    mutating func visit(_ keypath: [String], _ slot: PropertySlot) -> PropertySlot?
}

/// The keypaths of lottie-ios's Core Animation engine: a layer's name after those of the
/// precompositions it is in, then `Transform` and the transform's `Position`, `Scale`,
/// `Rotation` and `Opacity`; a solid's `Color`; a shape's items under the names of the groups
/// they are in, with a fill's `Color` and `Opacity`, a stroke's `Color`, `Opacity` and
/// `Stroke Width`, a gradient's `Colors`, a group transform's `Position`, `Scale`, `Rotation`
/// and `Opacity`. The walk meets them in the file's order.
enum PropertyWalk {
    /// `model` with each property the visitor replaces; `keypath` is the layer's own (its name
    /// last). Precompositions' layers are not visited: they are walked when built, under
    /// their own keypaths.
    static func layer<Visitor: PropertyVisitor>(
        _ model: LayerModel, keypath: [String], _ visitor: inout Visitor
    ) -> LayerModel {
        var model = model
        model.transform = transform(model.transform, keypath: keypath + ["Transform"], &visitor)
        switch model.content {
        case .solid(let color, let width, let height):
            if case .color(let new)? = visitor.visit(keypath + ["Color"], .color(color)) {
                model.content = .solid(color: new, width: width, height: height)
            }
        case .shapes(let items):
            model.content = .shapes(self.items(items, keypath: keypath, &visitor))
        default:
            break
        }
        return model
    }

    /// Every layer of `layers` and of the precompositions they show, for listing keypaths and
    /// reading values.
    static func tree<Visitor: PropertyVisitor>(
        _ layers: [LayerModel], assets: [String: AssetModel], keypath: [String], _ visitor: inout Visitor,
        depth: Int = 0
    ) {
        for model in layers where !model.isHidden {
            let own = keypath + [model.name]
            _ = layer(model, keypath: own, &visitor)
            if case .precomposition(let id, _, _, _) = model.content, case .precomposition(let inner)? = assets[id],
                depth < 64
            {
                tree(inner, assets: assets, keypath: own, &visitor, depth: depth + 1)
            }
        }
    }

    static func transform<Visitor: PropertyVisitor>(
        _ transform: TransformModel, keypath: [String], _ visitor: inout Visitor
    ) -> TransformModel {
        var transform = transform
        if let position = transform.position,
            case .vector(let new)? = visitor.visit(keypath + ["Position"], .vector(position))
        {
            transform.position = new
        }
        if case .vector(let new)? = visitor.visit(keypath + ["Scale"], .vector(transform.scale)) {
            transform.scale = new
        }
        if case .number(let new)? = visitor.visit(keypath + ["Rotation"], .number(transform.rotation)) {
            transform.rotation = new
        }
        if case .number(let new)? = visitor.visit(keypath + ["Opacity"], .number(transform.opacity)) {
            transform.opacity = new
        }
        return transform
    }

    static func items<Visitor: PropertyVisitor>(
        _ items: [ShapeItem], keypath: [String], _ visitor: inout Visitor
    ) -> [ShapeItem] {
        items.map { item in
            var item = item
            let own = keypath + [item.name]
            func number(_ group: KeyframeGroup<Double>, _ name: String) -> KeyframeGroup<Double> {
                if case .number(let new)? = visitor.visit(own + [name], .number(group)) { return new }
                return group
            }
            func color(_ group: KeyframeGroup<LottieVector>) -> KeyframeGroup<LottieVector> {
                if case .color(let new)? = visitor.visit(own + ["Color"], .color(group)) { return new }
                return group
            }
            func gradient(_ gradient: ShapeItem.Gradient) -> ShapeItem.Gradient {
                var gradient = gradient
                if case .gradient(let new)? = visitor.visit(own + ["Colors"], .gradient(gradient)) { gradient = new }
                gradient.opacity = number(gradient.opacity, "Opacity")
                return gradient
            }
            switch item.kind {
            case .group(let children):
                item.kind = .group(self.items(children, keypath: own, &visitor))
            case .fill(var fill):
                fill.color = color(fill.color)
                fill.opacity = number(fill.opacity, "Opacity")
                item.kind = .fill(fill)
            case .stroke(var stroke):
                stroke.color = color(stroke.color)
                stroke.style.opacity = number(stroke.style.opacity, "Opacity")
                stroke.style.width = number(stroke.style.width, "Stroke Width")
                item.kind = .stroke(stroke)
            case .gradientFill(let fill):
                item.kind = .gradientFill(gradient(fill))
            case .gradientStroke(let stroke, var style):
                let made = gradient(stroke)
                style.width = number(style.width, "Stroke Width")
                item.kind = .gradientStroke(made, style)
            case .transform(let model):
                item.kind = .transform(transform(model, keypath: own, &visitor))
            default:
                break
            }
            return item
        }
    }
}
