import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// A shape layer's items as layers: a layer a group (with the group's transform), and inside
/// it a layer a path with the fills, strokes and trims that apply to it, in lottie-ios's
/// arrangement (a fill applies to the paths before it; paths with different opacities draw
/// in layers of their own).
struct ShapeLayerBuilder {
    let context: AnimationContext
    let bounds: CGRect

    /// The paths and the items that paint them, drawn as one unit.
    struct RenderGroup {
        var paths: [ShapeItem] = []
        var others: [ShapeItem] = []
    }

    func addShapes(_ items: [ShapeItem], to layer: CALayer) {
        if let (repeater, others) = Self.splitRepeater(items) {
            addCopies(of: repeater, to: layer) { makeGroupLayers(others, isTopLevel: true) }
            return
        }
        for group in makeGroupLayers(items, isTopLevel: true) { layer.addSublayer(group) }
    }

    /// The first visible repeater among `items` and the items it repeats (the others).
    private static func splitRepeater(_ items: [ShapeItem]) -> (ShapeItem.Repeater, [ShapeItem])? {
        guard
            let repeaterItem = items.first(where: { item in
                if case .repeater = item.kind { !item.isHidden } else { false }
            }),
            case .repeater(let repeater) = repeaterItem.kind
        else { return nil }
        return (repeater, items.filter { if case .repeater = $0.kind { false } else { true } })
    }

    /// Adds `repeater`'s copies of the layers `make` makes to `layer`, each copy in a layer of
    /// the repeater's transform taken as many times as its index, the first copy at the back.
    private func addCopies(of repeater: ShapeItem.Repeater, to layer: CALayer, _ make: () -> [CALayer]) {
        if context.engine.drawsAsAfterEffects(.repeaterOffsetAndOpacity) {
            RepeaterCopies(repeater: repeater, context: context, bounds: bounds).add(to: layer, make)
            return
        }
        let copies = min(max(Int(repeater.copies.first.rounded()), 0), 1_000)
        for index in 0..<copies {
            for group in make() {
                let copy = LayerTreeBuilder.filling(CALayer(), bounds)
                copy.addSublayer(group)
                addRepeaterTransform(repeater, index: index, to: copy)
                layer.addSublayer(copy)
            }
        }
    }

    private func addRepeaterTransform(_ repeater: ShapeItem.Repeater, index: Int, to layer: CALayer) {
        var transform = TransformModel.identity
        transform.anchor = repeater.anchor
        transform.scale = repeater.scale
        transform.rotation = repeater.rotation.map { $0 * Double(index) }
        transform.position = repeater.position.map { LottieVector([$0.x * Double(index), $0.y * Double(index)]) }
        TransformAnimations.add(transform, to: layer, context: context, allowsSkew: false)
    }

    /// A layer for each group among `items`, front to back turned back to front; the items
    /// that are not groups and draw no path (a fill, a transform…) apply to every group.
    /// `passedDown` are the paints and trims of the groups around; every group takes them
    /// after its own.
    private func makeGroupLayers(_ items: [ShapeItem], isTopLevel: Bool, passedDown: [ShapeItem] = [])
        -> [CALayer]
    {
        let visible = items.filter { !$0.isHidden }
        var groups = visible.filter(\.isGroup)
        var others = visible.filter { !$0.isGroup }
        if groups.isEmpty, isTopLevel {
            groups = [ShapeItem(name: "", kind: .group(others), isHidden: false, path: others.first?.path ?? "")]
            others = []
        }
        var layers: [CALayer]
        if !others.contains(where: \.drawsPath) {
            // Fills, strokes and the like beside the groups paint every group.
            layers = groups.reversed().compactMap { group in
                guard case .group(let children) = group.kind else { return nil }
                return makeGroupLayer(children, inherited: handedDown(others + passedDown, into: children))
            }
        } else {
            // Paths beside the groups: each group takes the paints listed after it (below
            // it, as After Effects applies them), and the paths with their paints draw as a
            // group of their own above the groups (Apple's pictures show both).
            layers = []
            for (index, item) in visible.enumerated().reversed() {
                guard case .group(let children) = item.kind else { continue }
                let below = visible[(index + 1)...].filter { !$0.isGroup && !$0.drawsPath && !$0.isTransform }
                layers.append(makeGroupLayer(children, inherited: handedDown(below + passedDown, into: children)))
            }
            if isTopLevel {
                layers.append(makeGroupLayer(others, inherited: []))
            }
        }
        return layers
    }

    /// The items `items` handed into the group of `children`, as lottie-ios 4.6 hands them: a
    /// stroke is as wide as where it is listed, so the group's own scale is taken out of its
    /// width (a stroke 11 wide around a group scaled by 300 % draws 11 wide, not 33). Its
    /// Core Animation engine can take out only a scale equal along x and y, and says so.
    private func handedDown(_ items: [ShapeItem], into children: [ShapeItem]) -> [ShapeItem] {
        guard let transformItem = children.first(where: { !$0.isHidden && $0.isTransform }),
            case .transform(let transform) = transformItem.kind,
            transform.scale.keyframes.contains(where: { $0.value.x != 100 || $0.value.y != 100 })
        else { return items }
        return items.map { item in
            var item = item
            switch item.kind {
            case .stroke(var stroke):
                stroke.style.width = unscaled(stroke.style.width, by: transform.scale, of: item)
                item.kind = .stroke(stroke)
            case .gradientStroke(let gradient, var style):
                style.width = unscaled(style.width, by: transform.scale, of: item)
                item.kind = .gradientStroke(gradient, style)
            default: break
            }
            return item
        }
    }

    /// `width` divided by the scale `scale` (in percent, its x), keyframed where either is.
    private func unscaled(_ width: KeyframeGroup<Double>, by scale: KeyframeGroup<LottieVector>, of stroke: ShapeItem)
        -> KeyframeGroup<Double>
    {
        if let uneven = scale.keyframes.first(where: { $0.value.x != $0.value.y })?.value {
            context.compatibility?.note(
                "The Core Animation rendering engine doesn't support applying separate x/y scale values "
                    + "(x: \(uneven.x), y: \(uneven.y)) to this stroke item (\(stroke.name)).", at: stroke.path)
        }
        return CombinedKeyframes.combine([ErasedKeyframes(width), ErasedKeyframes(scale)]) { values in
            let width = values[0] as? Double ?? 0
            // A group scaled to nothing draws nothing; a mirrored one keeps its stroke's width.
            let scale = abs((values[1] as? LottieVector)?.x ?? 100)
            return scale == 0 ? width : width * 100 / scale
        }
    }

    private func makeGroupLayer(_ children: [ShapeItem], inherited: [ShapeItem]) -> CALayer {
        if let (repeater, others) = Self.splitRepeater(children) {
            // A repeater in a group repeats the group's content inside the group's transform.
            let layer = LayerTreeBuilder.filling(CALayer(), bounds)
            let content = others.filter { !$0.isTransform }
            addCopies(of: repeater, to: layer) { [makeGroupLayer(content, inherited: inherited)] }
            addTransform(of: others, to: layer)
            return layer
        }
        let layer = LayerTreeBuilder.filling(CALayer(), bounds)
        // A group's paints and trims reach the paths of every group inside it (lottie-ios 4.6
        // hands a group's items down, in both engines).
        let passedDown = inherited.filter { !$0.isTransform }
        for child in makeGroupLayers(children, isTopLevel: false, passedDown: passedDown) { layer.addSublayer(child) }
        let items = (children + inherited).filter { !$0.isGroup && !$0.isHidden }
        let builder = ShapeItemLayerBuilder(context: context, bounds: bounds)
        if context.engine.draws(.mergePaths), let merge = MergePaths.split(items) {
            // The paths after the merge and the merged shape under those before it, which
            // draw with the paints before the merge only.
            addRenderGroups(merge.after, to: layer)
            layer.addSublayer(
                MergePaths.makeLayer(
                    paths: merge.before.filter(\.drawsPath), mode: merge.mode,
                    paints: merge.after.filter { !$0.drawsPath }, builder: builder))
            addRenderGroups(merge.before, to: layer)
        } else {
            addRenderGroups(items, to: layer)
        }
        addTransform(of: items, to: layer)
        return layer
    }

    /// The layers of `items`' render groups (``renderGroups(_:)``), back to front.
    private func addRenderGroups(_ items: [ShapeItem], to layer: CALayer) {
        for renderGroup in Self.renderGroups(items).reversed() {
            // Paths are one layer unless a trim cuts each on its own; a trim of the paths one
            // after another ("individually"), where the engine draws it, needs them together.
            let trim = renderGroup.others.lazy.compactMap(\.trim).first
            let trimsOneAfterAnother =
                trim.map { !$0.isSimultaneous && context.engine.drawsAsAfterEffects(.trimIndividually) } ?? false
            let combinable =
                renderGroup.paths.count > 1
                && renderGroup.paths.allSatisfy { if case .path = $0.kind { true } else { false } }
                && (trim == nil || trimsOneAfterAnother)
            if combinable,
                let corners = renderGroup.others.first(where: {
                    if case .roundedCorners = $0.kind { true } else { false }
                })
            {
                context.compatibility?.note(CompatibilityReport.roundedCombinedShapes, at: corners.path)
            }
            let builder = ShapeItemLayerBuilder(context: context, bounds: bounds)
            if combinable {
                let shapes = renderGroup.paths.compactMap { $0.pathKeyframes(for: context.engine) }
                let combined = CombinedKeyframes.combine(shapes.map(ErasedKeyframes.init)) { values in
                    ShapeList(shapes: values.compactMap { $0 as? BezierShape })
                }
                layer.addSublayer(builder.make(.combined(combined), others: renderGroup.others))
            } else {
                for path in renderGroup.paths {
                    layer.addSublayer(builder.make(.item(path), others: renderGroup.others))
                }
            }
        }
    }

    /// The group's transform and opacity, from the first transform among `items`.
    private func addTransform(of items: [ShapeItem], to layer: CALayer) {
        if let transformItem = items.first(where: { !$0.isHidden && $0.isTransform }),
            case .transform(let transform) = transformItem.kind
        {
            TransformAnimations.add(transform, to: layer, context: context, allowsSkew: true)
            layer.addAnimation(for: .opacity, keyframes: transform.opacity, context: context) { CGFloat($0 / 100) }
        }
    }

    /// The items split where a fill ends the paths it paints, and again where fills and
    /// strokes animate their opacity differently (one layer has one opacity) or a path has
    /// more than one stroke.
    static func renderGroups(_ items: [ShapeItem]) -> [RenderGroup] {
        var groups = [RenderGroup()]
        for item in items {
            if item.drawsPath {
                // A path after a trim starts a group of its own, which takes only what comes
                // after it (lottie-ios starts a render group there; After Effects paints a path
                // with what is listed below it only): a stroke listed before draws nothing on it.
                if groups[groups.count - 1].others.contains(where: { $0.trim != nil }) {
                    groups.append(RenderGroup())
                }
                groups[groups.count - 1].paths.append(item)
            } else if item.isFill {
                // A fill after another with no path between them paints the same paths (as
                // After Effects draws them; Apple's pictures show both fills).
                if groups[groups.count - 1].paths.isEmpty, groups.count > 1 {
                    groups[groups.count - 1].paths = groups[groups.count - 2].paths
                }
                groups[groups.count - 1].others.append(item)
                groups.append(RenderGroup())
            } else {
                for index in groups.indices { groups[index].others.append(item) }
            }
        }
        return groups.flatMap { group -> [RenderGroup] in
            let paints = group.others.filter { $0.isFill || $0.isStroke }
            let rest = group.others.filter { !($0.isFill || $0.isStroke) }
            let firstOpacity = paints.first?.paintOpacity
            // A shape layer strokes over its fill: a fill listed before a stroke (in front of
            // it, as After Effects stacks them) needs a layer of its own above the stroke's.
            let fillInFront =
                paints.firstIndex(where: \.isFill).map { fill in
                    (paints.lastIndex(where: \.isStroke) ?? -1) > fill
                } ?? false
            // One layer draws one fill and one stroke: two strokes in a row (or two fills)
            // draw each in a layer of its own, the first listed in front, as lottie-ios splits
            // them.
            let onePaintOfEachKind = paints.count(where: \.isFill) <= 1 && paints.count(where: \.isStroke) <= 1
            if !fillInFront, onePaintOfEachKind, paints.allSatisfy({ $0.paintOpacity == firstOpacity }) {
                return [group]
            }
            return paints.map { RenderGroup(paths: group.paths, others: [$0] + rest) }
        }
    }
}

/// Several paths drawn as one (so that an even-odd fill sees all of them).
struct ShapeList: Interpolatable {
    var shapes: [BezierShape]

    /// The paths as one path.
    var cgPath: CGMutablePath {
        let path = CGMutablePath()
        for shape in shapes { PathGeometry.append(shape, to: path) }
        return path
    }

    func interpolated(to other: ShapeList, amount: Double) -> ShapeList {
        ShapeList(shapes: zip(shapes, other.shapes).map { $0.interpolated(to: $1, amount: amount) })
    }
}
