import Foundation
import OpenCoreGraphics

/// Formats a number as Apple's descriptions do (`%g`: `0.3`, `2.14748e+09`).
package func formatNumber(_ value: Double) -> String {
    String(format: "%g", value)
}

/// Formats an object reference as `<Type: 0x…>`.
package func describeObject(_ object: AnyObject) -> String {
    if let described = object as? NSObject { return described.description }
    return "<\(type(of: object)): \(addressString(object))>"
}

/// Formats an animation value as Apple's descriptions print boxed values
/// (`NSPoint: {5, 5}`, `NSRect: {{0, 0}, {100, 50}}`, numbers with `%g`).
package func describeAnimationValue(_ value: Any) -> String {
    func g(_ x: CGFloat) -> String { formatNumber(Double(x)) }
    switch value {
    case let point as CGPoint: return "NSPoint: {\(g(point.x)), \(g(point.y))}"
    case let size as CGSize: return "NSSize: {\(g(size.width)), \(g(size.height))}"
    case let rect as CGRect:
        return "NSRect: {{\(g(rect.origin.x)), \(g(rect.origin.y))}, {\(g(rect.size.width)), \(g(rect.size.height))}}"
    case let transform as CATransform3D:
        let m = [
            transform.m11, transform.m12, transform.m13, transform.m14,
            transform.m21, transform.m22, transform.m23, transform.m24,
            transform.m31, transform.m32, transform.m33, transform.m34,
            transform.m41, transform.m42, transform.m43, transform.m44,
        ]
        return "CATransform3D: {" + m.map(g).joined(separator: " ") + "}"
    case let number as NSNumber where !(value is Bool): return formatNumber(number.doubleValue)
    case let flag as Bool: return flag ? "1" : "0"
    case let array as [Any]:
        return "(" + array.map { "\"\(describeAnimationValue($0))\"" }.joined(separator: ", ") + ")"
    case let boxed as NSValue:
        switch unboxGeometry(boxed) {
        case .point(let p)?: return describeAnimationValue(p)
        case .size(let s)?: return describeAnimationValue(s)
        case .rect(let r)?: return describeAnimationValue(r)
        case .transform3D(let t)?: return describeAnimationValue(t)
        default: return boxed.description
        }
    default:
        if let number = AnimatableValue.double(from: value) { return formatNumber(number) }
        return String(describing: value)
    }
}
