import Foundation
import OpenCoreGraphics

/// What an emitter layer was set up to do from one commit on: its values, its cells and the
/// animations of its emitter keys, copied when the commit happened.
package struct EmitterConfiguration {
    /// The layer's emitter values (without the cells, which are in ``cells``).
    package var layer: EmitterLayerStorage
    package var cells: [EmitterCellConfiguration]
    /// The committed animations of the layer's emitter keys (`birthRate`, `emitterPosition`…,
    /// `emitterCells.<name>.<key>`), by key, in the order they compose.
    package var animations: [String: [CompiledAnimation]]

    /// The layer's emitter keys that can animate.
    static let animatableLayerKeys: Set<String> = [
        "birthRate", "lifetime", "emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth", "velocity",
        "scale", "spin",
    ]

    /// The configuration `layer` has now. Called with the `TransactionLock` held.
    init(of emitter: CAEmitterLayer) {
        layer = emitter.emitterStorage
        layer.emitterCells = nil
        var animations: [String: [CompiledAnimation]] = [:]
        for attached in emitter.attachedAnimations where attached.lifecycle.isCommitted {
            for part in attached.compiledParts
            where Self.animatableLayerKeys.contains(part.baseKey) || part.baseKey.hasPrefix("emitterCells.") {
                animations[part.baseKey, default: []].append(part)
            }
        }
        self.animations = animations
        var order = 0
        cells = EmitterCellConfiguration.tree(
            of: emitter.emitterStorage.emitterCells ?? [], path: [], keyPrefix: "emitterCells.", animations: animations,
            order: &order)
    }

    /// Whether this configuration emits as `other` does, so that recording it would change
    /// nothing.
    func matches(_ other: EmitterConfiguration) -> Bool {
        guard layer.sameEmission(as: other.layer), cells.count == other.cells.count,
            zip(cells, other.cells).allSatisfy({ $0.matches($1) }), animations.count == other.animations.count
        else { return false }
        for (key, parts) in animations {
            guard let others = other.animations[key], parts.count == others.count,
                zip(parts, others).allSatisfy({ $0.timing == $1.timing && $0.baseKey == $1.baseKey })
            else { return false }
        }
        return true
    }

    /// The layer's values at `time`, with its animations applied.
    func layerValues(at time: Double) -> EmitterLayerStorage {
        guard !animations.isEmpty else { return layer }
        var values = layer
        for key in Self.animatableLayerKeys {
            guard let parts = animations[key] else { continue }
            var value = Self.read(key, of: layer)
            for part in parts { value = part.applied(at: time, to: value) }
            Self.write(value, key, into: &values)
        }
        return values
    }

    /// The layer's `birthRate` at `time`.
    func layerBirthRate(at time: Double) -> Double {
        guard let parts = animations["birthRate"] else { return Double(layer.birthRate) }
        var value = AnimatableValue.number(Double(layer.birthRate))
        for part in parts { value = part.applied(at: time, to: value) }
        return value.numberOrZero
    }

    private static func read(_ key: String, of layer: EmitterLayerStorage) -> AnimatableValue {
        switch key {
        case "birthRate": .number(Double(layer.birthRate))
        case "lifetime": .number(Double(layer.lifetime))
        case "emitterPosition": .point(layer.emitterPosition)
        case "emitterZPosition": .number(Double(layer.emitterZPosition))
        case "emitterSize": .size(layer.emitterSize)
        case "emitterDepth": .number(Double(layer.emitterDepth))
        case "velocity": .number(Double(layer.velocity))
        case "scale": .number(Double(layer.scale))
        default: .number(Double(layer.spin))
        }
    }

    private static func write(_ value: AnimatableValue, _ key: String, into layer: inout EmitterLayerStorage) {
        switch (key, value) {
        case ("birthRate", .number(let number)): layer.birthRate = Float(number)
        case ("lifetime", .number(let number)): layer.lifetime = Float(number)
        case ("emitterPosition", .point(let point)): layer.emitterPosition = point
        case ("emitterZPosition", .number(let number)): layer.emitterZPosition = CGFloat(number)
        case ("emitterSize", .size(let size)): layer.emitterSize = size
        case ("emitterDepth", .number(let number)): layer.emitterDepth = CGFloat(number)
        case ("velocity", .number(let number)): layer.velocity = Float(number)
        case ("scale", .number(let number)): layer.scale = Float(number)
        case ("spin", .number(let number)): layer.spin = Float(number)
        default: break
        }
    }
}

/// One cell of a recorded configuration, with its sub-cells.
package struct EmitterCellConfiguration {
    /// The cell's values (its `emitterCells` left out: they are ``children``).
    package var values: EmitterCellValues
    package var children: [EmitterCellConfiguration]
    /// The cell's place in the tree, hashed: the key of its particle counts and random numbers.
    package var identity: UInt64
    /// The cell's place in a walk of the whole tree, parents first: the order `unordered`
    /// draws cells in.
    package var order: Int
    /// The animations of this cell's keys (`emitterCells.<name>.<key>`), by key.
    package var animations: [String: [CompiledAnimation]]

    static func tree(
        of cells: [CAEmitterCell], path: [Int], keyPrefix: String?, animations: [String: [CompiledAnimation]],
        order: inout Int
    ) -> [EmitterCellConfiguration] {
        cells.enumerated().map { index, cell in
            var values = cell.values
            values.emitterCells = nil
            // A cell is reached by key path only through named cells.
            let prefix = keyPrefix.flatMap { prefix in values.name.map { prefix + $0 + "." } }
            var own: [String: [CompiledAnimation]] = [:]
            if let prefix {
                for (key, parts) in animations where key.hasPrefix(prefix) {
                    let rest = key.dropFirst(prefix.count)
                    if !rest.contains(".") { own[String(rest)] = parts }
                }
            }
            let cellPath = path + [index]
            let configuration = EmitterCellConfiguration(
                values: values, children: [], identity: EmitterRandom.cellKey(path: cellPath), order: order,
                animations: own)
            order += 1
            var result = configuration
            result.children = tree(
                of: cell.values.emitterCells ?? [], path: cellPath, keyPrefix: prefix.map { $0 + "emitterCells." },
                animations: animations, order: &order)
            return result
        }
    }

    func matches(_ other: EmitterCellConfiguration) -> Bool {
        identity == other.identity && values.sameEmission(as: other.values) && children.count == other.children.count
            && zip(children, other.children).allSatisfy { $0.matches($1) } && animations.count == other.animations.count
            && animations.allSatisfy { key, parts in
                guard let others = other.animations[key], parts.count == others.count else { return false }
                return zip(parts, others).allSatisfy { $0.timing == $1.timing }
            }
    }

    /// The cell's values at `time`, with its animations applied.
    func values(at time: Double) -> EmitterCellValues {
        guard !animations.isEmpty else { return values }
        var result = values
        for (key, parts) in animations {
            guard let property = EmitterCellProperty.table[key] else { continue }
            var value = property.read(values)
            for part in parts { value = part.applied(at: time, to: value) }
            if value.kind == property.kind || property.kind == .image { property.write(&result, value) }
        }
        return result
    }

    /// The cell's `birthRate` at `time`.
    func birthRate(at time: Double) -> Double {
        guard let parts = animations["birthRate"] else { return Double(values.birthRate) }
        var value = AnimatableValue.number(Double(values.birthRate))
        for part in parts { value = part.applied(at: time, to: value) }
        return value.numberOrZero
    }

    /// The animations that change this cell's birth rate, the layer's included.
    func rateAnimations(in configuration: EmitterConfiguration) -> [CompiledAnimation] {
        (configuration.animations["birthRate"] ?? []) + (animations["birthRate"] ?? [])
    }
}

/// The configurations an emitter layer had, oldest first, each from the commit that made it
/// on (in the layer's time), with what the simulation has worked out about them.
///
/// Only touched with the `TransactionLock` held: commits append to it, and frames read it.
package final class EmitterTimeline {
    package final class Epoch {
        /// When it took over, in the layer's time; −∞ for the configuration of the first commit.
        package let start: Double
        /// When the next took over; +∞ for the last.
        package fileprivate(set) var end = Double.infinity
        package let configuration: EmitterConfiguration
        /// Each cell's births before `start`, by cell identity: worked out when first needed.
        var countsAtStart: [UInt64: Double]?
        /// Running sums of sampled birth rates, by cell identity and segment start.
        var checkpoints: [BirthCurveKey: [Double]] = [:]

        init(start: Double, configuration: EmitterConfiguration) {
            self.start = start
            self.configuration = configuration
        }
    }

    /// How many configurations are kept; past it, the oldest is folded into ``baseCounts``.
    static let maximumEpochCount = 256

    package private(set) var epochs: [Epoch] = []
    /// Births counted before the first kept configuration, by cell identity.
    var baseCounts: [UInt64: Double] = [:]

    var isEmpty: Bool { epochs.isEmpty }

    /// Records `configuration` as the one from `start` on, unless it changes nothing. A start
    /// at or before the last one's (a layer whose time went back, or stands still) replaces
    /// the configurations from there on.
    func record(_ configuration: EmitterConfiguration, from start: Double) {
        if let last = epochs.last, configuration.matches(last.configuration) { return }
        while epochs.count > 1, let last = epochs.last, last.start >= start {
            epochs.removeLast()
        }
        if let last = epochs.last, last.start >= start {
            // Only the first is left, and it starts no earlier: the new one replaces it.
            epochs.removeLast()
        }
        // The first configuration holds from the start of time.
        let startTime = epochs.isEmpty ? -Double.infinity : start
        epochs.last?.end = startTime
        epochs.append(Epoch(start: startTime, configuration: configuration))
        if epochs.count > Self.maximumEpochCount {
            baseCounts = EmitterBirths.counts(atStartOf: 1, in: self)
            epochs.removeFirst()
        }
    }
}

/// Identifies a running sum of sampled birth rates: a cell, and the segment of its epoch.
struct BirthCurveKey: Hashable {
    let cell: UInt64
    let segmentStart: Double
}

extension EmitterLayerStorage {
    /// Whether the emitter values are those of `other` (the cells are compared apart).
    func sameEmission(as other: EmitterLayerStorage) -> Bool {
        birthRate == other.birthRate && lifetime == other.lifetime && emitterPosition == other.emitterPosition
            && emitterZPosition == other.emitterZPosition && emitterSize == other.emitterSize
            && emitterDepth == other.emitterDepth && emitterShape == other.emitterShape
            && emitterMode == other.emitterMode && renderMode == other.renderMode
            && preservesDepth == other.preservesDepth && velocity == other.velocity && scale == other.scale
            && spin == other.spin && seed == other.seed
    }
}

extension EmitterCellValues {
    /// Whether a particle of either would be born, move and look the same.
    func sameEmission(as other: EmitterCellValues) -> Bool {
        name == other.name && isEnabled == other.isEnabled && birthRate == other.birthRate
            && lifetime == other.lifetime && lifetimeRange == other.lifetimeRange
            && emissionLatitude == other.emissionLatitude && emissionLongitude == other.emissionLongitude
            && emissionRange == other.emissionRange && velocity == other.velocity
            && velocityRange == other.velocityRange && xAcceleration == other.xAcceleration
            && yAcceleration == other.yAcceleration && zAcceleration == other.zAcceleration && scale == other.scale
            && scaleRange == other.scaleRange && scaleSpeed == other.scaleSpeed && spin == other.spin
            && spinRange == other.spinRange && color == other.color && redRange == other.redRange
            && greenRange == other.greenRange && blueRange == other.blueRange && alphaRange == other.alphaRange
            && redSpeed == other.redSpeed && greenSpeed == other.greenSpeed && blueSpeed == other.blueSpeed
            && alphaSpeed == other.alphaSpeed && (contents as AnyObject?) === (other.contents as AnyObject?)
            && contentsRect == other.contentsRect && contentsScale == other.contentsScale
            && minificationFilter == other.minificationFilter && magnificationFilter == other.magnificationFilter
            && timing.beginTime == other.timing.beginTime && timing.duration == other.timing.duration
            && timing.speed == other.timing.speed && timing.timeOffset == other.timing.timeOffset
            && timing.repeatCount == other.timing.repeatCount && timing.repeatDuration == other.timing.repeatDuration
    }
}

extension AnimatableValue {
    /// A number, or 0 for anything else (a value an animation of the wrong kind left).
    var numberOrZero: Double {
        if case .number(let number) = self { return number }
        return 0
    }
}
