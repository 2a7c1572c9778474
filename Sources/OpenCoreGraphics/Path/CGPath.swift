import Foundation

/// An immutable graphics path: moves, lines, quadratic and cubic Bézier curves and closes.
///
/// As on Apple platforms, `CGPath` objects never change once made; build one with
/// ``CGMutablePath`` and take an immutable ``copy()``. Equality compares the elements, as
/// `CGPathEqualToPath` does, and is exact.
///
/// `@unchecked Sendable` is safe for `CGPath` itself because nothing mutates its storage after
/// initialization. The subclass ``CGMutablePath`` inherits the conformance (Swift does not let
/// a subclass drop it), but is not safe to share while it is being mutated.
public class CGPath: Equatable, Hashable, CustomStringConvertible, @unchecked Sendable {
    // Only CGMutablePath's methods write this, and only on mutable instances.
    var storage: PathStorage

    init(storage: PathStorage) {
        self.storage = storage
    }

    private static func building(_ build: (inout PathStorage) -> Void) -> PathStorage {
        var storage = PathStorage()
        build(&storage)
        return storage
    }

    /// Creates a path holding one rectangle, as ``CGMutablePath/addRect(_:transform:)`` adds it.
    ///
    ///     let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let t = transform?.pointee ?? .identity
        self.init(storage: Self.building { $0.addRect(rect, transform: t) })
    }

    /// Creates a path holding the ellipse inscribed in `rect`, as
    /// ``CGMutablePath/addEllipse(in:transform:)`` adds it.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let t = transform?.pointee ?? .identity
        self.init(storage: Self.building { $0.addEllipse(in: rect, transform: t) })
    }

    /// Creates a path holding a rounded rectangle, as
    /// ``CGMutablePath/addRoundedRect(in:cornerWidth:cornerHeight:transform:)`` adds it.
    ///
    /// Traps when a corner size is negative or more than half the rectangle, as Apple's does.
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: UnsafePointer<CGAffineTransform>?
    ) {
        let t = transform?.pointee ?? .identity
        self.init(
            storage: Self.building {
                $0.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: t)
            })
    }

    /// The path's elements in order, in Swift form.
    ///
    /// An addition to Apple's API: the animation engine and the renderer walk paths through
    /// it. Reading it does not copy the elements.
    public var elements: [PathElement] { storage.elements }

    /// Returns an immutable copy of the path.
    ///
    /// An immutable path returns itself, as CoreFoundation copies of immutable objects do.
    public func copy() -> CGPath? {
        type(of: self) == CGPath.self ? self : CGPath(storage: storage)
    }

    /// Returns an immutable copy of the path with every point mapped through `transform`
    /// (or an unchanged copy when it is `nil`).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let t = transform?.pointee, !t.isIdentity else { return copy() }
        return CGPath(storage: transformedStorage(t))
    }

    /// Returns a mutable copy of the path.
    public func mutableCopy() -> CGMutablePath? {
        CGMutablePath(storage: storage)
    }

    /// Returns a mutable copy of the path with every point mapped through `transform`.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        guard let t = transform?.pointee, !t.isIdentity else { return mutableCopy() }
        return CGMutablePath(storage: transformedStorage(t))
    }

    private func transformedStorage(_ t: CGAffineTransform) -> PathStorage {
        var result = PathStorage()
        for element in storage.elements {
            result.append(element, transform: t)
        }
        return result
    }

    /// Whether two paths have the same elements with exactly equal points.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs === rhs || lhs.storage.elements == rhs.storage.elements
    }

    /// Hashes the elements, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.elements)
    }

    /// A listing in the shape of Apple's: `Path 0x…:` then one line per element
    /// (`moveto (x, y)`, `lineto`, `quadto`, `curveto` with controls first, `closepath`).
    public var description: String {
        var lines = ["Path \(objectAddress(self)):"]
        func show(_ p: CGPoint) -> String {
            "(\(String(format: "%g", Double(p.x))), \(String(format: "%g", Double(p.y))))"
        }
        for element in storage.elements {
            switch element {
            case .move(let to): lines.append("  moveto \(show(to))")
            case .line(let to): lines.append("    lineto \(show(to))")
            case .quadCurve(let to, let control): lines.append("    quadto \(show(control)) \(show(to))")
            case .curve(let to, let c1, let c2): lines.append("    curveto \(show(c1)) \(show(c2)) \(show(to))")
            case .closeSubpath: lines.append("    closepath")
            }
        }
        return lines.joined(separator: "\n")
    }
}
