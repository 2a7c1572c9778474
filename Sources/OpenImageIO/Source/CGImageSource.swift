import Foundation
import OpenCoreGraphics

/// An image file opened for reading: Apple's `CGImageSourceRef`, made by
/// ``CGImageSourceCreateWithData(_:_:)-(CFData,_)`` or ``CGImageSourceCreateWithURL(_:_:)-(CFURL,_)``
/// and read with ``CGImageSourceCreateImageAtIndex(_:_:_:)``.
///
/// Differences from Apple: PNG, JPEG, WebP and GIF only (recognised from their bytes); a source
/// is complete when made (no incremental loading), and the functions that make one return
/// `nil` for data that is not one of these formats, where Apple returns a source whose count is
/// 0. Pixels are decoded on each ``CGImageSourceCreateImageAtIndex(_:_:_:)`` call, not cached.
///
///     let source = CGImageSourceCreateWithData(data as CFData, nil)!
///     let frames = (0..<CGImageSourceGetCount(source)).compactMap {
///         CGImageSourceCreateImageAtIndex(source, $0, nil)
///     }
///
/// `Sendable` as Apple's CF type is thread-safe: every stored property is an immutable value.
public final class CGImageSource: Sendable {
    /// What the file holds, beyond its bytes.
    enum Contents: Sendable {
        /// One image, decoded when asked for (PNG, JPEG).
        case single
        /// WebP with this many frames (one for a still image), decoded when asked for.
        case webP(frameCount: Int)
        /// A GIF, its frames parsed when the source was made.
        case gif(GIFAnimation)
    }

    let format: ImageFormat
    let data: Data
    let contents: Contents
    /// The name of the file the data was read from, if any.
    let fileName: String?

    /// Recognises the format of `data` and reads as much as the frame count needs; `nil` when
    /// the data is no image this module can read.
    init?(data: Data, fileName: String? = nil) {
        self.fileName = fileName
        guard let format = ImageFormat(sniffing: data) else { return nil }
        switch format {
        case .png:
            guard PNGDecoder.size(of: data) != nil else { return nil }
            contents = .single
        case .jpeg:
            contents = .single
        case .webP:
            guard let count = WebPDecoder.frameCount(of: data) else { return nil }
            contents = .webP(frameCount: count)
        case .gif:
            guard let animation = GIFAnimation(data: data) else { return nil }
            contents = .gif(animation)
        }
        self.format = format
        self.data = data
    }

    var count: Int {
        switch contents {
        case .single: 1
        case .webP(let frameCount): frameCount
        case .gif(let animation): animation.frames.count
        }
    }

    func image(at index: Int) -> CGImage? {
        let decoded: CGImage? =
            switch (contents, format) {
            case (.single, .png): index == 0 ? PNGDecoder.image(from: data) : nil
            case (.single, _): index == 0 ? JPEGDecoder.image(from: data) : nil
            case (.webP, _): WebPDecoder.image(from: data, at: index)
            case (.gif(let animation), _): animation.image(at: index)
            }
        // The image of a one-image file remembers its bytes, so that a writer can save the
        // file as it was (CAML assets keep their format and size). A frame of an animation
        // does not: the file is not that frame.
        guard let decoded, count == 1 else { return decoded }
        return CGImage(
            decoded,
            encodedSource: CGImageEncodedSource(data: data, typeIdentifier: format.typeIdentifier, fileName: fileName))
    }
}

/// Opens the image in `data`: Apple's function of the same name.
///
/// Returns `nil` when the data is not a PNG, JPEG, WebP or GIF file, or its header (or, for
/// GIF and WebP, its frames) cannot be read; Apple returns a source of no images there.
/// `options` is accepted for source compatibility and not read.
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? {
    CGImageSource(data: Data(referencing: data))
}

/// Opens the image in `data`; an addition to Apple's API for Swift's `Data`, the same as
/// ``CGImageSourceCreateWithData(_:_:)-(CFData,_)``.
public func CGImageSourceCreateWithData(_ data: Data, _ options: CFDictionary?) -> CGImageSource? {
    CGImageSource(data: data)
}

/// Opens the image file at `url`: Apple's function of the same name.
///
/// Returns `nil` when the file cannot be read or is not a PNG, JPEG, WebP or GIF file (told
/// from its bytes, not its name). `options` is accepted for source compatibility and not read.
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? {
    CGImageSourceCreateWithURL(url as URL, options)
}

/// Opens the image file at `url`; an addition to Apple's API for Swift's `URL`, the same as
/// ``CGImageSourceCreateWithURL(_:_:)-(CFURL,_)``.
public func CGImageSourceCreateWithURL(_ url: URL, _ options: CFDictionary?) -> CGImageSource? {
    guard let data = try? Data(contentsOf: url) else { return nil }
    return CGImageSource(data: data, fileName: url.lastPathComponent)
}

/// The number of images in the source: frames for an animated GIF or WebP, otherwise 1.
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int {
    isrc.count
}

/// The uniform type identifier of the source's format: `"public.png"`, `"public.jpeg"`,
/// `"org.webmproject.webp"` or `"com.compuserve.gif"`.
public func CGImageSourceGetType(_ isrc: CGImageSource) -> CFString? {
    isrc.format.typeIdentifier
}

/// Decodes image `index` of the source: for an animation, the whole canvas once that frame is
/// drawn over the earlier ones. `nil` when there is no such image or its data is corrupt,
/// truncated or larger than 16,384 pixels a side. `options` is accepted and not read.
public func CGImageSourceCreateImageAtIndex(
    _ isrc: CGImageSource,
    _ index: Int,
    _ options: CFDictionary?
) -> CGImage? {
    isrc.image(at: index)
}
