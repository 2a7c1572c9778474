import Foundation
import OpenQuartzCorePreviewTestSupport
import OpenQuartzCoreScenes
import Testing

@testable import OpenQuartzCorePreview

/// `carender preview`'s bad input: a clear one-line error and exit status 1. The limit is there
/// to end a hang: the tests that start a server wait for the main actor, which beside the whole
/// suite is held for minutes by its main-actor tests (three minutes has been seen), as in
/// `PreviewServerTests`.
@Suite(.timeLimit(.minutes(10)))
struct PreviewCommandTests {
    @Test func aMissingFileOrAnUnknownSceneIsAOneLineError() throws {
        let missing = try runCarender(["preview", "/nowhere/scene.caml", "--port", "0"]).error
        #expect(missing == "Error: there is no CAML document at '/nowhere/scene.caml'\n")
        let unknown = try runCarender(["preview", "no-such-scene", "--port", "0"]).error
        #expect(unknown.hasPrefix("Error: there is no scene called 'no-such-scene'") == true, "\(unknown)")
        #expect(unknown.dropLast().contains("\n") == false)
    }

    @Test func aDocumentThatDoesNotLoadNamesItsPlace() throws {
        let file = try PreviewFixture.writeDocument(PreviewFixture.header + "<CALayer>")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let run = try runCarender(["preview", file.path, "--port", "0"])
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("Error: " + file.path + ":1:") == true, "\(run.error)")
    }

    @Test func aPortInUseIsAOneLineErrorWithStatus1() async throws {
        try await PreviewFixture.withServer { server in
            await #expect(throws: PreviewError.self) {
                _ = try await PreviewServer.start(
                    source: PreviewSource(name: "pop") { try BuiltInScenes.named("pop").start() },
                    port: server.port)
            }
            // The command as a person runs it.
            let run = try runCarender(["preview", "pop", "--port", String(server.port)])
            #expect(run.status == 1)
            #expect(
                run.error
                    == "Error: port \(server.port) is in use; choose another with --port, or --port 0 for any free one\n"
            )
        }
    }

    @Test func theCommandsBadInputExitsWithStatus1() throws {
        let missing = try runCarender(["preview", "/nowhere/scene.caml", "--port", "0"])
        #expect(missing.status == 1)
        #expect(missing.error == "Error: there is no CAML document at '/nowhere/scene.caml'\n")
        let unknown = try runCarender(["preview", "no-such-scene", "--port", "0"])
        #expect(unknown.status == 1)
        #expect(unknown.error.hasPrefix("Error: there is no scene called 'no-such-scene'"))
        #expect(unknown.error.filter { $0 == "\n" }.count == 1)
    }

    @Test func aScenePlaysAtItsOwnSize() async throws {
        let source = PreviewSource(name: "pop") { try BuiltInScenes.named("pop").start() }
        let size = try await MainActor.run { try BuiltInScenes.named("pop").size }
        let server = try await PreviewServer.start(source: source, port: 0)
        try await PreviewClient.connect(port: server.port) { client in
            try await client.requestFrame(at: 0.3)
            let frame = try await client.nextFrame()
            #expect(frame.width == Int(size.width) && frame.height == Int(size.height))
            #expect(frame.rgba.contains { $0 != 0 }, "something is drawn")
        }
        await server.stop()
    }
}

/// Runs the built `carender` (next to the test binary) with `arguments`.
private func runCarender(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("carender")
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    process.waitUntilExit()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
}
