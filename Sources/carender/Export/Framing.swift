import ArgumentParser
import Foundation
import OpenQuartzCore

/// The picture a demo is drawn into: a size in points and pixels per point. The demo's canvas
/// is scaled to fit it, keeping its proportions, and centred; where the proportions differ the
/// margins stay transparent.
struct Framing: Equatable {
    /// The picture's size in points.
    let size: CGSize
    /// Pixels per point.
    let scale: CGFloat

    /// The picture's width in pixels.
    var pixelWidth: Int { max(1, Int((size.width * scale).rounded())) }
    /// The picture's height in pixels.
    var pixelHeight: Int { max(1, Int((size.height * scale).rounded())) }

    /// Pixels per point of the demo's own canvas, `canvas` in points.
    func rendererScale(fitting canvas: CGRect) -> CGFloat {
        scale * min(size.width / canvas.width, size.height / canvas.height)
    }

    /// The part of the canvas's superlayer space the picture shows, in points: `canvas`
    /// centred, moved to a whole pixel so that its edges stay sharp.
    func bounds(fitting canvas: CGRect) -> CGRect {
        let rendererScale = rendererScale(fitting: canvas)
        let marginX = ((CGFloat(pixelWidth) - canvas.width * rendererScale) / 2).rounded(.towardZero)
        let marginY = ((CGFloat(pixelHeight) - canvas.height * rendererScale) / 2).rounded(.towardZero)
        return CGRect(
            x: canvas.minX - marginX / rendererScale, y: canvas.minY - marginY / rendererScale,
            width: CGFloat(pixelWidth) / rendererScale, height: CGFloat(pixelHeight) / rendererScale)
    }

    /// The largest picture side, in pixels, that the commands accept.
    static let maximumPixels = 8192

    /// Parses `--size WIDTHxHEIGHT` (points, `x` or `×` between them).
    static func parseSize(_ text: String) throws -> CGSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "×", omittingEmptySubsequences: false) }
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
            width.isFinite, height.isFinite, width > 0, height > 0
        else {
            throw ValidationError(
                "--size must be WIDTHxHEIGHT in points, both numbers above 0, for example 240x120; got '\(text)'")
        }
        return CGSize(width: width, height: height)
    }

    /// Checks that the picture has at least one pixel each way and not more than
    /// ``maximumPixels``.
    func validate() throws {
        let width = size.width * scale
        let height = size.height * scale
        guard width.rounded() >= 1, height.rounded() >= 1 else {
            throw ValidationError(
                "the picture would be \(shortNumber(width)) × \(shortNumber(height)) pixels, under one pixel; "
                    + "raise --size or --scale")
        }
        guard width <= CGFloat(Self.maximumPixels), height <= CGFloat(Self.maximumPixels) else {
            throw ValidationError(
                "the picture would be \(shortNumber(width)) × \(shortNumber(height)) pixels; the most is "
                    + "\(Self.maximumPixels) each way: lower --size or --scale")
        }
    }
}

/// The frames of a video or a PNG sequence, numbered from the demo's start: frame `n` is at
/// `n / fps`, computed from the whole number `n`, so a render of part of a demo gives exactly
/// the pictures of the same frames of a whole render (and of `carender frame --time n/fps`).
///
/// `from` and `to` are rounded to the nearest frame: `--from 0.25` at 10 fps starts at frame 3
/// (0.3 s). Rounding rather than refusing a time between frames, because times such as 0.1 are
/// not exact in binary and a user gives them meaning a frame.
struct FrameSpan: Equatable {
    /// The number of the first frame: a whole number, kept as a `Double` so that any finite
    /// `--from` has one (frame 3e21 is 1e20 s at 30 fps, past what an `Int` holds).
    let first: Double
    /// How many frames: up to but not including `to`, so that a looping demo's video loops
    /// without a doubled frame. At least one.
    let count: Int
    let fps: Int

    init(from: CFTimeInterval, to: CFTimeInterval, fps: Int) {
        self.fps = fps
        first = (from * Double(fps)).rounded()
        // The commands keep `to` within an hour of `from`, so the count is small; far out,
        // where times a frame apart are the same Double, the span shrinks to one frame.
        count = max(1, Int(min((to * Double(fps)).rounded() - first, Double(Int32.max))))
    }

    /// The media time of each frame: frame n at exactly n / fps.
    var times: [CFTimeInterval] {
        (0..<count).map { (first + Double($0)) / Double(fps) }
    }

    /// The time of the first frame.
    var start: CFTimeInterval { first / Double(fps) }
    /// The time the frames stop before.
    var end: CFTimeInterval { (first + Double(count)) / Double(fps) }
}

/// A number as short as it can be written: `2`, `0.5`, `1e+06`.
func shortNumber(_ value: Double) -> String {
    String(format: "%g", value)
}

func shortNumber(_ value: CGFloat) -> String {
    shortNumber(Double(value))
}
