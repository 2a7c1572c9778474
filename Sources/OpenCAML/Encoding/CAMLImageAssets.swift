import Foundation
import OpenCoreGraphics
import OpenImageIO

/// The images a document being written refers to, and the `src` text of each (FORMAT.md §1.4):
/// files in the bundle's `assets/` folder, or inline `data:` URIs for a lone `.caml` file.
///
/// An image decoded from a file or a `data:` URI keeps the bytes it came from
/// (`CGImage.encodedSource`), and those bytes are written back as they were, under the file's
/// own name (so with its extension); an image made from pixels in code is encoded as PNG.
package final class CAMLImageAssets {
    package enum Placement {
        /// Files in `assets/`, named relative to the document.
        case bundleFolder
        /// `data:` URIs in the document.
        case inline
    }

    /// A file of the bundle: its path relative to the bundle folder, and its bytes.
    package struct File {
        package let path: String
        package let data: Data

        package init(path: String, data: Data) {
            self.path = path
            self.data = data
        }
    }

    let placement: Placement
    package private(set) var files: [File] = []
    private var sources: [ObjectIdentifier: String] = [:]
    /// The images written, kept alive so that no identifier above is reused while writing.
    private var written: [CGImage] = []
    /// Lower-cased names in `assets/`, so that no two differ only in case.
    private var usedNames: Set<String> = []
    /// How many images have been given a made-up name.
    private var unnamedCount = 0

    init(placement: Placement) {
        self.placement = placement
    }

    /// The `src` of `image`, storing it the first time; nil (after `warn`) when it cannot be
    /// encoded.
    func source(for image: CGImage, warn: (String) -> Void) -> String? {
        if let known = sources[ObjectIdentifier(image)] { return known }
        let encoded: CGImageEncodedSource
        if let original = image.encodedSource {
            encoded = original
        } else {
            guard let png = Self.pngData(of: image) else {
                warn("an image of \(image.width)×\(image.height) pixels could not be encoded as PNG; it is not written")
                return nil
            }
            encoded = CGImageEncodedSource(data: png, typeIdentifier: "public.png")
        }
        let source: String
        switch placement {
        case .inline:
            source = "data:\(Self.mediaType(of: encoded.typeIdentifier));base64,\(encoded.data.base64EncodedString())"
        case .bundleFolder:
            source = "assets/" + uniqueName(for: encoded)
            files.append(File(path: source, data: encoded.data))
        }
        sources[ObjectIdentifier(image)] = source
        written.append(image)
        return source
    }

    /// The file's own name when it has a usable one, else `image-N` with the extension of its
    /// type; a name already taken gets `-2`, `-3`… before its extension.
    private func uniqueName(for encoded: CGImageEncodedSource) -> String {
        let given = encoded.fileName.flatMap { name -> String? in
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, trimmed != ".", trimmed != "..", !trimmed.hasPrefix("."),
                !trimmed.contains("/"), !trimmed.contains("\\")
            else { return nil }
            return trimmed
        }
        let base: String
        if let given {
            base = given
        } else {
            unnamedCount += 1
            base = "image-\(unnamedCount).\(Self.fileExtension(of: encoded.typeIdentifier))"
        }
        var name = base
        var counter = 1
        while usedNames.contains(name.lowercased()) {
            counter += 1
            let stem = (base as NSString).deletingPathExtension
            let pathExtension = (base as NSString).pathExtension
            name = pathExtension.isEmpty ? "\(stem)-\(counter)" : "\(stem)-\(counter).\(pathExtension)"
        }
        usedNames.insert(name.lowercased())
        return name
    }

    private static func pngData(of image: CGImage) -> Data? {
        let data = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(data, "public.png", 1, nil) else { return nil }
        CGImageDestinationAddImage(destination, image, nil)
        guard CGImageDestinationFinalize(destination) else { return nil }
        return data as Data
    }

    private static func fileExtension(of typeIdentifier: String) -> String {
        switch typeIdentifier {
        case "public.jpeg": "jpg"
        case "org.webmproject.webp": "webp"
        case "com.compuserve.gif": "gif"
        default: "png"
        }
    }

    private static func mediaType(of typeIdentifier: String) -> String {
        switch typeIdentifier {
        case "public.jpeg": "image/jpeg"
        case "org.webmproject.webp": "image/webp"
        case "com.compuserve.gif": "image/gif"
        default: "image/png"
        }
    }
}
