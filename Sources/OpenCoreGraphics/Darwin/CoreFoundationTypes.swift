// Core Foundation's type identity, which iOS code uses to tell a `CGColor` from other values
// it holds as `AnyObject` (`CFGetTypeID(value as CFTypeRef) == CGColor.typeID`). Foundation
// on Linux keeps Core Foundation to itself, so these are declared here for the Core Graphics
// types.

/// Any Core Foundation object: any class instance here.
public typealias CFTypeRef = AnyObject

/// The number naming an object's Core Foundation type.
public typealias CFTypeID = UInt

/// The type of `object`: the Core Graphics types' own numbers (``CGColor/typeID``,
/// ``CGPath/typeID`` for mutable paths too, ``CGImage/typeID``, ``CGGradient/typeID``,
/// ``CGColorSpace/typeID``, ``CGContext/typeID``), and one number for each other class.
/// Apple assigns the numbers at run time; only their equality means anything.
public func CFGetTypeID(_ object: CFTypeRef?) -> CFTypeID {
    switch object {
    case nil: 0
    case is CGColor: CGColor.typeID
    case is CGPath: CGPath.typeID
    case is CGImage: CGImage.typeID
    case is CGGradient: CGGradient.typeID
    case is CGColorSpace: CGColorSpace.typeID
    case is CGContext: CGContext.typeID
    case let object?: CFTypeID(UInt(bitPattern: ObjectIdentifier(type(of: object)).hashValue) | 1 << 63)
    }
}

extension CGColor {
    /// Colours' Core Foundation type (``CFGetTypeID(_:)``).
    public static var typeID: CFTypeID { 0x100 }
}

extension CGPath {
    /// Paths' Core Foundation type, mutable ones' too (``CFGetTypeID(_:)``).
    public static var typeID: CFTypeID { 0x101 }
}

extension CGImage {
    /// Images' Core Foundation type (``CFGetTypeID(_:)``).
    public static var typeID: CFTypeID { 0x102 }
}

extension CGGradient {
    /// Gradients' Core Foundation type (``CFGetTypeID(_:)``).
    public static var typeID: CFTypeID { 0x103 }
}

extension CGColorSpace {
    /// Colour spaces' Core Foundation type (``CFGetTypeID(_:)``).
    public static var typeID: CFTypeID { 0x104 }
}

extension CGContext {
    /// Contexts' Core Foundation type (``CFGetTypeID(_:)``).
    public static var typeID: CFTypeID { 0x105 }
}
