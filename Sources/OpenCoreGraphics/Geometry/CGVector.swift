import Foundation

/// A two-dimensional vector, Apple's CoreGraphics `CGVector`, which Foundation on Linux lacks.
public struct CGVector: Equatable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The x component.
    public var dx: CGFloat
    /// The y component.
    public var dy: CGFloat

    /// The zero vector.
    public init() {
        self.init(dx: 0, dy: 0)
    }

    /// Creates a vector from `CGFloat` components.
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    /// Creates a vector from `Double` components.
    public init(dx: Double, dy: Double) {
        self.init(dx: CGFloat(dx), dy: CGFloat(dy))
    }

    /// Creates a vector from integer components.
    public init(dx: Int, dy: Int) {
        self.init(dx: CGFloat(dx), dy: CGFloat(dy))
    }

    /// The vector `(0, 0)`.
    public static var zero: CGVector { CGVector(dx: 0, dy: 0) }

    /// `(dx, dy)` printed as `CGVector(dx: 1.0, dy: 2.0)`, as Apple's struct prints.
    public var description: String { "CGVector(dx: \(dx), dy: \(dy))" }
}
