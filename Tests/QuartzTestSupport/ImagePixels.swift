import OpenQuartzCore

extension CGImage {
    /// The straight RGBA of the pixel at (x, y), top-left origin: for probing rendered frames.
    public func pixel(x: Int, y: Int) -> [Int] {
        let index = (y * width + x) * 4
        return (0..<4).map { Int(rgbaPixels[index + $0]) }
    }
}
