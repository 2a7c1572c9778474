import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

/// How frames are captured (NodeTreeCache.swift): while only animations run, one tree of
/// snapshots serves every frame and each frame has a node buffer of its own; what changes the
/// frame's structure (an animated `zPosition` or `isHidden`) is captured anew each frame.
@Suite(.serialized) struct FrameCaptureTests {
    /// Two overlapping squares, red under blue, in a 96-point root.
    /// `under` moves from x = 40 to 60 in a second.
    private func moveAcross(_ under: CALayer) {
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 40.0
        move.toValue = 60.0
        move.duration = 1
        under.add(move, forKey: "move")
    }

    /// `under` moves (``moveAcross(_:)``) while `over` turns from green to blue in a second.
    private func animate(under: CALayer, over: CALayer) {
        moveAcross(under)
        let tint = CABasicAnimation(keyPath: "backgroundColor")
        tint.fromValue = green
        tint.toValue = blue
        tint.duration = 1
        over.add(tint, forKey: "tint")
    }

    /// `layer` shown for the first half of a second and hidden for the second.
    private func hideHalfWay(_ layer: CALayer) {
        let blink = CAKeyframeAnimation(keyPath: "hidden")
        blink.values = [false, true]
        blink.keyTimes = [0, 0.5]
        blink.calculationMode = .discrete
        blink.duration = 1
        layer.add(blink, forKey: "blink")
    }

    private func overlappingPair() -> (root: CALayer, under: CALayer, over: CALayer) {
        let layer = root()
        let under = box(CGRect(x: 16, y: 16, width: 48, height: 48), red, in: layer)
        let over = box(CGRect(x: 32, y: 32, width: 48, height: 48), blue, in: layer)
        return (layer, under, over)
    }

    @Test func animatedZPositionReordersSublayers() {
        withManualClock { _ in
            let (layer, under, _) = overlappingPair()
            let raise = CABasicAnimation(keyPath: "zPosition")
            raise.fromValue = -1.0
            raise.toValue = 1.0
            raise.duration = 1
            under.add(raise, forKey: "raise")
            let renderer = render(layer, at: 0.25)
            // zPosition −0.5: still under the blue square.
            #expect(renderer.image.pixel(x: 48, y: 48) == bluePixel)
            _ = render(layer, at: 0.75, renderer: renderer)
            // zPosition 0.5: drawn after its sibling, on top.
            #expect(renderer.image.pixel(x: 48, y: 48) == redPixel)
            _ = render(layer, at: 0.25, renderer: renderer)
            #expect(renderer.image.pixel(x: 48, y: 48) == bluePixel, "back under at an earlier time")
            #expect(renderer.nodeTrees.structureCaptureCount == 3, "each frame orders its sublayers again")
        }
    }

    @Test func animatedHiddenShowsAndHidesThroughCapture() {
        withManualClock { clock in
            let (layer, _, over) = overlappingPair()
            hideHalfWay(over)
            for (time, hidden) in [(0.25, false), (0.3, false), (0.75, true)] {
                clock.advance(to: time)
                let renderer = render(layer, at: time)
                #expect(over.presentation()?.isHidden == hidden)
                #expect(renderer.image.pixel(x: 70, y: 70) == (hidden ? whitePixel : bluePixel), "at \(time)")
                #expect(renderer.image.pixel(x: 48, y: 48) == (hidden ? redPixel : bluePixel), "at \(time)")
            }
            // One renderer across the three times: the same frames.
            let renderer = render(layer, at: 0.25)
            _ = render(layer, at: 0.75, renderer: renderer)
            #expect(renderer.image.pixel(x: 70, y: 70) == whitePixel)
            _ = render(layer, at: 0.3, renderer: renderer)
            #expect(renderer.image.pixel(x: 70, y: 70) == bluePixel)
        }
    }

    /// An animated `isHidden` changes the snapshots only on the frames where it flips: a frame
    /// whose animated flags are those of the last capture reuses that capture's snapshots.
    @Test func framesWithTheSameHiddenFlagsShareTheirSnapshots() throws {
        try withManualClock { _ in
            let (layer, under, over) = overlappingPair()
            moveAcross(under)
            hideHalfWay(over)
            CATransaction.flush()
            let cache = NodeTreeCache { 0 }
            let frames = [0.1, 0.2, 0.6, 0.7, 0.3].map { cache.capture(layer, at: $0) }
            #expect(frames.map { $0.root?.sublayers.count } == [2, 2, 1, 1, 2])
            #expect(frames[1].root === frames[0].root, "still shown: the first frame's snapshots")
            #expect(frames[3].root === frames[2].root, "still hidden: the third frame's snapshots")
            #expect(frames[4].root !== frames[0].root, "shown again: captured again")
            #expect(cache.structureCaptureCount == 3)
            // The shared snapshots read each frame's own nodes: the red square still moves.
            let index = try #require(frames[1].root?.sublayers.first?.nodeIndex)
            #expect(abs(frames[0].nodes.nodes[index].drawn.position.x - 42) < 1e-9)
            #expect(abs(frames[1].nodes.nodes[index].drawn.position.x - 44) < 1e-9)
        }
    }

    @Test func framesWithOnlyAnimationsShareTheirSnapshots() {
        withManualClock { _ in
            let (layer, under, over) = overlappingPair()
            animate(under: under, over: over)
            let renderer = render(layer, at: 0)
            #expect(renderer.image.pixel(x: 70, y: 70) == greenPixel)
            _ = render(layer, at: 1.0 / 3, renderer: renderer)
            _ = render(layer, at: 0.999_999, renderer: renderer)
            #expect(renderer.image.pixel(x: 70, y: 70) == bluePixel)
            // The red square's left edge moved from x = 16 to 36: x = 30 is white now.
            #expect(renderer.image.pixel(x: 30, y: 24) == whitePixel)
            // Other tests' changes move the process-wide generation, so a frame may build again:
            // the snapshots are captured once per build, not once per frame.
            #expect(renderer.nodeTrees.structureCaptureCount == renderer.nodeTrees.buildCount)
        }
    }

    /// A paused layer shown at another time (its `timeOffset` changed, as a Lottie animation
    /// shown at another frame) keeps the tree and its snapshots: the tree reads the layers'
    /// timing again, and the frame shows the new time.
    @Test func aPausedLayerShownAtAnotherTimeKeepsItsTree() throws {
        try withManualClock { _ in
            let (layer, under, _) = overlappingPair()
            moveAcross(under)
            under.speed = 0
            under.timeOffset = 0.25
            CATransaction.flush()
            // The tree's own count of changes stays: only the timing moves. The animation was
            // committed at the layer's time 0.25, where it begins.
            let cache = NodeTreeCache { 0 }
            let first = cache.capture(layer, at: 0)
            let index = try #require(first.root?.sublayers.first?.nodeIndex)
            #expect(abs(first.nodes.nodes[index].drawn.position.x - 40) < 1e-9)
            cache.pool.recycle(first.nodes)
            under.timeOffset = 0.75
            CATransaction.flush()
            let second = cache.capture(layer, at: 0)
            #expect(abs(second.nodes.nodes[index].drawn.position.x - 50) < 1e-9, "half a second later")
            #expect(second.root === first.root, "the same snapshots")
            #expect(cache.buildCount == 1)
            #expect(cache.timingRereadCount >= 1)
            // A renderer draws it: at 0.5 the red square's left edge is at 45 − 24 = 21.
            under.timeOffset = 0.5
            let renderer = render(layer, at: 0)
            #expect(renderer.image.pixel(x: 19, y: 24) == whitePixel)
            #expect(renderer.image.pixel(x: 23, y: 24) == redPixel)
        }
    }

    /// An animated colour is a value in the node, equal to the colour `presentation()` reports.
    @Test func animatedBackgroundColorIsCapturedAsPresented() throws {
        try withManualClock { clock in
            let (layer, _, over) = overlappingPair()
            let tint = CABasicAnimation(keyPath: "backgroundColor")
            tint.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            tint.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
            tint.duration = 1
            over.add(tint, forKey: "tint")
            CATransaction.flush()
            clock.advance(to: 0.25)
            let cache = NodeTreeCache()
            let frame = cache.capture(layer, at: 0.25)
            let index = try #require(frame.root?.sublayers.last?.nodeIndex)
            let presented = try #require(over.presentation()?.backgroundColor)
            #expect(frame.nodes.nodes[index].drawn.backgroundColor == RenderColor(presented))
            #expect(abs((frame.nodes.nodes[index].drawn.backgroundColor?.alpha ?? 0) - 0.875) < 1e-12)
        }
    }

    /// A frame's nodes stay as captured while later frames are captured: each frame in flight
    /// has a buffer of its own, and a buffer is used again only once given back.
    @Test func aFrameInFlightKeepsItsNodes() throws {
        try withManualClock { _ in
            let (layer, under, _) = overlappingPair()
            moveAcross(under)
            CATransaction.flush()
            // A count of changes of the test's own: other tests change layers meanwhile.
            var generation: UInt64 = 0
            let cache = NodeTreeCache { generation }
            let first = cache.capture(layer, at: 0)
            let second = cache.capture(layer, at: 0.5)
            let index = try #require(first.root?.sublayers.first?.nodeIndex)
            #expect(first.root === second.root, "the snapshots are shared")
            #expect(cache.structureCaptureCount == 1)
            #expect(first.nodes !== second.nodes)
            #expect(abs(first.nodes.nodes[index].drawn.position.x - 40) < 1e-9)
            #expect(abs(second.nodes.nodes[index].drawn.position.x - 50) < 1e-9)
            cache.pool.recycle(first.nodes)
            let third = cache.capture(layer, at: 0.75)
            #expect(third.nodes === first.nodes, "a buffer given back is used again")
            #expect(abs(third.nodes.nodes[index].drawn.position.x - 55) < 1e-9)
            #expect(abs(second.nodes.nodes[index].drawn.position.x - 50) < 1e-9, "the frame in flight is untouched")
            // A changed tree builds again; buffers of the old build are not used for it.
            cache.pool.recycle(second.nodes)
            generation += 1
            let rebuilt = cache.capture(layer, at: 0.75)
            #expect(rebuilt.nodes !== second.nodes && rebuilt.nodes !== third.nodes)
            #expect(cache.buildCount == 2)
        }
    }

    /// `layer`'s 96 × 96 frames at `times`, each alone by a renderer of its own (a frame takes
    /// its time as given, whatever the clock says), as straight RGBA.
    private func eachAlone(_ layer: CALayer, at times: [Double]) -> [[UInt8]] {
        times.map { time in
            let single = CARenderer(width: 96, height: 96)
            single.layer = layer
            single.beginFrame(atTime: time)
            single.render()
            single.endFrame()
            return single.image.rgbaPixels
        }
    }

    /// Frames painted at once on several workers show what a renderer painting them one by one
    /// shows: the frames share their snapshots and borrow node buffers from one pool.
    @Test func framesInFlightOnWorkersStayIndependent() throws {
        try withManualClock { clock in
            let (layer, under, over) = overlappingPair()
            animate(under: under, over: over)
            CATransaction.flush()
            let times = (0..<16).map { Double($0) / 16 }
            let expected = eachAlone(layer, at: times)
            let frames = CAFrameRenderer(width: 96, height: 96)
            frames.threads = 3
            var delivered = 0
            try frames.render(layer, atTimes: times) { time in
                clock.advance(to: time)
            } deliver: { frame in
                #expect(frame.rgba == expected[frame.index], "frame \(frame.index)")
                delivered += 1
            }
            #expect(delivered == times.count)
        }
    }

    /// A stream draws the frames one at a time, each as a renderer of its own draws it: each
    /// `next()` prepares only as far as its painters reach (twice the threads ahead of the
    /// frame it returns), and a stream let go of part-way prepares no more. Frames asked for
    /// in straight RGBA alone are the same pixels, and their memory can be kept past them.
    @Test func aStreamDrawsTheRenderersFramesOnlyAsFarAsItIsTaken() throws {
        try withManualClock { clock in
            let (layer, under, over) = overlappingPair()
            animate(under: under, over: over)
            CATransaction.flush()
            let times = (0..<16).map { Double($0) / 16 }
            let rendered = eachAlone(layer, at: times)
            let renderer = CAFrameRenderer(width: 96, height: 96)
            renderer.threads = 2
            var prepared: [Double] = []
            var stream: CAFrameStream? = renderer.frames(of: layer, atTimes: times) { time in
                prepared.append(time)
                clock.advance(to: time)
            }
            #expect(prepared.isEmpty, "nothing is drawn before the first frame is asked for")
            let first = try #require(try stream?.next())
            #expect(first.index == 0 && first.rgba == rendered[0])
            #expect(prepared == Array(times[0..<4]), "four frames ahead: two painters, twice over")
            for index in 1..<6 {
                let frame = try #require(try stream?.next())
                #expect(frame.index == index && frame.rgba == rendered[index], "frame \(index)")
            }
            #expect(prepared.count == 9 && stream?.delivered == 6 && stream?.count == 16)
            stream = nil
            #expect(prepared.count == 9, "a stream let go of prepares no more")
            // Straight pixels converted on the workers are the ones converted after.
            renderer.pixelFormats = .straightRGBA
            let rest = renderer.frames(of: layer, atTimes: Array(times[10...])) { clock.advance(to: $0) }
            var indices: [Int] = []
            var kept: [CAPixelMemory] = []
            while let frame = try rest.next() {
                #expect(frame.rgba == rendered[10 + frame.index], "frame \(10 + frame.index)")
                // The memory the worker wrote, handed out as it is, not copied.
                #expect(frame.rgbaMemory === frame.rgbaMemory)
                kept.append(frame.rgbaMemory)
                indices.append(frame.index)
            }
            #expect(indices == Array(0..<6))
            #expect(try rest.next() == nil)
            // Kept past their frames and the stream, the memories still hold the pixels.
            #expect(kept.enumerated().allSatisfy { $1.bytes == rendered[10 + $0] && $1.count == 96 * 96 * 4 })
            // Frames drawn in BGRA alone make the memory when asked, each time anew.
            renderer.pixelFormats = .premultipliedBGRA
            let drawn = try #require(
                try renderer.frames(of: layer, atTimes: [times[15]]) { clock.advance(to: $0) }.next())
            #expect(drawn.rgbaMemory !== drawn.rgbaMemory && drawn.rgbaMemory.bytes == rendered[15])
        }
    }
}
