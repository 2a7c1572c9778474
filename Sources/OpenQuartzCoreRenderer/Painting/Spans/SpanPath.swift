import Foundation
import OpenCoreGraphics

extension SpanRasterizer {
    /// Adds every subpath of `path`, mapped to target pixels by `transform`, as closed contours
    /// (a fill closes each subpath), its curves flattened into chords that stay within
    /// ``flatteningTolerance`` of them on the target.
    func add(_ path: CGPath, transform: CGAffineTransform) {
        let (a, b, c, d) = (Double(transform.a), Double(transform.b), Double(transform.c), Double(transform.d))
        let (tx, ty) = (Double(transform.tx), Double(transform.ty))
        func place(_ point: CGPoint) -> SIMD2<Double> {
            let (x, y) = (Double(point.x), Double(point.y))
            return SIMD2(a * x + c * y + tx, b * x + d * y + ty)
        }
        var start = SIMD2<Double>(0, 0)
        var current = start
        // After a close, a segment without a move starts a new subpath at the closed one's start.
        var startsAgain = false
        for element in path.elements {
            switch element {
            case .move(let to):
                closeContour()
                startsAgain = false
                start = place(to)
                current = start
                add(start)
            case .line(let to):
                if startsAgain { add(start) }
                startsAgain = false
                current = place(to)
                add(current)
            case .quadCurve(let to, let control):
                if startsAgain { add(start) }
                startsAgain = false
                // The cubic with the control points two thirds of the way to the quadratic's.
                let end = place(to)
                let middle = place(control)
                addCubic(current, current + (middle - current) * (2 / 3), end + (middle - end) * (2 / 3), end)
                current = end
            case .curve(let to, let control1, let control2):
                if startsAgain { add(start) }
                startsAgain = false
                let end = place(to)
                addCubic(current, place(control1), place(control2), end)
                current = end
            case .closeSubpath:
                closeContour()
                current = start
                startsAgain = true
            }
        }
        closeContour()
    }

    /// Adds the points of a cubic Bézier after `p0`, in as many even steps of its parameter as
    /// keep every chord within ``flatteningTolerance`` of the curve: n = √(3 · M / (4 · tolerance)),
    /// M the largest second difference of the control points (Wang's bound).
    private func addCubic(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>) {
        func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }
        let bend = max(length(p0 - 2 * p1 + p2), length(p1 - 2 * p2 + p3))
        let wanted = (0.75 * bend / Self.flatteningTolerance).squareRoot().rounded(.up)
        // Not a number (a point at infinity) draws one chord; the rasteriser drops the polygon.
        let steps = wanted >= 1 ? Int(min(wanted, 1024)) : 1
        let step = 1 / Double(steps)
        for index in 1..<steps {
            let t = Double(index) * step
            let u = 1 - t
            add(p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t))
        }
        add(p3)
    }
}
