import Foundation
import OpenQuartzCore
import ZIPFoundation

/// Writes a `.tendies` wallpaper package (FORMAT.md §1 item 5): a zip holding
/// `descriptors/<UUID>/versions/0/contents/<id>.<Name>-<W>w-<H>h@3x~iphone.wallpaper/` with a
/// `Wallpaper.plist` (XML, as Nugget writes it) of type `LayeredAnimation` and one `.ca` bundle per role.
///
/// A package loaded from a `.tendies` file keeps its bundles and their roles; any other package
/// becomes the one bundle, the background. The archive is the same bytes for the same package:
/// its UUID and identifier are taken from the bundles' bytes, and every entry has the same
/// date, so converting a file twice writes the same package.
enum WallpaperArchiveWriter {
    /// A bundle to write: its role and its files.
    struct Bundle {
        let role: CAWallpaperBundleRole
        let files: [CAMLImageAssets.File]
    }

    /// The archive's bytes for `package`, named `name`, with the CAML writer's warnings.
    static func archive(
        of package: CAPackage, name: String
    ) throws(CAMLError) -> (data: Data, warnings: [String]) {
        var bundles: [Bundle] = []
        var warnings: [String] = []
        let parts =
            package.wallpaperBundles.isEmpty
            ? [(CAWallpaperBundleRole.background, package)]
            : package.wallpaperBundles.map { ($0.role, $0.package) }
        for (role, part) in parts {
            let written = try part.bundleFiles()
            bundles.append(Bundle(role: role, files: written.files))
            warnings += written.warnings
        }
        return (try archive(of: bundles, name: name, screen: package.documentSize), warnings)
    }

    /// The zip of `bundles` for a wallpaper called `name` on a screen of `screen` points.
    static func archive(of bundles: [Bundle], name: String, screen: CGSize) throws(CAMLError) -> Data {
        let wallpaperName = safeName(name)
        let digest = Digest(bundles.flatMap { $0.files.map(\.data) })
        let identifier = Int(digest.high % 9000) + 1000
        let screenClass = "\(Int(screen.width.rounded()))w-\(Int(screen.height.rounded()))h@3x~iphone"
        let folder =
            "descriptors/\(digest.uuid.uuidString)/versions/0/contents/"
            + "\(identifier).\(wallpaperName)-\(screenClass).wallpaper"

        var description: [String: PropertyListValue] = [
            "type": .string("LayeredAnimation"), "identifier": .integer(identifier), "name": .string(wallpaperName),
        ]
        var entries: [(path: String, data: Data)] = []
        for bundle in bundles {
            let bundleName = "\(identifier).\(wallpaperName)_\(bundle.role.rawValue)-\(screenClass).ca"
            description[propertyListKey(of: bundle.role)] = .string(bundleName)
            entries += bundle.files.map { ("\(folder)/\(bundleName)/\($0.path)", $0.data) }
        }
        let plist: PropertyListValue = .dictionary([
            "appearanceAware": .boolean(false),
            "assets": .dictionary(["lockAndHome": .dictionary(["default": .dictionary(description)])]),
            "contentVersion": .real("2.01"),
            "family": .string(wallpaperName),
            "identifier": .integer(identifier),
            "logicalScreenClass": .string(screenClass),
            "name": .string(wallpaperName),
            "version": .integer(1),
        ])
        entries.insert(("\(folder)/Wallpaper.plist", plist.document()), at: 0)
        return try zip(entries, name: name)
    }

    /// The key of `Wallpaper.plist` naming the bundle for `role` (Apple's spellings).
    static func propertyListKey(of role: CAWallpaperBundleRole) -> String {
        switch role {
        case .background: "backgroundAnimationFileName"
        case .floating: "floatingAnimationFileNameKey"
        case .foreground: "foregroundAnimationFileName"
        }
    }

    /// `name` as the wallpaper's folder and bundles can carry it: letters, digits, `-` and `_`
    /// kept, anything else an underscore; "Wallpaper" when nothing is left.
    static func safeName(_ name: String) -> String {
        let kept = String(
            name.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_")
                    ? Character(scalar) : "_"
            })
        return kept.allSatisfy { $0 == "_" } ? "Wallpaper" : kept
    }

    /// The zip of `entries`, deflated, each dated 1 January 2001, 00:00.
    private static func zip(_ entries: [(path: String, data: Data)], name: String) throws(CAMLError) -> Data {
        let date = Date(timeIntervalSinceReferenceDate: 0)
        do {
            let archive = try Archive(accessMode: .create)
            for entry in entries {
                let data = entry.data
                try archive.addEntry(
                    with: entry.path, type: .file, uncompressedSize: Int64(data.count), modificationDate: date,
                    permissions: 0o644, compressionMethod: .deflate
                ) { (position: Int64, size: Int) in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
            guard let data = archive.data else {
                throw CAMLError(path: name, message: "its zip archive was not made")
            }
            return data
        } catch let error as CAMLError {
            throw error
        } catch {
            throw CAMLError(path: name, message: "its zip archive cannot be made (\(error))")
        }
    }

    /// Two 64-bit FNV-1a hashes of some bytes: the package's UUID and identifier, the same
    /// for the same bundles.
    struct Digest {
        private(set) var high: UInt64 = 0xcbf2_9ce4_8422_2325
        private(set) var low: UInt64 = 0x8422_2325_cbf2_9ce4

        init(_ blocks: [Data]) {
            for block in blocks {
                block.withUnsafeBytes { bytes in
                    for byte in bytes {
                        high = (high ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                        low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 &+ 1
                    }
                }
            }
        }

        /// A UUID of RFC 9562's version 8 (custom) made of the two hashes.
        var uuid: UUID {
            var bytes = [UInt8](repeating: 0, count: 16)
            for index in 0..<8 {
                bytes[index] = UInt8(truncatingIfNeeded: high >> (8 * index))
                bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (8 * index))
            }
            bytes[6] = bytes[6] & 0x0F | 0x80
            bytes[8] = bytes[8] & 0x3F | 0x80
            return UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                    bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
        }
    }
}
