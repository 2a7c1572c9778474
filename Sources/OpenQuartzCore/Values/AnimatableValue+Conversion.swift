import Foundation
import OpenCoreGraphics

extension AnimatableValue {
    /// Converts a value as client code passes it (plain Swift values, `NSNumber`, `NSValue`
    /// boxes, `CGColor`, …) into the typed form for a property of the given kind.
    ///
    /// Returns `nil` when the value cannot stand for that kind; callers turn that into a
    /// precondition failure that names the key path, since it is a programmer error.
    package init?(converting value: Any?, to kind: ValueKind) {
        guard let value else {
            switch kind {
            case .color: self = .color(nil)
            case .path: self = .path(nil)
            case .image: self = .image(nil)
            case .opaque: self = .opaque(AnyHashableBox(nil))
            case .numberArray: self = .numbers([])
            case .colorArray: self = .colors([])
            default: return nil
            }
            return
        }
        switch kind {
        case .number:
            guard let number = Self.double(from: value) else { return nil }
            self = .number(number)
        case .bool:
            if let flag = value as? Bool {
                self = .bool(flag)
            } else if let number = Self.double(from: value) {
                self = .bool(number != 0)
            } else {
                return nil
            }
        case .point:
            if let point = value as? CGPoint {
                self = .point(point)
            } else if case .point(let point)? = Self.geometry(in: value) {
                self = .point(point)
            } else {
                return nil
            }
        case .size:
            if let size = value as? CGSize {
                self = .size(size)
            } else if case .size(let size)? = Self.geometry(in: value) {
                self = .size(size)
            } else if let point = value as? CGPoint {
                // Two numbers either way, as Core Animation reads them: `transform.translation`
                // takes CGPoint values (lottie-ios's layer trees animate it so).
                self = .size(CGSize(width: point.x, height: point.y))
            } else if case .point(let point)? = Self.geometry(in: value) {
                self = .size(CGSize(width: point.x, height: point.y))
            } else {
                return nil
            }
        case .rect:
            if let rect = value as? CGRect {
                self = .rect(rect)
            } else if case .rect(let rect)? = Self.geometry(in: value) {
                self = .rect(rect)
            } else {
                return nil
            }
        case .transform:
            if let transform = value as? CATransform3D {
                self = .transform(transform)
            } else if let affine = value as? CGAffineTransform {
                self = .transform(CATransform3DMakeAffineTransform(affine))
            } else {
                switch Self.geometry(in: value) {
                case .transform3D(let transform)?: self = .transform(transform)
                case .affine(let affine)?: self = .transform(CATransform3DMakeAffineTransform(affine))
                default: return nil
                }
            }
        case .affineTransform:
            if let affine = value as? CGAffineTransform {
                self = .affineTransform(affine)
            } else if case .affine(let affine)? = Self.geometry(in: value) {
                self = .affineTransform(affine)
            } else {
                return nil
            }
        case .color:
            guard let color = value as? CGColor else { return nil }
            self = .color(ColorComponents(color))
        case .path:
            guard let path = value as? CGPath else { return nil }
            self = .path(path)
        case .image:
            guard let image = value as? CGImage else { return nil }
            self = .image(image)
        case .numberArray:
            guard let array = value as? [Any] else { return nil }
            let numbers = array.compactMap(Self.double(from:))
            guard numbers.count == array.count else { return nil }
            self = .numbers(numbers)
        case .colorArray:
            guard let array = value as? [Any] else { return nil }
            let colors = array.compactMap { $0 as? CGColor }
            guard colors.count == array.count else { return nil }
            self = .colors(colors.map(ColorComponents.init))
        case .opaque:
            self = .opaque(AnyHashableBox(value))
        }
    }

    /// Guesses the kind of a value set for a key no property declares (a custom key): numbers,
    /// geometry, transforms and colours interpolate; anything else switches half-way.
    package init(inferringKindOf value: Any?) {
        guard let value else {
            self = .opaque(AnyHashableBox(nil))
            return
        }
        for kind in [ValueKind.color, .point, .size, .rect, .transform, .path, .image] {
            if let converted = AnimatableValue(converting: value, to: kind) {
                self = converted
                return
            }
        }
        if value is Bool {
            self = .bool(value as! Bool)
        } else if let number = Self.double(from: value) {
            self = .number(number)
        } else {
            self = .opaque(AnyHashableBox(value))
        }
    }

    /// ``boxed``, with a number in the Swift type of `model` where that is `Double`, `Float`
    /// or `NSNumber`: a custom key's animated value reads back as its model value was set, as
    /// on Apple, where both are `NSNumber`s that cast to any of them.
    package func boxed(like model: Any?) -> Any? {
        guard case .number(let number) = self else { return boxed }
        switch model {
        case is Double: return number
        case is Float: return Float(number)
        case is NSNumber: return NSNumber(value: number)
        default: return CGFloat(number)
        }
    }

    /// The value as client code reads it back: plain Swift values (`CGFloat` for numbers,
    /// `CGPoint`, `CATransform3D`, `CGColor`…), which also cast to `NSNumber` on Linux.
    package var boxed: Any? {
        switch self {
        case .number(let number): CGFloat(number)
        case .point(let point): point
        case .size(let size): size
        case .rect(let rect): rect
        case .transform(let transform): transform
        case .affineTransform(let affine): affine
        case .color(let color): color?.cgColor
        case .bool(let flag): flag
        case .path(let path): path
        case .image(let image): image
        case .numbers(let numbers): numbers.map { NSNumber(value: $0) }
        case .colors(let colors): colors.map(\.cgColor)
        case .opaque(let box): box.value
        }
    }

    package static func double(from value: Any) -> Double? {
        switch value {
        case let number as Double: number
        case let number as CGFloat: Double(number)
        case let number as Float: Double(number)
        case let number as Int: Double(number)
        case let number as NSNumber: number.doubleValue
        default: nil
        }
    }

    private static func geometry(in value: Any) -> BoxedGeometry? {
        guard let boxed = value as? NSValue, !(value is NSNumber) else { return nil }
        return unboxGeometry(boxed)
    }
}
