import Foundation
import OpenCAML

/// The shared corpus of CAML documents (FORMAT.md), which is not part of the package: tests
/// read it from `../shared/caml-corpus/files` relative to the package root and skip, saying
/// why, when it is absent.
public enum CAMLCorpus {
    public static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/caml-corpus/files")

    /// Whether the corpus is there; when it is not, prints that `what` is skipped and why.
    public static func isPresent(for what: String) -> Bool {
        guard FileManager.default.fileExists(atPath: folder.path) else {
            print("\(what): skipped, \(folder.path) is absent")
            return false
        }
        return true
    }

    /// The documents: `.ca` folders as bundles, `.tendies` files as wallpaper packages, and
    /// `.caml` files outside bundles (the asset manifests are CAML too, but hold no layer).
    public static func documents() -> [(url: URL, type: String)] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        var found: [(URL, String)] = []
        for case let url as URL in walker {
            if url.pathExtension == "ca" {
                found.append((url, kCAPackageTypeCAMLBundle))
                walker.skipDescendants()
            } else if url.pathExtension == "caml", url.lastPathComponent != "assetManifest.caml" {
                found.append((url, kCAPackageTypeCAMLFile))
            } else if url.pathExtension == "tendies" {
                found.append((url, kCAPackageTypeTendies))
            }
        }
        return found.sorted { $0.0.path < $1.0.path }
    }
}
