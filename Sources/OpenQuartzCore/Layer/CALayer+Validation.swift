import Foundation
import OpenCoreGraphics

/// Refusing geometry that no layer can have. Apple's Core Animation raises
/// `CALayerInvalidGeometry` ("CALayer position contains NaN") for these; a NaN that got in
/// would reach every presentation value and every frame drawn after it.
extension CALayer {
    /// Traps, naming the property and the value, unless `point` is finite.
    package static func requireValidGeometry(_ point: CGPoint, property: String, of owner: String = "CALayer") {
        require(
            point.x.isFinite && point.y.isFinite,
            "\(owner) \(property) contains NaN or infinity: (\(point.x), \(point.y)) (CALayerInvalidGeometry)")
    }

    /// Traps, naming the property and the value, unless every number of `rect` is finite.
    package static func requireValidGeometry(_ rect: CGRect, property: String, of owner: String = "CALayer") {
        require(
            rect.origin.x.isFinite && rect.origin.y.isFinite && rect.size.width.isFinite && rect.size.height.isFinite,
            "\(owner) \(property) contains NaN or infinity: (\(rect.origin.x), \(rect.origin.y), "
                + "\(rect.size.width), \(rect.size.height)) (CALayerInvalidGeometry)")
    }

    /// Traps, naming the value, when `opacity` is NaN.
    package static func requireValidOpacity(_ opacity: Float) {
        require(!opacity.isNaN, "CALayer opacity is NaN (CALayerInvalidGeometry)")
    }

    /// The same checks for a value set by key (`setValue(_:forKey:)`, `position.x`, …).
    package static func requireValidValue(_ value: AnimatableValue, forKey key: String) {
        switch (key, value) {
        case ("position", .point(let point)): requireValidGeometry(point, property: key)
        case ("bounds", .rect(let rect)): requireValidGeometry(rect, property: key)
        case ("opacity", .number(let number)): requireValidOpacity(Float(number))
        default: break
        }
    }

    /// Traps when a `CAMediaTiming` value is NaN. Infinity is a value Apple accepts
    /// (`duration` defaults to it; `beginTime = .infinity` never starts), so it is stored.
    package func requireTimingValue(_ value: Double, _ name: String) {
        require(!value.isNaN, "CALayer.\(name) is NaN; it must be a number (infinity is allowed)")
    }
}
