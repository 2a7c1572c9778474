import Foundation
import OpenQuartzCore
import Testing

/// Misuse that a user can reach traps with a message that survives release builds: the
/// standard library's `precondition`, `preconditionFailure` and `assert` drop their message
/// (or the whole check) under `-O`, so the sources use `require` and `misuse`, which call
/// `fatalError`.
@Suite("Misuse messages in release builds")
struct MisuseMessageTests {
    /// The package's `Sources` folder, found from this file's place in `Tests` (through the
    /// links of `Scripts/model-tests.sh`'s package, when it runs there).
    static let sources = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    @Test func noSourceUsesAChecksThatLosesItsMessageUnderO() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
        var offenders: [String] = []
        var read = 0
        for case let file as URL in files where file.pathExtension == "swift" {
            read += 1
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                for banned in ["precondition(", "preconditionFailure(", "assert(", "assertionFailure("]
                where code.contains(banned) {
                    offenders.append("\(file.lastPathComponent):\(number + 1): \(banned)")
                }
            }
        }
        #expect(read > 100, "the sources were found at \(Self.sources.path)")
        #expect(offenders.isEmpty, "use require(_:_:) or misuse(_:) instead: \(offenders)")
    }

    @Test func requireTrapsWithItsMessage() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            CAManualClock(time: 5).advance(to: 4)
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("CAManualClock.advance(to: 4.0) would move time backwards from 5.0"))
    }
}
