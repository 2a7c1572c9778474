import CCairo
import Dispatch
import Foundation
import OpenQuartzCore

/// Renders many frames of one layer tree, painting on all cores: for video export.
///
///     let frames = CAFrameRenderer(width: 640, height: 360, scale: 2)
///     try frames.render(root, atTimes: stride(from: 0, to: 2, by: 1 / 30).map { $0 }) { time in
///         clock.advance(to: time)                  // move the manual clock
///     } deliver: { frame in
///         try encoder.write(frame.rgba)            // in order
///     }
///
/// For each time, on the calling thread: `prepare` runs (move the clock, change the tree),
/// the implicit transaction is flushed, and the tree is captured as presented then. Captures
/// are immutable, so they are painted in parallel, each worker with a bitmap and caches of its
/// own; `deliver` receives the frames in order, on the calling thread, while later ones paint.
///
/// For a video encoder, ask for frames in Y′CbCr instead: the worker that painted a frame
/// converts it, beside the others painting, and the encoder only encodes.
///
///     frames.pixelFormats = .yCbCr420
///     …
///     } deliver: { frame in
///         try encoder.write(frame.yCbCr420.bytes)  // ffmpeg -pix_fmt yuv420p
///     }
public final class CAFrameRenderer {
    /// The pixel formats a ``CARenderedFrame`` can carry.
    public struct PixelFormats: OptionSet, Sendable {
        public let rawValue: Int

        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// The pixels as drawn: ``CARenderedFrame/premultipliedBGRA``, and what is made from
        /// them (``CARenderedFrame/rgba``, ``CARenderedFrame/image``, ``CARenderedFrame/pngData()``).
        public static let premultipliedBGRA = PixelFormats(rawValue: 1 << 0)
        /// Planar Y′CbCr 4:2:0, BT.709, limited range: ``CARenderedFrame/yCbCr420``, converted
        /// from the drawn pixels on the worker that painted the frame.
        public static let yCbCr420 = PixelFormats(rawValue: 1 << 1)
        /// Straight RGBA8 (``CARenderedFrame/rgba``), converted from the drawn pixels on the
        /// worker that painted the frame: for a consumer of straight pixels (PNG, NumPy),
        /// which then neither copies the drawn pixels nor converts them itself.
        public static let straightRGBA = PixelFormats(rawValue: 1 << 2)
    }

    /// The rectangle of the root's superlayer space that the frames show, in points.
    public var bounds: CGRect
    /// Pixels per point.
    public let scale: CGFloat
    /// How many frames are painted at once. Defaults to the number of active cores.
    public var threads: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Whether layer content that does not change is drawn once and then only composited.
    /// Defaults to true; off, every frame draws every layer's content again.
    public var cachesContent = true
    /// The pixel formats each frame is delivered in. Defaults to
    /// ``PixelFormats/premultipliedBGRA``; a set without any format traps when rendering.
    /// With only ``PixelFormats/yCbCr420``, the drawn pixels are converted where they lie and
    /// never copied.
    public var pixelFormats: PixelFormats = .premultipliedBGRA
    /// The colour each frame is filled with before the tree is drawn over it. Nil, the
    /// default, leaves the frames transparent where nothing is drawn.
    public var backgroundColor: CGColor?

    let width: Int
    let height: Int

    /// Frames of `width × height` pixels, `scale` pixels per point. Sizes that are not
    /// positive, or a scale that is not a finite number above 0, trap with a message.
    public init(width: Int, height: Int, scale: CGFloat = 1) {
        require(width > 0 && height > 0, "CAFrameRenderer needs a positive size, got \(width) × \(height)")
        require(
            scale.isFinite && scale > 0, "CAFrameRenderer scale must be a finite number above 0, got \(scale)")
        self.width = width
        self.height = height
        self.scale = scale
        bounds = CGRect(x: 0, y: 0, width: CGFloat(width) / scale, height: CGFloat(height) / scale)
    }

    /// Renders `layer` at each of `times` in order; see the type's description.
    public func render(
        _ layer: CALayer, atTimes times: [CFTimeInterval], prepare: (CFTimeInterval) throws -> Void,
        deliver: (CARenderedFrame) throws -> Void
    ) throws {
        try render(layer, atTimes: times, after: nil, prepare: prepare, deliver: deliver)
    }

    /// Renders `layer` at each of `times` in order, as the frames after one at `preceding`
    /// that is prepared and captured but not painted: a part of a longer render then draws
    /// its frames as the whole render does (content unchanged since the frame before is
    /// composited from a bitmap, ``ContentCache``).
    func render(
        _ layer: CALayer, atTimes times: [CFTimeInterval], after preceding: CFTimeInterval?,
        prepare: (CFTimeInterval) throws -> Void, deliver: (CARenderedFrame) throws -> Void
    ) throws {
        try withoutActuallyEscaping(prepare) { prepare in
            let frames = CAFrameStream(self, layer: layer, times: times, after: preceding, clock: nil, prepare: prepare)
            while let frame = try frames.next() {
                try deliver(frame)
            }
        }
    }

    /// The frames of `layer` at each of `times`, drawn as ``render(_:atTimes:prepare:deliver:)``
    /// draws them and taken one at a time (``CAFrameStream``); `prepare` runs for each frame
    /// as the stream reaches it.
    public func frames(
        of layer: CALayer, atTimes times: [CFTimeInterval], prepare: @escaping (CFTimeInterval) throws -> Void
    ) -> CAFrameStream {
        CAFrameStream(self, layer: layer, times: times, after: nil, clock: nil, prepare: prepare)
    }
}
