import Foundation
import OpenCoreGraphics

extension AnimatableValue {
    /// The value a fraction of the way from `from` to `to`.
    ///
    /// Numbers, geometry and colours interpolate linearly; transforms decompose and
    /// interpolate their parts as Core Animation does; values that cannot interpolate (booleans,
    /// images, other objects) switch at the half-way point. Paths interpolate point by point
    /// when their elements match, into a path of `paths` where one is given.
    @inline(__always)
    package static func interpolate(
        from: AnimatableValue, to: AnimatableValue, fraction f: Double, paths: PathPool? = nil
    ) -> AnimatableValue {
        switch (from, to) {
        case let (.number(a), .number(b)):
            return .number(a + (b - a) * f)
        case let (.point(a), .point(b)):
            return .point(CGPoint(x: lerp(a.x, b.x, f), y: lerp(a.y, b.y, f)))
        case let (.size(a), .size(b)):
            return .size(CGSize(width: lerp(a.width, b.width, f), height: lerp(a.height, b.height, f)))
        case let (.rect(a), .rect(b)):
            return .rect(
                CGRect(
                    x: lerp(a.origin.x, b.origin.x, f), y: lerp(a.origin.y, b.origin.y, f),
                    width: lerp(a.size.width, b.size.width, f), height: lerp(a.size.height, b.size.height, f)))
        case let (.transform(a), .transform(b)):
            return .transform(a.interpolated(to: b, fraction: f))
        case let (.affineTransform(a), .affineTransform(b)):
            return .affineTransform(
                CGAffineTransform(
                    a: lerp(a.a, b.a, f), b: lerp(a.b, b.b, f), c: lerp(a.c, b.c, f),
                    d: lerp(a.d, b.d, f), tx: lerp(a.tx, b.tx, f), ty: lerp(a.ty, b.ty, f)))
        case let (.color(a), .color(b)):
            let start = a ?? .clear
            let end = b ?? .clear
            return .color(start + (end - start).scaled(by: f))
        case let (.numbers(a), .numbers(b)) where a.count == b.count:
            return .numbers(zip(a, b).map { $0 + ($1 - $0) * f })
        case let (.colors(a), .colors(b)) where a.count == b.count:
            return .colors(zip(a, b).map { $0 + ($1 - $0).scaled(by: f) })
        case let (.path(a?), .path(b?)):
            let blended =
                if let paths { paths.interpolate(a, b, fraction: f) } else { CGPath.interpolating(a, b, fraction: f) }
            return blended.map { .path($0) } ?? (f < 0.5 ? from : to)
        default:
            return f < 0.5 ? from : to
        }
    }

    /// `self + other`: how additive animations and `byValue` combine with a value. Transforms
    /// concatenate (`other` applied first), colours add per component.
    package func adding(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case let (.number(a), .number(b)): .number(a + b)
        case let (.point(a), .point(b)): .point(CGPoint(x: a.x + b.x, y: a.y + b.y))
        case let (.size(a), .size(b)): .size(CGSize(width: a.width + b.width, height: a.height + b.height))
        case let (.rect(a), .rect(b)):
            .rect(
                CGRect(
                    x: a.origin.x + b.origin.x, y: a.origin.y + b.origin.y,
                    width: a.size.width + b.size.width, height: a.size.height + b.size.height))
        case let (.transform(a), .transform(b)): .transform(CATransform3DConcat(b, a))
        case let (.affineTransform(a), .affineTransform(b)): .affineTransform(b.concatenating(a))
        case let (.color(a), .color(b)): .color((a ?? .clear) + (b ?? .clear))
        case let (.numbers(a), .numbers(b)) where a.count == b.count: .numbers(zip(a, b).map(+))
        case let (.colors(a), .colors(b)) where a.count == b.count: .colors(zip(a, b).map(+))
        default: other
        }
    }

    /// `self − other`, the inverse of `adding(_:)`.
    package func subtracting(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case let (.number(a), .number(b)): .number(a - b)
        case let (.point(a), .point(b)): .point(CGPoint(x: a.x - b.x, y: a.y - b.y))
        case let (.size(a), .size(b)): .size(CGSize(width: a.width - b.width, height: a.height - b.height))
        case let (.rect(a), .rect(b)):
            .rect(
                CGRect(
                    x: a.origin.x - b.origin.x, y: a.origin.y - b.origin.y,
                    width: a.size.width - b.size.width, height: a.size.height - b.size.height))
        case let (.transform(a), .transform(b)): .transform(CATransform3DConcat(CATransform3DInvert(b), a))
        case let (.affineTransform(a), .affineTransform(b)): .affineTransform(b.inverted().concatenating(a))
        case let (.color(a), .color(b)): .color((a ?? .clear) - (b ?? .clear))
        case let (.numbers(a), .numbers(b)) where a.count == b.count: .numbers(zip(a, b).map(-))
        case let (.colors(a), .colors(b)) where a.count == b.count: .colors(zip(a, b).map(-))
        default: self
        }
    }

    /// The additive identity of the same kind.
    package var zero: AnimatableValue {
        switch self {
        case .number: .number(0)
        case .point: .point(.zero)
        case .size: .size(.zero)
        case .rect: .rect(.zero)
        case .transform: .transform(CATransform3DIdentity)
        case .affineTransform: .affineTransform(.identity)
        case .color: .color(.clear)
        case .numbers(let numbers): .numbers(Array(repeating: 0, count: numbers.count))
        case .colors(let colors): .colors(Array(repeating: .clear, count: colors.count))
        default: self
        }
    }
}

@inline(__always)
private func lerp(_ a: CGFloat, _ b: CGFloat, _ f: Double) -> CGFloat {
    a + (b - a) * CGFloat(f)
}
