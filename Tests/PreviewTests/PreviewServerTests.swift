import Foundation
import OpenQuartzCorePreviewTestSupport
import OpenQuartzCoreScenes
import QuartzTestSupport
import Testing

@testable import OpenQuartzCorePreview

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `carender preview`'s server, started in the test process on a free port and driven over
/// HTTP and WebSocket as the page drives it. Scene time is the requests'; nothing sleeps. The
/// limit is there to end a hang: alone the suite takes under a second, but beside the whole
/// suite a test waits, for the processor and for the main actor its expected frames are drawn
/// on, behind the suite's main-actor tests (the CAML round trip of 95 Lottie samples alone
/// holds it for minutes on two cores): over five minutes has been seen. The server pings
/// every 30 s and drops a tab that has not answered by the next ping; the client answers
/// while the test waits, as a browser does.
@Suite(.timeLimit(.minutes(10)))
struct PreviewServerTests {
    @Test func pageIsServedAtTheRootAndNothingElseIs() async throws {
        try await PreviewFixture.withServer { server in
            let (page, response) = try await URLSession.shared.data(from: URL(string: server.address)!)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            let html = String(decoding: page, as: UTF8.self)
            #expect(html.contains("<canvas id=\"canvas\""))
            #expect(html.contains("new WebSocket"))
            #expect(html.contains(#"<button id="back""#) && html.contains(#"<button id="forward""#))
            #expect(html.contains(#"<select id="zoom""#) && html.contains("function displayScale()"))
            for path in ["scene.caml", "..%2F..%2Fetc%2Fpasswd", "ws", "index.html", "favicon.ico"] {
                let (_, other) = try await URLSession.shared.data(from: URL(string: server.address + path)!)
                #expect((other as? HTTPURLResponse)?.statusCode == 404, "\(path)")
            }
        }
    }

    @Test func framesShowTheSceneAtTheRequestedTimes() async throws {
        try await PreviewFixture.withServer { server in
            try await PreviewClient.connect(port: server.port) { client in
                try await client.requestFrame(at: 0, request: 1)
                let first = try await client.nextFrame()
                #expect(first.width == 100 && first.height == 80)
                #expect(first.request == 1 && first.time == 0 && first.skipped == 0)
                // The scene's description comes before its first frame.
                let scene = PreviewFixture.json(try #require(client.texts.first))
                #expect(scene["type"] as? String == "scene")
                #expect(scene["name"] as? String == "scene.caml")
                #expect(scene["states"] as? [String] == ["Off", "On"])
                #expect((scene["duration"] as? Double).map { abs($0 - 2) < 1e-9 } == true)
                let tree = try #require(scene["tree"] as? [[String: Any]])
                // The canvas, the document's root in it, its two squares.
                #expect(tree.map { $0["path"] as? String } == ["root", "0", "0.0", "0.1"])
                #expect(tree.map { $0["depth"] as? Int } == [0, 1, 2, 2])
                #expect(tree.map { $0["id"] as? String } == [nil, nil, "sq", "bar"])
                #expect(tree.map { $0["name"] as? String } == [nil, "root", "square", "bar"])
                #expect(tree.map { $0["className"] as? String } == ["CALayer", "CALayer", "CALayer", "CALayer"])
                // The bar at x 20 at the top, the square at x 20 at the bottom, blue elsewhere.
                #expect(isColour(first.pixel(x: 20, y: 20), green))
                #expect(isColour(first.pixel(x: 80, y: 20), blue))
                #expect(isColour(first.pixel(x: 20, y: 60), red))
                // 1 s: the bar is half-way, at x 50.
                try await client.requestFrame(at: 1, request: 2)
                let later = try await client.nextFrame()
                #expect(later.request == 2)
                #expect(isColour(later.pixel(x: 50, y: 20), green))
                #expect(isColour(later.pixel(x: 20, y: 20), blue))
                // Back to 0.5 s (the scene is built again): x 35.
                try await client.requestFrame(at: 0.5, request: 3)
                let earlier = try await client.nextFrame()
                #expect(isColour(earlier.pixel(x: 35, y: 20), green))
                #expect(isColour(earlier.pixel(x: 50 + 6, y: 20), blue))
                // After its 2 s the animation is gone: the model value, x 20.
                try await client.requestFrame(at: 2.5, request: 4)
                let ended = try await client.nextFrame()
                #expect(isColour(ended.pixel(x: 20, y: 20), green))
            }
        }
    }

    /// A Lottie file plays as any scene; its description gives the page its frame rate and
    /// first frame, by which the ◀ ▶ buttons and the timeline step (a CAML scene has neither).
    @Test func aLottieSceneTellsThePageItsFrameRateAndFirstFrame() async throws {
        let folder = try ScratchSpace.makeFolder("preview-tests")
        defer { try? FileManager.default.removeItem(at: folder) }
        // 100 × 50 at 25 fps, frames 10–35: a 20 × 20 red square whose centre moves from x 20
        // at frame 10 to x 80 at frame 35, on a transparent canvas.
        let file = folder.appendingPathComponent("slide.json")
        try Data(
            """
            {"v": "5.7.4", "fr": 25, "ip": 10, "op": 35, "w": 100, "h": 50, "layers": [
              {"ty": 4, "ind": 1, "ip": 10, "op": 35, "st": 0, "sr": 1,
               "ks": {"o": {"a": 0, "k": 100}, "r": {"a": 0, "k": 0}, "a": {"a": 0, "k": [0, 0]},
                      "s": {"a": 0, "k": [100, 100]},
                      "p": {"a": 1, "k": [{"t": 10, "s": [20, 25], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
                                          {"t": 35, "s": [80, 25]}]}},
               "shapes": [{"ty": "rc", "s": {"a": 0, "k": [20, 20]}, "p": {"a": 0, "k": [0, 0]}, "r": {"a": 0, "k": 0}},
                          {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
            """.utf8
        ).write(to: file)
        let source = PreviewSource(name: "slide.json", watchedPath: file.path) {
            try SceneDefinition.lottie(at: file.path).start()
        }
        let server = try await PreviewServer.start(source: source, port: 0, log: { _ in })
        do {
            try await PreviewClient.connect(port: server.port) { client in
                // 0.4 s is frame 20, 10 frames in: the square's centre at x 20 + 60 · 10/25 = 44.
                try await client.requestFrame(at: 0.4, request: 1)
                let frame = try await client.nextFrame()
                let scene = PreviewFixture.json(try #require(client.texts.first))
                #expect(scene["frameRate"] as? Double == 25)
                #expect(scene["startFrame"] as? Double == 10)
                #expect((scene["duration"] as? Double).map { abs($0 - 1) < 1e-9 } == true)
                #expect(frame.width == 100 && frame.height == 50)
                #expect(isColour(frame.pixel(x: 44, y: 25), red))
                #expect(isColour(frame.pixel(x: 44 + 8, y: 25), red))
                #expect(frame.pixel(x: 44 + 12, y: 25).alpha == 0)
                #expect(frame.pixel(x: 44 - 12, y: 25).alpha == 0)
            }
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
        try await PreviewFixture.withServer { server in
            try await PreviewClient.connect(port: server.port) { client in
                try await client.requestFrame(at: 0, request: 1)
                _ = try await client.nextFrame()
                let scene = PreviewFixture.json(try #require(client.texts.first))
                #expect(scene["frameRate"] == nil && scene["startFrame"] == nil)
            }
        }
    }

    @Test func theFramesAPageRebuildsFromDeltasAreTheRenderersFrames() async throws {
        let file = try PreviewFixture.writeDocument()
        try await PreviewFixture.withServer(file) { server in
            try await PreviewClient.connect(port: server.port) { client in
                var states: [(name: String, time: Double)] = []
                var deltas = 0
                var request: UInt32 = 0
                /// Asks for the frame at `time` as the page does, and checks the picture the
                /// client holds after applying it against the renderer's whole frame of the scene
                /// at that time, drawn apart from the server.
                func check(_ time: Double, _ what: String) async throws -> FrameEncoding.Frame {
                    request += 1
                    try await client.requestFrame(at: time, request: request)
                    let frame = try await client.nextFrame()
                    #expect(frame.request == request)
                    let expected = try await MainActor.run {
                        try PreviewFixture.renderedFrame(of: file, at: time, states: states)
                    }
                    let wrong = zip(frame.rgba, expected).filter { $0 != $1 }.count
                    #expect(
                        frame.rgba.count == expected.count && wrong == 0, "\(what) at \(time) s: \(wrong) bytes differ")
                    if frame.isDelta {
                        deltas += 1
                        #expect(
                            frame.messageLength < 100 * 80 * 4 / 4, "\(what): a delta of \(frame.messageLength) bytes")
                    }
                    return frame
                }
                #expect(try await !check(0, "the first frame").isDelta)
                // Playing: the bar slides; only its pixels travel.
                for index in 1...6 { _ = try await check(Double(index) / 10, "playing") }
                #expect(deltas == 6)
                // The same time again: nothing changed, an empty delta.
                #expect(try await check(0.6, "again").spanCount == 0)
                // Scrubbing back (the scene is built again) and forward.
                _ = try await check(0.25, "scrubbed back")
                _ = try await check(1.9, "scrubbed forward")
                _ = try await check(0.05, "scrubbed back again")
                // A state change: the square moves too.
                try await client.send(#"{"type":"state","name":"On","time":0.3}"#)
                states.append(("On", 0.3))
                for time in [0.3, 0.4, 0.55, 0.7, 0.9] { _ = try await check(time, "in state On") }
                try await client.send(#"{"type":"state","name":"Off","time":1}"#)
                states.append(("Off", 1))
                _ = try await check(1, "back in state Off")
                _ = try await check(0.5, "scrubbed back into state On")
                #expect(deltas == 17)
                // A page that lost track (it says it has no frame) gets a whole one.
                try await client.requestFrame(at: 0.5, have: 0)
                _ = try await client.nextFrame()
                try await client.requestFrame(at: 0.5, have: client.canvas.sequence + 7)
                let whole = try await client.nextFrame()
                #expect(!whole.isDelta && whole.messageLength == FrameEncoding.headerLength + 100 * 80 * 4)
            }
        }
    }

    @Test func aStateChangeRunsTheTransitionFromWhereTheSceneIs() async throws {
        try await PreviewFixture.withServer { server in
            try await PreviewClient.connect(port: server.port) { client in
                try await client.requestFrame(at: 0.5)
                _ = try await client.nextFrame()
                try await client.send(#"{"type":"state","name":"On","time":1}"#)
                try await client.requestFrame(at: 1)
                #expect(isColour(try await client.nextFrame().pixel(x: 20, y: 60), red))
                // A quarter of a second into the 0.5 s linear transition: half-way, x 50.
                try await client.requestFrame(at: 1.25)
                let halfway = try await client.nextFrame()
                #expect(isColour(halfway.pixel(x: 50, y: 60), red))
                #expect(isColour(halfway.pixel(x: 20, y: 60), blue))
                try await client.requestFrame(at: 1.75)
                let settled = try await client.nextFrame()
                #expect(isColour(settled.pixel(x: 80, y: 60), red))
                // Scrubbing back before the change shows the scene before it; playing on
                // enters the state again at its time.
                try await client.requestFrame(at: 0.9)
                #expect(isColour(try await client.nextFrame().pixel(x: 20, y: 60), red))
                try await client.requestFrame(at: 1.25)
                #expect(isColour(try await client.nextFrame().pixel(x: 50, y: 60), red))
                // Back to Off at 1.5, from x 65 (half-way through the transition? no: the
                // transition to On ended at 1.5); Off has no transition, so it jumps to x 20.
                try await client.send(#"{"type":"state","name":"Off","time":1.6}"#)
                try await client.requestFrame(at: 1.6)
                #expect(isColour(try await client.nextFrame().pixel(x: 20, y: 60), red))
                // A state the scene lacks: an error message, nothing changes.
                try await client.send(#"{"type":"state","name":"Nowhere","time":1.7}"#)
                let error = try await client.nextText(ofType: "error")
                #expect((error["message"] as? String)?.contains("no state called 'Nowhere'") == true)
            }
        }
    }

    /// The unlock slider holds the swipe from Locked to Unlock: the square at
    /// 20 + p · (80 − 20), whatever time the frames are at; another position replaces it.
    @Test func theUnlockSliderHoldsTheSwipePartWay() async throws {
        let document = PreviewFixture.document()
            .replacingOccurrences(of: #"name="Off""#, with: #"name="Locked""#)
            .replacingOccurrences(of: #"name="On""#, with: #"name="Unlock""#)
            .replacingOccurrences(of: #"toState="On""#, with: #"toState="Unlock""#)
        try await PreviewFixture.withServer(try PreviewFixture.writeDocument(document)) { server in
            try await PreviewClient.connect(port: server.port) { client in
                try await client.send(#"{"type":"swipe","progress":0.5,"time":0.5}"#)
                try await client.requestFrame(at: 0.5)
                let half = try await client.nextFrame()
                #expect(isColour(half.pixel(x: 50, y: 60), red))
                #expect(isColour(half.pixel(x: 35, y: 60), blue))
                try await client.send(#"{"type":"swipe","progress":0.25,"time":0.5}"#)
                for time in [0.5, 1.5] {
                    try await client.requestFrame(at: time)
                    let quarter = try await client.nextFrame()
                    #expect(isColour(quarter.pixel(x: 35, y: 60), red), "at \(time) s")
                    #expect(isColour(quarter.pixel(x: 50, y: 60), blue), "at \(time) s")
                }
                try await client.send(#"{"type":"swipe","progress":1,"time":1.5}"#)
                try await client.requestFrame(at: 1.5)
                #expect(isColour(try await client.nextFrame().pixel(x: 80, y: 60), red))
            }
        }
        // A scene without both states says so; a progress out of range is not a message.
        try await PreviewFixture.withServer { server in
            try await PreviewClient.connect(port: server.port) { client in
                try await client.send(#"{"type":"swipe","progress":0.5,"time":0}"#)
                let error = try await client.nextText(ofType: "error")
                #expect((error["message"] as? String)?.contains("needs the states Locked and Unlock") == true)
            }
        }
        guard case .failure(let why) = ClientMessage.parse(#"{"type":"swipe","progress":1.5,"time":0}"#) else {
            Issue.record("a progress of 1.5 was taken")
            return
        }
        #expect(why.description == "a swipe needs a progress from 0 to 1 and a time from 0 to 86400 seconds")
        #expect(
            ClientMessage.parse(#"{"type":"swipe","progress":0.71,"time":2}"#) == .success(.swipe(progress: 0.71, time: 2)))
    }

    @Test func theSelectedLayersPresentationValuesComeWithEachFrame() async throws {
        try await PreviewFixture.withServer { server in
            try await PreviewClient.connect(port: server.port) { client in
                try await client.send(#"{"type":"select","path":"0.1"}"#)
                try await client.requestFrame(at: 1)
                _ = try await client.nextFrame()
                let values = try #require(
                    client.texts.map(PreviewFixture.json).first { $0["type"] as? String == "layer" })
                #expect(values["path"] as? String == "0.1")
                let pairs = try #require(values["values"] as? [[String]])
                let position = pairs.first { $0.first == "position" }?.last
                #expect(position == "(50, 60)")
                #expect(pairs.first { $0.first == "animations" }?.last == "slide")
                client.clearTexts()
                try await client.requestFrame(at: 1.5)
                _ = try await client.nextFrame()
                let next = client.texts.map(PreviewFixture.json).first { $0["type"] as? String == "layer" }
                #expect((next?["values"] as? [[String]])?.first { $0.first == "position" }?.last == "(65, 60)")
                // Clearing the selection stops them.
                try await client.send(#"{"type":"select","path":""}"#)
                client.clearTexts()
                try await client.requestFrame(at: 1.6)
                _ = try await client.nextFrame()
                #expect(client.texts.isEmpty)
            }
        }
    }

    @Test func editingTheFileReloadsKeepingTheTimeAndABrokenFileKeepsTheLastGoodScene() async throws {
        let file = try PreviewFixture.writeDocument()
        let log = LogLines()
        try await PreviewFixture.withServer(file, log: log) { server in
            try await PreviewClient.connect(port: server.port) { client in
                try await client.requestFrame(at: 1)
                #expect(isColour(try await client.nextFrame().pixel(x: 50, y: 20), green))
                try Data(PreviewFixture.document(barColor: "1 1 0").utf8).write(to: file)
                _ = try await client.nextText(ofType: "reloaded")
                client.clearTexts()
                // The page asks again at its own time: the new scene at the same time.
                try await client.requestFrame(at: 1)
                let reloaded = try await client.nextFrame()
                #expect(isColour(reloaded.pixel(x: 50, y: 20), yellow))
                #expect(!reloaded.isDelta, "a new scene goes whole")
                #expect(client.texts.map(PreviewFixture.json).first?["type"] as? String == "scene")
                // Broken: the error names the file, line and column; the last good scene stays.
                try Data((PreviewFixture.header + "<CALayer bounds=\"0 0 1 1\">").utf8).write(to: file)
                let error = try await client.nextText(ofType: "error")
                let message = try #require(error["message"] as? String)
                #expect(message.contains("scene.caml:1:"), "\(message)")
                try await client.requestFrame(at: 1.5)
                #expect(isColour(try await client.nextFrame().pixel(x: 65, y: 20), yellow))
                // Even going back in time, which would build the scene again.
                try await client.requestFrame(at: 0.5)
                #expect(isColour(try await client.nextFrame().pixel(x: 35, y: 20), yellow))
                #expect(log.all.contains { $0.contains("no longer loads") })
                // A tab opened now sees the error at once, and has no scene to draw until the
                // file loads again.
                try await PreviewClient.connect(port: server.port) { second in
                    _ = try await second.nextText(ofType: "error")
                    try await second.requestFrame(at: 0.5, request: 1)
                    // Fixed again: both tabs reload.
                    try Data(PreviewFixture.document(barColor: "1 0 1").utf8).write(to: file)
                    _ = try await client.nextText(ofType: "reloaded")
                    try await client.requestFrame(at: 1)
                    #expect(isColour(try await client.nextFrame().pixel(x: 50, y: 20), (255, 0, 255)))
                    _ = try await second.nextText(ofType: "reloaded")
                    try await second.requestFrame(at: 1, request: 2)
                    // The request made while broken got no frame, unless the server came to it
                    // only after the fix (a busy machine): then its frame comes first.
                    var frame = try await second.nextFrame()
                    if frame.request == 1 { frame = try await second.nextFrame() }
                    #expect(frame.request == 2)
                    #expect(isColour(frame.pixel(x: 50, y: 20), (255, 0, 255)))
                }
            }
        }
    }

    @Test func malformedMessagesAreIgnoredWithALogLine() async throws {
        let log = LogLines()
        try await PreviewFixture.withServer(log: log) { server in
            try await PreviewClient.connect(port: server.port) { client in
                let malformed = [
                    "nonsense", "{}", "[1, 2]", #"{"type":"frame"}"#, #"{"type":"frame","time":-1}"#,
                    #"{"type":"frame","time":"1e400"}"#, #"{"type":"load","path":"/etc/passwd"}"#,
                    #"{"type":"select","path":"../../etc/passwd"}"#, #"{"type":"state","time":1}"#,
                    String(repeating: "x", count: 10_000),
                ]
                for text in malformed { try await client.send(text) }
                try await client.send(binary: [0, 1, 2, 3])
                // Still serving, in order: the frame asked for after them comes.
                try await client.requestFrame(at: 1, request: 9)
                let frame = try await client.nextFrame()
                #expect(frame.request == 9)
                #expect(isColour(frame.pixel(x: 50, y: 20), green))
                let ignored = log.all.filter { $0.hasPrefix("ignored a message from a page") }
                #expect(ignored.count == malformed.count + 1, "\(log.all)")
            }
        }
    }

    @Test func severalTabsWatchAtOnceAndClosingOneFreesIt() async throws {
        try await PreviewFixture.withServer { server in
            try await PreviewClient.connect(port: server.port) { first in
                try await PreviewClient.connect(port: server.port) { second in
                    await server.waitUntilTabCount(is: 2)
                    // Each tab has its own state and time.
                    try await second.send(#"{"type":"state","name":"On","time":0}"#)
                    try await first.requestFrame(at: 1)
                    try await second.requestFrame(at: 1)
                    #expect(isColour(try await first.nextFrame().pixel(x: 20, y: 60), red))
                    #expect(isColour(try await second.nextFrame().pixel(x: 80, y: 60), red))
                }
                await server.waitUntilTabCount(is: 1)
                try await first.requestFrame(at: 0)
                #expect(isColour(try await first.nextFrame().pixel(x: 20, y: 20), green))
            }
            await server.waitUntilTabCount(is: 0)
        }
    }

    @Test func aPageOfAnotherSiteCannotConnect() async throws {
        try await PreviewFixture.withServer { server in
            await #expect(throws: PreviewError.self) {
                try await PreviewClient.connect(port: server.port, origin: "https://example.com") { _ in }
            }
            try await PreviewClient.connect(port: server.port, origin: "http://127.0.0.1:\(server.port)") { client in
                try await client.requestFrame(at: 0)
                _ = try await client.nextFrame()
            }
        }
    }

    @Test func requestsThatArriveFasterThanFramesAreSkippedNotQueued() async throws {
        try await PreviewFixture.withServer { server in
            try await PreviewClient.connect(port: server.port) { client in
                for request in 1...50 {
                    try await client.requestFrame(at: Double(request) / 50, request: UInt32(request))
                }
                var frames: [FrameEncoding.Frame] = []
                while frames.last?.request != 50 { frames.append(try await client.nextFrame()) }
                // The last request is always drawn; those replaced while a frame was drawn are
                // counted, and every request is either drawn or counted.
                #expect(frames.count + frames.map { Int($0.skipped) }.reduce(0, +) == 50)
            }
        }
    }
}

/// The frame messages: the renderer's premultiplied BGRA becomes straight RGBA, whole in a full
/// frame, only the changed pixels in a delta, and a canvas that applies them in order holds the
/// frames as drawn.
@Test func framesCarryStraightRGBAWholeOrOnlyWhatChanged() throws {
    let encoder = FrameEncoder()
    var canvas = FrameEncoding.Canvas()
    func send(_ bgra: [UInt8], width: Int = 4, pageHas: UInt32) throws -> FrameEncoding.Frame {
        let message = bgra.withUnsafeBytes {
            encoder.encode(
                pixels: $0.baseAddress!, bytesPerRow: width * 4, width: width, height: bgra.count / 4 / width,
                time: 0.25, request: 3, skipped: 1, pageHas: pageHas, allocator: .init())
        }
        return try canvas.apply(message)
    }
    let first: [UInt8] = [10, 20, 30, 255, 0, 0, 128, 128, 0, 0, 0, 0, 64, 32, 16, 64]
    let frame = try send(first, pageHas: 0)
    #expect(frame.width == 4 && frame.height == 1 && frame.request == 3 && frame.skipped == 1)
    #expect(frame.time == 0.25 && frame.sequence == 1 && !frame.isDelta)
    #expect(frame.rgba == [30, 20, 10, 255, 255, 0, 0, 128, 0, 0, 0, 0, 64, 128, 255, 64])
    #expect(frame.messageLength == FrameEncoding.headerLength + 16)
    // A 40 × 2 frame: a full one, then one pixel changed in each row, 39 pixels apart (more than
    // the merge gap): a delta of two spans of a pixel.
    var wide = [UInt8](repeating: 255, count: 40 * 2 * 4)
    _ = try send(wide, width: 40, pageHas: frame.sequence)
    #expect(canvas.sequence == 2)
    wide[4 * 0 + 0] = 0
    wide[4 * 79 + 2] = 0
    let delta = try send(wide, width: 40, pageHas: 2)
    #expect(delta.isDelta && delta.base == 2 && delta.sequence == 3 && delta.spanCount == 2)
    #expect(delta.messageLength == FrameEncoding.headerLength + 2 * 8 + 2 * 4)
    #expect(Array(delta.rgba[0..<4]) == [255, 255, 0, 255] && Array(delta.rgba[316..<320]) == [0, 255, 255, 255])
    #expect(delta.rgba.count == 320 && delta.rgba.filter { $0 != 255 }.count == 2)
    // Nothing changed: an empty delta.
    let same = try send(wide, width: 40, pageHas: 3)
    #expect(same.isDelta && same.spanCount == 0 && same.messageLength == FrameEncoding.headerLength)
    // A page that does not have the last frame sent gets a full frame, as does a page whose
    // frame changed almost everywhere.
    #expect(try !send(wide, width: 40, pageHas: 3).isDelta)
    let changed = wide.map { $0 == 255 ? UInt8(254) : $0 }
    let mostly = try send(changed, width: 40, pageHas: canvas.sequence)
    #expect(!mostly.isDelta && mostly.rgba.count == 320)
}
