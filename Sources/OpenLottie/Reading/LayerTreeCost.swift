import Foundation

/// An estimate of the work of making an animation's layer tree (`Building/`), counted in
/// keyframes made. Reading refuses an animation whose estimate passes
/// `ReadingLimits.maximumTreeCost`, so that a small file cannot ask for an unbounded tree.
///
/// The estimate follows the places where the tree grows faster than the file: properties
/// Core Animation draws as one value (a rectangle's size and position make one path) are
/// sampled every tenth of a frame when their keyframes are timed differently; below a
/// time-remapped precomposition every animated property is sampled at every frame, looking
/// its value up among its keyframes; each use of a precomposition makes its layers again; a
/// repeater copies its layer's shapes; a layer is wrapped once for each of its parents; a
/// path is drawn once for each paint with an opacity of its own, and its path is made again
/// for every keyframe. The weights are measured ones: a layer with its animations takes about
/// as long to make as ten keyframes.
struct LayerTreeCost {
    /// A layer, with its few set properties and animations, in keyframes.
    static let layerWeight = 10.0
    /// Passing one keyframe while looking a value up, in keyframes.
    static let scanWeight = 1.0 / 250
    /// Samples a frame where properties with different timings are combined.
    static let samplesPerFrame = 10.0
    /// Taking one layer of the root composition out of the tree, per layer beside it: playing
    /// makes the tree again, and `sublayers = nil` takes each layer out of the list apart.
    static let removalWeight = 0.025

    /// The frames of the root composition, at which time-remapped properties are sampled.
    let frames: Double
    /// Whether a time-remapped precomposition is above what is counted.
    let isTimeRemapped: Bool
    /// The estimate so far.
    var total = 0.0
    /// How many animations were counted: below a time remapping each of them looks its time up
    /// through the remapping curve at every frame.
    var animations = 0.0

    init(frames: Double, isTimeRemapped: Bool) {
        self.frames = frames
        self.isTimeRemapped = isTimeRemapped
    }

    /// A counter for something made once per copy or per use, with the same timing.
    func fresh() -> LayerTreeCost {
        LayerTreeCost(frames: frames, isTimeRemapped: isTimeRemapped)
    }

    /// Adds what `other` counted, `times` times.
    mutating func add(_ other: LayerTreeCost, times: Double = 1) {
        // Nothing times an estimate too large to count is nothing, not NaN.
        guard times > 0 else { return }
        total += other.total * times
        animations += other.animations * times
    }

    mutating func addLayers(_ count: Double) {
        total += count * Self.layerWeight
    }

    /// The layers of the root composition, which sit side by side in one layer and are taken
    /// out of it one by one when the tree is made again: each removal passes the others.
    mutating func addRootLayers(_ count: Double) {
        total += count * count * Self.removalWeight
    }

    /// A property animated as its keyframes say; `weight` is the work of one value (a path's
    /// is its vertices'). A value that never changes is set, not animated, and counts nothing.
    mutating func add<Value>(_ group: KeyframeGroup<Value>, weight: Double = 1) {
        let keyframes = group.keyframes
        guard keyframes.count > 1 else { return }
        // Where holds and eased stretches alternate, each stretch is an animation of its own.
        var stretches = 1.0
        for index in 1..<keyframes.count where keyframes[index].isHold != keyframes[index - 1].isHold {
            stretches += 1
        }
        addAnimation(values: Double(keyframes.count), weight: weight, extra: 2 * stretches)
    }

    /// Properties drawn as one value (`CombinedKeyframes`): the keyframes they share, or a
    /// sample every tenth of a frame across all their times when the animated ones are timed
    /// differently, each sample looking every property's value up.
    mutating func addCombined(_ timings: [PropertyTiming], sampled: Bool = false, weight: Double = 1) {
        let animating = timings.filter { $0.keyframes.count > 1 }
        guard let first = animating.first else { return }
        let sharesTiming = !sampled && animating.allSatisfy { timing in
            timing.keyframes.count == first.keyframes.count
                && zip(timing.keyframes, first.keyframes).allSatisfy { $0.hasSameTiming(as: $1) }
        }
        if sharesTiming {
            addAnimation(values: Double(first.keyframes.count), weight: weight, extra: 2)
            return
        }
        let earliest = timings.lazy.compactMap(\.keyframes.first?.time).min() ?? 0
        let latest = timings.lazy.compactMap(\.keyframes.last?.time).max() ?? 0
        let samples = (latest - earliest) * Self.samplesPerFrame + 1
        let lookups = Double(timings.reduce(0) { $0 + $1.keyframes.count })
        total += samples * (weight + lookups * Self.scanWeight)
        addAnimation(values: samples, weight: weight, extra: 2)
    }

    /// One animation of `values` keyframes; below a time remapping it is sampled at every frame
    /// instead, each sample looking its value up among them.
    private mutating func addAnimation(values: Double, weight: Double, extra: Double) {
        animations += 1
        if isTimeRemapped {
            total += frames * (weight + values * Self.scanWeight) + extra
        } else {
            total += values * weight + extra
        }
    }
}

/// The timing of one property's keyframes, whatever their values.
struct PropertyTiming {
    let keyframes: [Keyframe<Double>]

    init<Value>(_ group: KeyframeGroup<Value>) {
        keyframes = group.keyframes.map { $0.withValue(0.0) }
    }
}

extension LayerTreeCost {
    /// One layer of a composition as `LayerTreeBuilder.makeLayer` makes it, without the
    /// precomposition it shows (counted once per asset and timing by the caller) and without
    /// the layers that carry its parents' transforms (``addParentWrappers(of:)``).
    mutating func add(_ layer: LayerModel) {
        if layer.isHidden {
            addLayers(1)
            addTransform(layer.transform, allowsSkew: false)
            return
        }
        switch layer.content {
        case .unsupported:
            return
        case .camera(let camera):
            // The perspective layer and the transform layer of each run of 3D layers, with the
            // view sampled every tenth of a frame while it moves.
            addLayers(2)
            add(camera.zoom)
            addTransform(layer.transform, allowsSkew: false, threeD: true)
            return
        case .null:
            addLayers(1)
            addTransform(layer.transform, allowsSkew: false)
            return
        case .precomposition, .image, .solid:
            addLayers(2)
        case .shapes(let items):
            addLayers(1)
            addShapes(items)
        case .text(let text):
            addLayers(1)
            addText(text)
        }
        addTransform(layer.transform, allowsSkew: false, threeD: layer.is3D)
        add(layer.transform.opacity)
        // The visibility animation: three holds, sampled like any other below a time remapping.
        addAnimation(values: 3, weight: 1, extra: 2)
        if layer.matte != nil {
            // The container the matte masks, the matte's own container, an inverted matte's base.
            addLayers(3)
        }
        if !layer.masks.isEmpty {
            addLayers(2)
            for mask in layer.masks where mask.mode != .none {
                addLayers(2)
                add(mask.shape, weight: Self.pathWeight(mask.shape))
            }
        }
        if let shadow = layer.dropShadow {
            add(shadow.opacity)
            add(shadow.color)
            add(shadow.radius)
            addCombined([PropertyTiming(shadow.angle), PropertyTiming(shadow.distance)])
        }
    }

    /// A transform as `TransformAnimations.add` animates it, or `ThreeDScene.addTransform`
    /// for a 3D layer (sampled every tenth of a frame while it moves).
    mutating func addTransform(_ transform: TransformModel, allowsSkew: Bool, threeD: Bool = false) {
        if threeD || transform.leavesThePlane {
            addCombined(
                [
                    PropertyTiming(transform.anchor), transform.position.map(PropertyTiming.init) ?? none,
                    transform.positionX.map(PropertyTiming.init) ?? none,
                    transform.positionY.map(PropertyTiming.init) ?? none,
                    transform.positionZ.map(PropertyTiming.init) ?? none, PropertyTiming(transform.scale),
                    PropertyTiming(transform.rotation), PropertyTiming(transform.rotationX),
                    PropertyTiming(transform.rotationY), PropertyTiming(transform.orientation),
                ],
                sampled: true)
            return
        }
        if (allowsSkew && transform.hasSkew) || transform.hasNegativeXScale {
            addCombined(
                [
                    PropertyTiming(transform.anchor), transform.position.map(PropertyTiming.init) ?? none,
                    transform.positionX.map(PropertyTiming.init) ?? none,
                    transform.positionY.map(PropertyTiming.init) ?? none, PropertyTiming(transform.scale),
                    PropertyTiming(transform.rotation), allowsSkew ? PropertyTiming(transform.skew) : none,
                    allowsSkew ? PropertyTiming(transform.skewAxis) : none,
                ],
                sampled: allowsSkew && transform.hasSkewAnimation)
            return
        }
        if let position = transform.position {
            add(position)
        } else {
            if let x = transform.positionX { add(x) }
            if let y = transform.positionY { add(y) }
        }
        add(transform.anchor)
        // Scale animates x and y apart.
        add(transform.scale, weight: 2)
        add(transform.rotation)
    }

    private var none: PropertyTiming { PropertyTiming(KeyframeGroup(0.0)) }

    /// The layers that carry the transforms of each layer's parents (`wrappedInParents`): one
    /// for every parent up the chain, for every layer made.
    mutating func addParentWrappers(of layers: [LayerModel]) {
        for wrappers in parentWrappers(of: layers) { add(wrappers) }
    }

    /// What wrapping each of `layers` in its parents costs, in their order. A chain's cost is
    /// kept per index, so long chains count in one pass; a cycle costs every member the whole
    /// cycle, as the walk stops where it started.
    private func parentWrappers(of layers: [LayerModel]) -> [LayerTreeCost] {
        let byIndex = Dictionary(
            layers.compactMap { layer in layer.index.map { ($0, layer) } }, uniquingKeysWith: { first, _ in first })
        guard !byIndex.isEmpty else { return [] }
        var chains: [Int: LayerTreeCost] = [:]
        func wrapper(_ index: Int) -> LayerTreeCost {
            var cost = fresh()
            cost.addLayers(1)
            if let layer = byIndex[index] { cost.addTransform(layer.transform, allowsSkew: false) }
            return cost
        }
        func chain(from start: Int) -> LayerTreeCost {
            var path: [Int] = []
            var positions: [Int: Int] = [:]
            var tail = fresh()
            var next: Int? = start
            while let index = next, let layer = byIndex[index] {
                if let known = chains[index] {
                    tail = known
                    break
                }
                if let position = positions[index] {
                    var cycle = fresh()
                    for member in path[position...] { cycle.add(wrapper(member)) }
                    for member in path[position...] { chains[member] = cycle }
                    path.removeSubrange(position...)
                    tail = cycle
                    break
                }
                positions[index] = path.count
                path.append(index)
                next = layer.parentIndex
            }
            for index in path.reversed() {
                var cost = wrapper(index)
                cost.add(tail)
                chains[index] = cost
                tail = cost
            }
            return chains[start] ?? fresh()
        }
        return layers.map { layer in
            if case .unsupported = layer.content, !layer.isHidden { return fresh() }
            guard let parent = layer.parentIndex, byIndex[parent] != nil else { return fresh() }
            return chain(from: parent)
        }
    }
}
