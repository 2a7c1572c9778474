import Foundation
import LottieTestSupport
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

/// The comparison lottie-ios's snapshot tests make (``PerceptualComparison``), against
/// published CIEDE2000 data, scikit-image's numbers and compare.py's results on the corpus.
@Suite struct PerceptualComparisonTests {
    /// A pair of Sharma, Wu and Dalal's CIEDE2000 test data ("The CIEDE2000 color-difference
    /// formula: implementation notes, supplementary test data, and mathematical observations",
    /// 2005, table 1), with its difference to four decimals.
    struct SharmaPair: Sendable, CustomStringConvertible {
        let number: Int
        let one: PerceptualComparison.Lab
        let two: PerceptualComparison.Lab
        let difference: Double

        init(_ number: Int, _ one: [Double], _ two: [Double], _ difference: Double) {
            self.number = number
            self.one = PerceptualComparison.Lab(lightness: one[0], a: one[1], b: one[2])
            self.two = PerceptualComparison.Lab(lightness: two[0], a: two[1], b: two[2])
            self.difference = difference
        }

        var description: String { "pair \(number)" }
    }

    static let sharmaPairs = [
        SharmaPair(1, [50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425),
        SharmaPair(2, [50, 3.1571, -77.2803], [50, 0, -82.7485], 2.8615),
        SharmaPair(3, [50, 2.8361, -74.0200], [50, 0, -82.7485], 3.4412),
        SharmaPair(4, [50, -1.3802, -84.2814], [50, 0, -82.7485], 1.0000),
        SharmaPair(5, [50, -1.1848, -84.8006], [50, 0, -82.7485], 1.0000),
        SharmaPair(6, [50, -0.9009, -85.5211], [50, 0, -82.7485], 1.0000),
        SharmaPair(7, [50, 0, 0], [50, -1, 2], 2.3669),
        SharmaPair(8, [50, -1, 2], [50, 0, 0], 2.3669),
        SharmaPair(9, [50, 2.49, -0.001], [50, -2.49, 0.0009], 7.1792),
        SharmaPair(10, [50, 2.49, -0.001], [50, -2.49, 0.0010], 7.1792),
        SharmaPair(11, [50, 2.49, -0.001], [50, -2.49, 0.0011], 7.2195),
        SharmaPair(12, [50, 2.49, -0.001], [50, -2.49, 0.0012], 7.2195),
        SharmaPair(13, [50, -0.001, 2.49], [50, 0.0009, -2.49], 4.8045),
        SharmaPair(14, [50, -0.001, 2.49], [50, 0.0010, -2.49], 4.8045),
        SharmaPair(15, [50, -0.001, 2.49], [50, 0.0011, -2.49], 4.7461),
        SharmaPair(16, [50, 2.5, 0], [50, 0, -2.5], 4.3065),
        SharmaPair(17, [50, 2.5, 0], [73, 25, -18], 27.1492),
        SharmaPair(18, [50, 2.5, 0], [61, -5, 29], 22.8977),
        SharmaPair(19, [50, 2.5, 0], [56, -27, -3], 31.9030),
        SharmaPair(20, [50, 2.5, 0], [58, 24, 15], 19.4535),
        SharmaPair(21, [50, 2.5, 0], [50, 3.1736, 0.5854], 1.0000),
        SharmaPair(22, [50, 2.5, 0], [50, 3.2972, 0], 1.0000),
        SharmaPair(23, [50, 2.5, 0], [50, 1.8634, 0.5757], 1.0000),
        SharmaPair(24, [50, 2.5, 0], [50, 3.2592, 0.3350], 1.0000),
        SharmaPair(25, [60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644),
        SharmaPair(26, [63.0109, -31.0961, -5.8663], [62.8187, -29.7946, -4.0864], 1.2630),
        SharmaPair(27, [61.2901, 3.7196, -5.3901], [61.4292, 2.2480, -4.9620], 1.8731),
        SharmaPair(28, [35.0831, -44.1164, 3.7933], [35.0232, -40.0716, 1.5901], 1.8645),
        SharmaPair(29, [22.7233, 20.0904, -46.6940], [23.0331, 14.9730, -42.5619], 2.0373),
        SharmaPair(30, [36.4612, 47.8580, 18.3852], [36.2715, 50.5065, 21.2231], 1.4146),
        SharmaPair(31, [90.8027, -2.0831, 1.4410], [91.1528, -1.6435, 0.0447], 1.4441),
        SharmaPair(32, [90.9257, -0.5406, -0.9208], [88.6381, -0.8985, -0.7239], 1.5381),
        SharmaPair(33, [6.7747, -0.2908, -2.4247], [5.8714, -0.0985, -2.2286], 0.6377),
        SharmaPair(34, [2.0776, 0.0795, -1.1350], [0.9033, -0.0636, -0.5514], 0.9082),
    ]

    @Test(arguments: sharmaPairs)
    func ciede2000MatchesSharmaWuAndDalal(_ pair: SharmaPair) {
        // The published differences are rounded to four decimals.
        expectClose(PerceptualComparison.ciede2000(pair.one, pair.two), pair.difference, within: 1e-4)
        expectClose(PerceptualComparison.ciede2000(pair.two, pair.one), pair.difference, within: 1e-4)
    }

    /// sRGB colours and their L*a*b* from scikit-image 0.26's `rgb2lab` (float64), whose white
    /// is not quite (100, 0, 0): its sRGB matrix and D65 white are rounded differently.
    @Test(
        arguments: [
            ([1, 1, 1], [100, -0.0024549378620508655, 0.004653421154054982]),
            ([1, 0, 0], [53.2405879437449, 80.0923082256922, 67.2027510444287]),
            ([0, 1, 0], [87.73509948831895, -86.18302974439501, 83.17970317538452]),
            ([0, 0, 1], [32.29567256501351, 79.18559091176556, -107.85730020669489]),
            ([0.5, 0.5, 0.5], [53.38896474111432, -0.0014684965237710124, 0.002783586865384713]),
            ([0, 0, 0], [0, 0, 0]),
            ([0.2, 0.4, 0.6], [42.008000589382185, -0.15404119847206577, -32.842897418997154]),
            // Dark enough for the linear branches of the gamma and of CIE's f.
            ([0.01, 0.02, 0.03], [1.3000539221486065, -0.31235027728143683, -1.1997649952041]),
        ] as [([Double], [Double])])
    func labMatchesScikitImage(_ rgb: [Double], _ expected: [Double]) {
        let lab = PerceptualComparison.lab(red: rgb[0], green: rgb[1], blue: rgb[2])
        expectClose([lab.lightness, lab.a, lab.b], expected, within: 1e-9)
    }

    @Test func theThresholdIsComputedAsCompareDotPyComputesIt() {
        #expect(PerceptualComparison.largestMatchingDifference == 100 * (1 - 0.97))
        expectClose(PerceptualComparison.largestMatchingDifference, 3, within: 1e-12)
    }

    @Test func identicalPicturesMatchEverywhere() {
        let picture = Self.noise(width: 64, height: 48, seed: 7)
        #expect(PerceptualComparison.matchedFraction(picture, picture) == 1)
        let copy = CGImage(width: 64, height: 48, rgbaPixels: picture.rgbaPixels)!
        #expect(PerceptualComparison.matchedFraction(picture, copy) == 1)
        #expect(PerceptualComparison.worstDifferences(picture, copy).allSatisfy { $0 == 0 })
    }

    @Test func twoPercentOfPixelsDifferentFailsThePrecisionOfLottieIOS() {
        let (width, height) = (100, 50)
        let grey: [UInt8] = [128, 128, 128, 255]
        let pixels = [UInt8]((0..<(width * height)).flatMap { _ in grey })
        var changed = pixels
        // 100 pixels of 5000 turned black.
        for pixel in stride(from: 0, to: width * height, by: 50) {
            for channel in 0..<3 { changed[pixel * 4 + channel] = 0 }
        }
        let ours = CGImage(width: width, height: height, rgbaPixels: pixels)!
        let apple = CGImage(width: width, height: height, rgbaPixels: changed)!
        let matched = PerceptualComparison.matchedFraction(ours, apple)
        expectClose(matched, 0.98, within: 1e-12)
        #expect(matched < 0.985)
    }

    @Test func aDifferenceJustUnderThreeMatchesAndJustOverDoesNot() {
        // Greys of 128 against 124 and 123: CIEDE2000 about 1.6 and 2.0 (lightness near 50,
        // where SL is 1), and 118: about 4.
        func difference(_ level: UInt8) -> Double {
            let ours = CGImage(width: 1, height: 1, rgbaPixels: [128, 128, 128, 255])!
            let apple = CGImage(width: 1, height: 1, rgbaPixels: [level, level, level, 255])!
            return PerceptualComparison.worstDifferences(ours, apple)[0]
        }
        let expected = { (level: Double) in
            PerceptualComparison.ciede2000(
                PerceptualComparison.lab(red: 128 / 255, green: 128 / 255, blue: 128 / 255),
                PerceptualComparison.lab(red: level / 255, green: level / 255, blue: level / 255))
        }
        for level: UInt8 in [124, 123, 118] {
            expectClose(difference(level), expected(Double(level)), within: 1e-12)
        }
        #expect(difference(123) < PerceptualComparison.largestMatchingDifference)
        #expect(difference(118) > PerceptualComparison.largestMatchingDifference)
    }

    @Test func transparentAgainstOpaqueWhiteDiffersOverBlackSoTheyDoNotMatch() {
        let transparent = CGImage(width: 1, height: 1, rgbaPixels: [0, 0, 0, 0])!
        let white = CGImage(width: 1, height: 1, rgbaPixels: [255, 255, 255, 255])!
        // Over white both are white …
        let overWhite = PerceptualComparison.ciede2000(
            PerceptualComparison.lab(red: 1, green: 1, blue: 1), PerceptualComparison.lab(red: 1, green: 1, blue: 1))
        #expect(overWhite == 0)
        // … over black one is black and the other white: a difference of 100 (a few ten-millionths
        // more, as scikit-image's white is not quite a* = b* = 0).
        expectClose(PerceptualComparison.worstDifferences(transparent, white)[0], 100, within: 1e-6)
        #expect(PerceptualComparison.matchedFraction(transparent, white) == 0)
        #expect(PerceptualComparison.matchedFraction(white, transparent) == 0)
    }

    @Test func theColourOfATransparentPixelDoesNotCount() {
        let clearRed = CGImage(width: 1, height: 1, rgbaPixels: [255, 0, 0, 0])!
        let clearBlue = CGImage(width: 1, height: 1, rgbaPixels: [0, 0, 255, 0])!
        #expect(PerceptualComparison.matchedFraction(clearRed, clearBlue) == 1)
    }

    @Test func halfTransparentColoursAreCompositedBeforeTheyAreCompared() {
        // 50 % red over white is (1, 0.5, 0.5) and over black (0.5, 0, 0), in 0…1 values of
        // 128/255 opacity.
        let ours = CGImage(width: 1, height: 1, rgbaPixels: [255, 0, 0, 128])!
        let apple = CGImage(width: 1, height: 1, rgbaPixels: [0, 0, 255, 128])!
        let alpha = 128.0 / 255
        func lab(_ r: Double, _ g: Double, _ b: Double, over background: Double) -> PerceptualComparison.Lab {
            let mix = { (c: Double) in c * alpha + background * (1 - alpha) }
            return PerceptualComparison.lab(red: mix(r), green: mix(g), blue: mix(b))
        }
        let expected = max(
            PerceptualComparison.ciede2000(lab(1, 0, 0, over: 1), lab(0, 0, 1, over: 1)),
            PerceptualComparison.ciede2000(lab(1, 0, 0, over: 0), lab(0, 0, 1, over: 0)))
        expectClose(PerceptualComparison.worstDifferences(ours, apple)[0], expected, within: 1e-12)
    }

    @Test func repeatedPairsOfPixelsGiveTheSameDifferencesAsSinglePixels() {
        // The same pairs again and again, between others, as flat colours make them: each
        // pixel's difference is the one it has alone.
        let ours = Self.noise(width: 97, height: 31, seed: 3, levels: 5)
        let apple = Self.noise(width: 97, height: 31, seed: 11, levels: 5)
        let together = PerceptualComparison.worstDifferences(ours, apple)
        let oursPixels = ours.rgbaPixels
        let applePixels = apple.rgbaPixels
        var matched = 0
        for pixel in 0..<(97 * 31) {
            let one = CGImage(width: 1, height: 1, rgbaPixels: Array(oursPixels[pixel * 4..<pixel * 4 + 4]))!
            let two = CGImage(width: 1, height: 1, rgbaPixels: Array(applePixels[pixel * 4..<pixel * 4 + 4]))!
            let alone = PerceptualComparison.worstDifferences(one, two)[0]
            #expect(together[pixel] == alone, "pixel \(pixel)")
            if alone <= PerceptualComparison.largestMatchingDifference { matched += 1 }
        }
        #expect(PerceptualComparison.matchedFraction(ours, apple) == Double(matched) / Double(97 * 31))
    }

    @Test func theDifferencePictureShowsBothOverWhiteAndTheDifferenceAsGrey() throws {
        let ours = CGImage(width: 2, height: 1, rgbaPixels: [255, 0, 0, 255, 0, 0, 0, 0])!
        let apple = CGImage(width: 2, height: 1, rgbaPixels: [255, 0, 0, 255, 255, 255, 255, 255])!
        let picture = PerceptualComparison.differencePicture(ours, apple)
        #expect(picture.width == 6)
        #expect(picture.height == 1)
        let pixels = (0..<6).map { picture.pixel(x: $0, y: 0) }
        #expect(pixels[0] == [255, 0, 0, 255])
        #expect(pixels[1] == [255, 255, 255, 255])  // transparent over white
        #expect(pixels[2] == [255, 0, 0, 255])
        #expect(pixels[3] == [255, 255, 255, 255])
        #expect(pixels[4] == [0, 0, 0, 255])  // no difference
        #expect(pixels[5] == [255, 255, 255, 255])  // a difference of 100, clamped
    }

    @Test func theDifferencePictureIsWrittenAsAPNGOfItsPixels() throws {
        let ours = Self.noise(width: 40, height: 30, seed: 5)
        let apple = Self.noise(width: 40, height: 30, seed: 6)
        let folder = try ScratchSpace.makeFolder("PerceptualComparisonTests")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("difference.png")
        try PerceptualComparison.writeDifferencePicture(ours, apple, to: url)
        let written = try readPNG(at: url)
        let expected = PerceptualComparison.differencePicture(ours, apple)
        #expect(written.width == expected.width)
        #expect(written.height == expected.height)
        #expect(largestDifference(written, expected) == 0)
    }

    /// Pairs of Apple's pictures of one sample, and how many of their pixels compare.py finds
    /// matching (scikit-image 0.26, NumPy float32 and float64 alike).
    @Test(arguments: [
        ("LottieLogo1", "0", "50", 544_450),
        ("Boat_Loader", "25", "50", 73523),
        ("TwitterHeart", "25", "75", 39616),
        ("Issues-issue_1523", "0", "25", 947_232),
        ("LottieFiles-growth", "25", "50", 823_037),
        ("Issues-issue_1636", "0", "25", 0),
    ])
    func matchesCompareDotPyOnApplePictures(_ sample: String, _ one: String, _ two: String, _ matched: Int) throws {
        guard LottieCorpus.isPresent(for: "comparing Apple's pictures of \(sample)") else { return }
        let apple = LottieCorpus.folder.appendingPathComponent("apple")
        let first = try readPNG(at: apple.appendingPathComponent("\(sample)-\(one).png"))
        let second = try readPNG(at: apple.appendingPathComponent("\(sample)-\(two).png"))
        let fraction = PerceptualComparison.matchedFraction(first, second)
        let pixels = Double(first.width * first.height)
        expectClose(fraction * pixels, Double(matched), within: 0.5, "\(sample) \(one) against \(two)")
    }

    /// Pseudo-random straight RGBA pixels, with `levels` values a channel (so that pairs repeat
    /// when few), a quarter of them transparent or half transparent.
    static func noise(width: Int, height: Int, seed: UInt64, levels: Int = 256) -> CGImage {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next() -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(truncatingIfNeeded: state >> 33)
        }
        var pixels: [UInt8] = []
        for _ in 0..<(width * height) {
            for _ in 0..<3 { pixels.append(UInt8((next() % levels) * 255 / max(levels - 1, 1))) }
            let alphas: [UInt8] = [255, 255, 255, 255, 255, 255, 0, 128]
            pixels.append(alphas[next() % alphas.count])
        }
        return CGImage(width: width, height: height, rgbaPixels: pixels)!
    }
}
