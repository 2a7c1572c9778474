import CairoReference
import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer

/// The renderer benchmarks' scene: 1,000 half-transparent rounded rectangles, each rotated
/// and scaled, over an opaque 1920 × 1080 background. The numbers come from the C
/// reference's seeded generator, so that the layers and the C program draw the same scene.
public struct RectScene {
    public static let count = 1_000
    public static let seed: UInt64 = 20_261_122
    public static let width = Int(RECT_SCENE_WIDTH)
    public static let height = Int(RECT_SCENE_HEIGHT)
    /// How far a rectangle turns over ``spinDuration`` in the animated scene.
    public static let spin = RECT_SCENE_SPIN
    public static let spinDuration = RECT_SCENE_SPIN_DURATION

    public let specs: [rect_spec]

    /// The scene with `count` rectangles (the generator's first `count`).
    public init(count: Int = Self.count) {
        var specs = [rect_spec](repeating: rect_spec(), count: count)
        rect_scene_generate(&specs, Int32(count), Self.seed)
        self.specs = specs
    }

    /// The scene as a layer tree: a root as large as the canvas with the background colour,
    /// and a sublayer per rectangle. With `animated`, each rectangle turns by ``spin`` over
    /// ``spinDuration`` seconds from media time 0 (`transform.rotation.z`, linear), as the C
    /// reference does with a time. Call inside the clock's `CAClock.$current`, at time 0.
    public func makeLayerTree(animated: Bool = false) -> CALayer {
        // Built without implicit animations: the scene is still from the first frame on.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: Self.width, height: Self.height)
        root.position = CGPoint(x: Self.width / 2, y: Self.height / 2)
        let grey = CGFloat(RECT_SCENE_BACKGROUND)
        root.backgroundColor = CGColor(red: grey, green: grey, blue: grey, alpha: 1)
        for spec in specs {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: spec.width, height: spec.height)
            layer.position = CGPoint(x: spec.x, y: spec.y)
            layer.transform = CATransform3DRotate(
                CATransform3DMakeScale(spec.scale, spec.scale, 1), spec.rotation, 0, 0, 1)
            layer.cornerRadius = spec.radius
            layer.backgroundColor = CGColor(red: spec.red, green: spec.green, blue: spec.blue, alpha: spec.alpha)
            root.addSublayer(layer)
        }
        CATransaction.commit()
        if animated {
            for (layer, spec) in zip(root.sublayers ?? [], specs) {
                let turn = CABasicAnimation(keyPath: "transform.rotation.z")
                turn.fromValue = spec.rotation
                turn.toValue = spec.rotation + Self.spin
                turn.duration = Self.spinDuration
                turn.beginTime = 0
                turn.isRemovedOnCompletion = false
                turn.fillMode = .forwards
                layer.add(turn, forKey: "turn")
            }
            CATransaction.flush()
        }
        return root
    }
}

/// The animated scene under a clock of its own, from time 0: the export benchmark's frames.
public final class AnimatedRectScene {
    public static let frameRate = 30.0
    public let clock = CAManualClock()
    public let root: CALayer

    public init() {
        let scene = RectScene()
        let clock = self.clock
        root = CAClock.$current.withValue(clock) { scene.makeLayerTree(animated: true) }
    }

    /// The times of `count` frames at ``frameRate`` from 0.
    public static func times(count: Int) -> [Double] {
        (0..<count).map { Double($0) / frameRate }
    }

    /// Renders `count` frames through `CAFrameRenderer` with `threads` painting, in
    /// `pixelFormats`, moving the clock to each frame's time, and hands each to `deliver` in
    /// order. Once per scene: the clock only moves forwards.
    public func render(
        frames count: Int, threads: Int, pixelFormats: CAFrameRenderer.PixelFormats = .premultipliedBGRA,
        deliver: (CARenderedFrame) throws -> Void
    ) throws {
        let frames = CAFrameRenderer(width: RectScene.width, height: RectScene.height)
        frames.threads = threads
        frames.pixelFormats = pixelFormats
        let clock = self.clock
        try CAClock.$current.withValue(clock) {
            try frames.render(root, atTimes: Self.times(count: count)) { time in
                clock.advance(to: time)
            } deliver: { frame in
                try deliver(frame)
            }
        }
    }
}

/// The C reference's canvas: the scene drawn with Cairo directly.
public final class CairoReferenceCanvas {
    private let canvas: OpaquePointer
    private let specs: [rect_spec]

    public init(scene: RectScene) {
        guard let canvas = cairo_reference_canvas_create(Int32(RectScene.width), Int32(RectScene.height)) else {
            preconditionFailure("could not allocate the C reference's canvas")
        }
        self.canvas = canvas
        specs = scene.specs
    }

    deinit {
        cairo_reference_canvas_destroy(canvas)
    }

    /// Draws the scene at `time` seconds into its animation (0: the still scene).
    public func draw(at time: Double = 0) {
        specs.withUnsafeBufferPointer { specs in
            cairo_reference_draw(canvas, specs.baseAddress, Int32(specs.count), time)
        }
    }

    /// The pixels as Cairo holds them: premultiplied BGRA8, rows packed, top row first.
    public var premultipliedBGRA: [UInt8] {
        var stride: Int32 = 0
        guard let data = cairo_reference_pixels(canvas, &stride) else { return [] }
        let rowBytes = RectScene.width * 4
        var pixels = [UInt8](repeating: 0, count: rowBytes * RectScene.height)
        for row in 0..<RectScene.height {
            for column in 0..<rowBytes {
                pixels[row * rowBytes + column] = data[row * Int(stride) + column]
            }
        }
        return pixels
    }
}

/// How two frames of the same size differ: the share of pixels whose channels differ by more
/// than `tolerance`, and the largest channel difference. For checking that two sides draw
/// the same picture before timing them.
public func frameDifference(_ a: [UInt8], _ b: [UInt8], tolerance: UInt8 = 2) -> (share: Double, largest: Int) {
    precondition(a.count == b.count && a.count % 4 == 0, "frames of different sizes: \(a.count) and \(b.count) bytes")
    var differing = 0
    var largest = 0
    for pixel in stride(from: 0, to: a.count, by: 4) {
        var worst = 0
        for channel in 0..<4 {
            worst = max(worst, abs(Int(a[pixel + channel]) - Int(b[pixel + channel])))
        }
        if worst > Int(tolerance) { differing += 1 }
        largest = max(largest, worst)
    }
    return (Double(differing) / Double(a.count / 4), largest)
}
