import OpenUIKit
import QuartzTestSupport
import Testing

@MainActor
@Suite("Image views", .serialized)
struct ImageViewTests {
    /// `count` distinct 2 × 2 images, each a different shade of grey.
    private func frames(_ count: Int, scale: CGFloat = 1) throws -> [UIImage] {
        try (0..<count).map { index in
            let shade = UInt8(index * 40)
            let pixels: [UInt8] = (0..<4).flatMap { _ in [shade, shade, shade, 255] }
            let cgImage = try #require(CGImage(width: 2, height: 2, rgbaPixels: pixels))
            return UIImage(cgImage: cgImage, scale: scale, orientation: .up)
        }
    }

    /// The image the layer shows at the clock's time.
    private func shownImage(_ view: UIImageView) -> CGImage? {
        view.layer.presentation()?.contents as? CGImage
    }

    /// An image view showing `still`, cycling through `images`, committed.
    private func cyclingView(still: UIImage?, images: [UIImage]) -> UIImageView {
        let view = UIImageView(image: still)
        view.animationImages = images
        CATransaction.flush()
        return view
    }

    @Test func imageIsShownAsTheLayersContents() throws {
        let images = try frames(2, scale: 2)
        let view = UIImageView(image: images[0], highlightedImage: images[1])
        #expect(view.layer.contents as? CGImage === images[0].cgImage)
        #expect(view.frame == CGRect(x: 0, y: 0, width: 1, height: 1), "sized to the image, in points")
        #expect(view.layer.contentsScale == 2)
        view.isHighlighted = true
        #expect(view.layer.contents as? CGImage === images[1].cgImage)
        view.highlightedImage = nil
        #expect(view.layer.contents as? CGImage === images[0].cgImage, "no highlighted image: the image")
        view.image = nil
        #expect(view.layer.contents == nil)
        #expect(UIImageView(frame: .zero).image == nil)
    }

    @Test func cycleIsADiscreteKeyframeAnimationOnContents() throws {
        try withManualClock { _ in
            let images = try frames(3)
            let view = cyclingView(still: nil, images: images)
            view.animationDuration = 2.5
            view.startAnimating()
            let key = try #require(view.layer.animationKeys()?.first)
            let cycle = try #require(view.layer.animation(forKey: key) as? CAKeyframeAnimation)
            // Seed 000's dump: removedOnCompletion = 0; duration = 2.5; repeatCount = 2.14748e+09;
            // calculationMode = discrete; values = (three CGImages); keyPath = contents.
            #expect(cycle.keyPath == "contents")
            #expect(cycle.calculationMode == .discrete)
            #expect(!cycle.isRemovedOnCompletion)
            #expect(cycle.duration == 2.5)
            #expect(cycle.repeatCount == Float(Int32.max))
            let values = try #require(cycle.values as? [CGImage])
            #expect(values.count == 3)
            for (value, image) in zip(values, images) { #expect(value === image.cgImage) }
        }
    }

    @Test func framesAreShownInTurnAndTheCycleRepeats() throws {
        try withManualClock { clock in
            let images = try frames(3)
            let still = try frames(1)[0]
            let view = cyclingView(still: still, images: images)
            view.animationDuration = 0.3
            view.startAnimating()
            #expect(view.isAnimating)
            let expected: [(time: Double, frame: Int)] = [
                (0.05, 0), (0.15, 1), (0.25, 2), (0.35, 0), (0.45, 1), (0.55, 2), (30.05, 0), (30.25, 2),
            ]
            for (time, frame) in expected {
                clock.advance(to: time)
                #expect(shownImage(view) === images[frame].cgImage, "at \(time)")
            }
            #expect(view.isAnimating, "0 repeats forever")
            #expect(view.layer.contents as? CGImage === still.cgImage, "the model keeps the image")
        }
    }

    @Test func finiteRepeatCountEndsTheAnimation() throws {
        try withManualClock { clock in
            let images = try frames(3)
            let still = try frames(1)[0]
            let view = cyclingView(still: still, images: images)
            view.animationDuration = 0.3
            view.animationRepeatCount = 2
            view.startAnimating()
            clock.advance(to: 0.45)
            #expect(shownImage(view) === images[1].cgImage, "second cycle")
            clock.advance(to: 0.55)
            #expect(view.isAnimating)
            #expect(shownImage(view) === images[2].cgImage)
            clock.advance(to: 0.65)
            #expect(!view.isAnimating, "two cycles of 0.3 s end at 0.6 s")
            #expect(view.layer.animationKeys() == nil)
            #expect(shownImage(view) === still.cgImage, "the image again")
        }
    }

    @Test func defaultDurationIsAThirtiethOfASecondPerImage() throws {
        try withManualClock { clock in
            let images = try frames(4)
            let view = cyclingView(still: nil, images: images)
            view.animationRepeatCount = 1
            view.startAnimating()
            let key = try #require(view.layer.animationKeys()?.first)
            expectClose(try #require(view.layer.animation(forKey: key)).duration, 4.0 / 30, within: 1e-12)
            for frame in 0..<4 {
                clock.advance(to: (Double(frame) + 0.5) / 30)
                #expect(shownImage(view) === images[frame].cgImage, "frame \(frame)")
            }
            clock.advance(to: 0.2)
            #expect(!view.isAnimating)
        }
    }

    @Test func stopAnimatingStopsAndShowsTheImage() throws {
        try withManualClock { clock in
            let images = try frames(3)
            let still = try frames(1)[0]
            let view = cyclingView(still: still, images: images)
            view.animationDuration = 0.3
            view.startAnimating()
            clock.advance(to: 0.15)
            #expect(shownImage(view) === images[1].cgImage)
            view.stopAnimating()
            #expect(!view.isAnimating)
            #expect(view.layer.animationKeys() == nil)
            CATransaction.flush()
            clock.advance(to: 0.2)
            #expect(shownImage(view) === still.cgImage)
        }
    }

    @Test func restartingReplacesTheRunningCycle() throws {
        try withManualClock { clock in
            let images = try frames(2)
            let view = cyclingView(still: nil, images: images)
            view.animationDuration = 1
            view.startAnimating()
            clock.advance(to: 0.6)
            #expect(shownImage(view) === images[1].cgImage)
            view.startAnimating()
            #expect(view.isAnimating, "the replaced cycle's stop does not end the new one")
            #expect(view.layer.animationKeys()?.count == 1)
            clock.advance(to: 0.7)
            #expect(shownImage(view) === images[0].cgImage, "the new cycle starts from the first frame")
        }
    }

    @Test func startAnimatingWithoutImagesDoesNothing() throws {
        try withManualClock { _ in
            let view = UIImageView(image: try frames(1)[0])
            view.startAnimating()
            #expect(!view.isAnimating)
            view.animationImages = []
            view.startAnimating()
            #expect(!view.isAnimating)
            #expect(view.layer.animationKeys() == nil)
        }
    }
}
