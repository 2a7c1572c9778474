import Foundation
import OpenCoreGraphics

/// CoreFoundation's mutable data type: Foundation's `NSMutableData` here, so
/// `data as CFMutableData` compiles.
public typealias CFMutableData = NSMutableData

/// An image file being written: Apple's `CGImageDestinationRef`, made by
/// ``CGImageDestinationCreateWithURL(_:_:_:_:)-(CFURL,_,_,_)`` or
/// ``CGImageDestinationCreateWithData(_:_:_:_:)``, given its image with
/// ``CGImageDestinationAddImage(_:_:_:)`` and written by ``CGImageDestinationFinalize(_:)``.
///
/// Differences from Apple: PNG (`"public.png"`) only, one image per file, and the image
/// properties and options are accepted and not read. A file is written whole, to a temporary
/// file that then replaces the target, so a failed write leaves the old file in place.
///
///     let url = URL(fileURLWithPath: "frame.png")
///     let destination = CGImageDestinationCreateWithURL(url as CFURL, "public.png", 1, nil)!
///     CGImageDestinationAddImage(destination, image, nil)
///     guard CGImageDestinationFinalize(destination) else { print("not written") }
public final class CGImageDestination {
    enum Target {
        case file(URL)
        case data(NSMutableData)
    }

    let target: Target
    let capacity: Int
    private(set) var images: [CGImage] = []
    private var isFinalized = false

    init(target: Target, capacity: Int) {
        self.target = target
        self.capacity = capacity
    }

    func add(_ image: CGImage) {
        // Apple logs and ignores images beyond the count given at creation.
        guard !isFinalized, images.count < capacity else { return }
        images.append(image)
    }

    func finalize() -> Bool {
        guard !isFinalized, let image = images.first, let encoded = PNGEncoder.data(of: image) else { return false }
        isFinalized = true
        switch target {
        case .file(let url):
            do {
                try encoded.write(to: url, options: .atomic)
            } catch {
                return false
            }
        case .data(let data):
            data.append(encoded)
        }
        return true
    }

    /// The type identifiers destinations can be made for.
    static let supportedTypes: [String] = ["public.png"]
}

/// A destination writing an image file at `url`: Apple's function of the same name.
///
/// Returns nil when `type` is not `"public.png"` or `count` is not positive. The file is
/// written by ``CGImageDestinationFinalize(_:)``. `options` is accepted and not read.
public func CGImageDestinationCreateWithURL(
    _ url: CFURL, _ type: CFString, _ count: Int, _ options: CFDictionary?
) -> CGImageDestination? {
    CGImageDestinationCreateWithURL(url as URL, type, count, options)
}

/// A destination writing an image file at `url`; an addition to Apple's API for Swift's
/// `URL`, the same as ``CGImageDestinationCreateWithURL(_:_:_:_:)-(CFURL,_,_,_)``.
public func CGImageDestinationCreateWithURL(
    _ url: URL, _ type: CFString, _ count: Int, _ options: CFDictionary?
) -> CGImageDestination? {
    guard CGImageDestination.supportedTypes.contains(type), count > 0, url.isFileURL else { return nil }
    return CGImageDestination(target: .file(url), capacity: count)
}

/// A destination appending an image file's bytes to `data`: Apple's function of the same
/// name. Returns nil when `type` is not `"public.png"` or `count` is not positive.
public func CGImageDestinationCreateWithData(
    _ data: CFMutableData, _ type: CFString, _ count: Int, _ options: CFDictionary?
) -> CGImageDestination? {
    guard CGImageDestination.supportedTypes.contains(type), count > 0 else { return nil }
    return CGImageDestination(target: .data(data), capacity: count)
}

/// The type identifiers ``CGImageDestinationCreateWithURL(_:_:_:_:)-(CFURL,_,_,_)`` accepts:
/// `["public.png"]`.
public func CGImageDestinationCopyTypeIdentifiers() -> [CFString] {
    CGImageDestination.supportedTypes
}

/// Adds the image the destination writes. Images beyond the count given at creation are
/// ignored, as on Apple; `properties` is accepted and not read.
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?) {
    idst.add(image)
}

/// Encodes the image and writes the file (or appends to the data): true when it was written.
/// False when no image was added, the destination was finalized before, or the file cannot
/// be written.
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool {
    idst.finalize()
}
