import Foundation
@_exported import OpenUIKit
@_exported import SnapshotTesting

extension Diffing where Value == UIImage {
    /// A pixel-diffing strategy for pictures that requires every byte to match.
    public static var image: Diffing { .image() }

    /// A pixel-diffing strategy for pictures, with swift-snapshot-testing's meanings:
    /// `precision` is the fraction of pixels (of bytes, when `perceptualPrecision` is 1) that
    /// must match; `perceptualPrecision` how close a pixel's colour must be to count as matching
    /// (1 − CIE94 ΔE / 100; 0.98 to 0.99 is what the eye tells apart). `scale` is the scale
    /// the reference is read back at (1 when nil, as there is no screen).
    ///
    /// A failure names the difference picture (white where the pictures differ most) and the
    /// copy of the reference it writes beside the failed snapshot that swift-snapshot-testing
    /// writes, in the folder `SNAPSHOT_ARTIFACTS` names (the temporary folder by default).
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil) -> Diffing {
        imageDiffing(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale, frameTimes: nil)
    }

    /// The image diffing; with `frameTimes`, of a sheet of that many frames stacked from the
    /// top, compared one by one.
    static func imageDiffing(
        precision: Float, perceptualPrecision: Float, scale: CGFloat?, frameTimes: [Double]?
    ) -> Diffing {
        let readScale = scale.flatMap { $0 > 0 ? $0 : nil } ?? 1
        return .diff(
            toData: { $0.pngData() ?? Data() },
            fromData: { UIImage(data: $0, scale: readScale) ?? UIImage() },
            diffV2: { reference, actual in
                let comparison: ImageComparison
                switch ImageComparison.make(reference: reference, actual: actual) {
                case .failure(let failure): return (failure.message, [])
                case .success(let made): comparison = made
                }
                var message: String
                if let frameTimes, !frameTimes.isEmpty {
                    let rows = comparison.height / frameTimes.count
                    let failing = frameTimes.enumerated().compactMap { index, time -> String? in
                        let pixels = (index * rows * comparison.width)..<((index + 1) * rows * comparison.width)
                        return comparison.mismatch(
                            precision: precision, perceptualPrecision: perceptualPrecision, pixels: pixels
                        ).map { "at \(time) s: \($0)" }
                    }
                    guard !failing.isEmpty else { return nil }
                    message = "Frames that do not match the reference sheet:\n" + failing.joined(separator: "\n")
                } else {
                    guard
                        let mismatch = comparison.mismatch(
                            precision: precision, perceptualPrecision: perceptualPrecision)
                    else { return nil }
                    message = mismatch
                }
                var attachments: [DiffAttachment] = []
                if let difference = comparison.differencePicture(scale: actual.scale), let data = difference.pngData() {
                    attachments.append(.data(data, name: "difference.png"))
                    if let url = DifferenceArtifacts.write(data, as: "difference") {
                        message += "\nDifference: \(url.path)"
                    }
                }
                if let data = reference.pngData() {
                    attachments.append(.data(data, name: "reference.png"))
                    if let url = DifferenceArtifacts.write(data, as: "reference") {
                        message += "\nReference: \(url.path)"
                    }
                }
                return (message, attachments)
            })
    }
}

extension Snapshotting where Value == UIImage, Format == UIImage {
    /// A snapshot strategy for pictures that requires every byte to match.
    public static var image: Snapshotting { .image() }

    /// A snapshot strategy for pictures; see `Diffing.image(precision:perceptualPrecision:scale:)`.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil)
        -> Snapshotting
    {
        Snapshotting(
            pathExtension: "png",
            diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale))
    }
}

/// Where difference pictures go: swift-snapshot-testing's artifacts folder.
enum DifferenceArtifacts {
    /// swift-snapshot-testing's artifacts folder: `SNAPSHOT_ARTIFACTS`, or the temporary folder.
    static var root: URL {
        URL(
            fileURLWithPath: ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory(),
            isDirectory: true)
    }

    /// Writes `png` as `<kind>-<hash>.png` under ``root``; nil when it cannot be written.
    static func write(_ png: Data, as kind: String) -> URL? {
        let folder = root.appendingPathComponent("OpenQuartzCoreSnapshotTesting", isDirectory: true)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in png { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let url = folder.appendingPathComponent("\(kind)-\(String(hash, radix: 16)).png")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try png.write(to: url, options: .atomic)
            return url
        } catch {
            return nil
        }
    }
}
