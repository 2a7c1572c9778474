import Foundation

/// The checks that need the whole file: precompositions neither contain themselves nor nest
/// too deep, and the layer tree they make is not too costly to build (``LayerTreeCost``). A
/// precomposition or image a layer names that does not exist is a warning: the layer draws
/// nothing, as in lottie-ios.
///
/// Each asset is checked once however often it is used, and its cost counted once for each
/// timing it is used with, so a diamond of precompositions (each using the next twice)
/// thirty levels deep takes a few steps a level, not 2³⁰.
struct ReferenceCheck {
    let assets: [String: AssetModel]
    let assetLayers: [String: (node: JSONNode, layers: [LayerModel])]
    let context: ReadingContext
    /// The precompositions being checked, outermost first.
    private var visiting: [String] = []
    /// How many levels of precompositions each checked one holds.
    private var heights: [String: Int] = [:]
    /// The cost of one use of each precomposition, with and without a time remapping above.
    private var costs: [CostKey: LayerTreeCost] = [:]

    private struct CostKey: Hashable {
        let assetID: String
        let isTimeRemapped: Bool
    }

    init(
        assets: [String: AssetModel], assetLayers: [String: (node: JSONNode, layers: [LayerModel])],
        context: ReadingContext
    ) {
        self.assets = assets
        self.assetLayers = assetLayers
        self.context = context
    }

    private var maximumDepth: Int { context.limits.maximumDepth }

    /// Checks the references of a composition's layers; returns how many levels of
    /// precompositions it holds.
    mutating func height(of layers: [LayerModel]) throws(LottieError) -> Int {
        var height = 0
        for layer in layers {
            let place = "\(layer.path).refId"
            switch layer.content {
            case .precomposition(let id, _, _, _):
                guard let asset = assetLayers[id] else {
                    // lottie-ios shows such a layer empty; so does the builder.
                    context.warn(path: place, "no precomposition asset has the id \"\(id)\"; the layer draws nothing")
                    continue
                }
                if let start = visiting.firstIndex(of: id) {
                    let cycle = (visiting[start...] + [id]).map { "\"\($0)\"" }.joined(separator: " → ")
                    throw LottieError(
                        file: context.file, path: place,
                        message: "the precomposition \"\(id)\" contains itself (\(cycle))")
                }
                let below: Int
                if let known = heights[id] {
                    below = known
                } else {
                    guard visiting.count < maximumDepth else { throw tooDeep(at: place) }
                    visiting.append(id)
                    below = try self.height(of: asset.layers)
                    visiting.removeLast()
                    heights[id] = below
                }
                guard visiting.count + 1 + below <= maximumDepth else { throw tooDeep(at: place) }
                height = max(height, below + 1)
            case .image(let id):
                if case .image = assets[id] { break }
                context.warn(path: place, "no image asset has the id \"\(id)\"; the layer draws nothing")
            default:
                break
            }
        }
        return height
    }

    private func tooDeep(at place: String) -> LottieError {
        LottieError(file: context.file, path: place, message: "precompositions nest deeper than \(maximumDepth)")
    }

    /// Refuses a layer tree whose estimated cost passes the limit, naming the root layer that
    /// costs the most. The references must have been checked (``height(of:)``).
    mutating func checkTreeCost(of layers: [LayerModel], frames: Double) throws(LottieError) {
        let limit = context.limits.maximumTreeCost
        var total = cost(of: layers, frames: frames, isTimeRemapped: false)
        var sideBySide = total.fresh()
        sideBySide.addRootLayers(Double(layers.count))
        total.add(sideBySide)
        guard !(total.total <= limit) else { return }
        // What costs the most: the root's layers side by side, the layers that carry parents'
        // transforms, or one layer of the root composition counted alone (with what it shows).
        var costliest: (path: String, total: Double, what: String) =
            ("layers", sideBySide.total, "for the \(layers.count) layers side by side")
        var wrappers = total.fresh()
        wrappers.addParentWrappers(of: layers)
        if !(wrappers.total <= costliest.total) {
            costliest = ("layers", wrappers.total, "for the layers that carry each layer's parents' transforms")
        }
        for layer in layers {
            let alone = cost(of: [layer], frames: frames, isTimeRemapped: false).total
            if !(alone <= costliest.total) { costliest = (layer.path, alone, "for this layer") }
        }
        throw LottieError(
            file: context.file, path: costliest.path,
            message:
                "making the layer tree would take about \(Self.describe(total.total)) keyframes' work, "
                + "\(Self.describe(costliest.total)) of it \(costliest.what) (precompositions used again and again, "
                + "repeaters, properties sampled at every frame); at most \(Self.describe(limit)) are made")
    }

    private static func describe(_ count: Double) -> String {
        count.isFinite ? String(format: "%.3g", count) : "more than 1e308"
    }

    /// One use of a composition's layers, with each precomposition counted once for each timing.
    private mutating func cost(of layers: [LayerModel], frames: Double, isTimeRemapped: Bool) -> LayerTreeCost {
        var cost = LayerTreeCost(frames: frames, isTimeRemapped: isTimeRemapped)
        cost.addParentWrappers(of: layers)
        for layer in layers {
            cost.add(layer)
            guard !layer.isHidden, case .precomposition(let id, _, _, let timeRemapping) = layer.content,
                let asset = assetLayers[id]
            else { continue }
            let key = CostKey(assetID: id, isTimeRemapped: isTimeRemapped || timeRemapping != nil)
            let inner: LayerTreeCost
            if let known = costs[key] {
                inner = known
            } else {
                inner = self.cost(of: asset.layers, frames: frames, isTimeRemapped: key.isTimeRemapped)
                costs[key] = inner
            }
            cost.add(inner)
            if let timeRemapping {
                // Every frame of every animation below looks its time up through the curve.
                cost.total +=
                    frames * inner.animations * Double(timeRemapping.keyframes.count) * LayerTreeCost.scanWeight
            }
        }
        return cost
    }
}
