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
    largestDifference(a.rgbaPixels, b.rgbaPixels)
}

/// The largest difference between two frames' bytes, in levels.
public func largestDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
}
