import Foundation
import Testing

/// `carender inspect FILE`'s compatibility report: every feature the file uses, its first
/// place, and how each engine draws it.
@Suite struct CompatibilityReportCommandTests {
    @Test func inspectListsTheFeaturesAndHowEachEngineDrawsThem() throws {
        let matted = LottieCommandTests.slide(rotation: #"{"a": 0, "k": 0, "x": "time * 2"}"#)
            .replacingOccurrences(of: #""ty": 4, "nm": "box","#, with: #""ty": 4, "nm": "box", "tt": 3,"#)
            .replacingOccurrences(
                of: #""layers": ["#,
                with: ##""layers": [{"ty": 1, "nm": "matte", "td": 1, "sc": "#ffffff", "sw": 100, "sh": 50, "ks": {}, "##
                    + #""ip": 0, "op": 30, "st": 0, "#
                    + #""ef": [{"ty": 29, "nm": "Blur", "ef": [{"ty": 0, "v": {"a": 0, "k": 10}}]}]},"#)
        let (folder, file) = try LottieCommandTests.write(matted, as: "matted.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try carender(["inspect", file.path])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        let table = try #require(lines.firstIndex(of: "Features, and how each engine draws them:"))
        #expect(lines[table + 1].split(separator: " ", omittingEmptySubsequences: true).suffix(3) == [
            "core-animation", "main-thread", "complete",
        ])
        let rows = lines[(table + 2)...].prefix { $0.hasPrefix("  ") }.map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        #expect(
            rows == [
                "effect 29 (gaussian blur) layers[0].ef[0] ignored ignored drawn",
                "luma matte layers[1] approximated approximated drawn",
                "expressions layers[1].ks.r.x ignored ignored drawn",
            ], "\(result.output)")
        #expect(result.output.hasSuffix("Drawn with the complete engine.\nNo warnings.\n"), "\(result.output)")

        let automatic = try carender(["inspect", file.path, "--engine", "automatic"])
        #expect(automatic.output.contains("3 warnings:\n  layers[0].ef[0]: effects other than the drop shadow"))
    }
}
