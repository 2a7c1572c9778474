import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// Turns a layer tree into CAML elements (FORMAT.md §3, §12): objects named by class, scalar
/// properties as attributes, values of other types as typed child elements, states with
/// `LK…` names. What CAML cannot hold (delegates, code that draws, custom objects) is skipped
/// with a warning, so a tree always writes.
final class CAMLEncoder {
    let images: CAMLImageAssets
    private(set) var warnings: [String] = []
    private var warned: Set<String> = []
    /// The id each layer is written with: the document's own, or `#N` for a layer that a
    /// state or transition names and that has none.
    private(set) var layerIDs: [ObjectIdentifier: String] = [:]
    private let knownIDs: [ObjectIdentifier: String]
    /// A fresh layer of each class, whose values are the defaults a property is compared with.
    private var prototypes: [ObjectIdentifier: CALayer] = [:]

    init(images: CAMLImageAssets, knownIDs: [ObjectIdentifier: String]) {
        self.images = images
        self.knownIDs = knownIDs
    }

    /// Records a warning; one with the same `topic` is given once.
    func warn(_ message: String, topic: String? = nil) {
        if let topic {
            guard warned.insert(topic).inserted else { return }
        }
        warnings.append(message)
    }

    /// The element of the root layer, with everything under it.
    func encodeDocument(root: CALayer) -> CAMLOutputElement {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let layers = LayerTreeOrder(root: root)
        assignIDs(in: layers)
        return encodeTree(layers)
    }

    /// A new layer of `layerClass`, made once, for its default values.
    func prototype(of layerClass: CALayer.Type) -> CALayer {
        let key = ObjectIdentifier(layerClass)
        if let known = prototypes[key] { return known }
        let made = CALayer.makeLayer(ofClass: layerClass)
        prototypes[key] = made
        return made
    }

    /// Ids for the tree: each layer keeps the id its document gave it; a layer a state or
    /// transition targets and that has none gets `#1`, `#2`… (Apple's writer's form), skipping
    /// ids in use, in tree order.
    private func assignIDs(in layers: LayerTreeOrder) {
        var used: Set<String> = []
        for entry in layers.entries {
            if let id = knownIDs[ObjectIdentifier(entry.layer)], used.insert(id).inserted {
                layerIDs[ObjectIdentifier(entry.layer)] = id
            }
        }
        var counter = 0
        for entry in layers.entries {
            for target in stateTargets(of: entry.layer) where layerIDs[ObjectIdentifier(target)] == nil {
                var id: String
                repeat {
                    counter += 1
                    id = "#\(counter)"
                } while used.contains(id)
                used.insert(id)
                layerIDs[ObjectIdentifier(target)] = id
                if !layers.contains(target) {
                    warn(
                        "a state or transition targets a layer outside the tree being written (\(target.layerName)); "
                            + "it is written with targetId \"\(id)\", which names no layer in the document")
                }
            }
        }
    }

    /// The layers the states and transitions of `layer` change, in document order.
    private func stateTargets(of layer: CALayer) -> [CALayer] {
        var targets: [CALayer] = []
        for state in layer.states ?? [] {
            targets += state.elements.compactMap(\.target)
        }
        for transition in layer.stateTransitions ?? [] {
            targets += transition.elements.compactMap(\.target)
        }
        return targets
    }
}

/// The layers of a tree in document order (each layer, then its mask, then its sublayers),
/// each with where it hangs, listed without recursion: trees may be of any depth.
struct LayerTreeOrder {
    enum Role { case root, mask, sublayer }

    struct Entry {
        let layer: CALayer
        let parent: Int?
        let role: Role
    }

    private(set) var entries: [Entry] = []
    private var members: Set<ObjectIdentifier> = []

    init(root: CALayer) {
        var pending: [Entry] = [Entry(layer: root, parent: nil, role: .root)]
        while let entry = pending.popLast() {
            let index = entries.count
            entries.append(entry)
            members.insert(ObjectIdentifier(entry.layer))
            for sublayer in (entry.layer.sublayers ?? []).reversed() {
                pending.append(Entry(layer: sublayer, parent: index, role: .sublayer))
            }
            if let mask = entry.layer.mask { pending.append(Entry(layer: mask, parent: index, role: .mask)) }
        }
    }

    func contains(_ layer: CALayer) -> Bool { members.contains(ObjectIdentifier(layer)) }
}
