import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer

extension PerceptualComparison {
    /// The environment variable naming the folder that ``keepDifferencePicture(_:_:named:)``
    /// writes into.
    public static let differenceFolderVariable = "LOTTIE_DIFFS"

    /// The picture to look at when a comparison fails, as compare.py's `--out` makes it: ours
    /// over white | Apple's over white | each pixel's worse CIEDE2000 difference as grey
    /// (ΔE / 10, so white is 10 or more; a pixel that fails is at least 30 % grey). Opaque,
    /// three times as wide as the pictures. Pictures of different sizes trap.
    public static func differencePicture(_ ours: CGImage, _ apple: CGImage) -> CGImage {
        let differences = worstDifferences(ours, apple)
        let (width, height) = (ours.width, ours.height)
        var side = [UInt8](repeating: 255, count: 3 * width * height * 4)
        side.withUnsafeMutableBufferPointer { side in
            overWhite.withUnsafeBufferPointer { overWhite in
                ours.rgbaPixels.withUnsafeBufferPointer { ours in
                    apple.rgbaPixels.withUnsafeBufferPointer { apple in
                        for y in 0..<height {
                            for x in 0..<width {
                                let source = (y * width + x) * 4
                                let target = (y * 3 * width + x) * 4
                                let grey = UInt8((min(max(differences[y * width + x] / 10, 0), 1) * 255).rounded())
                                for channel in 0..<3 {
                                    side[target + channel] =
                                        overWhite[Int(ours[source + 3]) << 8 | Int(ours[source + channel])]
                                    side[target + width * 4 + channel] =
                                        overWhite[Int(apple[source + 3]) << 8 | Int(apple[source + channel])]
                                    side[target + 2 * width * 4 + channel] = grey
                                }
                            }
                        }
                    }
                }
            }
        }
        guard let picture = CGImage(width: 3 * width, height: height, rgbaPixels: side) else {
            fatalError("a \(3 * width) × \(height) difference picture always makes an image")
        }
        return picture
    }

    /// A straight component `c` of alpha `a` composited over white and rounded to 8 bits, at
    /// `a << 8 | c`.
    private static let overWhite: [UInt8] = (0..<(1 << 16)).map { index in
        let (alpha, component) = (Double(index >> 8) / 255, Double(index & 0xFF) / 255)
        return UInt8(((component * alpha + (1 - alpha)) * 255).rounded())
    }

    /// Writes ``differencePicture(_:_:)`` as `NAME.png` into the folder that the environment
    /// variable `LOTTIE_DIFFS` names, making the folder when needed, and returns the file;
    /// returns nil, writing nothing, when the variable is not set.
    ///
    ///     if matched < snapshot.precision, let kept = try PerceptualComparison.keepDifferencePicture(
    ///         ours, apple, named: "\(snapshot.sampleName)-\(snapshot.label)") {
    ///         print("see \(kept.path)")
    ///     }
    @discardableResult
    public static func keepDifferencePicture(_ ours: CGImage, _ apple: CGImage, named name: String) throws -> URL? {
        guard let folder = ProcessInfo.processInfo.environment[differenceFolderVariable], !folder.isEmpty else {
            return nil
        }
        let directory = URL(fileURLWithPath: folder, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name + ".png")
        try writeDifferencePicture(ours, apple, to: url)
        return url
    }

    /// Writes ``differencePicture(_:_:)`` as a PNG file at `url`.
    public static func writeDifferencePicture(_ ours: CGImage, _ apple: CGImage, to url: URL) throws {
        try pngData(of: differencePicture(ours, apple)).write(to: url)
    }

    /// An opaque picture as PNG data. The renderer has the package's only PNG encoder, so the
    /// picture is drawn as the contents of a layer its own size: one image pixel a bitmap
    /// pixel, unchanged for opaque pixels.
    static func pngData(of picture: CGImage) throws -> Data {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: CGFloat(picture.width), height: CGFloat(picture.height))
        layer.contents = picture
        CATransaction.commit()
        let renderer = CARenderer(width: picture.width, height: picture.height)
        renderer.layer = layer
        renderer.beginFrame(atTime: 0)
        renderer.render()
        renderer.endFrame()
        return try renderer.pngData()
    }
}
