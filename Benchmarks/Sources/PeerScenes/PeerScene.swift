import CairoReference
import Dispatch
import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import RendererScenes

/// Issue 13's peer scene: `count` translucent rounded rectangles on a `width × height` canvas,
/// each moving and turning linearly, 240 frames at 60 fps. The numbers come from the C
/// reference's seeded generator (`peer_scene_generate`), which `Scripts/peer_lottie.py`
/// repeats operation for operation, so ours, C + Cairo, ThorVG and rlottie draw the same
/// rectangles.
public struct PeerScene: Sendable {
    public static let frameCount = Int(PEER_SCENE_FRAMES)
    public static let frameRate = Double(PEER_SCENE_FPS)
    /// How long the motion lasts: the 240 frames.
    public static let duration = Double(PEER_SCENE_FRAMES) / Double(PEER_SCENE_FPS)
    /// x264's settings for every implementation (issue 13).
    public static let x264Options = ["-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p"]

    public let count: Int
    public let width: Int
    public let height: Int
    public let rects: [peer_rect]

    public init(count: Int, width: Int, height: Int) {
        self.count = count
        self.width = width
        self.height = height
        var rects = [peer_rect](repeating: peer_rect(), count: count)
        rects.withUnsafeMutableBufferPointer {
            peer_scene_generate($0.baseAddress, Int32(count), Int32(width), Int32(height), UInt64(PEER_SCENE_SEED))
        }
        self.rects = rects
    }

    /// The sizes of the issue: (100, 1920 × 1080), (1,000, 1920 × 1080), (10,000, 1280 × 720).
    public static let sizes: [(count: Int, width: Int, height: Int)] = [
        (100, 1920, 1080), (1_000, 1920, 1080), (10_000, 1280, 720),
    ]

    /// The times of the first `frames` frames.
    public static func times(frames: Int) -> [Double] {
        (0..<frames).map { Double($0) / frameRate }
    }

    /// The scene as a layer tree under a new manual clock at 0: an opaque root, and per
    /// rectangle a layer with its bounds, position, rotation, `cornerRadius` and translucent
    /// `backgroundColor`, with a linear `position` and a linear `transform.rotation.z`
    /// animation over ``duration``.
    public func makeAnimatedTree() -> (clock: CAManualClock, root: CALayer) {
        let clock = CAManualClock()
        let root = CAClock.$current.withValue(clock) { () -> CALayer in
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
            root.position = CGPoint(x: width / 2, y: height / 2)
            let grey = CGFloat(RECT_SCENE_BACKGROUND)
            root.backgroundColor = CGColor(red: grey, green: grey, blue: grey, alpha: 1)
            for rect in rects {
                let layer = CALayer()
                layer.bounds = CGRect(x: 0, y: 0, width: rect.width, height: rect.height)
                layer.position = CGPoint(x: rect.x, y: rect.y)
                layer.transform = CATransform3DMakeRotation(rect.rotation, 0, 0, 1)
                layer.cornerRadius = rect.radius
                layer.backgroundColor = CGColor(red: rect.red, green: rect.green, blue: rect.blue, alpha: rect.alpha)
                root.addSublayer(layer)
            }
            CATransaction.commit()
            for (layer, rect) in zip(root.sublayers ?? [], rects) {
                let move = CABasicAnimation(keyPath: "position")
                move.fromValue = CGPoint(x: rect.x, y: rect.y)
                move.toValue = CGPoint(x: rect.x + rect.vx * Self.duration, y: rect.y + rect.vy * Self.duration)
                let turn = CABasicAnimation(keyPath: "transform.rotation.z")
                turn.fromValue = rect.rotation
                turn.toValue = rect.rotation + rect.spin * Self.duration
                for animation in [move, turn] {
                    animation.duration = Self.duration
                    animation.beginTime = 0
                    animation.isRemovedOnCompletion = false
                    animation.fillMode = .forwards
                }
                layer.add(move, forKey: "move")
                layer.add(turn, forKey: "turn")
            }
            CATransaction.flush()
            return root
        }
        return (clock, root)
    }

    /// Our export, end to end, through the renderer's public movie API: the tree built, then
    /// `CAMovieExporter` renders every frame on all cores, converts it to Y′CbCr on its workers
    /// and pipes it to ffmpeg with ``x264Options``' settings (`-preset veryfast -crf 23`).
    /// Without `output`, the video goes to a temporary file that is removed afterwards.
    public func exportOurs(frames: Int = PeerScene.frameCount, output: URL? = nil) throws {
        let (clock, root) = makeAnimatedTree()
        let exporter = CAMovieExporter(
            layer: root, clock: clock, frames: CAFrameSpan(first: 0, count: frames, fps: Int(Self.frameRate)),
            size: CGSize(width: width, height: height))
        let target =
            output
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("peer-ours-\(UUID().uuidString).mp4")
        defer { if output == nil { try? FileManager.default.removeItem(at: target) } }
        try CAClock.$current.withValue(clock) {
            try exporter.exportSynchronously(
                to: [.init(path: target.path, format: .mp4(.init(crf: 23, preset: "veryfast")))])
        }
    }

    /// Drawing only through `CAFrameRenderer` with `threads` workers: frames delivered in
    /// premultiplied BGRA and dropped. Returns the wall seconds of the render call.
    public func renderFrames(_ frames: Int, threads: Int) throws -> Double {
        try renderFramesMeasured(frames, threads: threads).wall
    }

    /// ``renderFrames(_:threads:)`` with the calling thread's CPU seconds in the render call
    /// beside its wall seconds: moving the clock, capturing, taking delivery.
    public func renderFramesMeasured(_ frames: Int, threads: Int) throws -> (wall: Double, callerCPU: Double) {
        let (clock, root) = makeAnimatedTree()
        let renderer = CAFrameRenderer(width: width, height: height)
        renderer.threads = threads
        let start = DispatchTime.now().uptimeNanoseconds
        let callerStart = threadCPUNanoseconds()
        try CAClock.$current.withValue(clock) {
            try renderer.render(root, atTimes: Self.times(frames: frames)) { time in
                clock.advance(to: time)
            } deliver: { _ in }
        }
        return (
            Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9,
            Double(threadCPUNanoseconds() - callerStart) / 1e9
        )
    }
}

/// The scene drawn one frame at a time on the calling thread: by `CARenderer` (ours), or by
/// the C reference's Cairo calls, in this process.
public final class PeerFrameDrawer {
    public let scene: PeerScene
    private let clock: CAManualClock
    private let root: CALayer
    private let renderer: CARenderer
    private let canvas: OpaquePointer

    public init(scene: PeerScene) {
        self.scene = scene
        (clock, root) = scene.makeAnimatedTree()
        renderer = CARenderer(width: scene.width, height: scene.height)
        renderer.layer = root
        guard let canvas = cairo_reference_canvas_create(Int32(scene.width), Int32(scene.height)) else {
            preconditionFailure("could not allocate the C reference's canvas")
        }
        self.canvas = canvas
    }

    deinit { cairo_reference_canvas_destroy(canvas) }

    /// A drawer that has drawn our frames 0 to 3, so that the tree is built and the caches are
    /// filled before frame 4 is measured.
    public static func warmed(scene: PeerScene) -> PeerFrameDrawer {
        let drawer = PeerFrameDrawer(scene: scene)
        _ = PeerMeasures.drawOursPerFrame(drawer, frames: 4)
        return drawer
    }

    /// Ours: the tree captured and painted at `time` (times must not go backwards).
    public func drawOurs(at time: Double) {
        let clock = self.clock
        CAClock.$current.withValue(clock) {
            clock.advance(to: time)
            renderer.beginFrame(atTime: clock.now)
            renderer.render()
            renderer.endFrame()
        }
    }

    /// C + Cairo at `time`.
    public func drawCairo(at time: Double) {
        scene.rects.withUnsafeBufferPointer {
            peer_scene_draw(canvas, $0.baseAddress, Int32($0.count), time)
        }
    }

    /// The C side's pixels: premultiplied BGRA8, rows packed.
    public var cairoPixels: [UInt8] {
        var stride: Int32 = 0
        guard let data = cairo_reference_pixels(canvas, &stride) else { return [] }
        let rowBytes = scene.width * 4
        var pixels = [UInt8](repeating: 0, count: rowBytes * scene.height)
        for row in 0..<scene.height {
            for column in 0..<rowBytes { pixels[row * rowBytes + column] = data[row * Int(stride) + column] }
        }
        return pixels
    }

    /// Ours at `time` through `CAFrameRenderer` on a fresh tree, for comparing pictures.
    public static func ourPixels(_ scene: PeerScene, at time: Double) throws -> [UInt8] {
        let (clock, root) = scene.makeAnimatedTree()
        let renderer = CAFrameRenderer(width: scene.width, height: scene.height)
        renderer.threads = 1
        var pixels: [UInt8] = []
        try CAClock.$current.withValue(clock) {
            try renderer.render(root, atTimes: [time]) { clock.advance(to: $0) } deliver: { pixels = $0.premultipliedBGRA }
        }
        return pixels
    }
}
