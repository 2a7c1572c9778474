import Foundation
import OpenLottie
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// `LottieAnimationLayer` on the media clock: playing, pausing where it is, loops, and
/// pausing at a frame showing what playing to it shows.
@Suite struct PlaybackTests {
    /// 20 frames at 10 fps; one solid whose opacity rises linearly from 0 to 100 %.
    static let fade = Data(
        #"""
        {"v":"5.7.4","fr":10,"ip":0,"op":20,"w":100,"h":100,"layers":[
          {"ty":1,"nm":"fade","ind":1,"ip":0,"op":20,"st":0,"sc":"#ff0000","sw":100,"sh":100,
           "ks":{"o":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[100]}]}}}
        ]}
        """#.utf8)

    private func opacity(of layer: LottieAnimationLayer) throws -> Double {
        let fade = try #require(layer.contentLayer.sublayers?.first)
        return Double(try #require(fade.presentation()).opacity)
    }

    @Test func playingMovesThroughTheFramesOnTheClockAndPausingKeepsTheFrame() throws {
        let animation = try LottieAnimation(data: Self.fade)
        try withManualClock { clock in
            let layer = animation.makeLayer()
            CATransaction.flush()
            layer.play()
            CATransaction.flush()
            clock.advance(by: 0.5)
            expectClose(try opacity(of: layer), 0.25, within: 1e-6)
            #expect(layer.isAnimationPlaying)
            layer.pause()
            CATransaction.flush()
            expectClose(layer.currentFrame, 5, within: 1e-9)
            #expect(!layer.isAnimationPlaying)
            clock.advance(by: 1)
            expectClose(try opacity(of: layer), 0.25, within: 1e-6)
        }
    }

    @Test func loopsRepeatAndAutoreversingPlaysBack() throws {
        let animation = try LottieAnimation(data: Self.fade)
        try withManualClock { clock in
            let looping = animation.makeLayer()
            let reversing = animation.makeLayer()
            let once = animation.makeLayer()
            CATransaction.flush()
            looping.play(loopMode: .loop)
            reversing.play(loopMode: .autoReverse)
            once.play()
            CATransaction.flush()
            clock.advance(by: 2.5)
            expectClose(try opacity(of: looping), 0.25, within: 1e-6)
            expectClose(try opacity(of: reversing), 0.75, within: 1e-6)
            expectClose(try opacity(of: once), 1, within: 1e-6)
            looping.pause()
            reversing.pause()
            once.pause()
            expectClose(looping.currentFrame, 5, within: 1e-9)
            expectClose(reversing.currentFrame, 15, within: 1e-9)
            expectClose(once.currentFrame, 20, within: 1e-9)
        }
    }

    /// Repeat counts are `CAMediaTiming`'s: half a repeat plays half the range and holds there;
    /// one and a half repeats of a reversing range end at its far end. The frame the layer
    /// reports is the one its clipping group shows (20 frames at 10 per second).
    @Test func fractionalRepeatsHoldWhereTheClippingGroupEnds() throws {
        let animation = try LottieAnimation(data: Self.fade)
        try withManualClock { clock in
            let half = animation.makeLayer()
            let reversing = animation.makeLayer()
            CATransaction.flush()
            half.play(loopMode: .repeat(0.5))
            reversing.play(loopMode: .repeatBackwards(1.5))
            CATransaction.flush()
            clock.advance(by: 7)
            expectClose(try opacity(of: half), 0.5, within: 1e-6)
            expectClose(try opacity(of: reversing), 1, within: 1e-6)
            half.pause()
            reversing.pause()
            expectClose(half.currentFrame, 10, within: 1e-9)
            expectClose(reversing.currentFrame, 20, within: 1e-9)
        }
    }

    @Test func pausingAtAFrameShowsWhatPlayingToItShows() throws {
        let animation = try LottieAnimation(data: Self.fade)
        try withManualClock { clock in
            let playing = animation.makeLayer()
            let paused = animation.makeLayer()
            CATransaction.flush()
            playing.play()
            paused.currentProgress = 0.35
            CATransaction.flush()
            clock.advance(by: 0.7)
            expectClose(paused.currentFrame, 7, within: 1e-9)
            expectClose(try opacity(of: paused), try opacity(of: playing), within: 1e-9)
            expectClose(try opacity(of: paused), 0.35, within: 1e-6)
        }
    }

    /// The content layer of an empty animation of `size` laid out in `bounds`.
    private func contentLayer(ofAnimationSized size: CGSize, in bounds: CGRect) throws -> CALayer {
        let json = #"{"v":"5.7.4","fr":24,"ip":0,"op":10,"w":\#(size.width),"h":\#(size.height),"layers":[]}"#
        let animation = try LottieAnimation(data: Data(json.utf8))
        return withManualClock { _ in
            let layer = animation.makeLayer()
            layer.bounds = bounds
            CATransaction.flush()
            return layer.contentLayer
        }
    }

    /// A 1920 × 1080 animation in a picture of 1000 × 563 pixels (its 562.5 rounded up, as
    /// snapshots ask for it): the width fits exactly, so the animation starts at x = 0, and the
    /// half pixel left over below keeps it at the top, not a pixel to either side.
    @Test func fittingOnOneSideLeavesTheAnimationAtTheTopLeftOfARoundedUpSize() throws {
        let content = try contentLayer(
            ofAnimationSized: CGSize(width: 1920, height: 1080), in: CGRect(x: 0, y: 0, width: 1000, height: 563))
        #expect(content.position == .zero, "the animation's top left is at \(content.position)")
        expectClose(Double(content.transform.m11), 1000.0 / 1920, within: 1e-12)
    }

    /// A picture of other proportions centres the animation on whole points.
    @Test func otherProportionsCentreTheAnimationOnWholePoints() throws {
        let content = try contentLayer(
            ofAnimationSized: CGSize(width: 100, height: 100), in: CGRect(x: 0, y: 0, width: 301, height: 200))
        #expect(content.position == CGPoint(x: 50, y: 0))
    }

    /// `fade` with markers: "in" a segment of frames 4–12, "mark" a moment at frame 15, "back"
    /// a segment played backwards from 16 down to 10.
    static let marked = Data(
        String(decoding: fade, as: UTF8.self).replacingOccurrences(
            of: #""layers":["#,
            with:
                #""markers":[{"cm":"in","tm":4,"dr":8},{"cm":"mark","tm":15,"dr":0},{"cm":"back","tm":16,"dr":-6}],"layers":["#
        ).utf8)

    @Test func markersAreReadAndPlayTheirSegments() throws {
        let animation = try LottieAnimation(data: Self.marked)
        #expect(animation.markerNames == ["in", "mark", "back"])
        #expect(animation.frameTime(forMarker: "in") == 4)
        #expect(animation.durationFrameTime(forMarker: "in") == 8)
        #expect(animation.durationFrameTime(forMarker: "back") == -6)
        expectClose(try #require(animation.progressTime(forMarker: "mark")), 0.75, within: 1e-12)
        #expect(animation.frameTime(forMarker: "nowhere") == nil)
        try withManualClock { clock in
            let layer = animation.makeLayer()
            CATransaction.flush()
            layer.play(marker: "in")
            CATransaction.flush()
            expectClose(try opacity(of: layer), 0.2, within: 1e-6, "frame 4 at the start")
            clock.advance(by: 0.4)
            expectClose(try opacity(of: layer), 0.4, within: 1e-6, "frame 8 after 0.4 s")
            clock.advance(by: 1)
            expectClose(try opacity(of: layer), 0.6, within: 1e-6, "held at frame 12, the segment's end")
            layer.play(fromMarker: "in", toMarker: "mark", playEndMarkerFrame: false)
            CATransaction.flush()
            clock.advance(by: 2)
            expectClose(try opacity(of: layer), 0.7, within: 1e-6, "held at frame 14, a frame before the marker")
            layer.play(marker: "back")
            CATransaction.flush()
            clock.advance(by: 0.3)
            expectClose(try opacity(of: layer), 0.65, within: 1e-6, "backwards: frame 13 after 0.3 s")
            // A marker the file lacks changes nothing, as in lottie-ios.
            layer.play(marker: "nowhere")
            CATransaction.flush()
            clock.advance(by: 0.1)
            expectClose(try opacity(of: layer), 0.6, within: 1e-6, "still playing back: frame 12")
            layer.pause()
            expectClose(layer.currentFrame, 12, within: 1e-9, "paused where playing back reached")
            layer.play(marker: "back")
            CATransaction.flush()
            clock.advance(by: 5)
            expectClose(try opacity(of: layer), 0.5, within: 1e-6, "held at frame 10, where it ends")
        }
    }
}
