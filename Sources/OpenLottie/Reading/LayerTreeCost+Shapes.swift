import Foundation

/// Shape layers' items, as `ShapeLayerBuilder` and `ShapeItemLayerBuilder` make them: a layer
/// a group; in it, a render group of paths for every fill (a fill paints the paths before it),
/// split again into one render group a paint when the paints' opacities differ; a layer (two
/// with the shape layer) for every path of a render group, with the first paint of each kind
/// that applies, or one layer for several plain paths.
///
/// Counted from summaries in one pass over each list, not by making the render groups (which
/// grow with the product of paths, fills and strokes), so that counting stays cheap where
/// making would not be.
extension LayerTreeCost {
    /// The work of one value of a path: making its `CGPath`, a tenth of a keyframe a vertex.
    static func pathWeight(_ shape: KeyframeGroup<BezierShape>) -> Double {
        1 + Double(shape.keyframes.lazy.map(\.value.vertices.count).max() ?? 0) / 10
    }

    /// A shape layer's items; a repeater makes the other items once a copy.
    mutating func addShapes(_ items: [ShapeItem]) {
        let repeater = items.lazy.compactMap { item -> ShapeItem.Repeater? in
            if case .repeater(let repeater) = item.kind { repeater } else { nil }
        }.first
        guard let repeater else {
            addShapeList(items, isTopLevel: true)
            return
        }
        let others = items.filter { if case .repeater = $0.kind { false } else { true } }
        var copy = fresh()
        copy.addShapeList(others, isTopLevel: true)
        // Each top-level group's copy sits in a layer of its own with the repeater's transform.
        var wrapper = fresh()
        wrapper.addLayers(1)
        var transform = TransformModel.identity
        transform.anchor = repeater.anchor
        transform.scale = repeater.scale
        transform.rotation = repeater.rotation
        transform.position = repeater.position
        wrapper.addTransform(transform, allowsSkew: false)
        let groups = max(Double(others.filter { !$0.isHidden && $0.isGroup }.count), 1)
        copy.add(wrapper, times: groups)
        // As ShapeLayerBuilder reads the count: its first value, rounded, at most 1,000.
        add(copy, times: min(max(repeater.copies.first.rounded(), 0), 1_000))
    }

    /// The items of a layer (`isTopLevel`) or of a group: a layer for each group among them,
    /// each group seeing the items beside it when those draw no path.
    mutating func addShapeList(_ items: [ShapeItem], isTopLevel: Bool) {
        let visible = items.filter { !$0.isHidden }
        var groups = visible.compactMap { item -> [ShapeItem]? in
            if case .group(let children) = item.kind { children } else { nil }
        }
        var others = visible.filter { !$0.isGroup }
        if groups.isEmpty, isTopLevel {
            groups = [others]
            others = []
        }
        let inherited = others.contains(where: \.drawsPath) ? [] : others
        let inheritedPaints = PaintSummary(inherited, cost: self)
        for children in groups {
            addGroup(children, inherited: inheritedPaints)
        }
    }

    /// One group: its layer, its nested groups, its render groups and its transform.
    private mutating func addGroup(_ children: [ShapeItem], inherited: PaintSummary) {
        addLayers(1)
        addShapeList(children, isTopLevel: false)
        let items = children.filter { !$0.isGroup && !$0.isHidden }
        addRenderGroups(items, inherited: inherited)
        let transform = items.lazy.compactMap { item -> TransformModel? in
            if case .transform(let transform) = item.kind { transform } else { nil }
        }.first
        if let transform {
            addTransform(transform, allowsSkew: true)
            add(transform.opacity)
        }
    }

    /// The render groups of a group's items (`ShapeLayerBuilder.renderGroups`) and the layers
    /// of their paths. An item that is neither a path nor a fill joins every render group made
    /// so far, so each group's share is counted from running totals.
    private mutating func addRenderGroups(_ items: [ShapeItem], inherited: PaintSummary) {
        struct RenderGroup {
            var paths: [ShapeItem] = []
            var fill: ShapeItem?
            /// The shared items so far when the group began.
            var sharedBefore = 0.0
            var strokesBefore = 0.0
            var trimsBefore = 0.0
            var opacityIndexBefore = 0
        }
        let paints = PaintSummary(items, cost: self).merged(with: inherited)
        var groups = [RenderGroup()]
        var shared = 0.0
        var strokes = 0.0
        var trims = 0.0
        // The opacities of the shared strokes, in order, to tell where they all agree.
        var strokeOpacities: [KeyframeGroup<Double>] = []
        for item in items {
            if item.drawsPath {
                groups[groups.count - 1].paths.append(item)
            } else if item.isFill {
                groups[groups.count - 1].fill = item
                groups.append(
                    RenderGroup(
                        sharedBefore: shared, strokesBefore: strokes, trimsBefore: trims,
                        opacityIndexBefore: strokeOpacities.count))
            } else {
                shared += 1
                if item.isStroke {
                    strokes += 1
                    if let opacity = item.paintOpacity { strokeOpacities.append(opacity) }
                }
                if case .trim = item.kind { trims += 1 }
            }
        }
        // Whether the shared strokes from each position on all have the same opacity.
        var agreeFrom = [Bool](repeating: true, count: strokeOpacities.count + 1)
        if strokeOpacities.count > 1 {
            for index in stride(from: strokeOpacities.count - 2, through: 0, by: -1) {
                agreeFrom[index] = agreeFrom[index + 1] && strokeOpacities[index] == strokeOpacities[index + 1]
            }
        }
        for group in groups {
            let ownStrokes = strokes - group.strokesBefore
            let paintCount = (group.fill == nil ? 0 : 1) + ownStrokes + inherited.paints
            // Building the render groups appends every shared item to every group.
            total += (shared - group.sharedBefore + inherited.items + 1) * Self.itemWeight
            guard !group.paths.isEmpty else { continue }
            var agree = agreeFrom[group.opacityIndexBefore] && inherited.paints == 0
            if agree, let fill = group.fill?.paintOpacity, group.opacityIndexBefore < strokeOpacities.count {
                agree = fill == strokeOpacities[group.opacityIndexBefore]
            }
            let renderGroups = agree ? 1 : max(paintCount, 1)
            let hasTrim = trims - group.trimsBefore + (inherited.hasTrim ? 1 : 0) > 0
            let plainPaths = group.paths.allSatisfy { if case .path = $0.kind { true } else { false } }
            var layers = fresh()
            if group.paths.count > 1, plainPaths, !hasTrim {
                // Several plain paths draw as one.
                layers.addLayers(2)
                let shapes = group.paths.compactMap { item -> KeyframeGroup<BezierShape>? in
                    if case .path(let shape) = item.kind { shape } else { nil }
                }
                let weight = shapes.reduce(0) { $0 + Self.pathWeight($1) }
                layers.addCombined(shapes.map(PropertyTiming.init), weight: weight)
                layers.add(paints.perPath)
            } else {
                for path in group.paths {
                    layers.addLayers(2)
                    layers.addPath(path, roundedCorners: paints.roundedCorners, repeats: paints.trimRepeats)
                    layers.add(paints.perPath)
                }
            }
            add(layers, times: renderGroups)
        }
    }

    /// Copying one item into a render group, in keyframes.
    static let itemWeight = 0.01

    /// One path's keyframes (`ShapeItemLayerBuilder.pathKeyframes`), each made `repeats`
    /// times over for a trim that runs past the path's end.
    mutating func addPath(_ item: ShapeItem, roundedCorners: KeyframeGroup<Double>?, repeats: Double) {
        switch item.kind {
        case .path(let shape):
            if let roundedCorners, roundedCorners.keyframes.contains(where: { $0.value > 0 }) {
                addCombined(
                    [PropertyTiming(shape), PropertyTiming(roundedCorners)],
                    weight: 2 * Self.pathWeight(shape) * repeats)
            } else {
                add(shape, weight: Self.pathWeight(shape) * repeats)
            }
        case .rectangle(let rectangle):
            addCombined(
                [
                    PropertyTiming(rectangle.size), PropertyTiming(rectangle.position),
                    PropertyTiming(roundedCorners ?? rectangle.roundness),
                ], weight: 2 * repeats)
        case .ellipse(let ellipse):
            addCombined([PropertyTiming(ellipse.size), PropertyTiming(ellipse.position)], weight: 1.5 * repeats)
        case .star(let star):
            let points = min(max(star.points.keyframes.lazy.map(\.value).max() ?? 0, 0), 10_000)
            addCombined(
                [
                    PropertyTiming(star.position), PropertyTiming(star.outerRadius), PropertyTiming(star.innerRadius),
                    PropertyTiming(star.outerRoundness), PropertyTiming(star.innerRoundness),
                    PropertyTiming(star.points), PropertyTiming(star.rotation),
                ], weight: (1 + points / 5) * repeats)
        default:
            break
        }
    }
}

/// What the items of a list that draw no path (fills, strokes, gradients, trims, rounded
/// corners) add to each path drawn with them: each path layer takes the first of each kind,
/// counted here as the costliest of each kind.
struct PaintSummary {
    /// How many items there are, and how many of them paint.
    var items = 0.0
    var paints = 0.0
    var hasTrim = false
    /// The costliest item of each kind, by kind.
    private var costliest: [String: LayerTreeCost] = [:]
    /// The largest number of times a trim makes its path repeat.
    var trimRepeats = 1.0
    var roundedCorners: KeyframeGroup<Double>?

    /// The paints' work for one path layer.
    var perPath: LayerTreeCost {
        var cost = LayerTreeCost(frames: 0, isTimeRemapped: false)
        for part in costliest.values { cost.add(part) }
        return cost
    }

    init(_ items: [ShapeItem], cost: LayerTreeCost) {
        for item in items {
            self.items += 1
            var part = cost.fresh()
            let kind: String
            switch item.kind {
            case .fill(let fill):
                kind = "fill"
                paints += 1
                part.add(fill.color)
                part.add(fill.opacity)
            case .stroke(let stroke):
                kind = "stroke"
                paints += 1
                part.add(stroke.color)
                part.addStrokeStyle(stroke.style)
            case .gradientFill(let gradient):
                kind = "gradientFill"
                paints += 1
                // The gradient, its alpha mask, the path's mask and the overlay the stroke draws in.
                part.addLayers(5)
                part.addGradient(gradient)
            case .gradientStroke(let gradient, let style):
                kind = "gradientStroke"
                paints += 1
                part.addLayers(4)
                part.addGradient(gradient)
                part.addStrokeStyle(style)
            case .trim(let trim):
                kind = "trim"
                hasTrim = true
                part.addTrim(trim)
                trimRepeats = max(trimRepeats, Self.repeats(of: trim))
            case .roundedCorners(let radius):
                kind = "roundedCorners"
                if roundedCorners == nil { roundedCorners = radius }
            default:
                continue
            }
            if part.total > costliest[kind]?.total ?? -1 { costliest[kind] = part }
        }
    }

    /// This list's items followed by `other`'s (a group's items, then those it inherits).
    func merged(with other: PaintSummary) -> PaintSummary {
        var result = self
        result.items += other.items
        result.paints += other.paints
        result.hasTrim = hasTrim || other.hasTrim
        result.trimRepeats = max(trimRepeats, other.trimRepeats)
        result.roundedCorners = roundedCorners ?? other.roundedCorners
        for (kind, part) in other.costliest where part.total > result.costliest[kind]?.total ?? -1 {
            result.costliest[kind] = part
        }
        return result
    }

    /// How many times a trim with an offset repeats its path (`addTrim`'s multiplier, at most 64).
    static func repeats(of trim: ShapeItem.Trim) -> Double {
        guard trim.offset.keyframes.contains(where: { $0.value != 0 }) else { return 1 }
        let values = (trim.start.keyframes + trim.end.keyframes).map { abs($0.value) }
        let offset = trim.offset.keyframes.lazy.map { abs($0.value) / 360 * 100 }.max() ?? 0
        return min(max(((values.max() ?? 0) + offset) / 100 * 2 + 2, 1), 64)
    }
}

extension LayerTreeCost {
    fileprivate mutating func addStrokeStyle(_ style: ShapeItem.StrokeStyle) {
        add(style.width)
        add(style.opacity)
        add(style.dashOffset)
    }

    /// Colours and locations animate apart, each keyframe making every stop.
    fileprivate mutating func addGradient(_ gradient: ShapeItem.Gradient) {
        let stops = 1 + Double(gradient.colorCount) / 10
        addLayers(1)
        total += stops * 2
        add(gradient.colors, weight: 2 * stops)
        add(gradient.opacity)
        add(gradient.start)
        add(gradient.end)
    }

    /// A trim: whether its start ever passes its end is asked at every keyframe of either
    /// (each asking looks both up), then start and end may be combined, and combined again
    /// with the offset.
    fileprivate mutating func addTrim(_ trim: ShapeItem.Trim) {
        let keyframes = Double(trim.start.keyframes.count + trim.end.keyframes.count)
        total += 2 * keyframes * keyframes * Self.scanWeight
        let timings = [PropertyTiming(trim.start), PropertyTiming(trim.end)]
        addCombined(timings)
        addCombined(timings + [PropertyTiming(trim.offset)])
    }
}
