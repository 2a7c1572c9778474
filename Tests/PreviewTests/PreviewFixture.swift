import Foundation
import OpenCAML
import OpenQuartzCore
import OpenQuartzCoreRenderer
import OpenQuartzCoreScenes
import QuartzTestSupport
import Synchronization
import Testing

@testable import OpenQuartzCorePreview

/// The tests' scene and helpers: a small CAML document written to a scratch folder, a
/// server on a free port, the log lines it wrote.
enum PreviewFixture {
    static let header = #"<?xml version="1.0" encoding="UTF-8"?><caml xmlns="http://www.apple.com/CoreAnimation/1.0">"#

    /// A 100 × 80 blue root (CAML is y up: position y 60 is 20 pixels from the top), with
    /// - `bar`, a 20 × 20 square at the top whose x slides from 20 to 80 over 2 s;
    /// - `sq`, a 20 × 20 square at the bottom, at x 20, and at x 80 in the state `On`,
    ///   which it enters with a 0.5 s linear transition.
    static func document(barColor: String = "0 1 0") -> String {
        header + """
            <CALayer name="root" bounds="0 0 100 80" position="50 40" backgroundColor="0 0 1"><sublayers>
            <CALayer id="sq" name="square" bounds="0 0 20 20" position="20 20" backgroundColor="1 0 0"/>
            <CALayer id="bar" name="bar" bounds="0 0 20 20" position="20 60" backgroundColor="\(barColor)"><animations>
            <p key="slide" type="CABasicAnimation" keyPath="position.x" fromValue="20" toValue="80" duration="2"/>
            </animations></CALayer></sublayers>
            <states><LKState name="Off"><elements/></LKState><LKState name="On"><elements>
            <LKStateSetValue targetId="sq" keyPath="position.x"><value type="integer" value="80"/></LKStateSetValue>
            </elements></LKState></states>
            <stateTransitions><LKStateTransition fromState="*" toState="On"><elements>
            <LKStateTransitionElement key="position.x" targetId="sq">
            <animation type="CABasicAnimation" keyPath="position.x" duration="0.5"/></LKStateTransitionElement>
            </elements></LKStateTransition></stateTransitions></CALayer></caml>
            """
    }

    /// A new scratch folder holding `scene.caml` with `document()`.
    static func writeDocument(_ text: String = document()) throws -> URL {
        let folder = try ScratchSpace.makeFolder("preview-tests")
        let file = folder.appendingPathComponent("scene.caml")
        try Data(text.utf8).write(to: file)
        return file
    }

    /// The document at `file` as a preview source, watched.
    static func source(_ file: URL) -> PreviewSource {
        PreviewSource(name: file.lastPathComponent, watchedPath: file.path) {
            try SceneDefinition.document(at: file.path, type: kCAPackageTypeCAMLFile).start()
        }
    }

    /// Starts a server for `file` on a free port, runs `body`, stops the server and removes
    /// the file's folder.
    static func withServer<Result>(
        _ file: URL? = nil, log: LogLines = LogLines(),
        _ body: (PreviewServer) async throws -> Result
    ) async throws -> Result {
        let file = try file ?? writeDocument()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let server = try await PreviewServer.start(source: source(file), port: 0, log: log.append)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// The frame of the document at `file` as the renderer draws it at `time` at scale 1, after
    /// entering `states` at their times, in a scene and renderer of its own: straight RGBA8.
    @MainActor
    static func renderedFrame(of file: URL, at time: Double, states: [(name: String, time: Double)]) throws
        -> [UInt8]
    {
        let scene = try SceneDefinition.document(at: file.path, type: kCAPackageTypeCAMLFile).start()
        let renderer = CARenderer(width: Int(scene.size.width), height: Int(scene.size.height))
        renderer.bounds = CGRect(origin: scene.root.frame.origin, size: scene.size)
        renderer.layer = scene.root
        let bgra = CAClock.$current.withValue(scene.clock) {
            for state in states where state.time <= time {
                scene.advance(to: state.time)
                scene.setState(named: state.name, transitionSpeed: 1)
                CATransaction.flush()
            }
            scene.advance(to: time)
            renderer.beginFrame(atTime: time)
            renderer.render()
            renderer.endFrame()
            return renderer.premultipliedBGRA
        }
        var rgba = [UInt8](repeating: 0, count: bgra.count)
        bgra.withUnsafeBytes { source in
            rgba.withUnsafeMutableBytes { target in
                convertPremultipliedBGRAToStraightRGBA(
                    source.baseAddress!, into: target.baseAddress!, pixels: bgra.count / 4)
            }
        }
        return rgba
    }

    /// The object of a JSON text message.
    static func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
    }
}

/// The lines a server logged.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    var append: @Sendable (String) -> Void {
        { [self] line in lines.withLock { $0.append(line) } }
    }
}

/// Colour checks with a tolerance of a few levels for the edges' antialiasing.
func isColour(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8), _ expected: (Int, Int, Int)) -> Bool {
    abs(Int(pixel.red) - expected.0) <= 3 && abs(Int(pixel.green) - expected.1) <= 3
        && abs(Int(pixel.blue) - expected.2) <= 3 && pixel.alpha == 255
}

let red = (255, 0, 0)
let green = (0, 255, 0)
let blue = (0, 0, 255)
let yellow = (255, 255, 0)
