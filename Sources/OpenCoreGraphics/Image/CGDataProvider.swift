import Foundation

/// Bytes an image is read from or gives: Apple's `CGDataProvider`, here over bytes in memory
/// only. An image's ``CGImage/dataProvider`` gives its pixels, straight RGBA8 rows from the
/// top, as iOS code reads pixels (`image.dataProvider?.data`).
///
/// Differences from Apple: ``data`` is Foundation's `Data` (Apple's is a `CFData`, which code
/// turns into `Data` with `as Data`, a no-op here); there are no callback or file providers.
public final class CGDataProvider: @unchecked Sendable {
    /// The bytes. `@unchecked Sendable` is safe because it is a `let`.
    public let data: Data?

    /// A provider of `data`'s bytes.
    public init?(data: Data) {
        self.data = data
    }
}

extension CGImage {
    /// The image's pixels: straight RGBA8, ``bytesPerRow`` a row, top row first.
    public var dataProvider: CGDataProvider? { CGDataProvider(data: Data(rgbaPixels)) }

    /// How the pixels hold alpha: last, not premultiplied (``CGImageAlphaInfo/last``).
    public var alphaInfo: CGImageAlphaInfo { .last }
}
