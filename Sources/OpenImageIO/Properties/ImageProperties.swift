import Foundation

/// The key of the pixel width in the properties of an image.
public let kCGImagePropertyPixelWidth: CFString = "PixelWidth"
/// The key of the pixel height in the properties of an image.
public let kCGImagePropertyPixelHeight: CFString = "PixelHeight"
/// The key of the GIF-specific properties of a GIF frame, a dictionary.
public let kCGImagePropertyGIFDictionary: CFString = "{GIF}"
/// The key of a GIF frame's delay in seconds, with browsers' clamping (see
/// ``CGImageSourceCopyPropertiesAtIndex(_:_:_:)``).
public let kCGImagePropertyGIFDelayTime: CFString = "DelayTime"
/// The key of a GIF frame's delay in seconds, as stored in the file.
public let kCGImagePropertyGIFUnclampedDelayTime: CFString = "UnclampedDelayTime"
/// The key of the option that asks for decoded images to be cached; accepted and not read.
public let kCGImageSourceShouldCache: CFString = "kCGImageSourceShouldCache"

/// The properties of image `index`: its pixel size, and for a GIF frame its delays under
/// ``kCGImagePropertyGIFDictionary``. `nil` when there is no such image or it cannot be decoded.
///
/// Differences from Apple: only these keys. A GIF delay under 0.011 s is reported as 0.1 s under
/// ``kCGImagePropertyGIFDelayTime``, as browsers play it; the stored value is under
/// ``kCGImagePropertyGIFUnclampedDelayTime``.
///
///     let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [String: Any]
///     let gif = properties?[kCGImagePropertyGIFDictionary as String] as? [String: Any]
///     let delay = gif?[kCGImagePropertyGIFDelayTime as String] as? Double
public func CGImageSourceCopyPropertiesAtIndex(
    _ isrc: CGImageSource,
    _ index: Int,
    _ options: CFDictionary?
) -> CFDictionary? {
    var properties: [String: Any] = [:]
    switch isrc.contents {
    case .gif(let animation):
        guard animation.frames.indices.contains(index) else { return nil }
        properties[kCGImagePropertyPixelWidth] = animation.width
        properties[kCGImagePropertyPixelHeight] = animation.height
        let delay = animation.frames[index].delay
        properties[kCGImagePropertyGIFDictionary] = [
            kCGImagePropertyGIFDelayTime: delay < 0.011 ? 0.1 : delay,
            kCGImagePropertyGIFUnclampedDelayTime: delay,
        ] as [String: Any]
    case .single, .webP:
        guard let image = isrc.image(at: index) else { return nil }
        properties[kCGImagePropertyPixelWidth] = image.width
        properties[kCGImagePropertyPixelHeight] = image.height
    }
    return properties as CFDictionary
}
