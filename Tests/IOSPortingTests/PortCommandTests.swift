import Foundation
import QuartzTestSupport
import Testing

/// `openquartzcore-port` as a person runs it: a diff by default, copies with `--output`, the
/// files themselves only with `--in-place` and only when every one was ported.
@Suite struct PortCommandTests {
    private let original = """
        import UIKit

        final class Pulse: UIView {
            @objc func tap() {}
            func wire(_ button: UIButton) { button.addTarget(self, action: #selector(tap), for: .touchUpInside) }
        }

        """

    private func port(_ arguments: [String]) throws -> ChildProcessRun {
        try run(builtExecutable("openquartzcore-port"), arguments)
    }

    private func project() throws -> URL {
        let folder = try ScratchSpace.makeFolder("port")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Views"), withIntermediateDirectories: true)
        try original.write(to: folder.appendingPathComponent("Views/Pulse.swift"), atomically: true, encoding: .utf8)
        try "import Foundation\nlet answer = 42\n".write(
            to: folder.appendingPathComponent("Plain.swift"), atomically: true, encoding: .utf8)
        return folder
    }

    private func contents(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    @Test func byDefaultItPrintsADiffAndChangesNothing() throws {
        let folder = try project()
        let result = try port([folder.path])
        #expect(result.status == 0)
        #expect(result.output.contains("-import UIKit\n+import OpenUIKit\n"))
        #expect(result.output.contains("+    func tap() {}\n"))
        #expect(result.output.contains("Selector(\"tap\", Pulse.tap)"))
        #expect(!result.output.contains("Plain.swift"))
        #expect(try contents(folder.appendingPathComponent("Views/Pulse.swift")) == original)
    }

    @Test func outputWritesCopiesUnderTheirRelativePaths() throws {
        let folder = try project()
        let output = try ScratchSpace.makeFolder("ported")
        let result = try port(["--output", output.path, folder.path])
        #expect(result.status == 0)
        let ported = try contents(output.appendingPathComponent("Views/Pulse.swift"))
        #expect(ported.hasPrefix("import OpenUIKit\n"))
        #expect(
            ported.split(separator: "\n", omittingEmptySubsequences: false).count
                == original.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(try contents(output.appendingPathComponent("Plain.swift")) == "import Foundation\nlet answer = 42\n")
        #expect(try contents(folder.appendingPathComponent("Views/Pulse.swift")) == original)
        // Never over the originals.
        let clash = try port([
            "--output", folder.appendingPathComponent("Views").path,
            folder.appendingPathComponent("Views/Pulse.swift").path,
        ])
        #expect(clash.status != 0)
        #expect(clash.error.contains("never overwrites"))
        #expect(try contents(folder.appendingPathComponent("Views/Pulse.swift")) == original)
    }

    @Test func inPlaceRewritesOnlyWhenEveryFileIsPorted() throws {
        let folder = try project()
        let broken = "import UIKit\nclass Broken {\n    func f( {\n}\n"
        try broken.write(to: folder.appendingPathComponent("Broken.swift"), atomically: true, encoding: .utf8)
        let refused = try port(["--in-place", folder.path])
        #expect(refused.status != 0)
        #expect(refused.error.contains("Broken.swift:3:"))
        #expect(refused.error.contains("every file is as it was"))
        #expect(try contents(folder.appendingPathComponent("Views/Pulse.swift")) == original)
        #expect(try contents(folder.appendingPathComponent("Broken.swift")) == broken)

        try FileManager.default.removeItem(at: folder.appendingPathComponent("Broken.swift"))
        let done = try port(["--in-place", folder.path])
        #expect(done.status == 0)
        let ported = try contents(folder.appendingPathComponent("Views/Pulse.swift"))
        #expect(ported.contains("Selector(\"tap\", Pulse.tap)"))
        // Twice changes nothing.
        let again = try port([folder.path])
        #expect(again.status == 0)
        #expect(again.output.isEmpty)
    }

    @Test func warningsNameTheFileAndLine() throws {
        let folder = try ScratchSpace.makeFolder("port-warning")
        let file = folder.appendingPathComponent("Stored.swift")
        try "class A {\n    let s = NSSelectorFromString(\"go\")\n}\n".write(
            to: file, atomically: true, encoding: .utf8)
        let result = try port([file.path])
        #expect(result.status == 0)
        #expect(result.error.contains("\(file.path):2:13: warning: a selector built from a string"))
    }
}
