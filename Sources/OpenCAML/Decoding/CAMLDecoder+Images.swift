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
        let shown = isInline && source.count > 40 ? source.prefix(40) + "…" : source
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
        guard let data = try? Data(contentsOf: url) else {
            warn(element, "image asset \(source) is missing or unreadable (looked for \(url.path)); the layer has no contents")
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
