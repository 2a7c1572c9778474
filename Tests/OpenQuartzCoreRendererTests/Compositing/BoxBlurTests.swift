import CPixelRows
import Testing

/// The box blur under shadows and the `gaussianBlur` filter (`oqc_box_blur`): each byte the
/// rounded mean of its channel's window along the row, then down the column, zeros beyond the
/// ends — checked byte for byte against that definition, written out plainly.
@Suite("Box blur: the rounded mean of each window, rows then columns")
struct BoxBlurTests {
    /// The definition: one line of `count` values `step` apart, each replaced by
    /// `(sum + size / 2) / size` of the window around it.
    private static func blurLine(_ values: inout [UInt8], start: Int, count: Int, step: Int, radius: Int) {
        let original = (0..<count).map { Int(values[start + $0 * step]) }
        let size = 2 * radius + 1
        for index in 0..<count {
            let window = max(0, index - radius)...min(count - 1, index + radius)
            let sum = window.reduce(0) { $0 + original[$1] }
            values[start + index * step] = UInt8((sum + size / 2) / size)
        }
    }

    private static func expected(
        _ bytes: [UInt8], width: Int, height: Int, stride: Int, channels: Int, radius: Int
    ) -> [UInt8] {
        var values = bytes
        for channel in 0..<channels {
            for row in 0..<height {
                blurLine(&values, start: row * stride + channel, count: width, step: channels, radius: radius)
            }
        }
        for channel in 0..<channels {
            for x in 0..<width {
                blurLine(&values, start: x * channels + channel, count: height, step: stride, radius: radius)
            }
        }
        return values
    }

    /// A test picture and its stride: rows padded past their pixels, as Cairo's are (the
    /// padding must be left alone); long stretches of 0 and 255 as well as noise, which
    /// shadows mostly are.
    private static func picture(width: Int, height: Int, channels: Int, seed: UInt64) -> ([UInt8], Int) {
        let stride = (width * channels + 3) / 4 * 4 + 4
        var seed = seed
        let bytes = (0..<(stride * height)).map { _ -> UInt8 in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = UInt8(truncatingIfNeeded: seed >> 56)
            return seed >> 40 & 3 == 0 ? 255 : seed >> 40 & 3 == 1 ? 0 : value
        }
        return (bytes, stride)
    }

    @Test(arguments: [
        (37, 23, 1, 1), (37, 23, 1, 4), (37, 23, 4, 3), (64, 5, 4, 2), (9, 40, 1, 6), (7, 6, 4, 11), (1, 1, 1, 3),
        (50, 50, 4, 25), (9, 7, 1, 2_100),
    ])
    func blursAsTheDefinitionSays(width: Int, height: Int, channels: Int, radius: Int) {
        let (bytes, stride) = Self.picture(width: width, height: height, channels: channels, seed: 11)
        var blurred = bytes
        let done = blurred.withUnsafeMutableBufferPointer {
            oqc_box_blur($0.baseAddress, width, height, stride, Int32(channels), [radius], 1)
        }
        #expect(done == 1)
        let defined = Self.expected(
            bytes, width: width, height: height, stride: stride, channels: channels, radius: radius)
        #expect(blurred == defined)
    }

    /// Several radii in one call (a Gaussian's three boxes, sharing the working rows made for
    /// the widest) blur as one call for each in turn.
    @Test func severalRadiiAreEachInTurn() {
        let (width, height, stride) = (31, 19, 32)
        let bytes = (0..<(stride * height)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        var together = bytes
        var apart = bytes
        let radii = [2, 7, 3]
        let done = together.withUnsafeMutableBufferPointer {
            oqc_box_blur($0.baseAddress, width, height, stride, 1, radii, 3)
        }
        #expect(done == 1)
        for radius in radii {
            _ = apart.withUnsafeMutableBufferPointer {
                oqc_box_blur($0.baseAddress, width, height, stride, 1, [radius], 1)
            }
        }
        #expect(together == apart)
        #expect(together != bytes)
    }

    @Test func aZeroRadiusLeavesThePixelsAlone() {
        var bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
        let done = bytes.withUnsafeMutableBufferPointer { oqc_box_blur($0.baseAddress, 2, 1, 8, 4, [0], 1) }
        #expect(done == 1)
        #expect(bytes == [1, 2, 3, 4, 5, 6, 7, 8])
    }

    /// A window of over a million values (a blur far wider than the picture) divides rather
    /// than multiplies: every mean of at most 255 × 3 over such a window rounds to 0.
    @Test func aVeryWideWindowDividesExactly() {
        var bytes: [UInt8] = [255, 255, 255, 0]
        let done = bytes.withUnsafeMutableBufferPointer { oqc_box_blur($0.baseAddress, 3, 1, 4, 1, [1 << 21], 1) }
        #expect(done == 1)
        #expect(bytes == [0, 0, 0, 0])
    }

    /// The definition of the resampled blur: the picture `factor` times smaller (each value
    /// the rounded mean of its block, zeros beyond), blurred, and each pixel the bilinear
    /// sample of that at its centre moved back by the shift (zeros beyond), rounded.
    private static func resampled(
        _ bytes: [UInt8], width: Int, height: Int, stride: Int, channels: Int, factor: Int, radius: Int,
        shift: (x: Double, y: Double)
    ) -> [UInt8] {
        let smallWidth = (width + factor - 1) / factor
        let smallHeight = (height + factor - 1) / factor
        let smallStride = smallWidth * channels
        var small = [UInt8](repeating: 0, count: smallStride * smallHeight)
        let area = factor * factor
        for row in 0..<smallHeight {
            for column in 0..<smallWidth {
                for channel in 0..<channels {
                    var sum = 0
                    for y in row * factor..<min((row + 1) * factor, height) {
                        for x in column * factor..<min((column + 1) * factor, width) {
                            sum += Int(bytes[y * stride + x * channels + channel])
                        }
                    }
                    small[row * smallStride + column * channels + channel] = UInt8((sum + area / 2) / area)
                }
            }
        }
        if radius > 0 {
            small = expected(
                small, width: smallWidth, height: smallHeight, stride: smallStride, channels: channels, radius: radius)
        }
        func value(_ x: Int, _ y: Int, _ channel: Int) -> Double {
            guard x >= 0, x < smallWidth, y >= 0, y < smallHeight else { return 0 }
            return Double(small[y * smallStride + x * channels + channel])
        }
        var result = bytes
        for y in 0..<height {
            let atY = (Double(y) + 0.5 - shift.y) / Double(factor) - 0.5
            let top = Int(atY.rounded(.down))
            let down = atY - Double(top)
            for x in 0..<width {
                let atX = (Double(x) + 0.5 - shift.x) / Double(factor) - 0.5
                let left = Int(atX.rounded(.down))
                let across = atX - Double(left)
                for channel in 0..<channels {
                    let upper = value(left, top, channel) * (1 - across) + value(left + 1, top, channel) * across
                    let lower =
                        value(left, top + 1, channel) * (1 - across) + value(left + 1, top + 1, channel) * across
                    result[y * stride + x * channels + channel] = UInt8(
                        min(255, (upper * (1 - down) + lower * down + 0.5).rounded(.down)))
                }
            }
        }
        return result
    }

    /// A wide blur done on a smaller picture and resampled back, moved between pixels: as the
    /// definition says, within a level (the resampling is done in single precision).
    @Test(arguments: [
        (37, 23, 1, 1, 0, 0.25, 0.75), (37, 23, 1, 2, 2, 0.5, 0), (37, 23, 4, 2, 3, 0.9, 0.1),
        (41, 30, 1, 4, 2, 0, 0), (9, 40, 4, 8, 1, 0.3, 0.6), (1, 1, 1, 2, 1, 0.5, 0.5),
    ])
    func resampledBlurIsItsDefinition(
        width: Int, height: Int, channels: Int, factor: Int, radius: Int, shiftX: Double, shiftY: Double
    ) {
        let (bytes, stride) = Self.picture(width: width, height: height, channels: channels, seed: 5)
        var blurred = bytes
        let radii = radius > 0 ? [radius] : []
        let done = blurred.withUnsafeMutableBufferPointer {
            oqc_box_blur_resampled(
                $0.baseAddress, width, height, stride, Int32(channels), factor, radii, radii.count, shiftX, shiftY)
        }
        #expect(done == 1)
        let defined = Self.resampled(
            bytes, width: width, height: height, stride: stride, channels: channels, factor: factor, radius: radius,
            shift: (shiftX, shiftY))
        let worst = zip(blurred, defined).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "the most a byte differs from the definition")
        // The padding past each row's pixels is left alone.
        for row in 0..<height {
            let padding = row * stride + width * channels..<(row + 1) * stride
            #expect(blurred[padding] == bytes[padding])
        }
    }

    /// Moving by a whole lot of nothing: a factor of 1 and no shift and no radius gives the
    /// picture back.
    @Test func resamplingByOneWithoutAShiftChangesNothing() {
        let bytes: [UInt8] = [9, 200, 0, 255, 17, 3, 80, 81]
        var copy = bytes
        let done = copy.withUnsafeMutableBufferPointer {
            oqc_box_blur_resampled($0.baseAddress, 4, 2, 4, 1, 1, [], 0, 0, 0)
        }
        #expect(done == 1)
        #expect(copy == bytes)
    }

    /// A shadow's silhouette read from the alpha of 32-bit pixels, placed in a larger picture
    /// that is zero around them: the bytes the resampled blur gives that picture.
    @Test(arguments: [(1, 2, 0.0, 0.0), (1, 0, 0.5, 0.25), (2, 1, 0.0, 0.75), (4, 2, 0.3, 0.0), (8, 1, 0.9, 0.9)])
    func aSilhouetteReadFromPixelsIsTheBlurOfItsPicture(factor: Int, radius: Int, shiftX: Double, shiftY: Double) {
        let (sourceWidth, sourceHeight, sourceStride) = (13, 9, 13 * 4 + 8)
        let (width, height, stride) = (30, 21, 32)
        let origin = (x: 5, y: 3)
        var seed: UInt64 = 3
        let pixels = (0..<(sourceStride * sourceHeight)).map { _ -> UInt8 in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: seed >> 56)
        }
        // The picture the silhouette stands for: each pixel's alpha (its fourth byte here).
        var picture = [UInt8](repeating: 0, count: stride * height)
        for row in 0..<sourceHeight {
            for column in 0..<sourceWidth {
                picture[(origin.y + row) * stride + origin.x + column] = pixels[row * sourceStride + column * 4 + 3]
            }
        }
        let radii = radius > 0 ? [radius] : []
        _ = picture.withUnsafeMutableBufferPointer {
            oqc_box_blur_resampled(
                $0.baseAddress, width, height, stride, 1, factor, radii, radii.count, shiftX, shiftY)
        }
        var silhouette = [UInt8](repeating: 77, count: stride * height)
        let done = pixels.withUnsafeBufferPointer { source in
            silhouette.withUnsafeMutableBufferPointer {
                oqc_blur_alpha_of(
                    source.baseAddress! + 3, sourceStride, 4, origin.x, origin.y, sourceWidth, sourceHeight,
                    $0.baseAddress, width, height, stride, factor, radii, radii.count, shiftX, shiftY)
            }
        }
        #expect(done == 1)
        for row in 0..<height {
            let pixelsOfRow = row * stride..<row * stride + width
            #expect(silhouette[pixelsOfRow] == picture[pixelsOfRow], "row \(row)")
        }
    }

    @Test func aSilhouetteRegionOutsideThePictureIsRefused() {
        var silhouette = [UInt8](repeating: 0, count: 16)
        let pixels = [UInt8](repeating: 255, count: 16)
        let done = pixels.withUnsafeBufferPointer { source in
            silhouette.withUnsafeMutableBufferPointer {
                oqc_blur_alpha_of(source.baseAddress! + 3, 8, 4, 3, 0, 2, 2, $0.baseAddress, 4, 4, 4, 1, [], 0, 0, 0)
            }
        }
        #expect(done == 0)
        #expect(silhouette == [UInt8](repeating: 0, count: 16))
    }
}
