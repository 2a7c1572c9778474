import Foundation
import OpenQuartzCore

extension CAPackage {
    /// Writes the package as CAML: a `.caml` file (``kCAPackageTypeCAMLFile``), a `.ca`
    /// bundle folder (``kCAPackageTypeCAMLBundle``) holding `index.xml`, `main.caml` and the
    /// images in `assets/`, or a `.tendies` wallpaper package (``kCAPackageTypeTendies``, not
    /// Apple's): a zip of a `Wallpaper.plist` and the bundles, see <doc:WallpaperPackages>.
    ///
    /// The document follows Apple's writer (FORMAT.md §12): every property that differs from a
    /// new layer's, animations with their timing, states and transitions (layers they target
    /// get an id), images as the bytes they were read from (or PNG for images made in code),
    /// inline as `data:` URIs in a `.caml` file. What CAML cannot hold — content drawn in code,
    /// delegates, custom keys, an unknown layer subclass's own properties — is skipped with a
    /// warning on standard error. Reading the result gives the same tree.
    ///
    /// The write is atomic: a file goes to a temporary file beside the target that then
    /// replaces it; a bundle is made in a temporary folder beside the target that then takes
    /// its place. A failure leaves whatever was at `url` as it was. An existing folder is
    /// replaced only when it is a `.ca` bundle (it holds `index.xml` or a `.caml` file) or
    /// empty.
    ///
    /// - Parameters:
    ///   - url: where the `.caml` file or `.ca` bundle goes.
    ///   - type: ``kCAPackageTypeCAMLFile``, ``kCAPackageTypeCAMLBundle`` or
    ///     ``kCAPackageTypeTendies``.
    ///   - options: accepted for Apple's signature; none is read.
    /// - Throws: ``CAMLError`` naming the path when the type is not one of the three, the folder
    ///   to write in is missing, or a file cannot be written.
    public func write(to url: URL, type: String, options: [AnyHashable: Any]?) throws(CAMLError) {
        switch type {
        case kCAPackageTypeCAMLFile:
            let encoded = encode(placement: .inline)
            for warning in encoded.warnings { Warnings.emit("CAML writer: \(warning)") }
            try CAMLOutputFiles.writeFile(encoded.document, to: url)
        case kCAPackageTypeCAMLBundle:
            let files = try bundleFiles()
            for warning in files.warnings { Warnings.emit("CAML writer: \(warning)") }
            let output = try CAMLBundleOutput(target: url)
            let folder = try output.makeTemporaryFolder(at: output.temporaryFolderCandidate())
            do {
                try output.fill(folder, with: files.files)
                try output.replaceTarget(with: folder)
            } catch {
                CAMLBundleOutput.removeFolder(folder)
                throw error
            }
        case kCAPackageTypeTendies:
            let archive = try tendiesArchive(for: url)
            for warning in archive.warnings { Warnings.emit("CAML writer: \(warning)") }
            try CAMLOutputFiles.writeFile(archive.data, to: url)
        default:
            throw CAMLError(
                path: url.path,
                message: "unsupported package type \"\(type)\" (use kCAPackageTypeCAMLFile, "
                    + "kCAPackageTypeCAMLBundle or kCAPackageTypeTendies)"
            )
        }
    }

    /// A CAML document as written: its bytes, the image files it refers to, and what was
    /// left out.
    package struct EncodedDocument {
        package let document: Data
        package let assets: [CAMLImageAssets.File]
        package let warnings: [String]
    }

    /// The document, with images as files in `assets/` (`.bundleFolder`) or inline `data:` URIs.
    package func encode(placement: CAMLImageAssets.Placement) -> EncodedDocument {
        let images = CAMLImageAssets(placement: placement)
        let encoder = CAMLEncoder(images: images, knownIDs: layerIDs)
        var root = encoder.encodeDocument(root: rootLayer)
        if placement == .inline, isPackageGeometryFlipped {
            // No index.xml to say the package is y down: the root flips its sublayers instead,
            // which draws them the same way.
            root.attributes.removeAll { $0.name == "geometryFlipped" }
            let flag = !rootLayer.isGeometryFlipped
            let position = root.attributes.firstIndex { $0.name != "id" && $0.name > "geometryFlipped" }
            root.attributes.insert(("geometryFlipped", flag ? "1" : "0"), at: position ?? root.attributes.count)
        }
        return EncodedDocument(
            document: CAMLDocumentText.data(root: root), assets: images.files, warnings: encoder.warnings)
    }

    /// This package as a `.tendies` wallpaper package to be written at `url` (whose name,
    /// without its extension, names the wallpaper), with the writer's warnings.
    package func tendiesArchive(for url: URL) throws(CAMLError) -> (data: Data, warnings: [String]) {
        try WallpaperArchiveWriter.archive(of: self, name: url.deletingPathExtension().lastPathComponent)
    }

    /// The files of a `.ca` bundle: `index.xml`, `main.caml` and the assets, with the
    /// writer's warnings.
    package func bundleFiles() throws(CAMLError) -> (files: [CAMLImageAssets.File], warnings: [String]) {
        let encoded = encode(placement: .bundleFolder)
        let index = try indexData()
        return (
            [
                CAMLImageAssets.File(path: "index.xml", data: index),
                CAMLImageAssets.File(path: "main.caml", data: encoded.document),
            ]
                + encoded.assets,
            encoded.warnings
        )
    }

    /// `index.xml`: an XML property list naming the document, with the keys Apple's editor
    /// writes that the reader uses — the canvas size, whether the package is y down, and the
    /// published object names (FORMAT.md §1.2), laid out as Apple's writer lays it out.
    package func indexData() throws(CAMLError) -> Data {
        var index: [String: PropertyListValue] = [
            "documentHeight": .real(CAMLValueText.text(Double(documentSize.height))),
            "documentWidth": .real(CAMLValueText.text(Double(documentSize.width))),
            "geometryFlipped": .boolean(isPackageGeometryFlipped),
            "rootDocument": .string("main.caml"),
        ]
        if !publishedObjectNames.isEmpty {
            index["publishedObjectNames"] = .array(publishedObjectNames.map(PropertyListValue.string))
        }
        return PropertyListValue.dictionary(index).document()
    }
}
