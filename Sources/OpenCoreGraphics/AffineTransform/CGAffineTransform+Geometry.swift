import Foundation

extension CGPoint {
    /// Returns this point mapped through `t`: `(a·x + c·y + tx, b·x + d·y + ty)`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// Returns this size mapped through `t` as a vector: the translation is ignored and the
    /// result may be negative, as with `CGSizeApplyAffineTransform`.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// Returns the smallest rectangle that contains the four corners of this rectangle mapped
    /// through `t`; the result is standardized (non-negative size).
    ///
    /// A null rectangle stays null. An infinite rectangle is returned unchanged, because its
    /// corners would turn into NaNs (Apple does not document this case).
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull || isInfinite { return self }
        let corners = [
            CGPoint(x: minX, y: minY).applying(t),
            CGPoint(x: maxX, y: minY).applying(t),
            CGPoint(x: maxX, y: maxY).applying(t),
            CGPoint(x: minX, y: maxY).applying(t),
        ]
        var lowX = corners[0].x
        var highX = corners[0].x
        var lowY = corners[0].y
        var highY = corners[0].y
        for corner in corners.dropFirst() {
            lowX = Swift.min(lowX, corner.x)
            highX = Swift.max(highX, corner.x)
            lowY = Swift.min(lowY, corner.y)
            highY = Swift.max(highY, corner.y)
        }
        return CGRect(x: lowX, y: lowY, width: highX - lowX, height: highY - lowY)
    }
}
