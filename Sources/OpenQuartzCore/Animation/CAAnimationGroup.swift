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

    /// A copy shares the child animation objects, as Apple's shallow copy does.
    override package func copyState(to copy: CAAnimation) {
        requireNotNested(in: [])
        super.copyState(to: copy)
        unsafeDowncast(copy, to: CAAnimationGroup.self).animations = animations
    }

    /// Gives the group copies of its children (recursively): `add(_:forKey:)` fills in their
    /// durations and previous values while compiling, which must not reach the caller's
    /// objects that a shallow copy still shares.
    package func copyChildrenForAttaching() {
        animations = animations?.map { child in
            let copy = child.copiesWithoutOverride ? child.makeCopy() : child.copy(with: nil) as! CAAnimation
            (copy as? CAAnimationGroup)?.copyChildrenForAttaching()
            return copy
        }
    }

    /// A group that contains itself, directly or through nested groups, would be copied (and
    /// evaluated) forever; Apple documents nothing for it, so it is a programmer error.
    private func requireNotNested(in enclosing: [CAAnimationGroup]) {
        require(
            !enclosing.contains { $0 === self },
            "CAAnimationGroup \(self) contains itself among its animations (directly or through a nested group)")
        for case let child as CAAnimationGroup in animations ?? [] {
            child.requireNotNested(in: enclosing + [self])
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
