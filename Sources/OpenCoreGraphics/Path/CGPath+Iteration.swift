import Foundation

extension CGPath {
    /// Calls `block` once per element, in order, with Apple's pointer-based element.
    ///
    /// The element and its points are valid only during the call. Apple's parameter is an
    /// Objective-C block; here it is a plain non-escaping closure, which accepts the same
    /// trailing-closure code.
    ///
    ///     path.applyWithBlock { element in
    ///         if element.pointee.type == .moveToPoint { print(element.pointee.points[0]) }
    ///     }
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        withUnsafeTemporaryAllocation(of: CGPoint.self, capacity: 3) { buffer in
            let points = buffer.baseAddress!
            buffer.initialize(repeating: .zero)
            for element in storage.elements {
                var pathElement = CGPathElement(type: Self.load(element, into: points), points: points)
                withUnsafePointer(to: &pathElement) { block($0) }
            }
        }
    }

    /// Calls `function` once per element with `info`, as `CGPathApply`.
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { element in function(info, element) }
    }

    /// Writes the element's points into `points` in Apple's order (controls first, end point
    /// last) and returns its type.
    private static func load(_ element: PathElement, into points: UnsafeMutablePointer<CGPoint>) -> CGPathElementType {
        switch element {
        case .move(let to):
            points[0] = to
            return .moveToPoint
        case .line(let to):
            points[0] = to
            return .addLineToPoint
        case .quadCurve(let to, let control):
            points[0] = control
            points[1] = to
            return .addQuadCurveToPoint
        case .curve(let to, let control1, let control2):
            points[0] = control1
            points[1] = control2
            points[2] = to
            return .addCurveToPoint
        case .closeSubpath:
            return .closeSubpath
        }
    }
}
