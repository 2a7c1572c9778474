import Foundation
import OpenCoreGraphics

/// Where a gradient layer's colours are blended.
///
/// Core Animation's `render(in:)` blends a `CAGradientLayer`'s colours in Generic RGB — the
/// old Mac working space, with the Trinitron primaries and a gamma of 1.8 — and not in sRGB,
/// where its other colours live. Two things follow, and both show in Apple's own pictures of
/// lottie-ios's samples (`../shared/lottie-corpus`: `LottieFiles-gradient_pill`,
/// `Issues-issue_2206`, `Issues-issue_1717`):
///
/// - a stop's colour outside that gamut is clipped into it, so a saturated blue or violet
///   gains green: sRGB (0.8, 0, 1) is drawn as (0.8, 0.23, 1), and a violet stop
///   (0.855, 0.133, 1) as (0.855, 0.235, 1) — while a shape layer filled with the same
///   colours keeps them;
/// - between stops the ramp bows as gamma 1.8 values do: half-way from red 0.5 to 0 it is
///   0.33, not 0.25.
///
/// That model reproduces those pictures' gradients to within 1.5 levels of 8 bits. The
/// blended ramp keeps its stops in sRGB for everything that reads it (Cairo's patterns, the
/// colour tables, a masked pair's merged ramp): each span between two stops becomes straight
/// sRGB pieces that follow the Generic RGB blend.
extension ColorRamp {
    /// This ramp as Core Animation blends it: each colour clipped to Generic RGB's gamut, and
    /// each span between two stops of different colours cut into ``piecesPerSpan`` straight
    /// sRGB pieces along the Generic RGB blend. Alphas are blended as they were, in a
    /// straight line.
    func blendedInGenericRGB() -> ColorRamp {
        // A stop at `location` whose colour is `encoded` in Generic RGB, as sRGB.
        func stop(_ encoded: SIMD3<Double>, at location: Double, alpha: Double) -> Stop {
            let rgb = GenericRGB.sRGB(fromEncoded: encoded)
            return Stop(location: location, red: rgb.x, green: rgb.y, blue: rgb.z, alpha: alpha)
        }
        let encoded = stops.map { GenericRGB.encoded(fromSRGB: SIMD3($0.red, $0.green, $0.blue)) }
        var blended: [Stop] = []
        blended.reserveCapacity(stops.count * Self.piecesPerSpan)
        for index in stops.indices {
            let end = stops[index]
            if index > 0, end.location > stops[index - 1].location, encoded[index] != encoded[index - 1] {
                let start = stops[index - 1]
                for piece in 1..<Self.piecesPerSpan {
                    let fraction = Double(piece) / Double(Self.piecesPerSpan)
                    blended.append(
                        stop(
                            encoded[index - 1] + (encoded[index] - encoded[index - 1]) * fraction,
                            at: start.location + (end.location - start.location) * fraction,
                            alpha: start.alpha + (end.alpha - start.alpha) * fraction))
                }
            }
            blended.append(stop(encoded[index], at: end.location, alpha: end.alpha))
        }
        return ColorRamp(stops: blended)
    }

    /// Straight sRGB pieces a span between two colours is cut into: they follow the Generic RGB
    /// blend to within 0.4 of a level of 8 bits where it bends most (a channel leaving black),
    /// and to a few hundredths elsewhere. The same number for every span, so that colours a
    /// hair apart (a CAML document's rounded numbers) are cut in the same places and draw
    /// the same pixels.
    static let piecesPerSpan = 64
}

/// Apple's Generic RGB: primaries R (0.630, 0.340), G (0.295, 0.605), B (0.155, 0.077), white
/// D65 (as sRGB's, so white stays white), a pure power curve of 1.8.
enum GenericRGB {
    static let gamma = 1.8

    /// Linear sRGB to linear Generic RGB, and back.
    private static let fromSRGB: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) = product(
        inverse(toXYZ(red: (0.630, 0.340), green: (0.295, 0.605), blue: (0.155, 0.077))),
        toXYZ(red: (0.640, 0.330), green: (0.300, 0.600), blue: (0.150, 0.060)))
    private static let toSRGB = inverse(fromSRGB)

    /// An sRGB colour (components outside 0…1 are clamped first) as Generic RGB's
    /// gamma-encoded components, clipped to its gamut.
    static func encoded(fromSRGB rgb: SIMD3<Double>) -> SIMD3<Double> {
        func decode(_ value: Double) -> Double { CGColor.linearFromSRGB(clamped(value)) }
        let linear = apply(fromSRGB, to: SIMD3(decode(rgb.x), decode(rgb.y), decode(rgb.z)))
        return SIMD3(encode(linear.x), encode(linear.y), encode(linear.z))
    }

    /// Generic RGB's gamma-encoded components as sRGB, clamped to 0…1. Both curves are read
    /// from tables of ``curveEntries`` steps, between whose entries they are within a
    /// hundredth of a level of 8 bits of a straight line: a blended span is 63 colours, and six
    /// powers a colour were most of a frame's cost where a Lottie gradient's colours move.
    static func sRGB(fromEncoded encoded: SIMD3<Double>) -> SIMD3<Double> {
        let linear = SIMD3(
            read(gammaCurve, at: encoded.x), read(gammaCurve, at: encoded.y), read(gammaCurve, at: encoded.z))
        let rgb = apply(toSRGB, to: linear)
        return SIMD3(read(sRGBCurve, at: rgb.x), read(sRGBCurve, at: rgb.y), read(sRGBCurve, at: rgb.z))
    }

    private static let curveEntries = 4096
    /// e^1.8, and linear light as sRGB, at i / ``curveEntries``.
    private static let gammaCurve = (0...curveEntries).map { pow(Double($0) / Double(curveEntries), gamma) }
    private static let sRGBCurve = (0...curveEntries).map { CGColor.sRGBFromLinear(Double($0) / Double(curveEntries)) }

    /// `curve` at `x` (clamped to 0…1), between its two nearest entries.
    @inline(__always)
    private static func read(_ curve: [Double], at x: Double) -> Double {
        let place = clamped(x) * Double(curveEntries)
        let below = min(Int(place), curveEntries - 1)
        let fraction = place - Double(below)
        return curve[below] + (curve[below + 1] - curve[below]) * fraction
    }

    private static func encode(_ linear: Double) -> Double { pow(clamped(linear), 1 / gamma) }

    private static func clamped(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }

    // MARK: 3 × 3 matrices, as their rows

    private typealias Matrix = (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

    /// The matrix from a space's linear components to CIE XYZ, its white at D65 with Y = 1.
    private static func toXYZ(
        red: (Double, Double), green: (Double, Double), blue: (Double, Double)
    ) -> Matrix {
        func xyz(_ xy: (Double, Double)) -> SIMD3<Double> { SIMD3(xy.0 / xy.1, 1, (1 - xy.0 - xy.1) / xy.1) }
        let (r, g, b) = (xyz(red), xyz(green), xyz(blue))
        let columns: Matrix = (r, g, b)
        let primaries = transpose(columns)
        let scale = apply(inverse(primaries), to: xyz((0.3127, 0.3290)))
        return transpose((r * scale.x, g * scale.y, b * scale.z))
    }

    private static func apply(_ m: Matrix, to v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((m.0 * v).sum(), (m.1 * v).sum(), (m.2 * v).sum())
    }

    private static func transpose(_ m: Matrix) -> Matrix {
        (SIMD3(m.0.x, m.1.x, m.2.x), SIMD3(m.0.y, m.1.y, m.2.y), SIMD3(m.0.z, m.1.z, m.2.z))
    }

    private static func product(_ a: Matrix, _ b: Matrix) -> Matrix {
        let columns = transpose(b)
        func row(_ r: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3((r * columns.0).sum(), (r * columns.1).sum(), (r * columns.2).sum())
        }
        return (row(a.0), row(a.1), row(a.2))
    }

    private static func inverse(_ m: Matrix) -> Matrix {
        func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
        }
        // The inverse's columns are the cross products of the rows, over the determinant.
        let (c0, c1, c2) = (cross(m.1, m.2), cross(m.2, m.0), cross(m.0, m.1))
        let determinant = (m.0 * c0).sum()
        return transpose((c0 / determinant, c1 / determinant, c2 / determinant))
    }
}
