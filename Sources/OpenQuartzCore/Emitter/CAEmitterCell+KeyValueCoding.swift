import Foundation
import OpenCoreGraphics

extension CAEmitterCell {
    /// The first sub-cell called `name`.
    package func subcell(named name: String) -> CAEmitterCell? {
        values.emitterCells?.first { $0.values.name == name }
    }

    /// The kind of value `key` holds on a cell, or nil when no property declares it: how a
    /// reader of documents checks a value before setting it.
    package static func valueKind(forKey key: String) -> ValueKind? {
        EmitterCellProperty.table[key]?.kind
    }
}

/// One key of a `CAEmitterCell`'s key-value coding: its kind, and how to read and write it
/// in ``EmitterCellValues``.
package struct EmitterCellProperty: Sendable {
    package let key: String
    package let kind: ValueKind
    package let read: @Sendable (EmitterCellValues) -> AnimatableValue
    let write: @Sendable (inout EmitterCellValues, AnimatableValue) -> Void
    package let box: @Sendable (AnimatableValue) -> Any?

    /// A value as client code passes it, in this property's typed form; nil when it cannot
    /// stand for it.
    func convert(_ value: Any?) -> AnimatableValue? {
        switch kind {
        case .opaque: .opaque(AnyHashableBox(value))
        case .image:
            if let image = value as? CGImage {
                .image(image)
            } else {
                value == nil ? .image(nil) : .opaque(AnyHashableBox(value))
            }
        default: AnimatableValue(converting: value, to: kind)
        }
    }

    /// The properties `CAEmitterCell.h` declares, with the `CAMediaTiming` ones, by key.
    package static let table: [String: EmitterCellProperty] = {
        let properties: [EmitterCellProperty] = [
            object("name", \.name),
            bool("enabled", \.isEnabled),
            float("birthRate", \.birthRate),
            float("lifetime", \.lifetime),
            float("lifetimeRange", \.lifetimeRange),
            number("emissionLatitude", \.emissionLatitude),
            number("emissionLongitude", \.emissionLongitude),
            number("emissionRange", \.emissionRange),
            number("velocity", \.velocity),
            number("velocityRange", \.velocityRange),
            number("xAcceleration", \.xAcceleration),
            number("yAcceleration", \.yAcceleration),
            number("zAcceleration", \.zAcceleration),
            number("scale", \.scale),
            number("scaleRange", \.scaleRange),
            number("scaleSpeed", \.scaleSpeed),
            number("spin", \.spin),
            number("spinRange", \.spinRange),
            EmitterCellProperty(
                key: "color", kind: .color, read: { .color($0.color.map(ColorComponents.init)) },
                write: { $0.color = $1.colorValue }, box: { $0.boxed }),
            float("redRange", \.redRange),
            float("greenRange", \.greenRange),
            float("blueRange", \.blueRange),
            float("alphaRange", \.alphaRange),
            float("redSpeed", \.redSpeed),
            float("greenSpeed", \.greenSpeed),
            float("blueSpeed", \.blueSpeed),
            float("alphaSpeed", \.alphaSpeed),
            EmitterCellProperty(
                key: "contents", kind: .image,
                read: { cell in
                    if let image = cell.contents as? CGImage { return .image(image) }
                    return cell.contents == nil ? .image(nil) : .opaque(AnyHashableBox(cell.contents))
                },
                write: { $0.contents = $1.boxed }, box: { $0.boxed }),
            EmitterCellProperty(
                key: "contentsRect", kind: .rect, read: { .rect($0.contentsRect) },
                write: { $0.contentsRect = $1.rectValue }, box: { $0.boxed }),
            number("contentsScale", \.contentsScale),
            string("minificationFilter", \.minificationFilter, default: "linear"),
            string("magnificationFilter", \.magnificationFilter, default: "linear"),
            float("minificationFilterBias", \.minificationFilterBias),
            EmitterCellProperty(
                key: "emitterCells", kind: .opaque, read: { .opaque(AnyHashableBox($0.emitterCells)) },
                write: { cells, value in
                    let boxed = value.boxed
                    guard boxed == nil || boxed is [CAEmitterCell] else {
                        misuse("'emitterCells' holds an array of CAEmitterCells, got \(describeType(boxed))")
                    }
                    cells.emitterCells = boxed as? [CAEmitterCell]
                },
                box: { $0.boxed }),
            EmitterCellProperty(
                key: "style", kind: .opaque, read: { .opaque(AnyHashableBox($0.style)) },
                write: { $0.style = $1.boxed as? [AnyHashable: Any] }, box: { $0.boxed }),
            double("beginTime", \.timing.beginTime),
            double("duration", \.timing.duration),
            float("speed", \.timing.speed),
            double("timeOffset", \.timing.timeOffset),
            float("repeatCount", \.timing.repeatCount),
            double("repeatDuration", \.timing.repeatDuration),
            bool("autoreverses", \.timing.autoreverses),
            EmitterCellProperty(
                key: "fillMode", kind: .opaque, read: { .opaque(AnyHashableBox($0.timing.fillMode.rawValue)) },
                write: { cell, value in
                    let boxed = value.boxed
                    cell.timing.fillMode =
                        boxed as? CAMediaTimingFillMode
                        ?? CAMediaTimingFillMode(rawValue: boxed as? String ?? "removed")
                },
                box: { $0.boxed }),
        ]
        return Dictionary(uniqueKeysWithValues: properties.map { ($0.key, $0) })
    }()

    private static func float(_ key: String, _ path: WritableKeyPath<EmitterCellValues, Float> & Sendable) -> Self {
        Self(
            key: key, kind: .number, read: { .number(Double($0[keyPath: path])) },
            write: { $0[keyPath: path] = Float($1.number) }, box: { Float($0.number) })
    }

    private static func number(_ key: String, _ path: WritableKeyPath<EmitterCellValues, CGFloat> & Sendable) -> Self {
        Self(
            key: key, kind: .number, read: { .number(Double($0[keyPath: path])) },
            write: { $0[keyPath: path] = CGFloat($1.number) }, box: { CGFloat($0.number) })
    }

    private static func double(_ key: String, _ path: WritableKeyPath<EmitterCellValues, Double> & Sendable) -> Self {
        Self(
            key: key, kind: .number, read: { .number($0[keyPath: path]) },
            write: { $0[keyPath: path] = $1.number }, box: { $0.number })
    }

    private static func bool(_ key: String, _ path: WritableKeyPath<EmitterCellValues, Bool> & Sendable) -> Self {
        Self(
            key: key, kind: .bool, read: { .bool($0[keyPath: path]) },
            write: { $0[keyPath: path] = $1.boolValue }, box: { $0.boxed })
    }

    /// An optional string (`name`), read back as the string or nil.
    private static func object(_ key: String, _ path: WritableKeyPath<EmitterCellValues, String?> & Sendable) -> Self {
        Self(
            key: key, kind: .opaque, read: { .opaque(AnyHashableBox($0[keyPath: path])) },
            write: { cell, value in
                let boxed = value.boxed
                guard boxed == nil || boxed is String else {
                    misuse("'\(key)' holds a String, got \(describeType(boxed))")
                }
                cell[keyPath: path] = boxed as? String
            },
            box: { $0.boxed })
    }

    /// A string with a default (`minificationFilter`): nil writes the default back.
    private static func string(
        _ key: String, _ path: WritableKeyPath<EmitterCellValues, String> & Sendable, default fallback: String
    ) -> Self {
        Self(
            key: key, kind: .opaque, read: { .opaque(AnyHashableBox($0[keyPath: path])) },
            write: { cell, value in
                let boxed = value.boxed
                guard boxed == nil || boxed is String else {
                    misuse("'\(key)' holds a String, got \(describeType(boxed))")
                }
                cell[keyPath: path] = boxed as? String ?? fallback
            },
            box: { $0.boxed })
    }
}
