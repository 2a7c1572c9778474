import Foundation
import OpenQuartzCore
import ZipArchiveReading

/// Reads a `.tendies` wallpaper package (FORMAT.md §1 item 5): a zip holding
/// `…/<name>.wallpaper/Wallpaper.plist` and the `.ca` bundles that property list names.
///
/// The bundles are extracted into a private temporary folder (mode 0700) that is removed
/// before `load` returns, whatever happens; only their entries are extracted, at most
/// ``maximumExtractedBytes`` in all, so that a zip bomb cannot fill the disk.
enum WallpaperArchive {
    /// The most a package may extract: 1 GiB, the size of the bundles' files added up.
    static let maximumExtractedBytes: UInt64 = 1 << 30

    /// The most `Wallpaper.plist` may hold: it is a few hundred bytes.
    static let maximumPropertyListBytes: UInt64 = 1 << 20

    /// A bundle the property list names, before it is loaded.
    struct NamedBundle {
        let role: CAWallpaperBundleRole
        /// Its folder's parts inside the archive.
        let components: [String]
    }

    /// Loads the bundles of the package at `url`, back to front, extracting them into a new
    /// folder in `scratchParent`.
    ///
    /// - Throws: ``CAMLError`` naming the package (and the entry) when it is not a zip, holds
    ///   no `Wallpaper.plist`, the property list is not one or names a bundle the archive
    ///   lacks, an entry would leave the extraction folder, the bundles exceed the size limit,
    ///   or a bundle does not load (then naming the bundle's file inside the package:
    ///   `Package.tendies/descriptors/…/main.caml:3:7: …`).
    static func load(
        _ url: URL, scratchParent: URL = FileManager.default.temporaryDirectory
    ) throws(CAMLError) -> [CAWallpaperBundle] {
        let archive = try ZipArchiveReader(wallpaperAt: url)
        let plists = archive.entries.filter { $0.kind == .file && $0.components.last == "Wallpaper.plist" }
            .sorted { $0.components.lexicographicallyPrecedes($1.components) }
        guard let plist = plists.first else {
            throw CAMLError(
                path: url.path,
                message: "holds no Wallpaper.plist (a .tendies package has "
                    + "descriptors/<UUID>/versions/<n>/contents/<name>.wallpaper/Wallpaper.plist)")
        }
        let folder = Array(plist.components.dropLast())
        let named = try bundles(named: try propertyList(plist, in: archive), in: folder, of: archive, plist: plist)

        var selected: [ZipArchiveReader.Entry] = []
        var total: UInt64 = 0
        for bundle in named {
            let entries = archive.entries.filter {
                $0.components.count > bundle.components.count && $0.components.starts(with: bundle.components)
            }
            guard entries.contains(where: { $0.kind == .file }) else {
                throw archive.wallpaperError(
                    plist,
                    "names the \(bundle.role.rawValue) bundle \"\(bundle.components.last ?? "")\", "
                        + "which the archive does not hold (no files under \(bundle.components.joined(separator: "/"))/)"
                )
            }
            for entry in entries where entry.kind == .file {
                total += entry.uncompressedSize
            }
            selected += entries
        }
        guard total <= maximumExtractedBytes else {
            throw CAMLError(
                path: url.path,
                message: "its bundles would extract to \(total) bytes, more than the limit of "
                    + "\(maximumExtractedBytes) (1 GiB)")
        }

        let scratch = scratchParent.appendingPathComponent(
            "openquartzcore-tendies-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(
                at: scratch, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CAMLError(
                path: url.path,
                message: "cannot be extracted: no private folder could be made in "
                    + "\(scratchParent.path) (\(error.localizedDescription))")
        }
        defer { try? FileManager.default.removeItem(at: scratch) }
        try extract(selected, of: archive, into: scratch)
        return try named.map { bundle throws(CAMLError) in
            let bundleURL = bundle.components.reduce(scratch) { $0.appendingPathComponent($1, isDirectory: true) }
            let package: CAPackage
            do throws(CAMLError) {
                package = try CAPackage(contentsOf: bundleURL, type: kCAPackageTypeCAMLBundle, options: nil)
            } catch {
                var error = error
                error.path = shown(error.path, scratch: scratch, package: url)
                throw error
            }
            package.warnings = package.warnings.map { warning in
                var warning = warning
                warning.message = shown(warning.message, scratch: scratch, package: url)
                return warning
            }
            return CAWallpaperBundle(
                role: bundle.role, path: bundle.components.joined(separator: "/"), package: package)
        }
    }

    /// `text` with the scratch folder's path replaced by the package's, so that messages
    /// name `Package.tendies/descriptors/…` rather than a folder that is gone.
    private static func shown(_ text: String, scratch: URL, package: URL) -> String {
        text.replacingOccurrences(of: scratch.path, with: package.path)
    }

    /// The property list `entry` holds, as a dictionary.
    private static func propertyList(
        _ entry: ZipArchiveReader.Entry, in archive: ZipArchiveReader
    ) throws(CAMLError) -> [String: Any] {
        let data = try archive.wallpaperContents(of: entry, limit: maximumPropertyListBytes)
        let value: Any
        do {
            value = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw archive.wallpaperError(entry, "is not a property list (\(error.localizedDescription))")
        }
        guard let dictionary = value as? [String: Any] else {
            throw archive.wallpaperError(entry, "is not a property list dictionary")
        }
        return dictionary
    }

    /// The bundles `Wallpaper.plist` names, back to front: `assets.lockAndHome.default` (or
    /// the first other asset with a `type`) of type `LayeredAnimation` names up to three,
    /// `ParameterizedCA` one (`assetFileName`, taken as the background). Without such names,
    /// the `.ca` folders beside the property list whose names say `background`, `floating` or
    /// `foreground` (OpenPoster's `background.ca`, `floating.ca`).
    private static func bundles(
        named plist: [String: Any], in folder: [String], of archive: ZipArchiveReader,
        plist entry: ZipArchiveReader.Entry
    ) throws(CAMLError) -> [NamedBundle] {
        let description = wallpaperDescription(in: plist)
        var names: [(CAWallpaperBundleRole, String)] = []
        switch description?["type"] as? String {
        case "LayeredAnimation":
            let keys: [(CAWallpaperBundleRole, [String])] = [
                (.background, ["backgroundAnimationFileName"]),
                // Apple's key ends in "Key" (FORMAT.md §1); the plain spelling is read too.
                (.floating, ["floatingAnimationFileNameKey", "floatingAnimationFileName"]),
                (.foreground, ["foregroundAnimationFileName"]),
            ]
            for (role, candidates) in keys {
                if let name = candidates.lazy.compactMap({ description?[$0] as? String }).first(where: { !$0.isEmpty })
                {
                    names.append((role, name))
                }
            }
        case "ParameterizedCA":
            if let name = description?["assetFileName"] as? String, !name.isEmpty { names.append((.background, name)) }
        default:
            break
        }
        if names.isEmpty {
            names = plainlyNamedBundles(in: folder, of: archive)
        }
        guard !names.isEmpty else {
            throw archive.wallpaperError(
                entry,
                "names no bundle (no LayeredAnimation or ParameterizedCA asset) and no background.ca, "
                    + "floating.ca or foreground.ca lies beside it")
        }
        return try names.map { role, name throws(CAMLError) in
            let parts = name.split(separator: "/").map(String.init).filter { !$0.isEmpty && $0 != "." }
            guard !parts.isEmpty, !parts.contains(".."), !name.hasPrefix("/") else {
                throw archive.wallpaperError(entry, "names the \(role.rawValue) bundle \"\(name)\", outside its folder")
            }
            return NamedBundle(role: role, components: folder + parts)
        }
    }

    /// The dictionary describing the wallpaper's animation.
    private static func wallpaperDescription(in plist: [String: Any]) -> [String: Any]? {
        guard let assets = plist["assets"] as? [String: Any] else { return nil }
        if let main = (assets["lockAndHome"] as? [String: Any])?["default"] as? [String: Any] { return main }
        for key in assets.keys.sorted() {
            if let other = (assets[key] as? [String: Any])?["default"] as? [String: Any], other["type"] != nil {
                return other
            }
        }
        return nil
    }

    /// The `.ca` folders directly in `folder` named for a role, the first in name order for
    /// each.
    private static func plainlyNamedBundles(
        in folder: [String], of archive: ZipArchiveReader
    ) -> [(CAWallpaperBundleRole, String)] {
        let children = Set(
            archive.entries.filter { $0.components.count > folder.count + 1 && $0.components.starts(with: folder) }
                .map { $0.components[folder.count] }
                .filter { $0.lowercased().hasSuffix(".ca") })
        return CAWallpaperBundleRole.allCases.compactMap { role in
            children.sorted().first { $0.lowercased().contains(role.rawValue.lowercased()) }.map { (role, $0) }
        }
    }

    /// Writes `entries` under `scratch`: folders made, files written, symbolic links skipped
    /// (a link could point anywhere; an asset behind one is reported missing when the
    /// bundle loads).
    private static func extract(
        _ entries: [ZipArchiveReader.Entry], of archive: ZipArchiveReader, into scratch: URL
    ) throws(CAMLError) {
        for entry in entries where entry.kind != .symbolicLink {
            let isFolder = entry.kind == .directory
            let destination = entry.components.reduce(scratch) { $0.appendingPathComponent($1) }
            // The components hold no `..` (ZipArchiveReader refuses them); checked again here
            // on the path itself.
            guard destination.standardizedFileURL.path.hasPrefix(scratch.standardizedFileURL.path + "/") else {
                throw archive.wallpaperError(entry, "would be extracted outside the package's folder; refused")
            }
            let folder = isFolder ? destination : destination.deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw archive.wallpaperError(entry, "cannot be extracted (\(error.localizedDescription))")
            }
            if !isFolder {
                try archive.wallpaperExtract(entry, to: destination)
            }
        }
    }
}
