import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import OpenQuartzCorePreview

/// A WebSocket client that talks to the preview server as the page does: for the tests and
/// the benchmark, on SwiftNIO's WebSocket codec. Not for production use.
///
/// Like a browser, it answers the server's pings as they come, whatever its user is doing: a
/// test that spends minutes between messages (waiting for a busy main actor, say) keeps its
/// connection.
///
///     try await PreviewClient.connect(port: server.port) { client in
///         try await client.send(#"{"type":"frame","time":0.5,"request":1}"#)
///         let frame = try await client.nextFrame()
///     }
public final class PreviewClient {
    /// A message from the server.
    public enum Message: Sendable {
        case text(String)
        case binary(ByteBuffer)
    }

    private var inbound: AsyncThrowingStream<Message, any Error>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>
    /// The text messages received while waiting for a frame, oldest first.
    public private(set) var texts: [String] = []
    /// The picture as the page would have it: the frames received so far applied in order.
    public private(set) var canvas = FrameEncoding.Canvas()

    private init(
        inbound: AsyncThrowingStream<Message, any Error>.AsyncIterator,
        outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>
    ) {
        self.inbound = inbound
        self.outbound = outbound
    }

    private enum Upgrade: Sendable {
        case websocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case refused
    }

    /// Opens `/ws` on 127.0.0.1:`port`, sending `origin` as the `Origin` header when given,
    /// runs `body` with the connection and closes it.
    ///
    /// - Throws: ``PreviewError`` when the server refuses the upgrade.
    public static func connect<Result>(
        port: Int, origin: String? = nil, body: (PreviewClient) async throws -> Result
    ) async throws -> Result {
        let upgrade = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(
                        maxFrameSize: 1 << 26,
                        upgradePipelineHandler: { channel, _ in
                            channel.eventLoop.makeCompletedFuture {
                                Upgrade.websocket(
                                    try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(
                                        wrappingChannelSynchronously: channel))
                            }
                        })
                    var headers = HTTPHeaders()
                    headers.add(name: "Host", value: "127.0.0.1:\(port)")
                    headers.add(name: "Content-Length", value: "0")
                    if let origin { headers.add(name: "Origin", value: origin) }
                    let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/ws", headers: headers)
                    let configuration = NIOTypedHTTPClientUpgradeConfiguration(
                        upgradeRequestHead: head, upgraders: [upgrader],
                        notUpgradingCompletionHandler: { channel in
                            channel.eventLoop.makeCompletedFuture { Upgrade.refused }
                        })
                    // The server may send a message at once after its 101 response (a tab opened
                    // while the file is broken gets the error), in the same read: by default the
                    // HTTP decoder drops such bytes when the upgrade removes it.
                    var pipeline = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: configuration)
                    pipeline.leftOverBytesStrategy = .forwardBytes
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                        configuration: pipeline)
                }
            }
        guard case .websocket(let channel) = try await upgrade.get() else {
            throw PreviewError("the server refused the WebSocket upgrade")
        }
        return try await channel.executeThenClose { inbound, outbound in
            let (messages, sink) = AsyncThrowingStream.makeStream(of: Message.self)
            let reader = Task { await receive(inbound, answeringPingsOn: outbound, into: sink) }
            // Not awaited: the reader ends when the connection closes, just after.
            defer { reader.cancel() }
            return try await body(PreviewClient(inbound: messages.makeAsyncIterator(), outbound: outbound))
        }
    }

    /// Reads the connection until it ends, answering pings at once and handing the messages,
    /// their fragments joined, to `sink`; finishes `sink` with an error when the server closes.
    private static func receive(
        _ inbound: NIOAsyncChannelInboundStream<WebSocketFrame>,
        answeringPingsOn outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>,
        into sink: AsyncThrowingStream<Message, any Error>.Continuation
    ) async {
        let closed = PreviewError("the server closed the connection")
        var data = ByteBuffer()
        var opcode: WebSocketOpcode?
        do {
            for try await frame in inbound {
                switch frame.opcode {
                case .ping:
                    try await outbound.write(
                        WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData))
                    continue
                case .connectionClose:
                    sink.finish(throwing: closed)
                    return
                case .text, .binary:
                    opcode = frame.opcode
                    data = frame.unmaskedData
                case .continuation:
                    var more = frame.unmaskedData
                    data.writeBuffer(&more)
                default:
                    continue
                }
                guard frame.fin else { continue }
                sink.yield(opcode == .text ? .text(String(buffer: data)) : .binary(data))
            }
            sink.finish(throwing: closed)
        } catch {
            sink.finish(throwing: error)
        }
    }

    /// Sends a text message.
    public func send(_ text: String) async throws {
        try await outbound.write(
            WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: ByteBuffer(string: text)))
    }

    /// Sends a binary message.
    public func send(binary bytes: [UInt8]) async throws {
        try await outbound.write(
            WebSocketFrame(fin: true, opcode: .binary, maskKey: .random(), data: ByteBuffer(bytes: bytes)))
    }

    /// Asks for the frame at `time`, saying which frame the canvas shows (as the page does)
    /// unless `have` says otherwise.
    public func requestFrame(at time: Double, request: UInt32 = 0, have: UInt32? = nil) async throws {
        let have = have ?? canvas.sequence
        try await send(#"{"type":"frame","time":\#(time),"request":\#(request),"have":\#(have)}"#)
    }

    /// The next message.
    ///
    /// - Throws: ``PreviewError`` when the server closes the connection.
    public func nextMessage() async throws -> Message {
        guard let message = try await inbound.next() else {
            throw PreviewError("the server closed the connection")
        }
        return message
    }

    /// The next frame applied to ``canvas``, keeping the text messages before it in ``texts``.
    ///
    /// - Throws: ``PreviewError`` when a binary message is not a frame, or is a delta of a
    ///   frame other than the canvas's.
    public func nextFrame() async throws -> FrameEncoding.Frame {
        while true {
            switch try await nextMessage() {
            case .text(let text):
                texts.append(text)
            case .binary(let buffer):
                return try canvas.apply(buffer)
            }
        }
    }

    /// The next text message whose `type` is `type`, skipping others (and frames).
    public func nextText(ofType type: String) async throws -> [String: Any] {
        while true {
            guard case .text(let text) = try await nextMessage() else { continue }
            texts.append(text)
            if let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                object["type"] as? String == type
            {
                return object
            }
        }
    }

    /// Forgets the text messages kept so far.
    public func clearTexts() {
        texts.removeAll()
    }
}
