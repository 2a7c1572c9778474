import Foundation

/// Edges of a rectangle: Apple's `UIRectEdge`.
public struct UIRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    public static let top = Self(rawValue: 1 << 0)
    public static let left = Self(rawValue: 1 << 1)
    public static let bottom = Self(rawValue: 1 << 2)
    public static let right = Self(rawValue: 1 << 3)
    public static let all: Self = [.top, .left, .bottom, .right]
}

/// Edge distances that follow the writing direction: Apple's `NSDirectionalEdgeInsets`,
/// `leading` and `trailing` where `UIEdgeInsets` has left and right.
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init() {
        self.init(top: 0, leading: 0, bottom: 0, trailing: 0)
    }

    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static let zero = NSDirectionalEdgeInsets()
}

/// No insets, in UIKit's C spelling: `NSDirectionalEdgeInsets.zero`.
public let NSDirectionalEdgeInsetsZero = NSDirectionalEdgeInsets.zero

/// `NSDirectionalEdgeInsets(top:leading:bottom:trailing:)`, in UIKit's C spelling.
public func NSDirectionalEdgeInsetsMake(
    _ top: CGFloat, _ leading: CGFloat, _ bottom: CGFloat, _ trailing: CGFloat
) -> NSDirectionalEdgeInsets {
    NSDirectionalEdgeInsets(top: top, leading: leading, bottom: bottom, trailing: trailing)
}
