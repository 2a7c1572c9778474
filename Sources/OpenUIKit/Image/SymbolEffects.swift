import Foundation

/// An animation of a symbol image (iOS 17's Symbols framework): bounce, pulse, scale.
///
/// Here a symbol image is a simple glyph, not layers of a symbol, so an effect animates the
/// image view's layer as a whole: a bounce scales it down and up past its size and back, a pulse
/// fades it and back, a scale holds it larger or smaller until removed. Apple does not publish
/// its curves; these are this implementation's, given with each effect.
public protocol SymbolEffect: Sendable {
    /// The layer animation the effect plays on an image view of the effect's options.
    func layerAnimation(options: SymbolEffectOptions) -> CAAnimation
}

/// An effect that plays until removed.
public protocol IndefiniteSymbolEffect: SymbolEffect {}
/// An effect that plays once, or as many times as its options say.
public protocol DiscreteSymbolEffect: SymbolEffect {}

/// How an effect plays: how often and how fast (Apple's `SymbolEffectOptions`).
public struct SymbolEffectOptions: Hashable, Sendable {
    /// Nil repeats until removed.
    var repeatCount: Int? = 1
    var speed: Double = 1

    public static let `default` = SymbolEffectOptions()
    public static let repeating = SymbolEffectOptions(repeatCount: nil)
    public static let nonRepeating = SymbolEffectOptions()
    public static func `repeat`(_ count: Int) -> SymbolEffectOptions { SymbolEffectOptions(repeatCount: max(count, 1)) }
    public static func speed(_ speed: Double) -> SymbolEffectOptions { SymbolEffectOptions(speed: speed) }

    public var repeating: SymbolEffectOptions { with { $0.repeatCount = nil } }
    public var nonRepeating: SymbolEffectOptions { with { $0.repeatCount = 1 } }
    public func `repeat`(_ count: Int) -> SymbolEffectOptions { with { $0.repeatCount = max(count, 1) } }
    public func speed(_ speed: Double) -> SymbolEffectOptions { with { $0.speed = speed } }

    private func with(_ change: (inout SymbolEffectOptions) -> Void) -> SymbolEffectOptions {
        var copy = self
        change(&copy)
        return copy
    }

    /// The animation's repeat count: forever, or the count.
    var animationRepeatCount: Float { repeatCount.map(Float.init) ?? .infinity }
}

/// A bounce: the image shrinks to 85 %, grows to 115 % and settles back, in 0.5 s (the
/// reverse for `.down`).
public struct BounceSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect, Hashable {
    let downwards: Bool
    public var up: BounceSymbolEffect { BounceSymbolEffect(downwards: false) }
    public var down: BounceSymbolEffect { BounceSymbolEffect(downwards: true) }
    public var byLayer: BounceSymbolEffect { self }
    public var wholeSymbol: BounceSymbolEffect { self }

    public func layerAnimation(options: SymbolEffectOptions) -> CAAnimation {
        let animation = CAKeyframeAnimation(keyPath: "transform.scale")
        animation.values = downwards ? [1.0, 1.15, 0.85, 1.0] : [1.0, 0.85, 1.15, 1.0]
        animation.keyTimes = [0, 0.3, 0.65, 1]
        animation.timingFunctions = Array(repeating: CAMediaTimingFunction(name: .easeInEaseOut), count: 3)
        animation.duration = 0.5
        return animation
    }
}

/// A pulse: the image fades to 40 % and back, in 1 s.
public struct PulseSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect, Hashable {
    public var byLayer: PulseSymbolEffect { self }
    public var wholeSymbol: PulseSymbolEffect { self }

    public func layerAnimation(options: SymbolEffectOptions) -> CAAnimation {
        let animation = CAKeyframeAnimation(keyPath: "opacity")
        animation.values = [1.0, 0.4, 1.0]
        animation.keyTimes = [0, 0.5, 1]
        animation.timingFunctions = Array(repeating: CAMediaTimingFunction(name: .easeInEaseOut), count: 2)
        animation.duration = 1
        return animation
    }
}

/// A scale: the image grows to 120 % (`.up`, the default) or shrinks to 80 % (`.down`) in
/// 0.25 s, and stays so until the effect is removed.
public struct ScaleSymbolEffect: IndefiniteSymbolEffect, Hashable {
    let downwards: Bool
    public var up: ScaleSymbolEffect { ScaleSymbolEffect(downwards: false) }
    public var down: ScaleSymbolEffect { ScaleSymbolEffect(downwards: true) }
    public var byLayer: ScaleSymbolEffect { self }
    public var wholeSymbol: ScaleSymbolEffect { self }

    public func layerAnimation(options: SymbolEffectOptions) -> CAAnimation {
        let animation = CABasicAnimation(keyPath: "transform.scale")
        animation.fromValue = 1.0
        animation.toValue = downwards ? 0.8 : 1.2
        animation.duration = 0.25
        animation.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        return animation
    }
}

extension SymbolEffect where Self == BounceSymbolEffect {
    public static var bounce: BounceSymbolEffect { BounceSymbolEffect(downwards: false) }
}

extension SymbolEffect where Self == PulseSymbolEffect {
    public static var pulse: PulseSymbolEffect { PulseSymbolEffect() }
}

extension SymbolEffect where Self == ScaleSymbolEffect {
    public static var scale: ScaleSymbolEffect { ScaleSymbolEffect(downwards: false) }
}

extension UIImageView {
    /// The key an effect's animation is added under: one per kind of effect.
    static func symbolEffectKey(_ type: Any.Type) -> String { "UISymbolEffect.\(type)" }

    /// Plays `effect` on the image: once, `options`' count of times, or (`.repeating`) until
    /// removed. A scale stays until removed. Adding an effect of a kind already playing
    /// replaces it. `completion` is called when a finite effect ends.
    public func addSymbolEffect(
        _ effect: some SymbolEffect, options: SymbolEffectOptions = .default, animated: Bool = true,
        completion: ((Bool) -> Void)? = nil
    ) {
        let animation = effect.layerAnimation(options: options)
        animation.speed = Float(options.speed)
        if !(effect is ScaleSymbolEffect) { animation.repeatCount = options.animationRepeatCount }
        if let completion { animation.delegate = SymbolEffectCompletion(completion) }
        layer.add(animation, forKey: Self.symbolEffectKey(type(of: effect)))
    }

    /// Stops the effects of `effect`'s kind.
    public func removeSymbolEffect(
        ofType effect: some SymbolEffect, options: SymbolEffectOptions = .default, animated: Bool = true,
        completion: ((Bool) -> Void)? = nil
    ) {
        layer.removeAnimation(forKey: Self.symbolEffectKey(type(of: effect)))
        completion?(true)
    }

    /// Stops every symbol effect.
    public func removeAllSymbolEffects(options: SymbolEffectOptions = .default, animated: Bool = true) {
        for key in layer.animationKeys() ?? [] where key.hasPrefix("UISymbolEffect.") {
            layer.removeAnimation(forKey: key)
        }
    }
}

/// Calls a symbol effect's completion when its animation stops.
private final class SymbolEffectCompletion: CAAnimationDelegate {
    let completion: (Bool) -> Void
    init(_ completion: @escaping (Bool) -> Void) { self.completion = completion }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { completion(flag) }
}
