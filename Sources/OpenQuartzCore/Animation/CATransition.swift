import Foundation

/// The kind of visual change a `CATransition` draws.
///
/// Raw values are Apple's (`kCATransitionMoveIn` is `"moveIn"`). Any other name — Apple's
/// private `cube`, `pageCurl`, `rippleEffect`, … — is kept as given and drawn as ``fade``.
public struct CATransitionType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The type's string, as Apple spells it.
    public let rawValue: String

    /// Creates a type from its string; a name this module does not draw is drawn as ``fade``.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The new content fades in over the old (the default).
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new content slides in over the old from the side the subtype names.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new content pushes the old out, both moving from the side the subtype names.
    public static let push = CATransitionType(rawValue: "push")
    /// The old content slides out towards the side the subtype names, uncovering the new.
    public static let reveal = CATransitionType(rawValue: "reveal")

    /// The types that are drawn as themselves.
    package static let drawn: Set<CATransitionType> = [.fade, .moveIn, .push, .reveal]

    /// The raw value.
    public var description: String { rawValue }
}

/// The side a directional `CATransition` (`moveIn`, `push`, `reveal`) starts from.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The subtype's string, as Apple spells it.
    public let rawValue: String

    /// Creates a subtype from its string; an unknown one moves as ``fromLeft``.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The new content comes in from the right edge.
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// The new content comes in from the left edge.
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// The new content comes in from the top edge.
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// The new content comes in from the bottom edge.
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")

    /// The raw value.
    public var description: String { rawValue }
}

/// `kCATransitionFade`, for code written against the Objective-C names.
public let kCATransitionFade = CATransitionType.fade
/// `kCATransitionMoveIn`.
public let kCATransitionMoveIn = CATransitionType.moveIn
/// `kCATransitionPush`.
public let kCATransitionPush = CATransitionType.push
/// `kCATransitionReveal`.
public let kCATransitionReveal = CATransitionType.reveal
/// `kCATransitionFromRight`.
public let kCATransitionFromRight = CATransitionSubtype.fromRight
/// `kCATransitionFromLeft`.
public let kCATransitionFromLeft = CATransitionSubtype.fromLeft
/// `kCATransitionFromTop`.
public let kCATransitionFromTop = CATransitionSubtype.fromTop
/// `kCATransitionFromBottom`.
public let kCATransitionFromBottom = CATransitionSubtype.fromBottom

/// An animation of a layer's whole rendered content from how it looked before the changes of
/// a transaction to how it looks after them: Apple's `CATransition`.
///
/// Added to a layer (always under ``kCATransition``, whatever key is passed, as `CALayer.h`
/// says), it captures the layer and its sublayers as they were rendered before the current
/// transaction changed them, and as the transaction commits them. The renderer draws the blend;
/// ``CALayer/activeTransition(at:)`` tells where it stands at any time. Changes made before or
/// after `add(_:forKey:)` in the same transaction are both part of the "after" state.
///
///     let transition = CATransition()
///     transition.type = .push
///     transition.subtype = .fromRight
///     transition.duration = 0.3
///     label.contents = nextPage
///     label.add(transition, forKey: nil)
///
/// Progress runs from ``startProgress`` to ``endProgress`` along the timing function (linear
/// when there is none), with the full `CAMediaTiming` model. Type names other than `fade`,
/// `moveIn`, `push` and `reveal` are kept but drawn as `fade`; `filter` is absent, since there
/// is no Core Image. A transition inside a `CAAnimationGroup` does nothing, as on Apple.
open class CATransition: CAAnimation {
    /// The transition's type (default ``CATransitionType/fade``).
    open var type = CATransitionType.fade

    /// The side a directional type starts from; nil (the default) is ``CATransitionSubtype/fromLeft``
    /// for `moveIn`, `push` and `reveal`, and means nothing to `fade`.
    open var subtype: CATransitionSubtype?

    /// Where the transition starts, as a fraction of the whole (default 0). Must be a finite
    /// number; values outside [0, 1] are clamped when the transition is drawn, and a start after
    /// ``endProgress`` plays the transition backwards.
    open var startProgress: Float = 0 {
        didSet { requireFinite(startProgress, "startProgress") }
    }

    /// Where the transition ends, as a fraction of the whole (default 1); see ``startProgress``.
    open var endProgress: Float = 1 {
        didSet { requireFinite(endProgress, "endProgress") }
    }

    /// The type that is drawn: ``type`` if it is one this module draws, otherwise `fade`.
    package var drawnType: CATransitionType {
        CATransitionType.drawn.contains(type) ? type : .fade
    }

    override package func copyState(to target: CAAnimation) {
        super.copyState(to: target)
        let copy = unsafeDowncast(target, to: CATransition.self)
        copy.type = type
        copy.subtype = subtype
        copy.startProgress = startProgress
        copy.endProgress = endProgress
    }

    override package func subclassFields() -> [(String, String)] {
        var fields = [("type", type.rawValue)]
        if let subtype { fields.append(("subtype", subtype.rawValue)) }
        if startProgress != 0 { fields.append(("startProgress", formatNumber(Double(startProgress)))) }
        if endProgress != 1 { fields.append(("endProgress", formatNumber(Double(endProgress)))) }
        return fields
    }

    override package func animationPropertyValue(forKey key: String) -> Any? {
        switch key {
        case "type": type.rawValue
        case "subtype": subtype?.rawValue
        case "startProgress": startProgress
        case "endProgress": endProgress
        default: super.animationPropertyValue(forKey: key)
        }
    }

    override package func setAnimationProperty(_ value: Any?, forKey key: String) -> Bool {
        func progress() -> Float {
            guard let value, let number = AnimatableValue.double(from: value) else {
                misuse(
                    "CATransition.setValue(_:forKey: \"\(key)\") needs a number, got \(describeType(value))")
            }
            return Float(number)
        }
        switch key {
        case "type":
            guard let name = value as? String else {
                misuse(
                    "CATransition.setValue(_:forKey: \"type\") needs a string, got \(describeType(value))")
            }
            type = CATransitionType(rawValue: name)
        case "subtype":
            subtype = (value as? String).map(CATransitionSubtype.init(rawValue:))
        case "startProgress": startProgress = progress()
        case "endProgress": endProgress = progress()
        default: return super.setAnimationProperty(value, forKey: key)
        }
        return true
    }
}

private func requireFinite(_ value: Float, _ name: String) {
    require(value.isFinite, "CATransition.\(name) must be a finite number, got \(value)")
}
