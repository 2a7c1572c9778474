import Foundation

extension UIImage {
    /// The image called `name`, looked for as UIKit looks in an app's bundle: `nil` when none
    /// is found or it does not decode. The folders, in order: those listed in the environment
    /// variable `OPENUIKIT_IMAGE_PATH` (separated by `:`), the main bundle's resources
    /// (`Bundle.main`), and the current directory. See ``init(named:in:compatibleWith:)`` for
    /// what is looked for in each.
    ///
    ///     let logo = UIImage(named: "logo")     // logo@3x.png, logo@2x.png, logo.png, or
    ///                                           // Assets.xcassets/logo.imageset
    public convenience init?(named name: String) {
        var folders: [URL] = []
        if let path = ProcessInfo.processInfo.environment["OPENUIKIT_IMAGE_PATH"] {
            folders += path.split(separator: ":").map { URL(fileURLWithPath: String($0), isDirectory: true) }
        }
        folders += [Bundle.main.resourceURL, Bundle.main.bundleURL].compactMap { $0 }
        folders.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
        guard let (data, scale) = Self.namedImage(name, in: folders, displayScale: nil) else { return nil }
        self.init(data: data, scale: scale)
    }

    /// The image called `name` in `bundle` (the main bundle when nil), `nil` when none is
    /// found or it does not decode. In the bundle's resources and its own folder, in order:
    /// - a file: `name` as given when it has an extension, else `name@3x`, `name@2x` and
    ///   `name` with `.png`, `.jpg`, `.jpeg`, `.webp` or `.gif` (the scale from the name, as
    ///   ``init(contentsOfFile:)`` reads it);
    /// - an asset catalog (`*.xcassets`, there or one folder down, as Xcode projects keep
    ///   them), its `name.imageset` in any group: of the files its `Contents.json` lists, the
    ///   one whose scale is the traits' `displayScale`, else the largest.
    public convenience init?(
        named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?
    ) {
        let bundle = bundle ?? .main
        let folders = [bundle.resourceURL, bundle.bundleURL].compactMap { $0 }
        guard let (data, scale) = Self.namedImage(name, in: folders, displayScale: traitCollection?.displayScale)
        else { return nil }
        self.init(data: data, scale: scale)
    }

    /// The bytes and scale of the first image called `name` in `folders`.
    private static func namedImage(_ name: String, in folders: [URL], displayScale: CGFloat?) -> (Data, CGFloat)? {
        guard !name.isEmpty else { return nil }
        var seen: Set<String> = []
        for folder in folders where seen.insert(folder.standardizedFileURL.path).inserted {
            if let found = file(named: name, in: folder)
                ?? catalogImage(named: name, in: folder, displayScale: displayScale)
            {
                return found
            }
        }
        return nil
    }

    private static let extensions = ["png", "jpg", "jpeg", "webp", "gif"]

    /// `name` as a file in `folder`, the largest scale first.
    private static func file(named name: String, in folder: URL) -> (Data, CGFloat)? {
        var candidates: [String] = []
        if !URL(fileURLWithPath: name).pathExtension.isEmpty { candidates.append(name) }
        for suffix in ["@3x", "@2x", ""] {
            candidates += extensions.map { "\(name)\(suffix).\($0)" }
        }
        for candidate in candidates {
            let url = folder.appendingPathComponent(candidate)
            if let data = FileManager.default.contents(atPath: url.path) {
                return (data, scale(inFileName: url.path))
            }
        }
        return nil
    }

    /// `name.imageset` in an asset catalog in `folder` or one folder below it.
    private static func catalogImage(named name: String, in folder: URL, displayScale: CGFloat?) -> (Data, CGFloat)? {
        AssetCatalogs.set(named: "\(name).imageset", in: folder).flatMap { imageSetImage($0, displayScale: displayScale) }
    }

    /// The file of an image set for `displayScale`, else its largest.
    private static func imageSetImage(_ set: URL, displayScale: CGFloat?) -> (Data, CGFloat)? {
        struct Contents: Decodable {
            struct Image: Decodable {
                let filename: String?
                let scale: String?
            }
            let images: [Image]
        }
        guard let json = FileManager.default.contents(atPath: set.appendingPathComponent("Contents.json").path),
            let contents = try? JSONDecoder().decode(Contents.self, from: json)
        else { return nil }
        let files = contents.images.compactMap { image -> (name: String, scale: CGFloat)? in
            guard let name = image.filename else { return nil }
            let scale = image.scale.flatMap { Double($0.dropLast()) }.map { CGFloat($0) } ?? 1
            return (name, scale)
        }
        guard
            let chosen = files.first(where: { $0.scale == displayScale })
                ?? files.max(by: { $0.scale < $1.scale }),
            let data = FileManager.default.contents(atPath: set.appendingPathComponent(chosen.name).path)
        else { return nil }
        return (data, chosen.scale)
    }
}
