import Foundation

/// A bitmap image: 8-bit sRGB red, green, blue, alpha per pixel, rows top to bottom.
///
/// Differences from Apple: one pixel format only, straight (non-premultiplied) alpha, which
/// ``dataProvider`` gives, and no colour-space objects; make an image from its bytes with
/// ``init(width:height:rgbaPixels:)``. Equality is identity, as for Apple's CoreFoundation
/// image objects.
///
/// `@unchecked Sendable` is safe because every stored property is a `let`.
public final class CGImage: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    private let pixels: [UInt8]
    /// The encoded file the image was decoded from, when it was decoded from one; see
    /// ``encodedSource``.
    private let source: CGImageEncodedSource?

    /// Creates an image from `width × height` pixels of straight RGBA8, row by row from the
    /// top, with no padding between rows; `nil` when a dimension is not positive or the byte
    /// count is not `width × height × 4`.
    ///
    /// An addition to Apple's API, which builds images from data providers.
    ///
    ///     let red = CGImage(width: 1, height: 1, rgbaPixels: [255, 0, 0, 255])
    public init?(width: Int, height: Int, rgbaPixels: [UInt8]) {
        guard width > 0, height > 0 else { return nil }
        let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixelCount <= Int.max / 4, rgbaPixels.count == pixelCount * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = rgbaPixels
        self.source = nil
    }

    /// The same pixels as `image`, remembering the file they were decoded from. The pixel
    /// buffer is shared, not copied.
    package init(_ image: CGImage, encodedSource: CGImageEncodedSource) {
        width = image.width
        height = image.height
        pixels = image.pixels
        source = encodedSource
    }

    /// The bytes of the single-image file (PNG, JPEG, WebP, GIF) this image was decoded from,
    /// with its type, or nil for an image made from pixels. Writers (CAML's `assets/`) save
    /// these bytes as they were instead of re-encoding the pixels. Not in Apple's API.
    package var encodedSource: CGImageEncodedSource? { source }

    /// Bits per colour component: always 8.
    public var bitsPerComponent: Int { 8 }

    /// Bits per pixel: always 32 (red, green, blue, alpha).
    public var bitsPerPixel: Int { 32 }

    /// Bytes per row: `width × 4`, rows are not padded.
    public var bytesPerRow: Int { width * 4 }

    /// The pixel bytes: straight RGBA8, `bytesPerRow` per row, top row first.
    package var rgbaPixels: [UInt8] { pixels }

    /// Whether both references are the same image.
    public static func == (lhs: CGImage, rhs: CGImage) -> Bool { lhs === rhs }

    /// Hashes the object identity, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// `<CGImage 0x…>` with the object's address, as the seed articles print images.
    public var description: String { "<CGImage \(objectAddress(self))>" }
}

/// The encoded bytes of an image file, its uniform type identifier (`public.png`…) and, when
/// it was read from a file, that file's name.
package struct CGImageEncodedSource: Sendable {
    package let data: Data
    package let typeIdentifier: String
    package var fileName: String?

    package init(data: Data, typeIdentifier: String, fileName: String? = nil) {
        self.data = data
        self.typeIdentifier = typeIdentifier
        self.fileName = fileName
    }
}
