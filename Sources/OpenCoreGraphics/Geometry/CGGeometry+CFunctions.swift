import Foundation

// Core Graphics' C constants and functions for points, sizes, rectangles and affine
// transforms. Swift on Apple's platforms marks them unavailable (`CGRect.zero`,
// `CGRect(x:y:width:height:)`, `rect.midX`, … replace them), but iOS files written against
// older SDKs still use some; here they are plain, so that such files compile. Each is the
// Swift member it names.

/// The rectangle at the origin with no size: `CGRect.zero`.
public let CGRectZero = CGRect.zero
/// The origin: `CGPoint.zero`.
public let CGPointZero = CGPoint.zero
/// No size: `CGSize.zero`.
public let CGSizeZero = CGSize.zero
/// The null rectangle (at infinity, what the intersection of disjoint rectangles is):
/// `CGRect.null`.
public let CGRectNull = CGRect.null
/// The rectangle that has no bounds, as Core Graphics makes it: its origin at minus half the
/// largest finite `CGFloat`, its sides that largest value.
public let CGRectInfinite = CGRect(
    x: -CGFloat.greatestFiniteMagnitude / 2, y: -CGFloat.greatestFiniteMagnitude / 2,
    width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)
/// The identity transform: `CGAffineTransform.identity`.
public let CGAffineTransformIdentity = CGAffineTransform.identity

/// `CGRect(x:y:width:height:)`.
public func CGRectMake(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) -> CGRect {
    CGRect(x: x, y: y, width: width, height: height)
}

/// `CGPoint(x:y:)`.
public func CGPointMake(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
    CGPoint(x: x, y: y)
}

/// `CGSize(width:height:)`.
public func CGSizeMake(_ width: CGFloat, _ height: CGFloat) -> CGSize {
    CGSize(width: width, height: height)
}

/// `rect.minX`.
public func CGRectGetMinX(_ rect: CGRect) -> CGFloat { rect.minX }
/// `rect.midX`.
public func CGRectGetMidX(_ rect: CGRect) -> CGFloat { rect.midX }
/// `rect.maxX`.
public func CGRectGetMaxX(_ rect: CGRect) -> CGFloat { rect.maxX }
/// `rect.minY`.
public func CGRectGetMinY(_ rect: CGRect) -> CGFloat { rect.minY }
/// `rect.midY`.
public func CGRectGetMidY(_ rect: CGRect) -> CGFloat { rect.midY }
/// `rect.maxY`.
public func CGRectGetMaxY(_ rect: CGRect) -> CGFloat { rect.maxY }
/// `rect.width`.
public func CGRectGetWidth(_ rect: CGRect) -> CGFloat { rect.width }
/// `rect.height`.
public func CGRectGetHeight(_ rect: CGRect) -> CGFloat { rect.height }

/// `rect.insetBy(dx:dy:)`.
public func CGRectInset(_ rect: CGRect, _ dx: CGFloat, _ dy: CGFloat) -> CGRect {
    rect.insetBy(dx: dx, dy: dy)
}

/// `rect.offsetBy(dx:dy:)`.
public func CGRectOffset(_ rect: CGRect, _ dx: CGFloat, _ dy: CGFloat) -> CGRect {
    rect.offsetBy(dx: dx, dy: dy)
}

/// `rect.contains(point)`.
public func CGRectContainsPoint(_ rect: CGRect, _ point: CGPoint) -> Bool {
    rect.contains(point)
}

/// `rect1.contains(rect2)`.
public func CGRectContainsRect(_ rect1: CGRect, _ rect2: CGRect) -> Bool {
    rect1.contains(rect2)
}

/// `rect1.intersects(rect2)`.
public func CGRectIntersectsRect(_ rect1: CGRect, _ rect2: CGRect) -> Bool {
    rect1.intersects(rect2)
}

/// `r1.intersection(r2)`.
public func CGRectIntersection(_ r1: CGRect, _ r2: CGRect) -> CGRect {
    r1.intersection(r2)
}

/// `r1.union(r2)`.
public func CGRectUnion(_ r1: CGRect, _ r2: CGRect) -> CGRect {
    r1.union(r2)
}

/// `rect.isEmpty`.
public func CGRectIsEmpty(_ rect: CGRect) -> Bool { rect.isEmpty }
/// `rect.isNull`.
public func CGRectIsNull(_ rect: CGRect) -> Bool { rect.isNull }

/// `rect1.equalTo(rect2)`: equal once standardised.
public func CGRectEqualToRect(_ rect1: CGRect, _ rect2: CGRect) -> Bool { rect1.equalTo(rect2) }
/// `point1 == point2`.
public func CGPointEqualToPoint(_ point1: CGPoint, _ point2: CGPoint) -> Bool { point1 == point2 }
/// `size1 == size2`.
public func CGSizeEqualToSize(_ size1: CGSize, _ size2: CGSize) -> Bool { size1 == size2 }

/// `CGAffineTransform(translationX:y:)`.
public func CGAffineTransformMakeTranslation(_ tx: CGFloat, _ ty: CGFloat) -> CGAffineTransform {
    CGAffineTransform(translationX: tx, y: ty)
}

/// `CGAffineTransform(scaleX:y:)`.
public func CGAffineTransformMakeScale(_ sx: CGFloat, _ sy: CGFloat) -> CGAffineTransform {
    CGAffineTransform(scaleX: sx, y: sy)
}

/// `CGAffineTransform(rotationAngle:)`, `angle` in radians.
public func CGAffineTransformMakeRotation(_ angle: CGFloat) -> CGAffineTransform {
    CGAffineTransform(rotationAngle: angle)
}
