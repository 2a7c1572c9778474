import CAMLTestSupport
import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenCAML

/// Every corpus document, written as a `.ca` bundle and as a `.caml` file and read back, gives
/// the same tree; written again from what was read, the same bytes. Skipped, saying why, when
/// the corpus (`../shared/caml-corpus/files`) is absent.
@Suite struct CAMLCorpusRoundTripTests {
    @Test func everyCorpusDocumentRoundTrips() throws {
        guard CAMLCorpus.isPresent(for: "CAML corpus") else { return }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var checked = 0
        try withManualClock { _ in
            for (url, type) in CAMLCorpus.documents() {
                guard let original = try? CAPackage(contentsOf: url, type: type, options: nil) else { continue }
                let name = url.deletingPathExtension().lastPathComponent
                try Warnings.$handler.withValue({ _ in }) {
                    let bundle = folder.appendingPathComponent("\(name).ca")
                    try original.write(to: bundle, type: kCAPackageTypeCAMLBundle, options: nil)
                    let fromBundle = try CAPackage(contentsOf: bundle, type: kCAPackageTypeCAMLBundle, options: nil)
                    expectSameCAMLTree(fromBundle, original, "\(name) as .ca:")
                    // Only what the document itself warned about (duplicate state names, dangling
                    // targets) may be warned about again.
                    #expect(
                        fromBundle.warnings.count <= original.warnings.count,
                        "\(name): \(fromBundle.warnings.prefix(3))")
                    let again = try fromBundle.bundleFiles().files
                    let first = try original.bundleFiles().files
                    #expect(again.map(\.path) == first.map(\.path), "\(name)")
                    for (one, other) in zip(first, again) {
                        #expect(one.data == other.data, "\(name): \(one.path) differs when written again")
                    }

                    let file = folder.appendingPathComponent("\(name).caml")
                    try original.write(to: file, type: kCAPackageTypeCAMLFile, options: nil)
                    let fromFile = try CAPackage(contentsOf: file, type: kCAPackageTypeCAMLFile, options: nil)
                    let tree = CAMLTreeFacts(tree: fromFile.rootLayer, ids: fromFile.layerIDs)
                    let differences = tree.differences(
                        from: CAMLTreeFacts(tree: original.rootLayer, ids: original.layerIDs))
                    #expect(differences.isEmpty, "\(name) as .caml: \(differences.prefix(8))")
                    #expect(
                        fromFile.encode(placement: .inline).document == original.encode(placement: .inline).document,
                        "\(name): the .caml differs when written again")
                }
                checked += 1
            }
        }
        print("CAML corpus: \(checked) documents written and read back")
        #expect(checked >= 51)
    }
}

/// A new empty folder for one test's files.
func temporaryFolder() throws -> URL {
    try ScratchSpace.makeFolder("caml-tests")
}
