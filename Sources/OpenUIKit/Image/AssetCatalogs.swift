import Foundation

/// Xcode's asset catalogs (`*.xcassets` folders) as an app's sources keep them: what
/// `UIImage(named:)` and `UIColor(named:)` look in besides plain files.
enum AssetCatalogs {
    /// The folder of the set `setName` (`logo.imageset`, `accent.colorset`) in any group of an
    /// asset catalog in `folder` or one folder below it; catalogs in the order of their paths.
    static func set(named setName: String, in folder: URL) -> URL? {
        let manager = FileManager.default
        let near = (try? manager.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        let below = near.filter(\.hasDirectoryPath).flatMap {
            (try? manager.contentsOfDirectory(at: $0, includingPropertiesForKeys: nil)) ?? []
        }
        for catalog in (near + below).filter({ $0.pathExtension == "xcassets" }).sorted(by: { $0.path < $1.path }) {
            guard let walker = manager.enumerator(at: catalog, includingPropertiesForKeys: nil) else { continue }
            for case let set as URL in walker where set.lastPathComponent == setName {
                return set
            }
        }
        return nil
    }

    /// The folders a bundle's named resources are looked for in: its resources, then its own.
    static func folders(of bundle: Bundle) -> [URL] {
        var seen: Set<String> = []
        return [bundle.resourceURL, bundle.bundleURL].compactMap { $0 }
            .filter { seen.insert($0.standardizedFileURL.path).inserted }
    }
}
