import Foundation
import OpenQuartzCore
@testable import OpenQuartzCoreRenderer
import Testing

/// A gradient layer's colours blended as Core Animation's `render(in:)` blends them, in Generic
/// RGB, held to values read off Apple's own pictures in the shared Lottie corpus.
@Suite struct GenericRGBBlendTests {
    private func levels(_ rgb: SIMD3<Double>) -> [Double] { [rgb.x * 255, rgb.y * 255, rgb.z * 255] }

    private func drawn(_ red: Double, _ green: Double, _ blue: Double) -> [Double] {
        levels(GenericRGB.sRGB(fromEncoded: GenericRGB.encoded(fromSRGB: SIMD3(red, green, blue))))
    }

    private func expectLevels(
        _ ours: [Double], _ apple: [Double], within tolerance: Double, _ comment: Comment,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let gap = zip(ours, apple).map { abs($0 - $1) }.max() ?? 0
        #expect(gap <= tolerance, "\(comment): \(ours.map { ($0 * 10).rounded() / 10 }) against \(apple)",
                sourceLocation: sourceLocation)
    }

    /// A violet stop outside Generic RGB's gamut gains green: `Issues-issue_2206`'s gradient
    /// starts at (0.855, 0.133, 1), which Apple draws as (218, 60, 255) — 26 levels more green
    /// than the colour — while shape layers' fills of such colours keep them.
    @Test func coloursOutsideGenericRGBAreClippedAsApplesPicturesShow() {
        expectLevels(drawn(0.855, 0.133, 1), [218, 60, 255], within: 1, "issue_2206's first stop")
        // `LottieFiles-gradient_pill` at 75 %: stops eased 0.993 of the way from
        // (0, 0.165, 1) to (0.8, 0, 1), drawn (203, 59, 255) at the start of the pill.
        expectLevels(drawn(0.8 * 0.993, 0.165 * 0.007, 1), [203, 59, 255], within: 1.5, "gradient_pill's first stop")
    }

    @Test(arguments: [(1.0, 1.0, 1.0), (0, 0, 0), (0.5, 0.5, 0.5), (0.2, 0.2, 0.2), (1, 0.988, 0)])
    func coloursWithinTheGamutAreKept(_ color: (Double, Double, Double)) {
        expectLevels(
            // Yellow lies on the gamut's edge: within a level.
            drawn(color.0, color.1, color.2), [color.0, color.1, color.2].map { $0 * 255 }, within: 1,
            "(\(color.0), \(color.1), \(color.2))")
    }

    /// Between stops the ramp bows as gamma 1.8 values do. `LottieFiles-gradient_pill` at 0 %:
    /// from (0.5, 0.994, 0.024) to (0, 1, 0.047), Apple's red at fractions of the way (read
    /// off its picture, row 150) — a straight sRGB line would give 127.5 × (1 − f).
    @Test func betweenStopsTheRampBowsAsApplesPicturesShow() throws {
        let ramp = try #require(
            ColorRamp(
                colors: [
                    CGColor(red: 0.5, green: 0.994, blue: 0.024, alpha: 1), CGColor(red: 0, green: 1, blue: 0.047, alpha: 1),
                ], locations: nil)
        ).blendedInGenericRGB()
        for (fraction, appleRed) in [(0.278, 104.0), (0.398, 93), (0.518, 80), (0.638, 67), (0.758, 53), (0.878, 35)] {
            let (color, _) = ramp.colors(from: fraction, to: fraction)
            #expect(abs(color.red * 255 - appleRed) <= 1.5, "red \(color.red * 255) at \(fraction), Apple's \(appleRed)")
            #expect(abs(color.red * 255 - 127.5 * (1 - fraction)) > 6, "not a straight sRGB line at \(fraction)")
        }
    }

    /// The blended ramp's straight pieces, interpolated as any ramp is, stay within 0.4 of a
    /// level of the Generic RGB blend, and alphas stay straight.
    @Test func piecesFollowTheBlend() throws {
        // The same random ramps on every run.
        var seed: UInt64 = 26
        func unit() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for _ in 0..<200 {
            let from = SIMD3(unit(), unit(), unit())
            let to = SIMD3(unit(), unit(), unit())
            let alphas = (unit(), unit())
            let ramp = try #require(
                ColorRamp(
                    colors: [
                        CGColor(red: from.x, green: from.y, blue: from.z, alpha: alphas.0),
                        CGColor(red: to.x, green: to.y, blue: to.z, alpha: alphas.1),
                    ], locations: [0.2, 0.9])
            ).blendedInGenericRGB()
            let encoded = (GenericRGB.encoded(fromSRGB: from), GenericRGB.encoded(fromSRGB: to))
            for _ in 0..<20 {
                let fraction = unit()
                let place = 0.2 + 0.7 * fraction
                let (color, _) = ramp.colors(from: place, to: place)
                let blend = GenericRGB.sRGB(fromEncoded: encoded.0 + (encoded.1 - encoded.0) * fraction)
                let gap = [color.red - blend.x, color.green - blend.y, color.blue - blend.z].map { abs($0) * 255 }.max()!
                #expect(gap <= 0.4, "\(gap) levels from the blend at \(fraction) of \(from) → \(to)")
                #expect(abs(color.alpha - (alphas.0 + (alphas.1 - alphas.0) * fraction)) < 1e-12)
            }
        }
    }

    /// Every span of two colours is cut in the same places, so colours a hair apart (a CAML
    /// document's numbers) give ramps of the same shape; a span of one colour is not cut.
    @Test func spansAreCutAlikeAndOneColourIsNotCut() throws {
        func blended(_ colors: [CGColor], _ locations: [NSNumber]) throws -> ColorRamp {
            try #require(ColorRamp(colors: colors, locations: locations)).blendedInGenericRGB()
        }
        let red = CGColor(red: 1, green: 0.1, blue: 0, alpha: 1)
        let blue = CGColor(red: 0, green: 0.2, blue: 1, alpha: 1)
        let nearlyBlue = CGColor(red: 1e-9, green: 0.2, blue: 1, alpha: 1)
        let exact = try blended([red, blue, blue], [0, 0.5, 1])
        let nudged = try blended([red, nearlyBlue, nearlyBlue], [0, 0.5, 1])
        #expect(exact.stops.count == ColorRamp.piecesPerSpan + 2, "one span cut, the other of one colour not")
        #expect(exact.stops.map(\.location) == nudged.stops.map(\.location))
        let gap = zip(exact.stops, nudged.stops).map { abs($0.red - $1.red) }.max()!
        #expect(gap < 1e-6)
    }
}
