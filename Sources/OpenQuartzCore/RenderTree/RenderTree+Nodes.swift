import Foundation

extension RenderTree {
    /// How each animated value of a tree reaches the field of its layer's node, resolved when
    /// the tree is built so that a frame writes values by offset and store, with no strings.
    struct NodeWrites {
        /// Per vector entry, where its value goes in a frame's node buffer (``LaneWrite/none``
        /// for an entry that is no node's field, or whose field takes a boxed value): written
        /// as the entry is evaluated.
        let vector: UnsafeMutableBufferPointer<LaneWrite>
        /// The keyframe lane's values written into fields by a store, after the lane is evaluated.
        let keyframe: [(entry: Int, write: LaneWrite)]
        /// The other animated fields, written through their boxed values, in node order.
        let boxed: [(node: Int, field: RenderNode.Field, slot: Slot)]
        /// Per node, whether it must be captured from a presentation copy
        /// (``RenderTree/needsPresentationCopy(_:)``).
        let copied: [Bool]
        let animatesStructure: Bool
        /// The nodes whose `isHidden` or `zPosition` an animation writes, in order, each once.
        let structureNodes: [Int]

        /// The writes of the animations `builder` collected into nodes whose model values are
        /// `base`. Called under the `TransactionLock`, which `needsDisplay(forKey:)` is asked under.
        init(_ builder: Builder, base: [RenderNode]) {
            var writes: [(node: Int, field: RenderNode.Field, slot: Slot)] = []
            var copied = Array(repeating: false, count: builder.layers.count)
            // In node order, so that a frame writes through the nodes front to back.
            let entries = builder.topEntries
            for index in builder.layers.indices {
                let layerClass = type(of: builder.layers[index])
                for entry in entries.range(ofNode: index) {
                    let property = entries.properties[entry]
                    let redraws = layerClass.needsDisplay(forKey: entries.keys[entry])
                    if let field = property?.renderField, !redraws {
                        writes.append((index, field, entries.slots[entry]))
                    } else if property != nil || redraws {
                        copied[index] = true
                    }
                    // A custom key that does not make the layer redraw changes nothing drawn:
                    // its layer needs no presentation copy.
                }
            }
            let vector = UnsafeMutableBufferPointer<LaneWrite>.allocate(capacity: builder.vectorEntries.count)
            vector.initialize(repeating: .none)
            var keyframe: [(entry: Int, write: LaneWrite)] = []
            var boxed: [(node: Int, field: RenderNode.Field, slot: Slot)] = []
            for write in writes {
                switch write.slot {
                case .vector(let entry, let kind):
                    if let store = LaneWrite(node: write.node, kind: kind, field: write.field) {
                        vector[entry] = store
                        continue
                    }
                case .transformPart(let index):
                    let part = builder.transformParts[index]
                    if let model = base[write.node].transformValue(in: write.field),
                        let planar = builder.planarPart(ofPart: index, over: model),
                        let store = LaneWrite(
                            node: write.node, transformPart: planar.index,
                            store: planar.turns ? .planarTurn : .planarScale,
                            field: write.field)
                    {
                        vector[part.entry] = store
                        continue
                    }
                    if let store = LaneWrite(node: write.node, transformPart: index, field: write.field) {
                        vector[part.entry] = store
                        continue
                    }
                case .keyframe(let entry, let kind):
                    if let store = LaneWrite(node: write.node, kind: kind, field: write.field) {
                        keyframe.append((entry, store))
                        continue
                    }
                case .general: break
                }
                boxed.append(write)
            }
            self.vector = vector
            self.keyframe = keyframe
            self.boxed = boxed
            self.copied = copied
            var structureNodes: [Int] = []
            let structural = [
                LayerPropertyDescriptors.hidden.renderField, LayerPropertyDescriptors.zPosition.renderField,
            ]
            for write in writes where structural.contains(write.field) {
                if structureNodes.last != write.node { structureNodes.append(write.node) }
            }
            self.structureNodes = structureNodes
            animatesStructure = copied.contains(true) || !structureNodes.isEmpty
        }

        /// No writes at all, for a tree that makes no nodes: every value stays in the lanes.
        init(valuesOnly builder: Builder) {
            vector = UnsafeMutableBufferPointer<LaneWrite>.allocate(capacity: builder.vectorEntries.count)
            vector.initialize(repeating: .none)
            keyframe = []
            boxed = []
            copied = Array(repeating: false, count: builder.layers.count)
            animatesStructure = false
            structureNodes = []
        }

        func free() {
            vector.deallocate()
        }

        /// Writes the keyframe lane's values and the boxed values of `tree`, as last evaluated,
        /// into `nodes`. A store always sets the whole field, so the field is not set back to
        /// its base first; nor is any field whose write always sets it. The fields of a
        /// subclass payload and a shadow path are set back first, all before any write: a
        /// payload is reset as a whole.
        func writeKeyframeAndBoxedValues(
            of tree: RenderTree, into nodes: UnsafeMutablePointer<RenderNode>, base: UnsafeBufferPointer<RenderNode>
        ) {
            for (entry, write) in keyframe {
                write.store(tree.keyframeValues[entry], into: UnsafeMutableRawPointer(nodes))
            }
            guard !boxed.isEmpty, let base = base.baseAddress else { return }
            for write in boxed where !RenderNode.writeAlwaysSets(write.field) {
                RenderNode.reset(write.field, of: nodes + write.node, to: base + write.node)
            }
            for write in boxed {
                (nodes + write.node).pointee.write(tree.value(in: write.slot), to: write.field)
            }
        }
    }
}

extension RenderNode {
    /// The transform `field` holds in this node; nil when it holds none.
    fileprivate func transformValue(in field: RenderNode.Field) -> CATransform3D? {
        guard case .drawn(let drawn) = field, drawn.type == .transform else { return nil }
        return withUnsafeBytes(of: self.drawn) { $0.load(fromByteOffset: drawn.offset, as: CATransform3D.self) }
    }
}
