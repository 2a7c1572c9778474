import Foundation
import OpenQuartzCore

/// The numeric timing properties of animations, with the range each accepts: outside it
/// the `CAAnimation` setters trap (programmer misuse), so a document's value is checked
/// here first.
enum AnimationTimingKey: String {
    case duration, beginTime, timeOffset, speed, repeatCount, repeatDuration
    case mass, stiffness, damping, velocity, initialVelocity

    func accepts(_ value: Double) -> Bool {
        switch self {
        case .duration, .beginTime, .timeOffset, .velocity, .initialVelocity: value.isFinite
        // Held as a Float: 1e300 is finite as a Double, infinite as a Float.
        case .speed: Float(value).isFinite
        case .repeatCount, .repeatDuration: !value.isNaN && value >= 0
        case .mass, .stiffness: value.isFinite && value > 0
        case .damping: value.isFinite && value >= 0
        }
    }

    /// Sets the value; spring keys on another class are ignored by the caller's warning.
    func set(_ value: Double, on animation: CAAnimation) {
        switch self {
        case .duration: animation.duration = value
        case .beginTime: animation.beginTime = value
        case .timeOffset: animation.timeOffset = value
        case .speed: animation.speed = Float(value)
        case .repeatCount: animation.repeatCount = Float(value)
        case .repeatDuration: animation.repeatDuration = value
        case .mass: (animation as? CASpringAnimation)?.mass = value
        case .stiffness: (animation as? CASpringAnimation)?.stiffness = value
        case .damping: (animation as? CASpringAnimation)?.damping = value
        // CAML writes the spring's `initialVelocity` as `velocity` (FORMAT.md §7).
        case .velocity, .initialVelocity: (animation as? CASpringAnimation)?.initialVelocity = value
        }
    }
}

/// The Boolean properties of animations.
enum AnimationFlagKey: String {
    case autoreverses, removedOnCompletion, additive, cumulative, allowsOverdamping

    /// Sets the flag; false when the animation's class has no such property.
    func set(_ value: Bool, on animation: CAAnimation) -> Bool {
        switch self {
        case .autoreverses: animation.autoreverses = value
        case .removedOnCompletion: animation.isRemovedOnCompletion = value
        case .additive, .cumulative:
            guard let property = animation as? CAPropertyAnimation else { return false }
            if self == .additive { property.isAdditive = value } else { property.isCumulative = value }
        case .allowsOverdamping:
            guard let spring = animation as? CASpringAnimation else { return false }
            spring.allowsOverdamping = value
        }
        return true
    }
}
