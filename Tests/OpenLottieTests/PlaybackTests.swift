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
}
