import Foundation
import OpenQuartzCore
import Testing

/// `sineAndCosine`, which turns transform parts in the render tree, against `sin` and `cos`.
@Suite struct SineAndCosineTests {
    /// Within 2.3e-16 of `sin` and `cos` (about an ulp of numbers near 1) for angles of
    /// every quadrant, small and large, through the largest reduced in place.
    @Test(arguments: [(-4.0, 4.0), (-1e-3, 1e-3), (-40_000.0, 40_000.0), (65_000.0, 65_535.9)])
    func agreesWithSineAndCosine(range: (Double, Double)) {
        let count = 200_000
        var worst = 0.0
        var worstAngle = 0.0
        for index in 0...count {
            let x = range.0 + (range.1 - range.0) * Double(index) / Double(count)
            let (s, c) = sineAndCosine(x)
            let error = max(abs(s - sin(x)), abs(c - cos(x)))
            if error > worst { (worst, worstAngle) = (error, x) }
        }
        #expect(worst <= 2.3e-16, "error \(worst) at \(worstAngle)")
    }

    /// Exact where the answer is: 0, and the quadrant signs at multiples of π/2.
    @Test func quadrantsHaveTheirSigns() {
        #expect(sineAndCosine(0) == (0, 1))
        for (turn, sine, cosine) in [(0.5, 1.0, 0.0), (1.0, 0.0, -1.0), (1.5, -1.0, 0.0), (-0.5, -1.0, 0.0)] {
            let (s, c) = sineAndCosine(turn * .pi)
            #expect(abs(s - sine) < 1e-15 && abs(c - cosine) < 1e-15, "\(turn)π: \(s), \(c)")
        }
    }

    /// Angles beyond the in-place reduction, infinities and NaN give what `sin` and `cos` give.
    @Test func largeAnglesAndNonFiniteTakeTheLibrary() {
        for x in [65_536.0, -1e9, 3e300] {
            let (s, c) = sineAndCosine(x)
            #expect(s == sin(x) && c == cos(x), "\(x)")
        }
        #expect(sineAndCosine(.infinity).sin.isNaN && sineAndCosine(.nan).cos.isNaN)
    }
}
