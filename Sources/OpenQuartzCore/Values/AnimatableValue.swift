import Foundation
import OpenCoreGraphics

/// The kinds of value a layer property holds, which decide how it interpolates.
package enum ValueKind: Equatable, Sendable, CustomStringConvertible {
    case number
    case point
    case size
    case rect
    case transform
    case affineTransform
    case color
    case bool
    case path
    case image
    /// An array of numbers (`CAGradientLayer.locations`, `lineDashPattern`).
    case numberArray
    /// An array of colours (`CAGradientLayer.colors`).
    case colorArray
    /// A value Core Animation cannot interpolate (strings, arrays of objects): it switches at
    /// the half-way point.
    case opaque

    package var description: String {
        switch self {
        case .number: "a number"
        case .point: "a CGPoint"
        case .size: "a CGSize"
        case .rect: "a CGRect"
        case .transform: "a CATransform3D"
        case .affineTransform: "a CGAffineTransform"
        case .color: "a CGColor"
        case .bool: "a Bool"
        case .path: "a CGPath"
        case .image: "a CGImage"
        case .numberArray: "an array of numbers"
        case .colorArray: "an array of CGColors"
        case .opaque: "an object"
        }
    }
}

/// A property value in the typed form the animation engine works with.
///
/// Values arrive as `Any` (an `NSNumber`, an `NSValue`, a `CGPoint`, a `CGColor`…) and are
/// converted once, when an animation is added or a property is set through key-value coding;
/// evaluating a frame only ever touches this enum, so it never boxes or allocates.
package enum AnimatableValue {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case transform(CATransform3D)
    case affineTransform(CGAffineTransform)
    case color(ColorComponents?)
    case bool(Bool)
    case path(CGPath?)
    case image(CGImage?)
    case numbers([Double])
    case colors([ColorComponents])
    case opaque(AnyHashableBox)

    package var kind: ValueKind {
        switch self {
        case .number: .number
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .transform: .transform
        case .affineTransform: .affineTransform
        case .color: .color
        case .bool: .bool
        case .path: .path
        case .image: .image
        case .numbers: .numberArray
        case .colors: .colorArray
        case .opaque: .opaque
        }
    }
}

/// Wraps a value Core Animation cannot interpolate, so that `AnimatableValue` stays
/// comparable.
package struct AnyHashableBox: @unchecked Sendable {
    // Values stored here come from client code on the thread that owns the layer; they are
    // never shared across threads by the engine, which is why the box may be Sendable.
    package let value: Any?

    package init(_ value: Any?) { self.value = value }
}

extension AnimatableValue: Equatable {
    package static func == (lhs: AnimatableValue, rhs: AnimatableValue) -> Bool {
        switch (lhs, rhs) {
        case let (.number(a), .number(b)): a == b
        case let (.point(a), .point(b)): a == b
        case let (.size(a), .size(b)): a == b
        case let (.rect(a), .rect(b)): a == b
        case let (.transform(a), .transform(b)): a == b
        case let (.affineTransform(a), .affineTransform(b)): a == b
        case let (.color(a), .color(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        case let (.path(a), .path(b)): a == b
        case let (.image(a), .image(b)): a === b
        case let (.numbers(a), .numbers(b)): a == b
        case let (.colors(a), .colors(b)): a == b
        case let (.opaque(a), .opaque(b)):
            (a.value as? AnyHashable) == (b.value as? AnyHashable)
        default: false
        }
    }
}
