import Foundation
import HummingbirdWebSocket
import NIOCore
import OpenQuartzCore
import Synchronization

/// One tab's WebSocket: reads the page's messages, draws the frames it asks for, and sends
/// them with the tab's text messages.
///
/// Frame requests wait in a slot that holds one: a request that arrives while the frame
/// before it is drawn replaces the one waiting, which is counted as skipped and reported in
/// the next frame's header. A page that waits for each frame before asking for the next (as
/// ours does) never has one skipped; one that does not cannot make frames pile up.
struct PreviewConnection {
    let hub: PreviewHub
    let scale: CGFloat
    let log: @Sendable (String) -> Void

    private struct FrameRequest: Sendable {
        let time: Double
        let request: UInt32
        /// The frame the page showed when it asked.
        let have: UInt32
    }

    func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let session = await MainActor.run { PreviewSession(hub: hub, scale: scale) }
        let (texts, textSink) = AsyncStream.makeStream(of: String.self)
        let (requests, requestSlot) = AsyncStream.makeStream(of: FrameRequest.self, bufferingPolicy: .bufferingNewest(1))
        let skipped = SkipCount()
        await hub.attach(session) { textSink.yield($0) }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await text in texts {
                    try? await outbound.write(.text(text))
                }
            }
            group.addTask {
                for await request in requests {
                    let skippedBefore = skipped.count.withLock { count in
                        defer { count = 0 }
                        return count
                    }
                    let output = await session.frame(
                        at: request.time, request: request.request, skipped: skippedBefore, pageHas: request.have)
                    for text in output.texts {
                        try? await outbound.write(.text(text))
                    }
                    if let frame = output.frame {
                        try? await outbound.write(.binary(frame))
                    }
                }
            }
            await read(inbound) { message in
                switch message {
                case .frame(let time, let request, let have):
                    // Under the lock, so that the renderer, which reads the count under it
                    // after taking a request, never takes the replacing request first.
                    skipped.count.withLock { count in
                        if case .dropped = requestSlot.yield(FrameRequest(time: time, request: request, have: have)) {
                            count &+= 1
                        }
                    }
                case .state(let name, let time):
                    if let error = await session.enterState(name, at: time) { textSink.yield(error) }
                case .swipe(let progress, let time):
                    if let error = await session.holdSwipe(at: progress, from: time) { textSink.yield(error) }
                case .select(let path):
                    let parsed = path.flatMap(LayerPath.init)
                    if let path, parsed == nil {
                        log("ignored a message from a page: no layer path '\(path.prefix(80))'")
                    }
                    await session.select(parsed)
                }
            }
            requestSlot.finish()
            textSink.finish()
        }
        await hub.detach(session)
    }

    /// Hands each well-formed message to `handle`, in order, until the page closes; logs and
    /// skips the rest (binary messages, text that is not a message, messages too long).
    private func read(_ inbound: WebSocketInboundStream, handle: (ClientMessage) async -> Void) async {
        var text = ByteBuffer()
        var isText = false
        var tooLong = false
        do {
            for try await frame in inbound {
                if frame.opcode != .continuation {
                    text.clear()
                    isText = frame.opcode == .text
                    tooLong = false
                }
                if isText, !tooLong {
                    if text.readableBytes + frame.data.readableBytes > ClientMessage.maximumLength {
                        tooLong = true
                        text.clear()
                    } else {
                        var data = frame.data
                        text.writeBuffer(&data)
                    }
                }
                guard frame.fin else { continue }
                guard isText else {
                    log("ignored a message from a page: binary, the page sends only text")
                    continue
                }
                guard !tooLong else {
                    log("ignored a message from a page: longer than \(ClientMessage.maximumLength) bytes")
                    continue
                }
                let message = String(buffer: text)
                switch ClientMessage.parse(message) {
                case .success(let parsed):
                    await handle(parsed)
                case .failure(let reason):
                    log("ignored a message from a page (\(reason)): \(message.prefix(80))")
                }
            }
        } catch {
            // The connection broke: the tab is gone.
        }
    }
}

/// How many frame requests were replaced before the renderer took them, since it last looked.
private final class SkipCount: Sendable {
    let count = Mutex<UInt32>(0)
}
