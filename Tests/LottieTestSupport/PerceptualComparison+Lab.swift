import Foundation

// The colour science of the comparison, as scikit-image 0.26 computes it (compare.py calls its
// `rgb2lab` and `deltaE_ciede2000`): its constants, its branches and its order of terms.

extension PerceptualComparison {
    /// A colour in CIE L*a*b* (D65 white, 2° observer).
    public struct Lab: Sendable, Hashable, CustomStringConvertible {
        /// L*: 0 for black, 100 for the white point.
        public var lightness: Double
        /// a*: green (negative) to red (positive).
        public var a: Double
        /// b*: blue (negative) to yellow (positive).
        public var b: Double

        public init(lightness: Double, a: Double, b: Double) {
            self.lightness = lightness
            self.a = a
            self.b = b
        }

        public var description: String { "Lab(\(lightness), \(a), \(b))" }
    }

    /// The L*a*b* of an sRGB colour whose components are 0…1, as scikit-image's `rgb2lab`:
    /// sRGB's gamma decoded, its XYZ matrix, the D65 white of the 2° observer, and CIE's f with
    /// the 0.008856 and 7.787 that scikit-image uses (not the exact 216/24389 and 841/108).
    ///
    ///     PerceptualComparison.lab(red: 1, green: 0, blue: 0)   // 53.2408, 80.0925, 67.2032
    public static func lab(red: Double, green: Double, blue: Double) -> Lab {
        lab(linearRed: decodeGamma(red), green: decodeGamma(green), blue: decodeGamma(blue))
    }

    /// The linear value of an sRGB component (scikit-image's `rgb2xyz`).
    static func decodeGamma(_ value: Double) -> Double {
        value > 0.04045 ? pow((value + 0.055) / 1.055, 2.4) : value / 12.92
    }

    /// The L*a*b* of linear sRGB components: scikit-image's `xyz_from_rgb`, then `xyz2lab`.
    static func lab(linearRed r: Double, green g: Double, blue b: Double) -> Lab {
        let x = (0.412453 * r + 0.357580 * g + 0.180423 * b) / 0.95047
        let y = 0.212671 * r + 0.715160 * g + 0.072169 * b
        let z = (0.019334 * r + 0.119193 * g + 0.950227 * b) / 1.08883
        let fx = x > 0.008856 ? cbrt(x) : 7.787 * x + 16.0 / 116.0
        let fy = y > 0.008856 ? cbrt(y) : 7.787 * y + 16.0 / 116.0
        let fz = z > 0.008856 ? cbrt(z) : 7.787 * z + 16.0 / 116.0
        return Lab(lightness: 116.0 * fy - 16.0, a: 500.0 * (fx - fy), b: 200.0 * (fy - fz))
    }

    /// The CIEDE2000 colour difference with kL = kC = kH = 1, as scikit-image's
    /// `deltaE_ciede2000` (Sharma, Wu and Dalal, 2005, with their conventions for a zero
    /// chroma): 0 for the same colour, about 1 for a just noticeable difference.
    public static func ciede2000(_ lab1: Lab, _ lab2: Lab) -> Double {
        // Stretch a* by the mean chroma, then work in the stretched (primed) polar coordinates.
        let meanChroma =
            0.5
            * ((lab1.a * lab1.a + lab1.b * lab1.b).squareRoot()
                + (lab2.a * lab2.a + lab2.b * lab2.b).squareRoot())
        let stretch = 1 + 0.5 * (1 - chromaWeight(meanChroma))
        let a1 = lab1.a * stretch
        let a2 = lab2.a * stretch
        let c1 = (a1 * a1 + lab1.b * lab1.b).squareRoot()
        let c2 = (a2 * a2 + lab2.b * lab2.b).squareRoot()
        let h1 = angle(a1, lab1.b)
        let h2 = angle(a2, lab2.b)

        let meanLightness = 0.5 * (lab1.lightness + lab2.lightness)
        let offset = (meanLightness - 50) * (meanLightness - 50)
        let lightnessTerm = (lab2.lightness - lab1.lightness) / (1 + 0.015 * offset / (20 + offset).squareRoot())

        let meanPrimedChroma = 0.5 * (c1 + c2)
        let chromaTerm = (c2 - c1) / (1 + 0.045 * meanPrimedChroma)

        let hueDifference = h2 - h1
        let hueSum = h1 + h2
        let chromaProduct = c1 * c2
        var deltaHue = hueDifference
        if hueDifference > .pi {
            deltaHue -= 2 * .pi
        } else if hueDifference < -.pi {
            deltaHue += 2 * .pi
        }
        var meanHue = hueSum
        if chromaProduct == 0 {
            // A grey has no hue: no hue difference, and the mean hue is the other colour's.
            deltaHue = 0
            meanHue *= 2
        } else if abs(hueDifference) > .pi {
            meanHue += hueSum < 2 * .pi ? 2 * .pi : -2 * .pi
        }
        meanHue *= 0.5
        let hueDistance = 2 * chromaProduct.squareRoot() * sin(deltaHue / 2)

        // T = 1 − 0.17 cos(H − 30°) + 0.24 cos 2H + 0.32 cos(3H + 6°) − 0.20 cos(4H − 63°), its
        // multiple angles from one sine and cosine.
        let cosine = cos(meanHue)
        let sine = sin(meanHue)
        let cosine2 = 2 * cosine * cosine - 1
        let sine2 = 2 * sine * cosine
        let cosine3 = cosine * (4 * cosine * cosine - 3)
        let sine3 = sine * (3 - 4 * sine * sine)
        let cosine4 = 2 * cosine2 * cosine2 - 1
        let sine4 = 2 * sine2 * cosine2
        let weighting =
            1 - 0.17 * (cosine * Angles.cos30 + sine * Angles.sin30) + 0.24 * cosine2
            + 0.32 * (cosine3 * Angles.cos6 - sine3 * Angles.sin6)
            - 0.20 * (cosine4 * Angles.cos63 + sine4 * Angles.sin63)
        let hueTerm = hueDistance / (1 + 0.015 * meanPrimedChroma * weighting)

        // The rotation term, for blues.
        let degrees = (meanHue * (180 / .pi) - 275) / 25
        let rotation = Angles.radians30 * exp(-(degrees * degrees))
        let rotationTerm = -sin(2 * rotation) * 2 * chromaWeight(meanPrimedChroma) * chromaTerm * hueTerm

        var squared = lightnessTerm * lightnessTerm
        squared += chromaTerm * chromaTerm
        squared += hueTerm * hueTerm
        squared += rotationTerm
        return max(squared, 0).squareRoot()
    }

    /// √(C⁷ / (C⁷ + 25⁷)).
    private static func chromaWeight(_ chroma: Double) -> Double {
        let square = chroma * chroma
        let seventh = square * square * square * chroma
        return (seventh / (seventh + 6_103_515_625)).squareRoot()
    }

    /// The angle of (x, y) in 0 ..< 2π (scikit-image's `_cart2polar_2pi`).
    private static func angle(_ x: Double, _ y: Double) -> Double {
        let theta = atan2(y, x)
        return theta < 0 ? theta + 2 * .pi : theta
    }

    /// The fixed angles of CIEDE2000's hue weighting, as literals so that the per-pixel work
    /// reads no lazily initialised global.
    private enum Angles {
        static var radians30: Double { 0.5235987755982988 }
        static var cos30: Double { 0.8660254037844387 }
        static var sin30: Double { 0.5 }
        static var cos6: Double { 0.9945218953682733 }
        static var sin6: Double { 0.10452846326765347 }
        static var cos63: Double { 0.4539904997395468 }
        static var sin63: Double { 0.8910065241883678 }
    }
}
