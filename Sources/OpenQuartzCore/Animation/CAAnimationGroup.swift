import Foundation

/// Runs several animations together in its own time space: Apple's `CAAnimationGroup`.
///
/// The children are timed in the group's local time: a child's `beginTime` counts from the
/// group's start, and children are clipped (not scaled) to the group's duration. As Apple
/// documents, the children's `delegate` and `isRemovedOnCompletion` are ignored; the group's
/// own are used. A child left with a duration of 0 takes the group's (Apple's example in the
/// class reference groups a fade with an undated scale that lasts the whole group).
open class CAAnimationGroup: CAAnimation {
    /// The animations to run, evaluated in the group's time space.
    open var animations: [CAAnimation]?

    override package func copyState(to copy: CAAnimation) {
        super.copyState(to: copy)
        unsafeDowncast(copy, to: CAAnimationGroup.self).animations = animations?.map {
            $0.copy(with: nil) as! CAAnimation
        }
    }

    override package func subclassFields() -> [(String, String)] {
        guard let animations else { return [] }
        return [("animations", "(" + animations.map(\.description).joined(separator: ", ") + ")")]
    }

    override package func animationPropertyValue(forKey key: String) -> Any? {
        key == "animations" ? animations : super.animationPropertyValue(forKey: key)
    }

    override package func setAnimationProperty(_ value: Any?, forKey key: String) -> Bool {
        guard key == "animations" else { return super.setAnimationProperty(value, forKey: key) }
        animations = value as? [CAAnimation]
        return true
    }
}
