import ArgumentParser
import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer

/// The picture a scene is drawn into: a size in points and pixels per point. The scene's canvas
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

/// The frames of a render: the library's span (frame n at exactly n / fps).
typealias FrameSpan = CAFrameSpan

/// A number as short as it can be written: `2`, `0.5`, `1e+06`.
func shortNumber(_ value: Double) -> String {
    String(format: "%g", value)
}

func shortNumber(_ value: CGFloat) -> String {
    shortNumber(Double(value))
}
