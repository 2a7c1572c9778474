import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// Makes the layer tree of a composition, as lottie-ios's Core Animation engine lays it out:
/// a layer a Lottie layer, each filling its composition's bounds; parents as invisible
/// transform layers around their children; a track matte as the `mask` of a container that
/// holds the matted layer; the animations on the layers they change.
struct LayerTreeBuilder {
    let animation: LottieAnimation
    /// The value providers set on the layer, applied to each layer's model as it is built.
    var providers = ValueProviderStore()
    /// The pictures of the image assets instead of the file's, when set.
    var imageProvider: (any AnimationImageProvider)?
    /// The texts of the text layers instead of the file's, when set.
    var textProvider: (any AnimationKeypathTextProvider)?
    var fontProvider: (any AnimationFontProvider)?
    /// Where the complete engine finds the fonts of text without glyphs.
    var installedFonts: InstalledFonts?
    /// Each layer's ``drawnTransform(of:context:)``, by its place in the file: a precomposition
    /// shown several times, and a parent of several layers, are worked out once a build (when
    /// no value provider can make two showings of one layer differ).
    let drawnTransforms = DrawnTransforms()

    /// The transforms worked out in one build.
    final class DrawnTransforms {
        var byPath: [String: TransformModel] = [:]
    }

    /// Adds the layers of a composition to `outerContainer` (back to front, as `sublayers` are
    /// ordered) with their animations.
    func addLayers(
        _ layers: [LayerModel], to outerContainer: CALayer, bounds: CGRect, context: AnimationContext, depth: Int
    ) {
        let byIndex = Dictionary(
            layers.compactMap { layer in layer.index.map { ($0, layer) } }, uniquingKeysWith: { first, _ in first })
        // An engine that draws cameras (the complete one) keeps each run of 3D layers in 3D,
        // seen through the camera.
        let scene = context.engine.drawsAsAfterEffects(.camera) ? ThreeDScene(layers: layers, bounds: bounds) : nil
        var threeDGroup: CALayer?
        let pairs =
            context.engine.drawsAsAfterEffects(.matteByIndex)
            ? Self.pairedWithMattesByIndex(layers) : Self.pairedWithMattes(layers)
        for (layer, matte) in pairs {
            guard let made = makeLayer(layer, bounds: bounds, context: context, depth: depth) else { continue }
            let inScene = scene != nil && ThreeDScene.isThreeD(layer)
            if inScene {
                // After Effects orders 3D layers by their anchor points, not by the centres of
                // their composition-sized boxes (its first value, when it moves).
                let anchor = layer.transform.anchor.first
                made.depthSortPoint = CGPoint(x: anchor.x, y: anchor.y)
            }
            let placed = wrappedInParents(
                made, of: layer, byIndex: byIndex, bounds: bounds, context: context, inScene: inScene)
            let container: CALayer
            if inScene, let scene {
                container = threeDGroup ?? scene.makeGroup(in: outerContainer, context: context)
                threeDGroup = container
            } else {
                container = outerContainer
                threeDGroup = nil
            }
            guard let matte, let matteType = layer.matte,
                let matteLayer = makeMatte(matte, type: matteType, bounds: bounds, context: context, depth: depth)
            else {
                container.addSublayer(placed)
                continue
            }
            let matteParents = wrappedInParents(
                matteLayer, of: matte, byIndex: byIndex, bounds: bounds, context: context)
            // The layer and its matte in one coordinate space; Core Animation ignores a mask
            // that has a mask of its own, so the matte is wrapped once more.
            let maskContainer = Self.filling(CALayer(), bounds)
            maskContainer.name = "\(layer.name) (parent, masked)"
            maskContainer.addSublayer(placed)
            let maskParent = Self.filling(CALayer(), bounds)
            maskParent.addSublayer(matteParents)
            maskContainer.mask = maskParent
            container.addSublayer(maskContainer)
        }
    }

    /// Each layer with the layer that mattes it (the one before it in the file), back to front,
    /// as lottie-ios pairs them: the matte is not drawn itself; a layer without a matte is,
    /// whatever its `td`.
    static func pairedWithMattes(_ layers: [LayerModel]) -> [(LayerModel, LayerModel?)] {
        var remaining = layers
        var paired: [(LayerModel, LayerModel?)] = []
        while let layer = remaining.popLast() {
            if layer.matte != nil, let matte = remaining.popLast() {
                paired.append((layer, matte))
            } else {
                paired.append((layer, nil))
            }
        }
        return paired
    }

    /// Each layer with the layer that mattes it, back to front, as lottie-web pairs them: the
    /// layer whose index is its `tp`, else the one before it, which may matte several layers.
    /// A matte layer (`td`) is not drawn itself, whether or not a layer uses it.
    static func pairedWithMattesByIndex(_ layers: [LayerModel]) -> [(LayerModel, LayerModel?)] {
        layers.indices.reversed().compactMap { position in
            let layer = layers[position]
            guard !layer.isMatteSource else { return nil }
            return (layer, LayerModel.matteSource(of: position, in: layers).map { layers[$0] })
        }
    }

    /// A layer that fills `bounds` of its superlayer with the same coordinates.
    static func filling<Layer: CALayer>(_ layer: Layer, _ bounds: CGRect) -> Layer {
        layer.anchorPoint = .zero
        layer.bounds = bounds
        return layer
    }

    /// The layer inside invisible layers that carry its parents' transforms, outermost last:
    /// transform layers, which keep it in 3D, for a layer of a 3D scene.
    private func wrappedInParents(
        _ layer: CALayer, of model: LayerModel, byIndex: [Int: LayerModel], bounds: CGRect, context: AnimationContext,
        inScene: Bool = false
    ) -> CALayer {
        var current = layer
        var child = model
        var seen: Set<Int> = []
        while let parentIndex = child.parentIndex, let parent = byIndex[parentIndex], seen.insert(parentIndex).inserted
        {
            let parentLayer = Self.filling(inScene ? CATransformLayer() : CALayer(), bounds)
            parentLayer.name = "\(model.name) (parent, \(parent.name))"
            let transform = providers.applied(
                to: drawnTransform(of: parent, context: context), keypath: context.keypath + [parent.name],
                context: context)
            addTransformAnimations(
                transform, to: parentLayer, context: context, threeD: inScene && ThreeDScene.isThreeD(parent))
            parentLayer.addSublayer(current)
            current = parentLayer
            child = parent
        }
        return current
    }

    /// The layer a track matte masks with: the matte layer itself for alpha mattes; for
    /// inverted ones, an opaque layer with the matte cut out of it (`xor`). The complete
    /// engine masks luma mattes by their luminance (a `luminanceToAlpha` filter on the matte);
    /// lottie-ios's engines mask them by alpha.
    private func makeMatte(
        _ matte: LayerModel, type: LayerModel.MatteType, bounds: CGRect, context: AnimationContext, depth: Int
    ) -> CALayer? {
        guard let matteLayer = makeLayer(matte, bounds: bounds, context: context, depth: depth) else { return nil }
        if context.engine.drawsAsAfterEffects(.lumaMatte), type == .luma || type == .lumaInverted {
            matteLayer.filters = (matteLayer.filters ?? []) + [CAFilter(type: "luminanceToAlpha")]
        }
        switch type {
        case .alpha, .luma:
            return matteLayer
        case .alphaInverted, .lumaInverted:
            let base = CALayer()
            base.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            // The inverted matte reaches far past the composition; its sublayers keep the
            // composition's coordinates.
            base.anchorPoint = .zero
            base.bounds = CGRect(x: -10_000, y: -10_000, width: bounds.width + 20_000, height: bounds.height + 20_000)
            base.position = CGPoint(x: -10_000, y: -10_000)
            base.addSublayer(matteLayer)
            matteLayer.compositingFilter = "xor"
            return base
        }
    }

    /// The layer for one Lottie layer, with its transform, opacity, visibility, masks and content.
    func makeLayer(_ model: LayerModel, bounds: CGRect, context: AnimationContext, depth: Int) -> CALayer? {
        let keypath = context.keypath + [model.name]
        let model = providers.applied(to: model, keypath: keypath, context: context)
        if model.isHidden {
            // Hidden layers still move the layers parented to them, which are built apart.
            let layer = Self.filling(CALayer(), bounds)
            layer.name = model.name
            addTransformAnimations(drawnTransform(of: model, context: context), to: layer, context: context)
            return layer
        }
        // The effects the engine draws (the complete engine's); those that change set the
        // layer's filters every frame.
        let effects = model.effects.filter { context.engine.draws(.effect($0.bodymovinType)) }
        let container = { EffectFilters.needFrames(effects) ? FrameFilterLayer() : CALayer() }
        let layer: CALayer
        var childContext: AnimationContext?
        var childBounds = bounds
        switch model.content {
        case .unsupported, .camera:
            return nil
        case .null:
            // A null draws nothing; an empty layer keeps the tree's shape.
            let empty = Self.filling(CALayer(), bounds)
            empty.name = model.name
            addTransformAnimations(drawnTransform(of: model, context: context), to: empty, context: context)
            return empty
        case .precomposition(_, let width, let height, let timeRemapping):
            layer = container()
            layer.anchorPoint = .zero
            childBounds = CGRect(x: bounds.origin.x, y: bounds.origin.y, width: width, height: height)
            layer.bounds = childBounds
            layer.masksToBounds = true
            var remapped = context.withSimpleTimeRemapping {
                [stretch = model.timeStretch, start = model.startTime] frame in
                frame * stretch + start
            }
            let frameRate = animation.frameRate
            remapped = remapped.withComplexTimeRemapping(required: timeRemapping != nil) {
                [stretch = model.timeStretch, start = model.startTime] frame in
                if let timeRemapping { return timeRemapping.value(at: frame) * frameRate }
                return (frame - start) / stretch
            }
            remapped.keypath = keypath
            childContext = remapped
            if timeRemapping != nil { context.compatibility?.noteTimeRemapping(of: layer) }
        case .solid(let color, let width, let height):
            layer = Self.filling(container(), bounds)
            let fill = Self.filling(CAShapeLayer(), bounds)
            fill.path = CGPath(rect: CGRect(x: 0, y: 0, width: width, height: height), transform: nil)
            fill.addAnimation(for: .fillColor, keyframes: color, context: context) { $0.cgColor(1) }
            layer.addSublayer(fill)
        case .shapes(let items):
            layer = Self.filling(container(), bounds)
            ShapeLayerBuilder(context: context, bounds: bounds).addShapes(items, to: layer)
        case .text(var text):
            layer = Self.filling(container(), bounds)
            if let textProvider {
                let path = AnimationKeypath(keys: keypath)
                text.documents = text.documents.map { document in
                    var document = document
                    document.text = textProvider.text(for: path, sourceText: document.text) ?? document.text
                    return document
                }
            }
            TextLayerBuilder(
                fonts: animation.fonts, fontProvider: fontProvider,
                installedFonts: context.engine.drawsAsAfterEffects(.textWithoutGlyphs) ? installedFonts : nil,
                context: context, bounds: bounds
            )
            .addText(text, to: layer)
        case .image(let assetID):
            layer = Self.filling(container(), bounds)
            if case .image(let asset, let own) = animation.assets[assetID] {
                let content = CALayer()
                content.anchorPoint = .zero
                content.bounds = CGRect(x: 0, y: 0, width: asset.width, height: asset.height)
                content.contents = imageProvider.map { $0.imageForAsset(asset: asset) } ?? own
                content.contentsGravity = imageProvider?.contentsGravity(for: asset) ?? .resize
                layer.addSublayer(content)
            }
        }
        layer.name = model.name
        layer.compositingFilter = model.blendMode.filterName
        addTransformAnimations(
            drawnTransform(of: model, context: context), to: layer, context: context,
            threeD: context.engine.drawsAsAfterEffects(.camera) && ThreeDScene.isThreeD(model))
        layer.addAnimation(for: .opacity, keyframes: model.transform.opacity, context: context) { CGFloat($0 / 100) }
        addVisibilityAnimation(to: layer, inFrame: model.inFrame, outFrame: model.outFrame, context: context)
        if let dropShadow = model.dropShadow { addDropShadow(dropShadow, to: layer, context: context) }
        if !effects.isEmpty { EffectFilters.apply(effects, to: layer, context: context) }
        let masks = model.masks.filter { $0.mode != .none }
        if !masks.isEmpty {
            layer.mask = MaskLayers.make(masks, bounds: layer.bounds, context: context)
        }
        if case .precomposition(let assetID, _, _, _) = model.content, let childContext,
            case .precomposition(let layers) = animation.assets[assetID]
        {
            addLayers(layers, to: layer, bounds: childBounds, context: childContext, depth: depth + 1)
        }
        let strokes = effects.compactMap { effect -> StrokeEffect? in
            if case .stroke(let stroke) = effect { stroke } else { nil }
        }
        if !strokes.isEmpty { StrokeEffectLayers.apply(strokes, masks: model.masks, to: layer, context: context) }
        return layer
    }

    /// Hidden before the layer's in point and from its out point on (a discrete animation of
    /// `hidden`).
    func addVisibilityAnimation(to layer: CALayer, inFrame: Double, outFrame: Double, context: AnimationContext) {
        if context.mustUseComplexTimeRemapping {
            // Hidden before the in point (a frame earlier, and every frame before the first
            // keyframe), shown from it: a keyframe at frame 0 would hide a layer starting there.
            let keyframes = KeyframeGroup<Double>(keyframes: [
                Keyframe(time: inFrame - 1, value: 1, isHold: true), Keyframe(time: inFrame, value: 0, isHold: true),
                Keyframe(time: outFrame, value: 1, isHold: true),
            ])
            layer.addAnimation(for: .isHidden, keyframes: keyframes, context: context) { $0 != 0 }
            return
        }
        let animation = CAKeyframeAnimation(keyPath: "hidden")
        animation.calculationMode = .discrete
        animation.values = [true, false, true]
        // lottie-ios's key times, met by the frame's time in doubles: a layer can show a frame
        // late where the two differ in the last place, as Apple's pictures show. After Effects
        // (the complete engine) shows it from its very in-point and hides it at its out-point:
        // the key times a hair early.
        let early = context.engine.keepsAfterEffectsTiming ? 1e-9 : 0
        let inKey = max(context.progressTime(for: inFrame) - early, 0)
        let outKey =
            context.simpleTimeRemapping(outFrame) == context.endFrame
            ? 1 : min(context.progressTime(for: outFrame) - early, 1)
        animation.keyTimes = [0, inKey, outKey, 1].map { NSNumber(value: $0) }
        layer.add(context.timed(animation), forKey: "hidden")
    }

    /// The transform `model` is drawn with: the complete engine moves a layer along its motion
    /// path at the pace its easing gives, and turns an auto-oriented layer with its motion
    /// (``AutoOrient``).
    func drawnTransform(of model: LayerModel, context: AnimationContext) -> TransformModel {
        guard context.engine.keepsAfterEffectsTiming else { return model.transform }
        let remembered = providers.isEmpty && !model.path.isEmpty
        if remembered, let known = drawnTransforms.byPath[model.path] { return known }
        var transform = model.transform
        if model.autoOrient, context.engine.draws(.autoOrient) {
            transform.rotation = AutoOrient.rotation(of: transform)
        }
        transform.position = transform.position.map(AutoOrient.pacedAlongCurves)
        if remembered { drawnTransforms.byPath[model.path] = transform }
        return transform
    }

    /// The layer's transform as separate animations of translation, anchor point, scale and
    /// rotation (the key paths lottie-ios animates); a 3D layer's as one 3D transform.
    func addTransformAnimations(
        _ transform: TransformModel, to layer: CALayer, context: AnimationContext, threeD: Bool = false
    ) {
        if threeD {
            ThreeDScene.addTransform(transform, to: layer, context: context)
        } else {
            TransformAnimations.add(transform, to: layer, context: context, allowsSkew: false)
        }
    }

    private func addDropShadow(_ shadow: DropShadowModel, to layer: CALayer, context: AnimationContext) {
        let opacityScale = shadow.opacityIsByte ? 255.0 : 100.0
        layer.addAnimation(for: .shadowOpacity, keyframes: shadow.opacity, context: context) {
            Float($0 / opacityScale)
        }
        let scale = shadow.color.colorScale
        layer.addAnimation(for: .shadowColor, keyframes: shadow.color, context: context) { $0.cgColor(scale) }
        let radiusScale = shadow.opacityIsByte ? 5.0 : 2.0
        layer.addAnimation(for: .shadowRadius, keyframes: shadow.radius, context: context) { CGFloat($0 / radiusScale) }
        let angleShift = shadow.opacityIsByte ? -90.0 : 0
        let offsets = CombinedKeyframes.combine([ErasedKeyframes(shadow.angle), ErasedKeyframes(shadow.distance)]) {
            values -> LottieVector in
            let angle = ((values[0] as? Double ?? 0) + angleShift) * .pi / 180
            let distance = values[1] as? Double ?? 0
            return LottieVector([distance * cos(angle), distance * sin(angle)])
        }
        layer.addAnimation(for: .shadowOffset, keyframes: offsets, context: context) {
            CGSize(width: $0.x, height: $0.y)
        }
    }
}

extension LottieVector {
    /// A colour from red, green, blue (and alpha), each multiplied by `scale` (1 for the
    /// 0…1 colours files write, 1/255 for the oldest files' 0…255 ones). Eased values may
    /// overshoot 1; drawing clamps them.
    func cgColor(_ scale: Double) -> CGColor {
        let alpha = components.count > 3 ? self[3] : 1
        return CGColor(red: self[0] * scale, green: self[1] * scale, blue: self[2] * scale, alpha: alpha)
    }
}

extension LottieVector {
    /// A colour as a file writes it, 0…1 or (when a component is above 1) 0…255.
    var fileColor: CGColor {
        cgColor(self[0] > 1 || self[1] > 1 || self[2] > 1 ? 1.0 / 255 : 1)
    }
}

extension KeyframeGroup where Value == LottieVector {
    /// 1/255 when a keyframe of the file writes a colour component above 1 (the oldest files
    /// count 0…255), 1 otherwise: decided on the file's own values, not on eased ones that
    /// overshoot.
    var colorScale: Double {
        keyframes.contains { $0.value[0] > 1 || $0.value[1] > 1 || $0.value[2] > 1 } ? 1.0 / 255 : 1
    }
}
