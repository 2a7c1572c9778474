import Foundation
import OpenCoreGraphics

/// A colour as lottie-ios's value providers take it: red, green, blue and alpha from 0 to 1.
public struct LottieColor: Hashable, Sendable, Interpolatable {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public func interpolated(to other: LottieColor, amount: Double) -> LottieColor {
        LottieColor(
            r: r.interpolated(to: other.r, amount: amount), g: g.interpolated(to: other.g, amount: amount),
            b: b.interpolated(to: other.b, amount: amount), a: a.interpolated(to: other.a, amount: amount))
    }

    /// The colour as Core Graphics draws it.
    public var cgColor: CGColor { CGColor(red: r, green: g, blue: b, alpha: a) }
}

/// The colours and their places along a gradient, as ``GradientValueProvider`` gives them.
public struct LottieGradient: Equatable, Sendable, Interpolatable {
    public var colors: [LottieColor]
    /// Each colour's place from 0 to 1; empty spreads the colours evenly.
    public var locations: [Double]

    public init(colors: [LottieColor], locations: [Double] = []) {
        self.colors = colors
        self.locations = locations
    }

    /// Colour by colour and place by place; extra ones of the longer gradient keep their value.
    public func interpolated(to other: LottieGradient, amount: Double) -> LottieGradient {
        var result = self
        for index in 0..<min(colors.count, other.colors.count) {
            result.colors[index] = colors[index].interpolated(to: other.colors[index], amount: amount)
        }
        for index in 0..<min(locations.count, other.locations.count) {
            result.locations[index] = locations[index].interpolated(to: other.locations[index], amount: amount)
        }
        return result
    }
}

/// Where a provider's values come from.
public enum ValueProviderStorage<Value: Interpolatable>: Sendable {
    /// One value for the whole animation.
    case singleValue(Value)
    /// Keyframes, in the frames of the layer that owns the property; linear between them
    /// unless they carry tangents, the first before the first and the last after the last.
    case keyframes([Keyframe<Value>])
    /// The value at each frame. The Core Animation tree asks it at every whole frame of the
    /// animation once, when the tree is built, and holds each answer until the next frame.
    case closure(@Sendable (Double) -> Value)
}

/// Something that gives a property its values instead of the file's: set with
/// ``LottieAnimationLayer/setValueProvider(_:keypath:)``. The providers are
/// ``ColorValueProvider``, ``FloatValueProvider``, ``PointValueProvider``,
/// ``SizeValueProvider`` and ``GradientValueProvider``.
public protocol AnyValueProvider: Sendable {
    /// What the provider gives, for the properties that can take it.
    var providedValue: ProvidedValue { get }
}

/// A provider's values, by kind.
public enum ProvidedValue: Sendable {
    case color(ValueProviderStorage<LottieColor>)
    case float(ValueProviderStorage<CGFloat>)
    case point(ValueProviderStorage<CGPoint>)
    case size(ValueProviderStorage<CGSize>)
    case gradient(ValueProviderStorage<LottieGradient>)

    /// The kind's name, for messages.
    var kindName: String {
        switch self {
        case .color: "a colour"
        case .float: "a number"
        case .point: "a point"
        case .size: "a size"
        case .gradient: "a gradient"
        }
    }
}

/// Checks what every provider needs, with a message that names the provider.
private func checked<Value>(_ keyframes: [Keyframe<Value>], _ provider: String) -> [Keyframe<Value>] {
    guard !keyframes.isEmpty else { fatalError("\(provider): keyframes must hold at least one keyframe") }
    for index in keyframes.indices.dropFirst() where keyframes[index].time < keyframes[index - 1].time {
        fatalError(
            "\(provider): keyframe \(index) at frame \(keyframes[index].time) comes before the one before it "
                + "(frame \(keyframes[index - 1].time))")
    }
    return keyframes
}

/// Colours: of fills, strokes and solids (keypaths ending in `Color`).
public struct ColorValueProvider: AnyValueProvider {
    public let storage: ValueProviderStorage<LottieColor>

    public init(_ color: LottieColor) { storage = .singleValue(color) }
    public init(_ keyframes: [Keyframe<LottieColor>]) {
        storage = .keyframes(checked(keyframes, "ColorValueProvider"))
    }
    public init(block: @escaping @Sendable (Double) -> LottieColor) { storage = .closure(block) }

    public var providedValue: ProvidedValue { .color(storage) }
}

/// Numbers, in the property's Lottie units: opacity 0–100, rotation in degrees, stroke width in
/// points (keypaths ending in `Opacity`, `Rotation`, `Stroke Width`).
public struct FloatValueProvider: AnyValueProvider {
    public let storage: ValueProviderStorage<CGFloat>

    public init(_ float: CGFloat) { storage = .singleValue(float) }
    public init(_ keyframes: [Keyframe<CGFloat>]) {
        storage = .keyframes(checked(keyframes, "FloatValueProvider"))
    }
    public init(block: @escaping @Sendable (Double) -> CGFloat) { storage = .closure(block) }

    public var providedValue: ProvidedValue { .float(storage) }
}

/// Points: a position in the parent's points, a scale in percent (keypaths ending in
/// `Position`, `Scale`).
public struct PointValueProvider: AnyValueProvider {
    public let storage: ValueProviderStorage<CGPoint>

    public init(_ point: CGPoint) { storage = .singleValue(point) }
    public init(_ keyframes: [Keyframe<CGPoint>]) {
        storage = .keyframes(checked(keyframes, "PointValueProvider"))
    }
    public init(block: @escaping @Sendable (Double) -> CGPoint) { storage = .closure(block) }

    public var providedValue: ProvidedValue { .point(storage) }
}

/// Sizes, taken where a point is (`Scale`: width and height in percent; `Position`).
public struct SizeValueProvider: AnyValueProvider {
    public let storage: ValueProviderStorage<CGSize>

    public init(_ size: CGSize) { storage = .singleValue(size) }
    public init(_ keyframes: [Keyframe<CGSize>]) {
        storage = .keyframes(checked(keyframes, "SizeValueProvider"))
    }
    public init(block: @escaping @Sendable (Double) -> CGSize) { storage = .closure(block) }

    public var providedValue: ProvidedValue { .size(storage) }
}

/// A gradient's colours and their places (keypaths ending in `Colors`). As in lottie-ios's
/// Core Animation engine, the colours' alpha draws in the gradient, and a gradient whose file
/// has alpha stops also masks with the same colours.
public struct GradientValueProvider: AnyValueProvider {
    public let storage: ValueProviderStorage<LottieGradient>

    public init(_ colors: [LottieColor], locations: [Double] = []) {
        guard locations.isEmpty || locations.count == colors.count else {
            fatalError(
                "GradientValueProvider: \(locations.count) locations for \(colors.count) colours; "
                    + "give one location a colour, or none")
        }
        storage = .singleValue(LottieGradient(colors: colors, locations: locations))
    }
    public init(_ keyframes: [Keyframe<LottieGradient>]) {
        storage = .keyframes(checked(keyframes, "GradientValueProvider"))
    }
    public init(block: @escaping @Sendable (Double) -> LottieGradient) { storage = .closure(block) }

    public var providedValue: ProvidedValue { .gradient(storage) }
}
