import Foundation
import OpenCoreGraphics

// iOS code boxes animation values with UIKit's and Core Animation's NSValue spellings. Linux
// Foundation has `NSValue(point:)`, `(size:)`, `(rect:)` with Apple's type encodings, so the
// UIKit names forward to those; it cannot box other structs (`NSValue(bytes:objCType:)` traps
// on any `{…}` encoding), so transforms get NSValue subclasses of their own that report
// Apple's encodings.

extension NSValue {
    /// Creates a value holding a point. UIKit's spelling of `NSValue(point:)`.
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }

    /// Creates a value holding a size. UIKit's spelling of `NSValue(size:)`.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }

    /// Creates a value holding a rectangle. UIKit's spelling of `NSValue(rect:)`.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

    /// Creates a value holding a 3D transform, with objCType `{CATransform3D=dddddddddddddddd}`.
    public convenience init(caTransform3D transform: CATransform3D) {
        guard let boxed = Transform3DValue(transform) as? Self else {
            misuse("NSValue(caTransform3D:) makes an NSValue, not a \(Self.self)")
        }
        self.init(replacingWith: boxed)
    }

    /// Creates a value holding an affine transform, with objCType `{CGAffineTransform=dddddd}`.
    public convenience init(cgAffineTransform transform: CGAffineTransform) {
        guard let boxed = AffineTransformValue(transform) as? Self else {
            misuse("NSValue(cgAffineTransform:) makes an NSValue, not a \(Self.self)")
        }
        self.init(replacingWith: boxed)
    }

    /// The point this value holds.
    ///
    /// - Precondition: the value holds a `CGPoint` (Apple reinterprets the bytes instead).
    public var cgPointValue: CGPoint {
        requireType(pointEncoding, "CGPoint")
        return pointValue
    }

    /// The size this value holds.
    ///
    /// - Precondition: the value holds a `CGSize`.
    public var cgSizeValue: CGSize {
        requireType(sizeEncoding, "CGSize")
        return sizeValue
    }

    /// The rectangle this value holds.
    ///
    /// - Precondition: the value holds a `CGRect`.
    public var cgRectValue: CGRect {
        requireType(rectEncoding, "CGRect")
        return rectValue
    }

    /// The 3D transform this value holds.
    ///
    /// - Precondition: the value was made by `NSValue(caTransform3D:)`.
    public var caTransform3DValue: CATransform3D {
        guard let boxed = self as? Transform3DValue else { wrongType("CATransform3D") }
        return boxed.transform
    }

    /// The affine transform this value holds.
    ///
    /// - Precondition: the value was made by `NSValue(cgAffineTransform:)`.
    public var cgAffineTransformValue: CGAffineTransform {
        guard let boxed = self as? AffineTransformValue else { wrongType("CGAffineTransform") }
        return boxed.transform
    }

    private func requireType(_ encoding: UnsafePointer<CChar>, _ name: String) {
        if strcmp(objCType, encoding) != 0 { wrongType(name) }
    }

    private func wrongType(_ name: String) -> Never {
        misuse("this NSValue holds \(String(cString: objCType)), not a \(name)")
    }
}

/// A geometry value recognised inside an `NSValue`, for converting animation values.
package enum BoxedGeometry: Equatable, Sendable {
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case transform3D(CATransform3D)
    case affine(CGAffineTransform)
}

/// The geometry `value` holds, recognised by its objCType, or nil for anything else
/// (numbers included).
package func unboxGeometry(_ value: NSValue) -> BoxedGeometry? {
    if let boxed = value as? Transform3DValue { return .transform3D(boxed.transform) }
    if let boxed = value as? AffineTransformValue { return .affine(boxed.transform) }
    let type = value.objCType
    if strcmp(type, pointEncoding) == 0 { return .point(value.pointValue) }
    if strcmp(type, sizeEncoding) == 0 { return .size(value.sizeValue) }
    if strcmp(type, rectEncoding) == 0 { return .rect(value.rectValue) }
    return nil
}

// Objective-C type encodings, as `@encode` spells them on 64-bit Apple platforms.
private var pointEncoding: UnsafePointer<CChar> { cString("{CGPoint=dd}") }
private var sizeEncoding: UnsafePointer<CChar> { cString("{CGSize=dd}") }
private var rectEncoding: UnsafePointer<CChar> { cString("{CGRect={CGPoint=dd}{CGSize=dd}}") }
private var transform3DEncoding: UnsafePointer<CChar> { cString("{CATransform3D=dddddddddddddddd}") }
private var affineEncoding: UnsafePointer<CChar> { cString("{CGAffineTransform=dddddd}") }

/// A static string's bytes as a C string: literals are stored null-terminated and live forever.
private func cString(_ string: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(string.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// Lets an `NSValue` initialiser return an instance of a subclass, the way Foundation's own
/// class-cluster initialisers do: a protocol-extension initialiser may assign to `self`.
private protocol SubstitutableValue {}
extension NSValue: SubstitutableValue {}
extension SubstitutableValue {
    fileprivate init(replacingWith replacement: Self) { self = replacement }
}

/// An NSValue holding a `CATransform3D`.
//
// `@unchecked Sendable`: `NSValue` is declared Sendable-unchecked on Linux; this adds a `let`.
private final class Transform3DValue: NSValue, @unchecked Sendable {
    let transform: CATransform3D

    init(_ transform: CATransform3D) {
        self.transform = transform
        super.init()
    }

    required init(bytes value: UnsafeRawPointer, objCType type: UnsafePointer<CChar>) {
        require(strcmp(type, transform3DEncoding) == 0, "not a CATransform3D encoding: \(String(cString: type))")
        transform = value.loadUnaligned(as: CATransform3D.self)
        super.init()
    }

    required init?(coder: NSCoder) { return nil }

    override var objCType: UnsafePointer<CChar> { transform3DEncoding }

    override func getValue(_ value: UnsafeMutableRawPointer) {
        value.storeBytes(of: transform, as: CATransform3D.self)
    }

    override func isEqual(_ object: Any?) -> Bool {
        (object as? Transform3DValue)?.transform == transform
    }

    override var hash: Int { transform.hashValue }

    override var description: String {
        let t = transform
        return "CATransform3D: {{\(t.m11), \(t.m12), \(t.m13), \(t.m14)}, {\(t.m21), \(t.m22), \(t.m23), \(t.m24)}, "
            + "{\(t.m31), \(t.m32), \(t.m33), \(t.m34)}, {\(t.m41), \(t.m42), \(t.m43), \(t.m44)}}"
    }
}

/// An NSValue holding a `CGAffineTransform`.
//
// `@unchecked Sendable`: as for `Transform3DValue`.
private final class AffineTransformValue: NSValue, @unchecked Sendable {
    let transform: CGAffineTransform

    init(_ transform: CGAffineTransform) {
        self.transform = transform
        super.init()
    }

    required init(bytes value: UnsafeRawPointer, objCType type: UnsafePointer<CChar>) {
        require(strcmp(type, affineEncoding) == 0, "not a CGAffineTransform encoding: \(String(cString: type))")
        transform = value.loadUnaligned(as: CGAffineTransform.self)
        super.init()
    }

    required init?(coder: NSCoder) { return nil }

    override var objCType: UnsafePointer<CChar> { affineEncoding }

    override func getValue(_ value: UnsafeMutableRawPointer) {
        value.storeBytes(of: transform, as: CGAffineTransform.self)
    }

    override func isEqual(_ object: Any?) -> Bool {
        (object as? AffineTransformValue)?.transform == transform
    }

    override var hash: Int { transform.hashValue }

    override var description: String {
        let t = transform
        return "CGAffineTransform: {{\(t.a), \(t.b), \(t.c), \(t.d)}, {\(t.tx), \(t.ty)}}"
    }
}
