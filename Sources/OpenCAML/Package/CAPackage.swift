import Foundation
import OpenQuartzCore

/// The package type of a `.ca` bundle: a folder holding `index.xml` and a CAML document.
public let kCAPackageTypeCAMLBundle = "com.apple.coreanimation-bundle"

/// The package type of a loose `.caml` document (the `com.apple.caml` type identifier).
public let kCAPackageTypeCAMLFile = "com.apple.caml"

/// A Core Animation document loaded into a layer tree: Apple's (private) `CAPackage`.
///
/// Reads `.caml` files, `.ca` bundles and `.tendies` wallpaper packages
/// (``kCAPackageTypeTendies``: the package's bundles stacked under one root), with their
/// states (`CALayer.states`, run by ``CAStateController``) and image `contents` decoded from
/// the bundle's assets (PNG, JPEG, WebP, GIF) or inline `data:` URIs; a missing asset is a
/// warning, not an error. Writes any layer tree back as CAML with
/// ``write(to:type:options:)`` (a `.caml` file or a `.ca` bundle).
///
///     let package = try CAPackage(
///         contentsOf: URL(fileURLWithPath: "Clock.ca"), type: kCAPackageTypeCAMLBundle, options: nil)
///     let root = package.rootLayer
///     for warning in package.warnings { print(warning) }
///
///     try CAPackage(rootLayer: myLayer).write(
///         to: URL(fileURLWithPath: "Mine.ca"), type: kCAPackageTypeCAMLBundle, options: nil)
public final class CAPackage {
    /// The document's root layer, with its sublayers and animations.
    public let rootLayer: CALayer

    /// Whether the document's y axis points down. False (y up, the macOS convention CAML is
    /// written in) unless `index.xml` says `geometryFlipped`, or, without that key, the root
    /// layer is `geometryFlipped`.
    ///
    /// Setting it sets the package's own flag, which ``write(to:type:options:)`` saves as
    /// `index.xml`'s `geometryFlipped`: set it to true before writing a tree laid out y down,
    /// as iOS code lays out layers, so that it is drawn as it was built. (A `.caml` file has no
    /// `index.xml`; there the root layer's `geometryFlipped` is written inverted instead.)
    public var isGeometryFlipped: Bool {
        didSet { isPackageGeometryFlipped = isGeometryFlipped }
    }

    /// The names of the published objects: `index.xml`'s `publishedObjectNames`, or, when
    /// the package does not list them, the name of every named layer in tree order (each
    /// name once). Apple keeps the list private; this fallback is our choice.
    public let publishedObjectNames: [String]

    /// What the loader skipped or could not use, each naming the element and line. Not in
    /// Apple's API, which logs instead. For a `.tendies` package, every bundle's warnings, back
    /// to front (``wallpaperBundles`` tells them apart).
    public internal(set) var warnings: [CAMLWarning]

    /// A `.tendies` package's bundles, back to front, each loaded as a package of its own;
    /// empty for a `.caml` file or a `.ca` bundle. Not in Apple's API.
    public internal(set) var wallpaperBundles: [CAWallpaperBundle] = []

    /// The canvas the document was made for: `documentWidth`×`documentHeight` from
    /// `index.xml`, else the root layer's bounds size. The host places the root layer to
    /// fill it (FORMAT.md §5). Not in Apple's API.
    public let documentSize: CGSize

    /// `index.xml`'s `geometryFlipped`: the whole package is drawn y down. False without it.
    package private(set) var isPackageGeometryFlipped: Bool

    /// The `id` each layer has in the document, for tools that show the tree; the writer
    /// keeps them.
    package let layerIDs: [ObjectIdentifier: String]

    /// A package holding `rootLayer`, to be written with ``write(to:type:options:)``: its
    /// document size is the root's bounds size, its published object names the names of its
    /// layers, and its geometry y up (``isGeometryFlipped`` false), CAML's convention. Apple
    /// keeps this initialiser private.
    public init(rootLayer: CALayer) {
        self.rootLayer = rootLayer
        isGeometryFlipped = false
        isPackageGeometryFlipped = false
        warnings = []
        layerIDs = [:]
        publishedObjectNames = Self.layerNames(under: rootLayer)
        documentSize = rootLayer.bounds.size
    }

    /// Loads the `.caml` file, `.ca` bundle or `.tendies` package at `url`.
    ///
    /// A `.tendies` package's bundles are stacked back to front (Background, Floating,
    /// Foreground) under one new root layer of the first bundle's canvas size, which is the
    /// package's ``documentSize``; ``wallpaperBundles`` holds each bundle's own package, and
    /// ``stateLayers`` the bundles' roots, whose states
    /// ``CAStateController/setState(named:in:transitionSpeed:)`` switches together. The zip is
    /// read with limits: see the article *Wallpaper packages*.
    ///
    /// - Parameters:
    ///   - url: the `.caml` file, `.ca` bundle or `.tendies` package.
    ///   - type: ``kCAPackageTypeCAMLFile``, ``kCAPackageTypeCAMLBundle`` or
    ///     ``kCAPackageTypeTendies``.
    ///   - options: accepted for Apple's signature; no option is read yet.
    /// - Throws: ``CAMLError`` naming the file (and line and column for XML that is not
    ///   well-formed) when a file is missing or unreadable or the document is not CAML; for a
    ///   `.tendies` package, also naming the entry when the archive is not a zip, holds no
    ///   `Wallpaper.plist`, names a bundle it lacks, or holds an entry that would be extracted
    ///   outside its folder.
    public init(contentsOf url: URL, type: String, options: [AnyHashable: Any]?) throws(CAMLError) {
        if type == kCAPackageTypeTendies {
            let bundles = try WallpaperArchive.load(url)
            let stack = Self.stack(bundles)
            rootLayer = stack.root
            wallpaperBundles = bundles
            warnings = bundles.flatMap(\.package.warnings)
            isGeometryFlipped = false
            isPackageGeometryFlipped = false
            documentSize = stack.canvasSize
            layerIDs = bundles.reduce(into: [:]) { $0.merge($1.package.layerIDs) { first, _ in first } }
            var seen: Set<String> = []
            publishedObjectNames = bundles.flatMap(\.package.publishedObjectNames).filter { seen.insert($0).inserted }
            return
        }
        let documentURL: URL
        var index: [String: Any] = [:]
        switch type {
        case kCAPackageTypeCAMLFile:
            documentURL = url
        case kCAPackageTypeCAMLBundle:
            index = try Self.readIndex(in: url)
            let name = index["rootDocument"] as? String ?? "main.caml"
            documentURL = url.appendingPathComponent(name)
        default:
            throw CAMLError(
                path: url.path,
                message:
                    "unsupported package type \"\(type)\" (use kCAPackageTypeCAMLFile, kCAPackageTypeCAMLBundle "
                    + "or kCAPackageTypeTendies)")
        }
        let path = documentURL.path
        let data = try Self.readFile(documentURL)
        let tree = try XMLTreeBuilder.parse(data, path: path)
        let decoder = CAMLDecoder(baseURL: documentURL.deletingLastPathComponent())
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let root = try decoder.decodeDocument(tree, path: path)
        rootLayer = root
        warnings = decoder.warnings
        isGeometryFlipped = (index["geometryFlipped"] as? Bool) ?? root.isGeometryFlipped
        isPackageGeometryFlipped = (index["geometryFlipped"] as? Bool) ?? false
        var layerIDs: [ObjectIdentifier: String] = [:]
        for (id, object) in decoder.objectsByID where object is CALayer {
            layerIDs[ObjectIdentifier(object)] = id
        }
        self.layerIDs = layerIDs
        publishedObjectNames = (index["publishedObjectNames"] as? [String]) ?? Self.layerNames(under: root)
        if let width = Self.double(index["documentWidth"]), let height = Self.double(index["documentHeight"]),
            width.isFinite, height.isFinite, width > 0, height > 0
        {
            documentSize = CGSize(width: width, height: height)
        } else {
            documentSize = root.bounds.size
        }
    }

    /// The published object called `name`: the first layer with that name in tree order,
    /// or nil.
    public func publishedObject(withName name: String) -> Any? {
        var pending = [rootLayer]
        while !pending.isEmpty {
            let layer = pending.removeFirst()
            if layer.name == name { return layer }
            pending += layer.sublayers ?? []
            if let mask = layer.mask { pending.append(mask) }
        }
        return nil
    }

    private static func layerNames(under root: CALayer) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        // An explicit stack: trees can be deep (DESIGN.md, trees of any depth).
        var pending = [root]
        while let layer = pending.popLast() {
            if let name = layer.name, seen.insert(name).inserted { names.append(name) }
            pending += (layer.sublayers ?? []).reversed()
        }
        return names
    }

    private static func readFile(_ url: URL) throws(CAMLError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw CAMLError(path: url.path, message: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw CAMLError(path: url.path, message: "is a folder; load a .ca bundle with kCAPackageTypeCAMLBundle")
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw CAMLError(path: url.path, message: "cannot be read (\(error.localizedDescription))")
        }
    }

    /// The bundle's `index.xml` property list; empty when the bundle has none, so that
    /// `main.caml` is used (FORMAT.md §1.2).
    private static func readIndex(in bundle: URL) throws(CAMLError) -> [String: Any] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: bundle.path, isDirectory: &isDirectory) else {
            throw CAMLError(path: bundle.path, message: "no such bundle")
        }
        guard isDirectory.boolValue else {
            throw CAMLError(
                path: bundle.path, message: "is not a folder; load a .caml file with kCAPackageTypeCAMLFile")
        }
        let indexURL = bundle.appendingPathComponent("index.xml")
        guard FileManager.default.fileExists(atPath: indexURL.path) else { return [:] }
        let data = try readFile(indexURL)
        do {
            guard
                let index = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                    as? [String: Any]
            else {
                throw CAMLError(path: indexURL.path, message: "is not a property list dictionary")
            }
            return index
        } catch let error as CAMLError {
            throw error
        } catch {
            throw CAMLError(
                path: indexURL.path, message: "is not a valid property list (\(error.localizedDescription))")
        }
    }

    private static func double(_ value: Any?) -> Double? {
        switch value {
        case let number as Double: number
        case let number as Int: Double(number)
        case let number as NSNumber: number.doubleValue
        default: nil
        }
    }
}
