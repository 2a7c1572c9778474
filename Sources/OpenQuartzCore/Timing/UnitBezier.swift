/// A cubic Bézier curve from (0, 0) to (1, 1), read as a function y(x).
///
/// The curve is `B(t) = 3(1−t)²t·P1 + 3(1−t)t²·P2 + t³` for `t` in [0, 1]. Its x and y
/// components are kept as polynomial coefficients, `x(t) = ((ax·t + bx)·t + cx)·t`, as
/// WebKit's `UnitBezier.h` does, so that sampling costs three multiplies and adds.
/// Everything here is a pure function of a few `Double`s: no allocation, safe to call on the
/// per-frame path.
///
/// The x coordinates of the control points must lie in [0, 1] (``CAMediaTimingFunction``
/// checks that); then x(t) is monotonic and every x has exactly one y.
package struct UnitBezier: Sendable, Equatable {
    package static func == (lhs: UnitBezier, rhs: UnitBezier) -> Bool {
        lhs.x1 == rhs.x1 && lhs.y1 == rhs.y1 && lhs.x2 == rhs.x2 && lhs.y2 == rhs.y2
    }

    /// The first control point.
    package let x1: Double, y1: Double
    /// The second control point.
    package let x2: Double, y2: Double

    @usableFromInline let ax: Double, bx: Double, cx: Double
    @usableFromInline let ay: Double, by: Double, cy: Double
    /// x(t) at t = 0, 0.1, …, 1: interpolating in it gives Newton a start within about 1e-3
    /// of the answer, so it converges in two or three steps instead of four to six.
    @usableFromInline let samples: InlineArray<11, Double>

    /// How close x(t) must come to the requested x before `solve` stops. DESIGN.md asks for
    /// better than 1e-7; a hundred times tighter costs one more Newton step at most.
    @usableFromInline static var epsilon: Double { 1e-10 }

    /// Creates the curve with control points (x1, y1) and (x2, y2).
    @inlinable
    package init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        // Expanding the Bernstein form: c = 3·P1, b = 3·(P2 − P1) − c, a = 1 − c − b.
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
        let (a, b, c) = (ax, bx, cx)
        samples = InlineArray { index in
            let t = Double(index) / 10
            return ((a * t + b) * t + c) * t
        }
    }

    /// The linear curve, y = x.
    package static let linear = UnitBezier(x1: 0, y1: 0, x2: 1, y2: 1)

    /// x(t).
    @inlinable
    package func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }

    /// y(t).
    @inlinable
    package func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }

    /// dx/dt at t.
    @inlinable
    package func derivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The parameter t at which x(t) = x, for x in [0, 1], to within 1e-10 in x and then one
    /// Newton step closer (``polished(_:error:x:)``).
    ///
    /// Newton–Raphson from t = x converges in two to four steps on ordinary curves; where the
    /// curve is flat in x (dx/dt near zero, as for (1, 0, 0, 1) at its middle or (0, 1, 1, 0)
    /// at its ends) Newton can stall or leave [0, 1], so bisection on [0, 1] finishes the job.
    @inlinable
    package func parameter(forX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var t = initialGuess(forX: x)
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < Self.epsilon { return polished(t, error: error, x: x) }
            let slope = derivativeX(t)
            if abs(slope) < 1e-6 { break }
            let next = t - error / slope
            if next < 0 || next > 1 { break }
            t = next
        }
        // x(t) is non-decreasing on [0, 1] when x1 and x2 are in [0, 1], so bisection is safe.
        var low = 0.0
        var high = 1.0
        t = x
        for _ in 0..<100 {
            let value = sampleX(t)
            if abs(value - x) < Self.epsilon { return t }
            if value < x { low = t } else { high = t }
            t = (low + high) * 0.5
            if high - low <= 1e-16 { break }
        }
        return t
    }

    /// One more Newton step from a t already within `epsilon` of x: it lands on the root to
    /// about the rounding of x(t), so the answer no longer depends on where Newton started
    /// (``parameter(forX:near:)`` starts from the last frame's answer and must agree with this).
    @inlinable @inline(__always)
    func polished(_ t: Double, error: Double, x: Double) -> Double {
        polynomial.polished(t, error: error, x: x)
    }

    /// The parameter t at which x(t) = x, for x strictly inside (0, 1), starting Newton from
    /// `guess` — the answer for a nearby x, such as the same curve's at the previous frame. As
    /// exact as ``parameter(forX:)`` whatever the guess: see ``BezierPolynomial/parameter(forX:near:)``.
    @inlinable
    package func parameter(forX x: Double, near guess: Double) -> Double {
        polynomial.parameter(forX: x, near: guess) ?? parameter(forX: x)
    }

    /// The curve's polynomial coefficients alone, 48 bytes, for tables read every frame.
    @inlinable
    package var polynomial: BezierPolynomial {
        BezierPolynomial(ax: ax, bx: bx, cx: cx, ay: ay, by: by, cy: cy)
    }

    /// A starting t for Newton: linear interpolation in the table of samples.
    @inlinable
    func initialGuess(forX x: Double) -> Double {
        var index = 1
        while index < 10, samples[index] < x { index += 1 }
        let low = samples[index - 1]
        let span = samples[index] - low
        guard span > 1e-12 else { return Double(index) / 10 }
        return (Double(index - 1) + (x - low) / span) / 10
    }

    /// y for the given x. x below 0 gives 0 and x above 1 gives 1, the curve's end points.
    @inlinable
    package func solve(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return sampleY(parameter(forX: x))
    }
}

/// The polynomial coefficients of a ``UnitBezier``, `x(t) = ((ax·t + bx)·t + cx)·t` and
/// likewise y, without its table of samples: what a frame's loop over many distinct curves reads.
package struct BezierPolynomial: Sendable, Equatable {
    @usableFromInline let ax: Double, bx: Double, cx: Double
    @usableFromInline let ay: Double, by: Double, cy: Double

    @inlinable
    init(ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double) {
        (self.ax, self.bx, self.cx, self.ay, self.by, self.cy) = (ax, bx, cx, ay, by, cy)
    }

    /// x(t) = y(t) = t: a stand-in that every step handles without a NaN.
    @inlinable
    package static var identity: BezierPolynomial { BezierPolynomial(ax: 0, bx: 0, cx: 1, ay: 0, by: 0, cy: 1) }

    /// x(t).
    @inlinable @inline(__always)
    package func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }

    /// y(t).
    @inlinable @inline(__always)
    package func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }

    /// dx/dt at t.
    @inlinable @inline(__always)
    package func derivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The parameter t at which x(t) = x, for x strictly inside (0, 1), by Newton from `guess`
    /// (the answer for a nearby x, such as the same curve's at the previous frame); nil when
    /// that does not arrive, and then ``UnitBezier/parameter(forX:)`` must answer.
    ///
    /// Two Newton steps from a guess that close bring x(t) within ``UnitBezier``'s epsilon;
    /// then the same polishing step as ``UnitBezier/parameter(forX:)`` takes, so both land on
    /// the root to about the rounding of x(t). The steps are taken without tests, so there is
    /// no branch to mispredict; a far or NaN guess, or a flat stretch of the curve, fails the
    /// one test at the end.
    @inlinable @inline(__always)
    package func parameter(forX x: Double, near guess: Double) -> Double? {
        var t = guess
        t -= (sampleX(t) - x) / derivativeX(t)
        t -= (sampleX(t) - x) / derivativeX(t)
        let error = sampleX(t) - x
        // Written so that a NaN fails it.
        guard abs(error) < UnitBezier.epsilon, t >= 0, t <= 1 else { return nil }
        return polished(t, error: error, x: x)
    }

    /// One Newton step from t, whose x(t) is `error` from `x`, kept only when it stays in
    /// [0, 1] and brings x(t) closer: where the curve is nearly flat in x the step can
    /// overshoot by more than it gains.
    @inlinable @inline(__always)
    func polished(_ t: Double, error: Double, x: Double) -> Double {
        let slope = derivativeX(t)
        guard abs(slope) >= 1e-6 else { return t }
        let next = t - error / slope
        guard next >= 0, next <= 1, abs(sampleX(next) - x) <= abs(error) else { return t }
        return next
    }
}

// MARK: - Slope

extension UnitBezier {
    /// dy/dx at x: the curve's rate of progress, used to carry velocity from a timing curve
    /// into a spring or a following animation.
    ///
    /// Where dx/dt and dy/dt vanish together (an end point whose neighbouring control point
    /// sits on it, as for `linear` or `easeOut` at x = 0) the slope is the limit along the curve,
    /// taken from the first derivatives that do not vanish. Where only dx/dt vanishes the curve
    /// is vertical and the slope is ±infinity; (0, 1, 1, 0) at x = 0 is such a point.
    @inlinable
    package func slope(atX x: Double) -> Double {
        let t = parameter(forX: min(max(x, 0), 1))
        // The Bernstein form is exact at t = 0 and t = 1, where the expanded polynomial leaves
        // rounding residue of order 1e-16 that would turn a 0/0 limit into noise.
        let dx = Self.bernsteinDerivative(t, p1: x1, p2: x2)
        let dy = Self.bernsteinDerivative(t, p1: y1, p2: y2)
        let tiny = 1e-12
        if abs(dx) > tiny || abs(dy) > tiny {
            if abs(dx) > tiny { return dy / dx }
            return dy > 0 ? .infinity : -.infinity
        }
        let ddx = Self.bernsteinSecondDerivative(t, p1: x1, p2: x2)
        let ddy = Self.bernsteinSecondDerivative(t, p1: y1, p2: y2)
        if abs(ddx) > tiny || abs(ddy) > tiny {
            if abs(ddx) > tiny { return ddy / ddx }
            return ddy > 0 ? .infinity : -.infinity
        }
        // Both control points on the end point: the third derivatives, 6(1 − 3·p2 + 3·p1).
        let dddx = 1 - 3 * x2 + 3 * x1
        let dddy = 1 - 3 * y2 + 3 * y1
        return abs(dddx) > tiny ? dddy / dddx : 1
    }

    /// d/dt of one coordinate of the curve: 3[(1−t)²·p1 + 2(1−t)t·(p2 − p1) + t²·(1 − p2)].
    @inlinable
    static func bernsteinDerivative(_ t: Double, p1: Double, p2: Double) -> Double {
        let s = 1 - t
        return 3 * (s * s * p1 + 2 * s * t * (p2 - p1) + t * t * (1 - p2))
    }

    /// d²/dt² of one coordinate of the curve: 6[(1−t)(p2 − 2·p1) + t(1 − 2·p2 + p1)].
    @inlinable
    static func bernsteinSecondDerivative(_ t: Double, p1: Double, p2: Double) -> Double {
        6 * ((1 - t) * (p2 - 2 * p1) + t * (1 - 2 * p2 + p1))
    }
}
