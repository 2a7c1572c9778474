import Foundation

extension UIView {
    /// Options of ``UIView/animateKeyframes(withDuration:delay:options:animations:completion:)``,
    /// with UIKit's bit values.
    ///
    /// As in UIKit, the bits shared with ``AnimationOptions`` mean the same, so a curve can be
    /// passed by its raw value (UIKit declares none of its own, and keyframe blocks default to
    /// `easeInEaseOut` over the whole animation):
    ///
    ///     let linear = UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        /// The bits, as in UIKit's `UIViewKeyframeAnimationOptions`.
        public let rawValue: UInt
        /// Options from their raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Lay out subviews as the animation commits (stored; views lay out when asked).
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        /// Let the user interact while animating (stored; there are no events here).
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        /// Start each property from the value shown now rather than its model value, so that an
        /// animation already running on it does not jump.
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        /// Repeat forever.
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        /// Play each cycle forwards, then backwards.
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        /// A nested block uses its own duration instead of the enclosing block's.
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        /// A nested block uses its own repeat and autoreverse options instead of inheriting.
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)

        /// Straight lines between the keyframes (the default): `CAAnimationCalculationMode.linear`.
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        /// Each value holds until the next keyframe's end: `CAAnimationCalculationMode.discrete`.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// Constant speed; the keyframes' times are ignored: `CAAnimationCalculationMode.paced`.
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// A smooth spline through the values: `CAAnimationCalculationMode.cubic`.
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// The spline at constant speed: `CAAnimationCalculationMode.cubicPaced`.
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        /// The calculation mode the options name (bits 10–12); an unknown one is linear.
        var calculationMode: CAAnimationCalculationMode {
            switch (rawValue >> 10) & 0x7 {
            case 1: .discrete
            case 2: .paced
            case 3: .cubic
            case 4: .cubicPaced
            default: .linear
            }
        }

        /// The same bits read as block animation options, for the meanings the two share
        /// (curve, inheritance, repetition).
        var animationOptions: AnimationOptions { AnimationOptions(rawValue: rawValue) }
    }
}
