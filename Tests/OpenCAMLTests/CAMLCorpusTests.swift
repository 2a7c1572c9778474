import Foundation
import OpenQuartzCore
import Testing

@testable import OpenCAML

/// Loads every `.caml` document and `.ca` bundle of the shared corpus (FORMAT.md), which is
/// not part of the package: the test reads it from `../shared/caml-corpus/files` relative to
/// the package root and skips, saying why, when it is absent.
@Suite struct CAMLCorpusTests {
    static let corpusFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/caml-corpus/files")

    /// The documents to load: `.ca` folders as bundles, and `.caml` files outside bundles
    /// (the asset manifests are CAML too, but hold no layer).
    static func documents() -> [(url: URL, type: String)] {
        guard let walker = FileManager.default.enumerator(at: corpusFolder, includingPropertiesForKeys: nil) else {
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
                print("CAML corpus: skipping \(url.lastPathComponent): .tendies packages are zips, not read yet")
            }
        }
        return found.sorted { $0.0.path < $1.0.path }
    }

    @Test func everyCorpusDocumentLoadsOrFailsCleanly() throws {
        guard FileManager.default.fileExists(atPath: Self.corpusFolder.path) else {
            print("CAML corpus: skipped, \(Self.corpusFolder.path) is absent")
            return
        }
        var loaded = 0
        var failures: [CAMLError] = []
        var warnings = 0
        for (url, type) in Self.documents() {
            do {
                let package = try CAPackage(contentsOf: url, type: type, options: nil)
                loaded += 1
                warnings += package.warnings.count
            } catch {
                failures.append(error)
            }
        }
        print("CAML corpus: \(loaded) documents load, \(failures.count) fail, \(warnings) warnings")
        for failure in failures { print("CAML corpus: \(failure)") }
        // FORMAT.md §2: exactly one corpus document is not well-formed.
        #expect(loaded >= 51)
        #expect(failures.count == 1)
        let malformed = try #require(failures.first)
        #expect(malformed.path.hasSuffix("CAPlayground__template-tendies__Floating.ca/main.caml"))
        #expect(malformed.line != nil && malformed.column != nil)
    }
}
