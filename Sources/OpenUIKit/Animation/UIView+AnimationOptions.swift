import Foundation

extension UIView {
    /// Options of the block animation methods, with UIKit's bit values.
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Lay out the animated views inside the block, so that their subviews' new frames
        /// animate with them.
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Let the user interact while animating (stored; there are no events here).
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Start from the values shown now. Additive animations always do; kept for the others.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeat forever.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Play each cycle forwards, then backwards.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// A nested block uses its own duration instead of the enclosing block's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// A nested block uses its own curve instead of the enclosing block's.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// Redraw content as it animates (stored).
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// Transitions hide and show views instead of removing and adding them.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// A nested block uses its own repeat and autoreverse options instead of inheriting.
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

        /// Slow at both ends (the default).
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Slow at the start.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Slow at the end.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Even speed.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// No transition.
        public static let transitionNone = AnimationOptions(rawValue: 0 << 20)
        /// A flip about the vertical axis from the left (drawn as a cross-dissolve here).
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        /// A flip about the vertical axis from the right (drawn as a cross-dissolve here).
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        /// A page curl up (drawn as a cross-dissolve here).
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        /// A page curl down (drawn as a cross-dissolve here).
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        /// A cross-dissolve.
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// A flip about the horizontal axis from the top (drawn as a cross-dissolve here).
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        /// A flip about the horizontal axis from the bottom (drawn as a cross-dissolve here).
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        /// The device's frame rate (stored).
        public static let preferredFramesPerSecondDefault = AnimationOptions(rawValue: 0 << 24)
        /// 60 frames a second (stored).
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        /// 30 frames a second (stored).
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

        /// The curve the options name (bits 16–19).
        var curve: AnimationCurve {
            AnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut
        }

        /// The transition the options name (bits 20–23), 0 for none.
        var transitionIndex: UInt { (rawValue >> 20) & 0xF }
    }

    /// A block animation's pacing curve, with UIKit's raw values.
    public enum AnimationCurve: Int, Sendable {
        case easeInOut = 0
        case easeIn = 1
        case easeOut = 2
        case linear = 3

        /// The Core Animation timing function UIKit uses for the curve.
        var timingFunction: CAMediaTimingFunction {
            switch self {
            case .easeInOut: CAMediaTimingFunction(name: .easeInEaseOut)
            case .easeIn: CAMediaTimingFunction(name: .easeIn)
            case .easeOut: CAMediaTimingFunction(name: .easeOut)
            case .linear: CAMediaTimingFunction(name: .linear)
            }
        }
    }
}
