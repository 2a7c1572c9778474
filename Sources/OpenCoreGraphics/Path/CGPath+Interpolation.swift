import Foundation

extension CGPath {
    /// The path a fraction `f` of the way from `a` to `b`, point by point, when the two have
    /// the same sequence of elements (how Core Animation interpolates `CAShapeLayer.path`); nil
    /// when they differ.
    ///
    /// With `reused`, the elements are written into that path rather than a new one: the
    /// caller must be the only holder of it (a path never handed out since, or one whose every
    /// other holder let go), since a `CGPath` is otherwise never changed. Its element storage is
    /// kept, so a path of the same length is written without allocating.
    package static func interpolating(_ a: CGPath, _ b: CGPath, fraction f: Double, into reused: CGPath? = nil)
        -> CGPath?
    {
        let first = a.storage.elements
        let second = b.storage.elements
        guard first.count == second.count else { return nil }
        var storage = PathStorage()
        if let reused {
            // Taken out, so that the array is uniquely held while it is written.
            swap(&storage, &reused.storage)
            storage.removeAll()
        }
        storage.reserveCapacity(first.count)
        for index in first.indices {
            guard let element = first[index].interpolated(to: second[index], fraction: CGFloat(f)) else {
                if let reused { reused.storage = storage }
                return nil
            }
            storage.append(element)
        }
        guard let reused else { return CGPath(storage: storage) }
        reused.storage = storage
        return reused
    }
}

extension PathElement {
    /// The element a fraction `f` of the way to `other`, which must be of the same kind.
    fileprivate func interpolated(to other: PathElement, fraction f: CGFloat) -> PathElement? {
        func mix(_ p: CGPoint, _ q: CGPoint) -> CGPoint { CGPoint(x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f) }
        switch (self, other) {
        case let (.move(p), .move(q)): return .move(to: mix(p, q))
        case let (.line(p), .line(q)): return .line(to: mix(p, q))
        case let (.quadCurve(p, c), .quadCurve(q, d)): return .quadCurve(to: mix(p, q), control: mix(c, d))
        case let (.curve(p, c1, c2), .curve(q, d1, d2)):
            return .curve(to: mix(p, q), control1: mix(c1, d1), control2: mix(c2, d2))
        case (.closeSubpath, .closeSubpath): return .closeSubpath
        default: return nil
        }
    }
}
