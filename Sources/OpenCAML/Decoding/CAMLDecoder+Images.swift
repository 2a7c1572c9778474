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
        let image: CGImage?
        if source.hasPrefix("data:") {
            image = decodeDataURI(source, at: element)
        } else {
            image = decodeAsset(source, at: element)
        }
        imagesBySource[source] = image
        return image
    }

    private func decodeAsset(_ source: String, at element: XMLTreeElement) -> CGImage? {
        // Apple resolves `src` against the document URL minus its last component
        // (CAMLParser.mm `-parseContentsOfURL:`); some writers add a leading `/` meaning the
        // same folder (`relativePath="/assets/…"`), so it is not read as the file system root.
        let relative = source.hasPrefix("/") ? String(source.drop { $0 == "/" }) : source
        let url = URL(fileURLWithPath: relative, relativeTo: baseURL).standardizedFileURL
        guard FileManager.default.fileExists(atPath: url.path) else {
            warn(element, "image asset \(source) is missing (looked for \(url.path)); the layer has no contents")
            return nil
        }
        guard let imageSource = CGImageSourceCreateWithURL(url, nil),
            let image = CGImageSourceCreateImageAtIndex(imageSource, 0, nil)
        else {
            warn(element, "image asset \(source) is not a PNG, JPEG, WebP or GIF image that can be decoded; ignored")
            return nil
        }
        return image
    }

    private func decodeDataURI(_ source: String, at element: XMLTreeElement) -> CGImage? {
        let shown = source.count > 40 ? source.prefix(40) + "…" : Substring(source)
        guard let data = DataURI.payload(of: source) else {
            warn(element, "inline image \(shown) is not a valid data: URI; ignored")
            return nil
        }
        guard let imageSource = CGImageSourceCreateWithData(data, nil),
            let image = CGImageSourceCreateImageAtIndex(imageSource, 0, nil)
        else {
            warn(element, "inline image \(shown) is not a PNG, JPEG, WebP or GIF image that can be decoded; ignored")
            return nil
        }
        return image
    }
}

/// `data:[<media type>][;base64],<payload>` URIs (RFC 2397), which CAML documents use for
/// inline images (FORMAT.md §1.4). Foundation on Linux does not load them through `URL`.
enum DataURI {
    /// The bytes a `data:` URI carries, or nil when it is not one or its payload does not
    /// decode.
    static func payload(of uri: String) -> Data? {
        guard uri.hasPrefix("data:"), let comma = uri.firstIndex(of: ",") else { return nil }
        let header = uri[uri.index(uri.startIndex, offsetBy: 5)..<comma]
        let payload = uri[uri.index(after: comma)...]
        let isBase64 = header.split(separator: ";").contains { $0.lowercased() == "base64" }
        if isBase64 {
            // Writers wrap long base64 text and some percent-encode it; neither is base64.
            let cleaned = (String(payload).removingPercentEncoding ?? String(payload))
                .filter { !$0.isWhitespace }
            return Data(base64Encoded: cleaned, options: .ignoreUnknownCharacters)
        }
        return String(payload).removingPercentEncoding.map { Data($0.utf8) }
    }
}
