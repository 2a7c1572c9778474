import Foundation

/// An immutable snapshot of committed layer trees — their timing, the compiled animations on
/// them, and a typed `RenderNode` per layer — whose presentation values can be evaluated at
/// any media time without allocating. An OpenQuartzCore addition: the renderer draws its
/// nodes, `presentation()` reads it, and it is what a frame costs.
///
///     let tree = RenderTree(roots: [root])
///     tree.evaluate(at: 1.5)
///     let position = tree.presentationValue(of: layer, forKeyPath: "position") as? CGPoint
///
/// Each evaluation writes the animated values into the nodes of the layers they animate, by
/// fields resolved when the tree was built (`RenderTree+Nodes.swift`). Nodes are in the
/// tree's order: depth first, a layer before its sublayers, then its mask.
///
/// The snapshot reflects the layers when it was made; make a new one after changing them
/// (`layerTreeGeneration` says when).
public final class RenderTree {
    /// A layer as a timing node: its media-timing values and its parent's index (-1 at a root).
    struct TimingNode {
        var parent: Int
        var beginTime: Double
        var speed: Double
        var timeOffset: Double
    }

    /// Where an evaluated value lives.
    enum Slot {
        case vector(Int, ValueKind)
        case keyframe(Int, ValueKind)
        case general(Int)
        /// A transform one of whose parts (`transform.rotation.z`, `transform.scale`, …) a
        /// vector entry animates: index into `transformParts`. The entry holds the part in its
        /// first lanes and 1 in its last while it has an effect; reading writes the part into
        /// the model transform, as `ValueComponent.write` does.
        case transformPart(Int)
    }

    struct GeneralEntry {
        var node: Int
        /// The entry below this one on the same layer and key; nil for the model value.
        var input: Slot?
        var base: AnimatableValue
        /// Kept alive by ``generalAnimations``.
        let animation: Unmanaged<GeneralAnimation>
    }

    /// A general entry's compiled animation, held by reference: a frame reads it in place
    /// through a reference it neither retains nor copies from, where an animation held in the
    /// entry itself was copied out for every evaluation (retaining everything it holds).
    final class GeneralAnimation {
        let compiled: CompiledAnimation
        /// The track of a keyframe animation (its source's, which keeps it alive).
        let track: Unmanaged<KeyframeTrack>?
        init(_ compiled: CompiledAnimation) {
            self.compiled = compiled
            if case .keyframes(let track) = compiled.source {
                self.track = .passUnretained(track)
            } else {
                self.track = nil
            }
        }
    }

    /// The topmost entry of each animated key of each node: the keys of node `n` are
    /// `keys[starts[n] ..< starts[n + 1]]`, in the order they were first animated. A layer
    /// animates few keys, so a key is found by looking through its node's; a table hashed by
    /// layer and key cost a tree of 10,000 layers a sixth of its building.
    struct TopEntries {
        private(set) var keys: [String] = []
        private(set) var slots: [Slot] = []
        /// The layer class's property of each key; nil for a custom key.
        private(set) var properties: [LayerProperty?] = []
        private var starts: [Int] = [0]

        /// The range of `keys` and `slots` that is node `node`'s.
        func range(ofNode node: Int) -> Range<Int> { starts[node]..<starts[node + 1] }

        /// The topmost entry of `key` of node `node`, if an animation writes it.
        func slot(ofNode node: Int, key: String) -> Slot? {
            range(ofNode: node).first { keys[$0] == key }.map { slots[$0] }
        }

        /// Starts the keys of the next node; nodes are added in order.
        mutating func startNode() { starts.append(keys.count) }

        /// Makes `slot` the topmost entry of `key`, of property `property`, of the last node
        /// started.
        mutating func set(_ slot: Slot, key: String, property: LayerProperty?) {
            let node = starts.count - 2
            if let index = range(ofNode: node).first(where: { keys[$0] == key }) {
                slots[index] = slot
                return
            }
            keys.append(key)
            slots.append(slot)
            properties.append(property)
            starts[node + 1] = keys.count
        }
    }

    // What a frame reads and writes lives in buffers the tree owns (allocated when it is
    // built, freed with it), so that the lanes reach them by pointer, one frame after another.
    let timingNodes: UnsafeMutableBufferPointer<TimingNode>
    let timings: UnsafeMutableBufferPointer<VectorTiming>
    /// The hot fields of `timings`, row for row.
    let timingRows: UnsafeMutableBufferPointer<TimingRow>
    /// The vector entries, split by what a frame reads of each: the ramp (from, delta) and
    /// the node and timing always, the model value only while the animation has no effect.
    /// Beside a large node buffer, 72 bytes an entry instead of 128 keep more of a frame's
    /// data in the cache from one frame to the next.
    let vectorRamps: UnsafeMutableBufferPointer<VectorRamp>
    let vectorSources: UnsafeMutableBufferPointer<VectorSource>
    let vectorBases: UnsafeMutableBufferPointer<SIMD4<Double>>
    let transformParts: UnsafeMutableBufferPointer<TransformPart>
    /// The transform parts that a frame writes as four entries.
    let planarParts: UnsafeMutableBufferPointer<PlanarPart>
    let nodeTimes: UnsafeMutableBufferPointer<Double>
    /// The vector entries' values as last evaluated, but for those stored into a node's field
    /// instead (``NodeWrites/vector``), which are read from the nodes.
    let vectorValues: UnsafeMutableBufferPointer<SIMD4<Double>>
    /// Per vector entry, the curve parameter t its last evaluation solved for (NaN before
    /// the first): frames come in increasing time, so it starts Newton next to the answer.
    let solvedParameters: UnsafeMutableBufferPointer<Double>
    let keyframeLane: KeyframeLane
    let keyframeValues: UnsafeMutableBufferPointer<SIMD4<Double>>
    let generalEntries: [GeneralEntry]
    /// What the general entries' unretained references point to.
    private let generalAnimations: [GeneralAnimation]
    private(set) var generalValues: [AnimatableValue]
    /// Per general entry: the end of its layer's subtree (the index of the first node after
    /// it) when the entry is the topmost animation of the layer's `hidden`, -1 otherwise.
    private let generalHidingEnds: [Int]
    /// Whether an evaluation skips the general entries under a layer an animation hides in
    /// that frame, leaving their values as they were: a renderer, which draws nothing there,
    /// sets it (Lottie files hide every layer outside its in and out points by animating
    /// `hidden`, and their precompositions hold most of their animations). Off by default:
    /// every value stays right for readers of the tree.
    package var skipsHiddenSubtrees = false
    /// The general lane's memo of transform decompositions (it runs on one thread at a time).
    private let transformMemo = TransformMemo()
    /// Per general entry, the paths its path values are interpolated into (nil for other kinds).
    private let generalPaths: [PathPool?]
    /// The topmost entry of each animated key of each node, for reading results.
    let topEntries: TopEntries
    let nodeIndex: [ObjectIdentifier: Int]
    /// The layers, in the order of their nodes.
    package let layers: [CALayer]
    /// Whether the tree was made by `init(roots:)`: its timing nodes are its layers' timing.
    private let makesNodes: Bool
    /// The nodes of the layers' model values, before any animation writes to them.
    package let baseNodes: [RenderNode]
    /// The nodes at the last time ``evaluate(at:)`` evaluated.
    package private(set) var nodes: [RenderNode]
    /// How each animated value reaches its node's field.
    let writes: NodeWrites
    /// The media time the lanes and ``nodes`` were last evaluated at: the lanes' is the later
    /// when the last evaluation wrote into a buffer of the caller's.
    private var laneTime: CFTimeInterval?
    private var nodesTime: CFTimeInterval?

    /// Snapshots the trees under `roots` (each root with all its sublayers and masks).
    public convenience init(roots: [CALayer]) {
        self.init(makingNodes: true) { builder in
            for root in roots { builder.visit(root, parent: -1) }
        }
    }

    /// Reads every layer's `beginTime`, `speed` and `timeOffset` again: what changed when
    /// ``layerTimingGeneration`` moved and ``layerTreeGeneration`` did not (a paused
    /// animation shown at another frame). Only the times the nodes are evaluated at depend on
    /// them, so the tree, its lanes and its snapshots stay. Trees made by `init(roots:)`
    /// only: a presenting tree's one node passes the time it is given through.
    package func rereadLayerTimings() {
        require(makesNodes, "rereadLayerTimings() is for trees made by init(roots:)")
        TransactionLock.shared.withLock {
            for index in timingNodes.indices {
                let timing = layers[index].storage.timing
                timingNodes[index].beginTime = timing.beginTime
                timingNodes[index].speed = Double(timing.speed)
                timingNodes[index].timeOffset = timing.timeOffset
            }
        }
        // What reads the tree's values before its next evaluation sees the new timing.
        nodesTime = nil
    }

    /// Snapshots `layer` alone — not its sublayers nor its mask — to be evaluated at the
    /// layer's own local time (`convertTime(_:from: nil)`): the tree `presentation()` reads.
    /// It makes no render node: its values stay in its lanes, where its readers find them (a
    /// renderer captures a presentation copy every frame for some layers, and a node for them
    /// would be built and written for nothing).
    package convenience init(presenting layer: CALayer) {
        self.init(makingNodes: false) { builder in builder.addAlone(layer) }
    }

    private init(makingNodes: Bool, collecting collect: (inout Builder) -> Void) {
        makesNodes = makingNodes
        var builder = Builder()
        var base: [RenderNode] = []
        var writes: NodeWrites?
        // Under the lock, so the snapshot is of whole states: other threads may be changing
        // these layers or ending their animations.
        TransactionLock.shared.withLock {
            collect(&builder)
            guard makingNodes else {
                writes = NodeWrites(valuesOnly: builder)
                return
            }
            base.reserveCapacity(builder.layers.count)
            for layer in builder.layers { base.append(RenderNode(presenting: layer)) }
            writes = NodeWrites(builder, base: base)
        }
        timingNodes = Self.own(builder.nodes)
        timings = Self.own(builder.timings)
        timingRows = Self.own(builder.timings.map(TimingRow.init))
        vectorRamps = Self.own(builder.vectorEntries.map { VectorRamp(from: $0.from, delta: $0.delta) })
        vectorSources = Self.own(builder.vectorEntries.map { VectorSource(node: $0.node, timing: $0.timing) })
        vectorBases = Self.own(builder.vectorEntries.map(\.base))
        transformParts = Self.own(builder.transformParts)
        planarParts = Self.own(builder.planarParts)
        nodeTimes = Self.own(Array(repeating: 0, count: builder.nodes.count))
        vectorValues = Self.own(builder.vectorEntries.map(\.base))
        solvedParameters = Self.own(Array(repeating: .nan, count: builder.vectorEntries.count))
        keyframeLane = builder.keyframeLane
        keyframeValues = Self.own(builder.keyframeLane.entries.map(\.base))
        generalEntries = builder.generalEntries
        generalAnimations = builder.generalAnimations
        generalValues = builder.generalEntries.map(\.base)
        generalPaths = builder.generalEntries.map {
            if case .path = $0.base { PathPool() } else { nil }
        }
        topEntries = builder.topEntries
        var subtreeEnds = Array(0..<builder.nodes.count).map { $0 + 1 }
        for index in builder.nodes.indices.reversed() where builder.nodes[index].parent >= 0 {
            let parent = builder.nodes[index].parent
            subtreeEnds[parent] = max(subtreeEnds[parent], subtreeEnds[index])
        }
        generalHidingEnds = builder.generalEntries.indices.map { index in
            let entry = builder.generalEntries[index]
            guard entry.animation.takeUnretainedValue().compiled.baseKey == "hidden",
                case .general(index)? = builder.topEntries.slot(ofNode: entry.node, key: "hidden")
            else { return -1 }
            return subtreeEnds[entry.node]
        }
        nodeIndex = builder.nodeIndex
        layers = builder.layers
        baseNodes = base
        nodes = base
        self.writes = writes.unsafelyUnwrapped
    }

    deinit {
        Self.free(timingNodes)
        Self.free(timings)
        Self.free(timingRows)
        Self.free(vectorRamps)
        Self.free(vectorSources)
        Self.free(vectorBases)
        Self.free(transformParts)
        Self.free(planarParts)
        Self.free(nodeTimes)
        Self.free(vectorValues)
        Self.free(solvedParameters)
        Self.free(keyframeValues)
        writes.free()
    }

    private static func own<Element>(_ elements: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
        _ = buffer.initialize(from: elements)
        return buffer
    }

    private static func free<Element>(_ buffer: UnsafeMutableBufferPointer<Element>) {
        buffer.deinitialize()
        buffer.deallocate()
    }

    /// The number of layers in the snapshot.
    public var layerCount: Int { timingNodes.count }

    /// The number of animations in the snapshot.
    public var animationCount: Int { vectorRamps.count + keyframeLane.entries.count + generalEntries.count }

    /// From this many vector entries on, a frame evaluates the vector lane in two parts, one
    /// on the ``LaneWorker``; below it, one thread does them all (handing half over costs
    /// tens of microseconds, a few hundred entries' worth).
    package static let vectorLaneSplitCount = 16_384

    /// Evaluates every animation at `mediaTime` and writes the values into `nodes`.
    /// Allocates nothing once the nodes are held by the tree alone.
    public func evaluate(at mediaTime: CFTimeInterval) {
        evaluate(at: mediaTime, into: &nodes)
        nodesTime = mediaTime
    }

    /// Evaluates every animation at `mediaTime` and writes the values into `nodes`, which
    /// holds ``baseNodes`` or nodes an earlier call wrote (nodes past the tree's are left
    /// alone): only the fields animations write are touched (an earlier call changed nothing
    /// else). What a renderer calls, with a buffer per frame in flight. Allocates nothing once
    /// `nodes` is held uniquely; copies fields, not whole nodes (several hundred bytes each).
    package func evaluate(at mediaTime: CFTimeInterval, into nodes: inout [RenderNode]) {
        require(nodes.count >= baseNodes.count, "\(nodes.count) nodes for a tree of \(baseNodes.count)")
        laneTime = mediaTime
        nodes.withUnsafeMutableBufferPointer { nodes in
            guard let nodes = nodes.baseAddress else {
                evaluateLanes(at: mediaTime, into: nil)
                return
            }
            evaluateLanes(at: mediaTime, into: UnsafeMutableRawPointer(nodes))
            baseNodes.withUnsafeBufferPointer { base in
                writes.writeKeyframeAndBoxedValues(of: self, into: nodes, base: base)
            }
        }
    }

    /// Evaluates the lanes, storing each vector entry that is a node's field straight into the
    /// node buffer at `nodes` in the same pass: the stores, scattered through a large buffer,
    /// wait on memory beside the arithmetic of the entries that follow.
    private func evaluateLanes(at mediaTime: CFTimeInterval, into nodes: UnsafeMutableRawPointer?) {
        for index in timingNodes.indices {
            let node = timingNodes[index]
            let parentTime = node.parent < 0 ? mediaTime : nodeTimes[node.parent]
            nodeTimes[index] = (parentTime - node.beginTime) * node.speed + node.timeOffset
        }
        VectorLaneJob(
            entries: VectorEntries(
                ramps: UnsafeBufferPointer(vectorRamps), sources: UnsafeBufferPointer(vectorSources),
                bases: UnsafeBufferPointer(vectorBases)),
            timings: UnsafeBufferPointer(timings), rows: UnsafeBufferPointer(timingRows),
            times: UnsafeBufferPointer(nodeTimes), solved: solvedParameters,
            parts: UnsafeBufferPointer(transformParts), planar: UnsafeBufferPointer(planarParts),
            values: vectorValues, writes: nodes == nil ? nil : UnsafeBufferPointer(writes.vector), nodes: nodes
        ).run()
        keyframeLane.evaluate(
            nodeTimes: UnsafeBufferPointer(nodeTimes), timings: UnsafeBufferPointer(timings), into: keyframeValues)
        // Read through a buffer pointer, which lends each entry in place: the array's
        // subscript copied every compiled animation out, retaining all it holds.
        let skipsHidden = skipsHiddenSubtrees
        var skipEnd = -1
        generalEntries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                // Entries are in node order, so those under a hidden layer follow its own.
                if entries[index].node < skipEnd { continue }
                let underlying = entries[index].input.map(value(in:)) ?? entries[index].base
                let time = nodeTimes[entries[index].node]
                let paths = generalPaths[index]
                let transforms = transformMemo
                generalValues[index] = entries[index].animation._withUnsafeGuaranteedRef { animation in
                    guard let track = animation.track else {
                        return animation.compiled.applied(
                            at: time, to: underlying, paths: paths, transforms: transforms)
                    }
                    return track._withUnsafeGuaranteedRef {
                        animation.compiled.applied(
                            keyframes: $0, at: time, to: underlying, paths: paths, transforms: transforms)
                    }
                }
                if skipsHidden, generalHidingEnds[index] >= 0, case .bool(true) = generalValues[index] {
                    skipEnd = generalHidingEnds[index]
                }
            }
        }
    }

    /// The value a slot holds as last evaluated, for a slot whose value is kept in the tree: an
    /// entry under another on the same key (what the general lane reads), or any slot but a
    /// vector entry stored into a node. ``presentedValue(in:)`` reads any slot.
    func value(in slot: Slot) -> AnimatableValue {
        switch slot {
        case .vector(let slot, let kind): return AnimatableValue(vector: vectorValues[slot], kind: kind)
        case .keyframe(let slot, let kind): return AnimatableValue(vector: keyframeValues[slot], kind: kind)
        case .general(let slot): return generalValues[slot]
        case .transformPart(let index): return .transform(transform(ofPart: index))
        }
    }

    /// The value a topmost slot shows as last evaluated: from its node's field where the
    /// evaluation stored it there, as `value(in:)` otherwise.
    private func presentedValue(in slot: Slot) -> AnimatableValue {
        let entry: Int
        switch slot {
        case .vector(let index, _): entry = index
        case .transformPart(let index): entry = transformParts[index].entry
        case .keyframe, .general: return value(in: slot)
        }
        let write = writes.vector[entry]
        guard write.store != .none else { return value(in: slot) }
        return nodes.withUnsafeBufferPointer { nodes in
            let buffer = UnsafeRawPointer(nodes.baseAddress.unsafelyUnwrapped)
            guard case .vector(_, let kind) = slot else { return .transform(write.loadTransform(from: buffer)) }
            return AnimatableValue(vector: write.load(from: buffer), kind: kind)
        }
    }

    /// The presentation value of a property of `layer` as last evaluated (the model value if
    /// nothing animates it), boxed as `value(forKeyPath:)` boxes it; nil if the layer is not in
    /// the snapshot.
    public func presentationValue(of layer: CALayer, forKeyPath keyPath: String) -> Any? {
        guard nodeIndex[ObjectIdentifier(layer)] != nil else { return nil }
        let path = LayerKeyPath(keyPath, in: type(of: layer))
        let value = presentedValue(of: layer, forKey: path.baseKey)
        switch path {
        case .property(_, let component?): return component.read(from: value).boxed
        case .property(let property, nil): return property.box(value)
        case .custom: return value.boxed
        }
    }

    /// The value of `key` (a whole property or a custom key) of `layer`, a layer of the tree,
    /// as last evaluated: the model value if nothing animates it.
    package func presentedValue(of layer: CALayer, forKey key: String) -> AnimatableValue {
        guard let node = nodeIndex[ObjectIdentifier(layer)], let slot = topEntries.slot(ofNode: node, key: key) else {
            return layer.modelValue(forKey: key)
        }
        // The last evaluation went into a buffer of a renderer's: the nodes catch up with it.
        if let laneTime, nodesTime != laneTime { evaluate(at: laneTime) }
        return presentedValue(in: slot)
    }

    /// The keys that animations of the node at `index` write, each once: whole properties
    /// (`transform` for `transform.rotation.z`) and custom keys.
    package func animatedKeys(ofNode index: Int) -> ArraySlice<String> {
        topEntries.keys[topEntries.range(ofNode: index)]
    }

    /// The index of `layer`'s node; nil when the layer is not in the tree.
    package func index(of layer: CALayer) -> Int? { nodeIndex[ObjectIdentifier(layer)] }

    /// The node of `layer` at the last time ``evaluate(at:)`` evaluated.
    package func node(of layer: CALayer) -> RenderNode? { index(of: layer).map { nodes[$0] } }

    /// Whether the node at `index` must be captured from a presentation copy instead: one of
    /// its animated properties has no typed field, or an animated key needs display when it
    /// changes (`needsDisplay(forKey:)`), and the copy runs `display()` with the frame's values.
    /// An animated custom key that does not redraw the layer needs no copy: nothing drawn
    /// depends on it.
    package func needsPresentationCopy(_ index: Int) -> Bool { writes.copied[index] }

    /// Whether an animation writes `isHidden` or `zPosition` (what decides which layers a
    /// frame draws, and in which order), or a layer needs a presentation copy: then what a
    /// frame draws besides the nodes' values may change from frame to frame.
    package var animatesStructure: Bool { writes.animatesStructure }

    /// The nodes whose `isHidden` or `zPosition` an animation writes, in node order: what a
    /// frame's structure depends on, besides presentation copies.
    package var structureNodes: [Int] { writes.structureNodes }
}
