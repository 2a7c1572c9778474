import Foundation
import OpenQuartzCore

extension CAPackage {
    /// Decodes a CAML document held in memory, as `init(contentsOf:type:options:)` decodes the
    /// file it reads: the fuzz target and the mutation test feed bytes through here without
    /// writing files. `path` only names the document in errors; `baseURL` is the folder image
    /// `src` paths are relative to.
    ///
    /// - Throws: ``CAMLError`` when the bytes are not well-formed XML or hold no CAML layer.
    package static func decodeDocument(
        _ data: Data, path: String, baseURL: URL
    ) throws(CAMLError) -> (rootLayer: CALayer, warnings: [CAMLWarning]) {
        let tree = try XMLTreeBuilder.parse(data, path: path)
        let decoder = CAMLDecoder(baseURL: baseURL)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let root = try decoder.decodeDocument(tree, path: path)
        return (root, decoder.warnings)
    }
}
