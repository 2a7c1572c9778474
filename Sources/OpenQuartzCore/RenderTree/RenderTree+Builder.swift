import Foundation

extension RenderTree {
    /// Collects nodes and sorts animations into the two lanes.
    struct Builder {
        var nodes: [TimingNode] = []
        var timings: [VectorTiming] = []
        var timingIndices: [VectorTiming: Int32] = [:]
        /// The index of the timing looked up last: animations committed together, one after
        /// the other here, usually share their timing, which is then compared, not hashed.
        var lastTimingIndex: Int32 = -1
        var vectorEntries: [VectorEntry] = []
        var keyframeLane = KeyframeLane()
        var generalEntries: [GeneralEntry] = []
        var generalAnimations: [GeneralAnimation] = []
        var transformParts: [TransformPart] = []
        var topEntries = TopEntries()
        var nodeIndex: [ObjectIdentifier: Int] = [:]
        var layers: [CALayer] = []
        /// The parts that have a ``PlanarPart`` (nil for the others), and those planar parts.
        var planarIndexOfPart: [Int?] = []
        var planarParts: [PlanarPart] = []

        /// Adds `root` and everything under it, parents before children (sublayers in order,
        /// then the mask), from an explicit stack: trees may be of any depth.
        mutating func visit(_ root: CALayer, parent rootParent: Int) {
            var pending: [(layer: CALayer, parent: Int)] = [(root, rootParent)]
            while let (layer, parent) = pending.popLast() {
                let index = nodes.count
                let timing = layer.storage.timing
                add(
                    layer,
                    as: TimingNode(
                        parent: parent, beginTime: timing.beginTime, speed: Double(timing.speed),
                        timeOffset: timing.timeOffset))
                // Pushed last to first, so that they come off the stack in the recursive order.
                if let mask = layer.mask { pending.append((mask, index)) }
                for sublayer in (layer.sublayers ?? []).reversed() { pending.append((sublayer, index)) }
            }
        }

        /// Adds `layer` alone — not its sublayers nor its mask — as a timing node of its own
        /// that passes the time it is given through unchanged: a tree evaluated at the layer's
        /// local time (`convertTime(_:from: nil)`), which is what `presentation()` reads.
        mutating func addAlone(_ layer: CALayer) {
            add(layer, as: TimingNode(parent: -1, beginTime: 0, speed: 1, timeOffset: 0))
        }

        /// Adds `layer` as `node` (its timing), with its committed animations.
        private mutating func add(_ layer: CALayer, as node: TimingNode) {
            let index = nodes.count
            nodes.append(node)
            nodeIndex[ObjectIdentifier(layer)] = index
            layers.append(layer)
            topEntries.startNode()
            for attached in layer.attachedAnimations where attached.lifecycle.isCommitted {
                for compiled in attached.compiledParts {
                    add(compiled, of: layer, node: index)
                }
            }
        }

        private mutating func add(_ compiled: CompiledAnimation, of layer: CALayer, node: Int) {
            let key = compiled.baseKey
            let below = topEntries.slot(ofNode: node, key: key)
            let property = type(of: layer).propertyTable[key]
            let model = layer.modelValue(of: property, forKey: key)
            if below == nil, let (slot, entry) = vectorEntry(compiled, model: model, node: node) {
                topEntries.set(slot, key: key, property: property)
                vectorEntries.append(entry)
            } else if below == nil, compiled.component == nil, let base = model.vector,
                let shape = KeyframeLane.shape(of: compiled)
            {
                let timing = timingIndex(VectorTiming(parameters: compiled.timing, curve: compiled.curve, spring: nil))
                let entry = keyframeLane.add(shape, node: node, timing: timing, base: base)
                topEntries.set(.keyframe(entry, model.kind), key: key, property: property)
            } else {
                topEntries.set(.general(generalEntries.count), key: key, property: property)
                let animation = GeneralAnimation(compiled)
                generalAnimations.append(animation)
                generalEntries.append(
                    GeneralEntry(node: node, input: below, base: model, animation: .passUnretained(animation)))
            }
        }

        /// The vector entry of an animation between fixed values on a whole value of up to four
        /// numbers or a colour, or on a component of one (`position.x`, `bounds.size`), or on a
        /// part of a transform (`transform.rotation.z`); nil when the vector lane cannot take it.
        private mutating func vectorEntry(
            _ compiled: CompiledAnimation, model: AnimatableValue, node: Int
        ) -> (Slot, VectorEntry)? {
            guard let (ends, spring) = compiled.vectorEndpoints() else { return nil }
            let (from, to) = (ends.from, ends.to)
            let timing = timingIndex(
                VectorTiming(parameters: compiled.timing, curve: spring == nil ? compiled.curve : nil, spring: spring))
            let all = SIMDMask<SIMD4<Int64>>(repeating: true)
            guard let component = compiled.component else {
                guard let base = model.baseVector, ends.kind == model.kind else {
                    return nil
                }
                return (
                    .vector(vectorEntries.count, model.kind),
                    VectorEntry(
                        node: Int32(node), timing: timing, from: from, delta: to - from, base: base, lanes: all)
                )
            }
            guard ends.kind == component.kind else { return nil }
            if case .transform(let part) = component, case .transform(let transform) = model {
                // The part's numbers in the first lanes; the last lane says whether it shows.
                var start = from
                var delta = to - from
                start[3] = 1
                delta[3] = 0
                let transformPart = TransformPart(entry: vectorEntries.count, component: part, model: transform)
                transformParts.append(transformPart)
                if let planar = PlanarPart(transformPart) {
                    planarIndexOfPart.append(planarParts.count)
                    planarParts.append(planar)
                } else {
                    planarIndexOfPart.append(nil)
                }
                return (
                    .transformPart(transformParts.count - 1),
                    VectorEntry(node: Int32(node), timing: timing, from: start, delta: delta, base: SIMD4(), lanes: all)
                )
            }
            // A part of a point, size or rectangle: its numbers go to the lanes it occupies.
            guard let base = model.vector, let first = component.firstLane(in: model.kind) else { return nil }
            let count = component.kind == .number ? 1 : 2
            var start = SIMD4<Double>()
            var end = SIMD4<Double>()
            var lanes = SIMDMask<SIMD4<Int64>>(repeating: false)
            for lane in 0..<count {
                start[first + lane] = from[lane]
                end[first + lane] = to[lane]
                lanes[first + lane] = true
            }
            return (
                .vector(vectorEntries.count, model.kind),
                VectorEntry(
                    node: Int32(node), timing: timing, from: start, delta: end - start, base: base, lanes: lanes)
            )
        }

        /// Keeps one copy of each distinct timing.
        private mutating func timingIndex(_ timing: VectorTiming) -> Int32 {
            if lastTimingIndex >= 0, timings[Int(lastTimingIndex)] == timing { return lastTimingIndex }
            if let known = timingIndices[timing] {
                lastTimingIndex = known
            } else {
                lastTimingIndex = Int32(timings.count)
                timings.append(timing)
                timingIndices[timing] = lastTimingIndex
            }
            return lastTimingIndex
        }

        /// The planar part (``LaneWrite/Store/planarTurn``, ``LaneWrite/Store/planarScale``)
        /// that writes part `index` over a field holding `base`, nil when there is none: the
        /// part changes more than four entries, or `base` is not the part's model, whose other
        /// entries the planar write leaves in place.
        func planarPart(ofPart index: Int, over base: CATransform3D) -> (index: Int, turns: Bool)? {
            guard let planar = planarIndexOfPart[index], transformParts[index].model == base else { return nil }
            switch transformParts[index].component {
            case .rotationZ, .rotation: return (planar, true)
            case .scaleX, .scaleY, .scaleXY: return (planar, false)
            default: return nil
            }
        }
    }
}
