/// Four ``BezierPolynomial``s side by side, one per lane, solved together: a frame with
/// distinct timings solves a curve per animation, and each solve is a chain of dependent
/// multiplications and a division per Newton step. Four independent chains in the same
/// instructions keep the arithmetic units busy where one chain waits on each result.
///
/// Every lane's arithmetic is the scalar methods' own, operation for operation, so that a lane
/// gives exactly what ``BezierPolynomial/parameter(forX:near:)`` and
/// ``BezierPolynomial/sampleY(_:)`` give for its curve.
package struct BezierPolynomials4 {
    let ax: SIMD4<Double>, bx: SIMD4<Double>, cx: SIMD4<Double>
    let ay: SIMD4<Double>, by: SIMD4<Double>, cy: SIMD4<Double>

    /// The four curves, one per lane.
    @inline(__always)
    package init(_ a: BezierPolynomial, _ b: BezierPolynomial, _ c: BezierPolynomial, _ d: BezierPolynomial) {
        ax = SIMD4(a.ax, b.ax, c.ax, d.ax)
        bx = SIMD4(a.bx, b.bx, c.bx, d.bx)
        cx = SIMD4(a.cx, b.cx, c.cx, d.cx)
        ay = SIMD4(a.ay, b.ay, c.ay, d.ay)
        by = SIMD4(a.by, b.by, c.by, d.by)
        cy = SIMD4(a.cy, b.cy, c.cy, d.cy)
    }

    @inline(__always)
    func sampleX(_ t: SIMD4<Double>) -> SIMD4<Double> { ((ax * t + bx) * t + cx) * t }

    @inline(__always)
    package func sampleY(_ t: SIMD4<Double>) -> SIMD4<Double> { ((ay * t + by) * t + cy) * t }

    @inline(__always)
    func derivativeX(_ t: SIMD4<Double>) -> SIMD4<Double> { (3 * ax * t + 2 * bx) * t + cx }

    /// Per lane, ``BezierPolynomial/parameter(forX:near:)``: the parameter, and whether Newton
    /// arrived (where it did not, the lane's parameter is meaningless and the full solve must
    /// answer).
    @inline(__always)
    package func parameters(forX x: SIMD4<Double>, near guess: SIMD4<Double>) -> (t: SIMD4<Double>, arrived: SIMDMask<SIMD4<Int64>>) {
        var t = guess
        t -= (sampleX(t) - x) / derivativeX(t)
        t -= (sampleX(t) - x) / derivativeX(t)
        let error = sampleX(t) - x
        // As the scalar test: written so that a NaN fails each comparison.
        let arrived =
            magnitude(error) .< SIMD4(repeating: UnitBezier.epsilon) .& (t .>= SIMD4(repeating: 0))
            .& (t .<= SIMD4(repeating: 1))
        // The polishing step, `BezierPolynomial.polished`, kept only where it is kept there.
        let slope = derivativeX(t)
        let next = t - error / slope
        let keeps =
            magnitude(slope) .>= SIMD4(repeating: 1e-6) .& (next .>= SIMD4(repeating: 0)) .& (next .<= SIMD4(repeating: 1))
            .& (magnitude(sampleX(next) - x) .<= magnitude(error))
        return (t.replacing(with: next, where: keeps), arrived)
    }

    /// Lane by lane, `abs`.
    @inline(__always)
    private func magnitude(_ v: SIMD4<Double>) -> SIMD4<Double> { v.replacing(with: -v, where: v .< 0) }
}
