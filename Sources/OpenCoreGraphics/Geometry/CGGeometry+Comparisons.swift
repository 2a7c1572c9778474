import Foundation

// Core Graphics' comparison functions, as Swift spells them on Apple's platforms
// (`CGPointEqualToPoint` is `CGPoint.equalTo(_:)`).

extension CGPoint {
    /// Whether the two points are equal: `CGPointEqualToPoint`.
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}

extension CGSize {
    /// Whether the two sizes are equal: `CGSizeEqualToSize`.
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

extension CGRect {
    /// Whether the two rectangles are equal: `CGRectEqualToRect`, which compares them
    /// standardised (a rectangle of negative width equals its flipped twin).
    public func equalTo(_ rect2: CGRect) -> Bool { standardized == rect2.standardized }
}
