import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// The layers that draw one path with its paint: a `CAShapeLayer` for a solid fill and
/// stroke; for gradients, a `CAGradientLayer` (its alpha stops in a second one, as its mask)
/// clipped to the path by a shape layer mask, with the stroke over it.
struct ShapeItemLayerBuilder {
    enum Shape {
        case item(ShapeItem)
        case combined(KeyframeGroup<ShapeList>)
    }

    let context: AnimationContext
    let bounds: CGRect

    func make(_ shape: Shape, others: [ShapeItem]) -> CALayer {
        let layer = LayerTreeBuilder.filling(CALayer(), bounds)
        let modifiers = PathModifiers(others, engine: context.engine)
        let trim = others.lazy.compactMap(\.trim).first { !$0.trimsNothing }
        let fill = others.lazy.compactMap { item -> ShapeItem.Fill? in
            if case .fill(let fill) = item.kind { fill } else { nil }
        }.first
        let stroke = others.lazy.compactMap { item -> ShapeItem.Stroke? in
            if case .stroke(let stroke) = item.kind { stroke } else { nil }
        }.first
        let gradientFill = others.lazy.compactMap { item -> ShapeItem.Gradient? in
            if case .gradientFill(let gradient) = item.kind { gradient } else { nil }
        }.first
        let gradientStroke = others.lazy.compactMap { item -> (ShapeItem.Gradient, ShapeItem.StrokeStyle)? in
            if case .gradientStroke(let gradient, let style) = item.kind { (gradient, style) } else { nil }
        }.first

        // The Main Thread engine (and After Effects) cuts the paths themselves at every frame;
        // the Core Animation engine strokes part of the whole path (`strokeStart`, `strokeEnd`),
        // fills uncut.
        // The complete engine too strokes part of the whole path where that is the same cut:
        // nothing filled, no dashes (which After Effects starts where the cut starts), no
        // offset, one path or all of them trimmed as one. It then draws as the Core Animation
        // engine does, and as a CAML document converted from the file does.
        let cutIsAStrokeRange =
            context.engine == .complete && fill == nil && gradientFill == nil && stroke?.style.dashes == nil
            && gradientStroke?.1.dashes == nil
            && trim.map { trim in
                !trim.offset.keyframes.contains { $0.value != 0 }
                    && (trim.isSimultaneous || { if case .item = shape { true } else { false } }())
            } ?? false
        let cutsPaths = trim != nil && context.engine.drawsAsAfterEffects(.trimIndividually) && !cutIsAStrokeRange
        func pathLayer() -> CAShapeLayer {
            LayerTreeBuilder.filling(cutsPaths ? FramePathShapeLayer() : CAShapeLayer(), bounds)
        }

        if let gradientFill {
            let container = LayerTreeBuilder.filling(CALayer(), bounds)
            let pathContainer = LayerTreeBuilder.filling(CALayer(), bounds)
            let pathMask = pathLayer()
            pathMask.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            pathMask.fillRule = gradientFill.evenOdd ? .evenOdd : .nonZero
            pathContainer.mask = pathMask
            let colorLayer = GradientLayers.make(gradientFill, bounds: bounds, context: context)
            pathContainer.addSublayer(colorLayer)
            container.addSublayer(pathContainer)
            let overlay = pathLayer()
            overlay.fillColor = nil
            container.addSublayer(overlay)
            layer.addSublayer(container)
            let cut = cutsPaths ? trim : nil
            addPath(shape, to: pathMask, trim: cut, modifiers: modifiers)
            addPath(shape, to: overlay, trim: cut, modifiers: modifiers)
            if let stroke { addStroke(stroke.style, color: stroke.color, to: overlay) }
        } else {
            let shapeLayer = pathLayer()
            if fill == nil { shapeLayer.fillColor = nil }
            layer.addSublayer(shapeLayer)
            if fill != nil, trim != nil, let item = others.first(where: \.isFill) {
                context.compatibility?.note(CompatibilityReport.trimmedFill, at: item.path)
            }
            addPath(shape, to: shapeLayer, trim: trim, modifiers: modifiers)
            if let fill {
                shapeLayer.fillRule = fill.evenOdd ? .evenOdd : .nonZero
                let scale = fill.color.colorScale
                shapeLayer.addAnimation(for: .fillColor, keyframes: fill.color, context: context) { $0.cgColor(scale) }
                shapeLayer.addAnimation(for: .opacity, keyframes: fill.opacity, context: context) { CGFloat($0 / 100) }
            }
            if let stroke { addStroke(stroke.style, color: stroke.color, to: shapeLayer) }
        }

        if let (gradient, style) = gradientStroke {
            let container = LayerTreeBuilder.filling(CALayer(), bounds)
            let pathMask = pathLayer()
            pathMask.fillColor = nil
            pathMask.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            container.mask = pathMask
            container.addSublayer(GradientLayers.make(gradient, bounds: bounds, context: context))
            layer.addSublayer(container)
            addPath(shape, to: pathMask, trim: trim, modifiers: modifiers)
            addStroke(style, color: nil, to: pathMask)
        }
        return layer
    }

    private func addStroke(_ style: ShapeItem.StrokeStyle, color: KeyframeGroup<LottieVector>?, to layer: CAShapeLayer)
    {
        layer.lineJoin = style.lineJoin
        layer.lineCap = style.lineCap
        layer.miterLimit = style.miterLimit
        if let color {
            let scale = color.colorScale
            layer.addAnimation(for: .strokeColor, keyframes: color, context: context) { $0.cgColor(scale) }
        }
        layer.addAnimation(for: .lineWidth, keyframes: style.width, context: context) { CGFloat($0) }
        layer.addAnimation(for: .opacity, keyframes: style.opacity, context: context) { CGFloat($0 / 100) }
        if let dashes = style.dashes {
            // Zero lengths become 0.01 (Core Animation draws a zero dash badly); all zeros, no dash.
            var pattern = dashes.map { $0 == 0 ? 0.01 : $0 }
            if pattern.count % 2 == 1 { pattern += pattern }
            if !pattern.allSatisfy({ $0 == 0.01 }) {
                layer.lineDashPattern = pattern.map { NSNumber(value: $0) }
            }
            layer.addAnimation(for: .lineDashPhase, keyframes: style.dashOffset, context: context) { CGFloat($0) }
        }
    }

    /// The path's animation, trimmed by `trim`: a layer that draws paths cut at each frame
    /// (``FramePathShapeLayer``, the Main Thread engine) takes them cut; any other strokes part
    /// of the path, repeated for trims past 100 %.
    private func addPath(
        _ shape: Shape, to layer: CAShapeLayer, trim: ShapeItem.Trim?, modifiers: PathModifiers
    ) {
        let keyframes = pathKeyframes(shape, modifiers: modifiers)
        if let layer = layer as? FramePathShapeLayer, let trim {
            layer.follow(context) { frame in
                PathTrim.trimmed(
                    keyframes.value(at: frame).shapes, start: trim.start.value(at: frame),
                    end: trim.end.value(at: frame), offset: trim.offset.value(at: frame),
                    simultaneously: trim.isSimultaneous)
            }
            return
        }
        let multiplier = trim.map { addTrim($0, to: layer) } ?? 1
        layer.addAnimation(for: .path, keyframes: keyframes, context: context) { shapes in
            PathGeometry.duplicated(shapes.cgPath, times: multiplier)
        }
    }

    /// The shape's path keyframes, each a list of paths, changed by `modifiers`.
    func pathKeyframes(_ shape: Shape, modifiers: PathModifiers) -> KeyframeGroup<ShapeList> {
        let keyframes = unmodifiedPathKeyframes(shape, roundedCorners: modifiers.roundedCorners)
        guard let amount = modifiers.puckerBloat, amount.keyframes.contains(where: { $0.value != 0 }) else {
            return keyframes
        }
        // Sampled while the amount moves: its paths curve where the amount's first paths may
        // be straight, and Core Animation morphs only paths made of the same elements.
        return CombinedKeyframes.combine(
            [ErasedKeyframes(keyframes), ErasedKeyframes(amount)], sampled: amount.isAnimated
        ) { values in
            let shapes = (values[0] as? ShapeList)?.shapes ?? []
            let amount = values[1] as? Double ?? 0
            return ShapeList(shapes: shapes.map { PuckerBloat.apply(amount: amount, to: $0) })
        }
    }

    /// The shape's path keyframes before Pucker & Bloat: rounded corners (a rectangle's own
    /// roundness when there are none).
    private func unmodifiedPathKeyframes(_ shape: Shape, roundedCorners: KeyframeGroup<Double>?)
        -> KeyframeGroup<ShapeList>
    {
        switch shape {
        case .combined(let keyframes):
            return keyframes
        case .item(let item):
            switch item.kind {
            case .path:
                let keyframes =
                    item.pathKeyframes(for: context.engine) ?? KeyframeGroup(BezierShape(vertices: [], isClosed: false))
                guard let roundedCorners, roundedCorners.keyframes.contains(where: { $0.value > 0 }) else {
                    return keyframes.map { ShapeList(shapes: [$0]) }
                }
                return CombinedKeyframes.combine([ErasedKeyframes(keyframes), ErasedKeyframes(roundedCorners)]) {
                    values in
                    let shape = values[0] as? BezierShape ?? BezierShape(vertices: [], isClosed: false)
                    return ShapeList(shapes: [RoundedCorners.apply(radius: values[1] as? Double ?? 0, to: shape)])
                }
            case .rectangle(let rectangle):
                let radius = roundedCorners ?? rectangle.roundness
                return CombinedKeyframes.combine(
                    [ErasedKeyframes(rectangle.size), ErasedKeyframes(rectangle.position), ErasedKeyframes(radius)]
                ) { values in
                    let size = values[0] as? LottieVector ?? LottieVector([])
                    let position = values[1] as? LottieVector ?? LottieVector([])
                    return ShapeList(shapes: [
                        PathGeometry.rectangle(
                            position: position.point, size: CGSize(width: size.x, height: size.y),
                            radius: values[2] as? Double ?? 0,
                            counterClockwise: rectangle.direction == .counterClockwise)
                    ])
                }
            case .ellipse(let ellipse):
                return CombinedKeyframes.combine([ErasedKeyframes(ellipse.size), ErasedKeyframes(ellipse.position)]) {
                    values in
                    let size = values[0] as? LottieVector ?? LottieVector([])
                    let position = values[1] as? LottieVector ?? LottieVector([])
                    return ShapeList(shapes: [
                        PathGeometry.ellipse(
                            center: position.point, size: CGSize(width: size.x, height: size.y),
                            counterClockwise: ellipse.direction == .counterClockwise)
                    ])
                }
            case .star(let star):
                return CombinedKeyframes.combine(
                    [
                        ErasedKeyframes(star.position), ErasedKeyframes(star.outerRadius),
                        ErasedKeyframes(star.innerRadius),
                        ErasedKeyframes(star.outerRoundness), ErasedKeyframes(star.innerRoundness),
                        ErasedKeyframes(star.points), ErasedKeyframes(star.rotation),
                    ]
                ) { values in
                    let number = { (index: Int) in values[index] as? Double ?? 0 }
                    return ShapeList(shapes: [
                        PathGeometry.star(
                            position: (values[0] as? LottieVector ?? LottieVector([])).point, outerRadius: number(1),
                            innerRadius: number(2), outerRoundness: number(3), innerRoundness: number(4),
                            points: number(5),
                            rotation: number(6), isPolygon: star.isPolygon,
                            counterClockwise: star.direction == .counterClockwise)
                    ])
                }
            default:
                return KeyframeGroup(ShapeList(shapes: []))
            }
        }
    }

    /// `strokeStart` and `strokeEnd` from a trim; returns how many times the path must be
    /// repeated for an offset trim that runs past its end.
    private func addTrim(_ trim: ShapeItem.Trim, to layer: CAShapeLayer) -> Int {
        var start = trim.start
        var end = trim.end
        if !trim.startNeverExceedsEnd {
            if trim.startNeverBelowEnd {
                swap(&start, &end)
            } else {
                let ordered = CombinedKeyframes.combine([ErasedKeyframes(trim.start), ErasedKeyframes(trim.end)]) {
                    values in
                    let a = values[0] as? Double ?? 0
                    let b = values[1] as? Double ?? 0
                    return LottieVector([min(a, b), max(a, b)])
                }
                start = ordered.map { $0[0] }
                end = ordered.map { $0[1] }
            }
        }
        var multiplier = 1
        if trim.offset.keyframes.contains(where: { $0.value != 0 }) {
            let shifted = CombinedKeyframes.combine([
                ErasedKeyframes(start), ErasedKeyframes(end), ErasedKeyframes(trim.offset),
            ]) {
                values in
                let offset = (values[2] as? Double ?? 0) / 360 * 100
                return LottieVector([(values[0] as? Double ?? 0) + offset, (values[1] as? Double ?? 0) + offset])
            }
            start = shifted.map { $0[0] }
            end = shifted.map { $0[1] }
            let lowest = ((start.keyframes.map(\.value).min() ?? 0) / 100).rounded(.down)
            let highest = ((end.keyframes.map(\.value).max() ?? 100) / 100).rounded(.up)
            if lowest < 0 {
                start = start.map { $0 + abs(lowest) * 100 }
                end = end.map { $0 + abs(lowest) * 100 }
            }
            multiplier = min(max(Int(abs(highest) + abs(lowest)), 1), 64)
        }
        let divisor = Double(multiplier) * 100
        layer.addAnimation(for: .strokeStart, keyframes: start, context: context) { CGFloat($0 / divisor) }
        layer.addAnimation(for: .strokeEnd, keyframes: end, context: context) { CGFloat($0 / divisor) }
        return multiplier
    }
}

extension ShapeItem.Trim {
    /// A trim from 0 % to 100 % with no offset leaves the path whole.
    var trimsNothing: Bool {
        !start.isAnimated && !end.isAnimated && !offset.isAnimated && start.first == 0 && end.first == 100
            && offset.first == 0
    }

    private func compareAtKeyframes(_ condition: (Double, Double) -> Bool) -> Bool {
        let times = Set(start.keyframes.map(\.time) + end.keyframes.map(\.time))
        return times.allSatisfy { condition(start.value(at: $0), end.value(at: $0)) }
    }

    var startNeverExceedsEnd: Bool { compareAtKeyframes { $0 <= $1 } }
    var startNeverBelowEnd: Bool { compareAtKeyframes { $0 >= $1 } }
}

/// The shape modifiers that change a render group's paths before they are trimmed: the first
/// rounded corners, and the first Pucker & Bloat where the engine draws it, among the items
/// drawn with them.
struct PathModifiers {
    var roundedCorners: KeyframeGroup<Double>?
    var puckerBloat: KeyframeGroup<Double>?

    init() {}

    init(_ items: [ShapeItem], engine: RenderingEngine) {
        roundedCorners =
            items.lazy.compactMap { item -> KeyframeGroup<Double>? in
                if case .roundedCorners(let radius) = item.kind { radius } else { nil }
            }.first
        if engine.drawsAsAfterEffects(.puckerAndBloat) {
            puckerBloat =
                items.lazy.compactMap { item -> KeyframeGroup<Double>? in
                    if case .puckerBloat(let amount) = item.kind { amount } else { nil }
                }.first
        }
    }
}
