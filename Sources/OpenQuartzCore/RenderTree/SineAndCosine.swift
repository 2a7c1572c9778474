import Foundation

/// The sine and cosine of `x` together, within an ulp or two of `sin` and `cos` (2.3e-16 at
/// most, tests check it), in about half their time: one range reduction for both, then
/// fdlibm's kernel polynomials on [−π/4, π/4]. A frame that turns many layers
/// (`transform.rotation.z` in the vector lane) spends a fifth of its capture on sines and
/// cosines otherwise.
///
/// The reduction subtracts multiples of π/2 in two parts (fdlibm's `pio2_1`, 33 bits, and
/// `pio2_1t`), exact while the multiple has at most 16 bits: larger angles, infinities and
/// NaN take `sin` and `cos`.
@inline(__always)
package func sineAndCosine(_ x: Double) -> (sin: Double, cos: Double) {
    guard abs(x) < 65_536 else { return (sin(x), cos(x)) }
    let quadrant = (x * (2 / Double.pi)).rounded(.toNearestOrEven)
    let r = (x - quadrant * 1.57079632673412561417e+00) - quadrant * 6.07710050650619224932e-11
    let z = r * r
    let sine =
        r + r * z
        * (-1.66666666666666324348e-01 + z
            * (8.33333333332248946124e-03 + z
                * (-1.98412698298579493134e-04 + z
                    * (2.75573137070700676789e-06 + z
                        * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10)))))
    let cosine =
        1 - 0.5 * z + z * z
        * (4.16666666666666019037e-02 + z
            * (-1.38888888888741095749e-03 + z
                * (2.48015872894767294178e-05 + z
                    * (-2.75573143513906633035e-07 + z
                        * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11)))))
    switch Int(quadrant) & 3 {
    case 0: return (sine, cosine)
    case 1: return (cosine, -sine)
    case 2: return (-sine, -cosine)
    default: return (-cosine, sine)
    }
}
