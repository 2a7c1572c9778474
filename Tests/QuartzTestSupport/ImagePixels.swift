import OpenQuartzCore

extension CGImage {
    /// The straight RGBA of the pixel at (x, y), top-left origin: for probing rendered frames.
    public func pixel(x: Int, y: Int) -> [Int] {
        let index = (y * width + x) * 4
        return (0..<4).map { Int(rgbaPixels[index + $0]) }
    }
}

/// The largest difference of any channel of any pixel between two images of the same size.
public func largestDifference(_ a: CGImage, _ b: CGImage) -> Int {
    zip(a.rgbaPixels, b.rgbaPixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
}
