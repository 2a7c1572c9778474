import Foundation
import OpenCoreGraphics
import OpenImageIO
import OpenQuartzCore

extension CAMLDecoder {
    /// The image a `CGImage` element names with `src=`: an asset file relative to the
    /// document's folder, or an inline `data:` URI (FORMAT.md §1.4). A missing or undecodable
    /// asset gives a warning naming it and nil, so the document still loads without it, as
    /// the corpus's kslop glyphs with missing PNGs must (FORMAT.md §13).
    func decodeImage(_ element: XMLTreeElement) -> CGImage? {
        guard let source = element.attributes["src"], !source.isEmpty else {
            warn(element, "an image without src; ignored")
            return nil
        }
        // One asset is often named many times (keyframe `values` of 100 images in one corpus
        // document): each is read and decoded once.
        if let known = imagesBySource[source] { return known }
        let isInline = source.hasPrefix("data:")
        let shown = isInline && source.utf8.count > 40 ? source.prefix(40) + "…" : source
        let data = isInline ? dataURIPayload(source, shown: shown, at: element) : assetData(source, at: element)
        var image: CGImage?
        if let data {
            image = CGImageSourceCreateWithData(data, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }
            if image == nil {
                warn(element, "image \(shown) is not a PNG, JPEG, WebP or GIF image that can be decoded; ignored")
            }
            // The image remembers its file's name, which a writer gives its asset back.
            if !isInline, let decoded = image, var encoded = decoded.encodedSource {
                encoded.fileName = URL(fileURLWithPath: source).lastPathComponent
                image = CGImage(decoded, encodedSource: encoded)
            }
        }
        imagesBySource[source] = image
        return image
    }

    /// The bytes of the asset file `source` names, or nil with a warning.
    private func assetData(_ source: String, at element: XMLTreeElement) -> Data? {
        // Apple resolves `src` against the document URL minus its last component
        // (CAMLParser.mm `-parseContentsOfURL:`).
        let url = URL(fileURLWithPath: source, relativeTo: baseURL).standardizedFileURL
        // Only regular files: a `src` naming a device or a pipe (`/dev/zero`, `/dev/stdin`)
        // would never end or never answer.
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        if let attributes, attributes[.type] as? FileAttributeType != .typeRegular {
            warn(
                element,
                "image asset \(source) is not a regular file (looked for \(url.path)); the layer has no contents")
            return nil
        }
        guard let data = try? Data(contentsOf: url) else {
            warn(
                element,
                "image asset \(source) is missing or unreadable (looked for \(url.path)); the layer has no contents")
            return nil
        }
        return data
    }

    /// The bytes an inline `data:` URI carries, or nil with a warning.
    private func dataURIPayload(_ source: String, shown: String, at element: XMLTreeElement) -> Data? {
        guard let data = DataURI.payload(of: source) else {
            warn(element, "inline image \(shown) is not a valid data: URI; ignored")
            return nil
        }
        return data
    }
}

/// `data:[<media type>][;base64],<payload>` URIs (RFC 2397), which CAML documents use for
/// inline images (FORMAT.md §1.4). Foundation on Linux does not load them through `URL`.
enum DataURI {
    /// The bytes a `data:` URI carries, or nil when it is not one or its payload does not
    /// decode.
    static func payload(of uri: String) -> Data? {
        // Byte by byte: an inline image is hundreds of kilobytes of text, and going through
        // Characters (or Foundation's percent decoding) took most of a document's load time.
        let bytes = uri.utf8
        guard uri.hasPrefix("data:"), let comma = bytes.firstIndex(of: UInt8(ascii: ",")) else { return nil }
        let header = uri[bytes.index(bytes.startIndex, offsetBy: 5)..<comma]
        let isBase64 = header.split(separator: ";").contains { $0.lowercased() == "base64" }
        let body = bytes[bytes.index(after: comma)...]
        // Through the string's own storage where it has one (native strings do): an iterator
        // over a substring's UTF-8 view costs tens of instructions a byte.
        let payload =
            body.withContiguousStorageIfAvailable { decode($0, isBase64: isBase64) }
            ?? Array(body).withUnsafeBufferPointer { decode($0, isBase64: isBase64) }
        return isBase64 ? Data(base64Encoded: Data(payload), options: .ignoreUnknownCharacters) : Data(payload)
    }

    /// The bytes `text` stands for: white space left out of base64, `%XX` escapes decoded (a
    /// `%` without two hex digits stays as it is). Written into a buffer by index, since an
    /// inline image is hundreds of kilobytes.
    private static func decode(_ text: UnsafeBufferPointer<UInt8>, isBase64: Bool) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: text.count) { output, written in
            var count = 0
            var index = 0
            while index < text.count {
                let byte = text[index]
                index += 1
                switch byte {
                // Writers wrap long base64 text; white space is no part of it.
                case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                    if isBase64 { continue }
                    output[count] = byte
                // Some percent-encode it (`%2B` for `+`).
                case UInt8(ascii: "%"):
                    if index + 1 < text.count, let high = hexValue(text[index]), let low = hexValue(text[index + 1]) {
                        output[count] = high << 4 | low
                        index += 2
                    } else {
                        output[count] = byte
                    }
                default:
                    output[count] = byte
                }
                count += 1
            }
            written = count
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
