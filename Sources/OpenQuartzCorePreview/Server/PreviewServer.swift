import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import OpenQuartzCore

/// `carender preview`'s server: one page at `/` and the page's WebSocket at `/ws`, on
/// 127.0.0.1 only. Nothing else is served, and nothing a page sends names a file.
///
///     let server = try await PreviewServer.start(source: source, port: 0)   // any free port
///     print(server.address)                                                  // http://127.0.0.1:…/
///     …
///     await server.stop()
///
/// Each tab's WebSocket gets a session of its own; the watched file's changes
/// reload every tab (through the server's hub).
public final class PreviewServer: Sendable {
    /// The port the server listens on (the one the system chose when asked for 0).
    public let port: Int
    private let serving: Task<Void, any Error>
    private let watching: Task<Void, Never>?
    /// What the tabs share: not private, as ``waitUntilTabCount(is:)`` (PreviewServer+Testing.swift) reads it.
    let hub: PreviewHub

    /// The page's address.
    public var address: String { "http://127.0.0.1:\(port)/" }

    private init(port: Int, serving: Task<Void, any Error>, watching: Task<Void, Never>?, hub: PreviewHub) {
        self.port = port
        self.hub = hub
        self.serving = serving
        self.watching = watching
    }

    /// Loads `source` once (so that a broken file fails here), binds 127.0.0.1:`port` (0 for
    /// any free port) and serves until ``stop()``, or until SIGINT or SIGTERM when
    /// `stopsOnSignals`. Frames are drawn at `scale` pixels per point. `log` receives a line
    /// for each reload, load failure and ignored message.
    ///
    /// - Throws: ``PreviewError`` when the port is in use or cannot be bound; the loader's
    ///   error when the source does not load.
    public static func start(
        source: PreviewSource, port: Int = 0, scale: Double = 1, stopsOnSignals: Bool = false,
        log: @escaping @Sendable (String) -> Void = PreviewServer.standardErrorLog
    ) async throws -> PreviewServer {
        let hub = await MainActor.run { PreviewHub(source: source, log: log) }
        // What the file looks like before it is first loaded: a change from then on reloads.
        let watcher = source.watchedPath.map { FileWatcher(path: $0) }
        let baseline = watcher?.fingerprint()
        try await hub.checkLoads()
        let scale = CGFloat(scale)
        let router = Router()
        router.get("/") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: PreviewPage.html)))
        }
        var quiet = Logger(label: "carender.preview")
        quiet.logLevel = .critical
        let (bound, boundContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(configuration: .init(ws: .init(maxFrameSize: 1 << 16))) {
                request, _, _ in
                guard request.path?.split(separator: "?").first == "/ws", originIsLocal(request.headerFields[.origin])
                else { return .dontUpgrade }
                return .upgrade([:]) { inbound, outbound, _ in
                    await PreviewConnection(hub: hub, scale: scale, log: log).serve(
                        inbound: inbound, outbound: outbound)
                }
            },
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "carender preview"),
            onServerRunning: { channel in
                boundContinuation.yield(channel.localAddress?.port ?? port)
                boundContinuation.finish()
            },
            logger: quiet
        )
        let serving = Task {
            defer { boundContinuation.finish() }
            try await app.runService(gracefulShutdownSignals: stopsOnSignals ? [.sigint, .sigterm] : [])
        }
        var iterator = bound.makeAsyncIterator()
        guard let boundPort = await iterator.next() else {
            // The server ended before it listened: the bind failed.
            do {
                try await serving.value
            } catch let error as IOError where error.errnoCode == EADDRINUSE {
                throw PreviewError("port \(port) is in use; choose another with --port, or --port 0 for any free one")
            } catch {
                throw PreviewError("cannot listen on 127.0.0.1:\(port): \(error)")
            }
            throw PreviewError("the server stopped before it listened on 127.0.0.1:\(port)")
        }
        let watching = watcher.map { watcher in
            Task {
                await watcher.watch(from: baseline) {
                    await hub.reload()
                }
            }
        }
        return PreviewServer(port: boundPort, serving: serving, watching: watching, hub: hub)
    }

    /// Stops serving: closes the tabs' connections and the listening socket, and stops
    /// watching the file.
    public func stop() async {
        watching?.cancel()
        serving.cancel()
        _ = try? await serving.value
        await watching?.value
    }

    /// Waits until the server stops (after ``stop()``, or a signal when it stops on signals).
    public func waitUntilStopped() async throws {
        defer { watching?.cancel() }
        try await serving.value
    }

    /// Writes `line` to standard error.
    public static let standardErrorLog: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data("carender preview: \(line)\n".utf8))
    }

    /// Whether a WebSocket request comes from a page of this machine, or from no page at all:
    /// another site open in the browser must not drive the preview.
    static func originIsLocal(_ origin: String?) -> Bool {
        guard let origin else { return true }
        guard let host = URLComponents(string: origin)?.host else { return false }
        return ["127.0.0.1", "localhost", "[::1]", "::1"].contains(host)
    }
}

/// A reason the preview cannot start, said in one line.
public struct PreviewError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
