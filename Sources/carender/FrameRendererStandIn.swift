import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer

// TEMPORARY: a serial stand-in with the shape of OpenQuartzCoreRenderer's `CAFrameRenderer`
// and `CARenderedFrame`, until they land. To switch, change the one `typealias FrameRenderer`
// line in Export/DemoExport.swift to `CAFrameRenderer` and delete this file.

/// One rendered frame (stand-in for `CARenderedFrame`).
struct StandInRenderedFrame: Sendable {
    /// The position in the times asked for.
    let index: Int
    let time: CFTimeInterval
    /// The size in pixels.
    let width: Int, height: Int
    /// Straight (non-premultiplied) RGBA8, top row first, `width × height × 4` bytes.
    let rgba: [UInt8]
    // Encoded while the renderer still holds the frame: the stand-in cannot encode later.
    private let png: Data

    init(index: Int, time: CFTimeInterval, width: Int, height: Int, rgba: [UInt8], png: Data) {
        self.index = index
        self.time = time
        self.width = width
        self.height = height
        self.rgba = rgba
        self.png = png
    }

    /// The frame as PNG data.
    func pngData() throws -> Data { png }
}

/// Renders many frames of one layer tree (stand-in for `CAFrameRenderer`: one frame after
/// another with `CARenderer`, on the calling thread).
final class StandInFrameRenderer {
    private let renderer: CARenderer
    private let width: Int
    private let height: Int

    /// The part of the root's superlayer space shown, in points; starts as the whole bitmap.
    var bounds: CGRect
    /// Ignored by the stand-in, which renders serially.
    var threads = ProcessInfo.processInfo.activeProcessorCount

    init(width: Int, height: Int, scale: CGFloat = 1) {
        renderer = CARenderer(width: width, height: height, scale: scale)
        self.width = width
        self.height = height
        bounds = renderer.bounds
    }

    /// For each time in order: `prepare(time)`, then the frame as presented at `time` to
    /// `deliver`.
    func render(
        _ layer: CALayer, atTimes times: [CFTimeInterval],
        prepare: (CFTimeInterval) throws -> Void,
        deliver: (StandInRenderedFrame) throws -> Void
    ) throws {
        renderer.layer = layer
        renderer.bounds = bounds
        defer { renderer.layer = nil }
        for (index, time) in times.enumerated() {
            try prepare(time)
            renderer.beginFrame(atTime: time)
            renderer.render()
            renderer.endFrame()
            try deliver(
                StandInRenderedFrame(
                    index: index, time: time, width: width, height: height, rgba: renderer.image.rgbaPixels,
                    png: try renderer.pngData()))
        }
    }
}
