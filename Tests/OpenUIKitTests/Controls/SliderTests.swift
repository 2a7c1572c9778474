import OpenQuartzCoreRenderer
import OpenUIKit
import QuartzTestSupport
import Testing

/// A slider with a thick track, as iOS code makes one: `trackRect(forBounds:)` overridden.
@MainActor
final class ThickTrackSlider: UISlider {
    override func trackRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.minX, y: bounds.midY - 5, width: bounds.width, height: 10)
    }
}

@MainActor
@Suite("UISlider: the value, the thumb and the track, dragging, accessibility", .serialized)
struct SliderTests {
    /// A 200 × 31 slider at the top left of a shown window.
    private func shownSlider(_ slider: UISlider) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 100))
        window.makeKeyAndVisible()
        window.addSubview(slider)
        slider.layoutIfNeeded()
        return window
    }

    private func plainSlider() -> UISlider {
        UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 31))
    }

    /// The thumb: the last subview, above the track.
    private func thumbView(of slider: UISlider) throws -> UIView {
        try #require(slider.subviews.last)
    }

    /// The two parts of the track (views as high as the track), left to right: the filled part
    /// first.
    private func trackViews(of slider: UISlider, height: CGFloat = 4) -> [UIView] {
        slider.subviews.filter { !$0.isHidden && $0.frame.height == height }.sorted { $0.frame.minX < $1.frame.minX }
    }

    /// The thumb's centre goes from 14 points inside the left end to 14 inside the right end;
    /// the track is 4 high, centred, filled with the tint up to the thumb's centre.
    @Test func theThumbAndTheTrackFollowTheValue() throws {
        try withManualClock { _ in
            let slider = plainSlider()
            _ = shownSlider(slider)
            #expect(slider.value == 0 && slider.minimumValue == 0 && slider.maximumValue == 1 && slider.isContinuous)
            #expect(slider.intrinsicContentSize.height == 31)
            #expect(slider.trackRect(forBounds: slider.bounds) == CGRect(x: 0, y: 13.5, width: 200, height: 4))
            slider.value = 0.25
            let thumb = try thumbView(of: slider)
            #expect(thumb.frame.size == CGSize(width: 28, height: 28) && thumb.layer.cornerRadius == 14)
            #expect(abs(thumb.frame.midX - 57) < 0.5, "14 + 0.25 × 172")
            #expect(thumb.frame.midY == 15.5 && thumb.backgroundColor == .white)
            let parts = trackViews(of: slider)
            try #require(parts.count == 2)
            #expect(parts[0].frame.minX == 0 && abs(parts[0].frame.width - 57) < 0.5, "filled to the thumb's centre")
            #expect(abs(parts[1].frame.minX - 57) < 0.5 && parts[1].frame.maxX == 200)
            #expect(parts[0].backgroundColor == slider.tintColor && parts[1].backgroundColor == .systemFill)
            slider.minimumTrackTintColor = .systemRed
            #expect(parts[0].backgroundColor == .systemRed)
        }
    }

    /// The value stays in the range, and follows it when the range moves past it.
    @Test func theValueIsClampedToTheRange() throws {
        try withManualClock { _ in
            let slider = plainSlider()
            slider.value = 2
            #expect(slider.value == 1)
            slider.value = -1
            #expect(slider.value == 0)
            slider.maximumValue = 10
            slider.value = 5
            let thumb = try thumbView(of: slider)
            #expect(abs(thumb.frame.midX - 100) < 0.5, "half way along the range")
            slider.maximumValue = 2
            #expect(slider.value == 2, "the range shrank under the value")
            slider.minimumValue = 3
            #expect(slider.minimumValue == 3 && slider.maximumValue == 3 && slider.value == 3)
            slider.setValue(-4, animated: false)
            #expect(slider.value == 3)
        }
    }

    /// Dragging the thumb by 86 points (half of the 172 its centre travels) moves the value by
    /// half the range, the finger keeping its place on the thumb; a continuous slider sends
    /// `.valueChanged` on each move. A touch on the track away from the thumb does nothing.
    @Test func draggingTheThumbSendsValueChangedOnEveryMove() throws {
        try withManualClock { _ in
            let slider = plainSlider()
            let window = shownSlider(slider)
            var values: [Float] = []
            var events: [String] = []
            slider.addAction(UIAction { _ in values.append(slider.value) }, for: .valueChanged)
            slider.addAction(UIAction { _ in events.append("down") }, for: .touchDown)
            slider.addAction(UIAction { _ in events.append("up inside") }, for: .touchUpInside)
            // 6 points right of the thumb's centre (14, 15.5).
            let finger = window.touchDown(at: CGPoint(x: 20, y: 20))
            #expect(slider.isTracking && slider.isHighlighted)
            window.moveTouch(finger, to: CGPoint(x: 63, y: 20))
            #expect(abs(slider.value - 0.25) < 0.01 && values.count == 1)
            window.moveTouch(finger, to: CGPoint(x: 106, y: 22))
            #expect(abs(slider.value - 0.5) < 0.01 && values.count == 2)
            window.liftTouch(finger)
            #expect(abs(slider.value - 0.5) < 0.01)
            #expect(values.count == 2, "nothing more as the finger lifts")
            #expect(events == ["down", "up inside"])
            let thumb = try thumbView(of: slider)
            #expect(abs(thumb.frame.midX - 100) < 0.5)

            let tap = window.touchDown(at: CGPoint(x: 170, y: 15.5))
            #expect(!slider.isTracking)
            window.moveTouch(tap, to: CGPoint(x: 180, y: 15.5))
            window.liftTouch(tap)
            #expect(abs(slider.value - 0.5) < 0.01 && values.count == 2, "a touch on the track elsewhere does nothing")
        }
    }

    /// A slider that is not continuous sends `.valueChanged` once, as the finger lifts.
    @Test func aDiscontinuousSliderSendsValueChangedOnceAtTheEnd() {
        withManualClock { _ in
            let slider = plainSlider()
            slider.isContinuous = false
            let window = shownSlider(slider)
            var values: [Float] = []
            slider.addAction(UIAction { _ in values.append(slider.value) }, for: .valueChanged)
            let finger = window.touchDown(at: CGPoint(x: 14, y: 15.5))
            window.moveTouch(finger, to: CGPoint(x: 57, y: 15.5))
            window.moveTouch(finger, to: CGPoint(x: 100, y: 15.5))
            #expect(abs(slider.value - 0.5) < 0.01, "the thumb follows the finger")
            #expect(values.isEmpty)
            window.liftTouch(finger)
            #expect(values.count == 1 && abs((values.first ?? 0) - 0.5) < 0.01)
        }
    }

    /// `setValue(_:animated: true)` sets the value at once and slides the thumb and the filled
    /// track over 0.25 s, eased in and out: half way through, half way there (the curve is
    /// symmetric). It sends nothing.
    @Test func setValueAnimatedSlidesTheThumbAndTheFilledTrack() throws {
        try withManualClock { clock in
            let slider = plainSlider()
            _ = shownSlider(slider)
            let thumb = try thumbView(of: slider)
            let filled = try #require(trackViews(of: slider).first)
            var sent = 0
            slider.addAction(UIAction { _ in sent += 1 }, for: .valueChanged)
            CATransaction.flush()
            slider.setValue(1, animated: true)
            #expect(slider.value == 1 && abs(thumb.frame.midX - 186) < 0.01, "at the end at once in the model")
            CATransaction.flush()
            clock.advance(by: 0.125)
            let shownThumb = try #require(thumb.layer.presentation())
            #expect(abs(shownThumb.frame.midX - 100) < 0.01, "half way from 14 to 186")
            #expect(shownThumb.frame.midX > 14 && shownThumb.frame.midX < 186)
            let shownTrack = try #require(filled.layer.presentation())
            #expect(abs(shownTrack.frame.width - 100) < 0.01, "the filled track half way from 14 to 186 wide")
            clock.advance(by: 0.13)
            #expect(abs((thumb.layer.presentation()?.frame.midX ?? 0) - 186) < 0.01)
            #expect(sent == 0, "no event from code")
        }
    }

    /// A subclass's `trackRect(forBounds:)` lays the track out: 10 high here, with the thumb
    /// centred on it.
    @Test func aSubclassTrackRectMakesAThickTrack() throws {
        try withManualClock { _ in
            let slider = ThickTrackSlider(frame: CGRect(x: 0, y: 0, width: 200, height: 31))
            _ = shownSlider(slider)
            slider.value = 0.5
            let parts = trackViews(of: slider, height: 10)
            try #require(parts.count == 2)
            #expect(parts.allSatisfy { $0.frame.minY == 10.5 && $0.layer.cornerRadius == 5 })
            #expect(abs(parts[0].frame.width - 100) < 0.5 && parts[1].frame.maxX == 200)
            let thumb = try thumbView(of: slider)
            #expect(thumb.frame.midY == 15.5 && abs(thumb.frame.midX - 100) < 0.5)
        }
    }

    /// Value images sit at the ends, the track between them 8 points from each; a thumb image
    /// replaces the circle, at its size.
    @Test func valueImagesAndThumbImages() throws {
        try withManualClock { _ in
            let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { _ in }
            let slider = plainSlider()
            slider.minimumValueImage = image
            slider.maximumValueImage = image
            let bounds = slider.bounds
            #expect(slider.minimumValueImageRect(forBounds: bounds) == CGRect(x: 0, y: 5.5, width: 20, height: 20))
            #expect(slider.maximumValueImageRect(forBounds: bounds) == CGRect(x: 180, y: 5.5, width: 20, height: 20))
            #expect(slider.trackRect(forBounds: slider.bounds) == CGRect(x: 28, y: 13.5, width: 144, height: 4))
            let thumb = try thumbView(of: slider)
            #expect(thumb.frame.midX == 42, "14 points inside the track's left end")

            let knob = UIGraphicsImageRenderer(size: CGSize(width: 16, height: 16)).image { _ in }
            slider.setThumbImage(knob, for: .normal)
            #expect(slider.thumbImage(for: .normal) === knob && slider.thumbImage(for: .highlighted) == nil)
            #expect(slider.currentThumbImage === knob)
            #expect(thumb.frame.size == CGSize(width: 16, height: 16) && thumb.frame.midX == 36)
            slider.setMinimumTrackImage(image, for: .normal)
            #expect(slider.minimumTrackImage(for: .normal) === image && slider.maximumTrackImage(for: .normal) == nil)
        }
    }

    /// The slider is `.adjustable`, reads its value as a percentage, and moves by a tenth of the
    /// range when adjusted, sending `.valueChanged`.
    @Test func accessibilityAdjustsByATenthOfTheRange() {
        withManualClock { _ in
            let slider = plainSlider()
            var sent = 0
            slider.addAction(UIAction { _ in sent += 1 }, for: .valueChanged)
            slider.value = 0.5
            #expect(slider.isAccessibilityElement && slider.accessibilityTraits.contains(.adjustable))
            #expect(slider.accessibilityValue == "50%")
            slider.accessibilityIncrement()
            #expect(abs(slider.value - 0.6) < 1e-6 && sent == 1)
            #expect(slider.accessibilityValue == "60%")
            slider.accessibilityDecrement()
            slider.accessibilityDecrement()
            #expect(abs(slider.value - 0.4) < 1e-6 && sent == 3)
            slider.value = 1
            slider.accessibilityIncrement()
            #expect(slider.value == 1 && sent == 3, "nothing past the end")
            slider.accessibilityValue = "Loud"
            #expect(slider.accessibilityValue == "Loud")
            slider.accessibilityValue = nil
            #expect(slider.accessibilityValue == "100%")
        }
    }
}

@MainActor
@Suite("resizableSnapshotView: a picture of part of a view that stretches inside its caps", .serialized)
struct ResizableSnapshotTests {
    private let red = [255, 0, 0, 255]
    private let blue = [0, 0, 255, 255]

    /// The snapshot is the rectangle's size, shows that part of the view, and its layer's
    /// `contentsCenter` is the part inside the cap insets, as fractions of the rectangle.
    @Test func aResizableSnapshotShowsThePartAndItsCentreIsInsideTheCaps() throws {
        try withManualClock { _ in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            view.backgroundColor = .red
            view.contentScaleFactor = 1
            let square = UIView(frame: CGRect(x: 25, y: 25, width: 50, height: 50))
            square.backgroundColor = .blue
            view.addSubview(square)
            let insets = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
            let snapshot = try #require(
                view.resizableSnapshotView(
                    from: CGRect(x: 0, y: 0, width: 50, height: 50), afterScreenUpdates: true, withCapInsets: insets))
            #expect(snapshot.bounds.size == CGSize(width: 50, height: 50))
            #expect(snapshot.layer.contentsCenter == CGRect(x: 0.2, y: 0.2, width: 0.6, height: 0.6))
            let picture = try #require(snapshot.layer.contents as! CGImage?)
            #expect(picture.width == 50 && picture.height == 50)
            #expect(picture.pixel(x: 10, y: 10) == red, "the view's own colour")
            #expect(picture.pixel(x: 40, y: 40) == blue, "the square, where it is in the view")

            let corner = try #require(
                view.resizableSnapshotView(
                    from: CGRect(x: 50, y: 50, width: 50, height: 50), afterScreenUpdates: false, withCapInsets: .zero))
            let pixels = try #require(corner.layer.contents as! CGImage?)
            #expect(pixels.pixel(x: 10, y: 10) == blue && pixels.pixel(x: 40, y: 40) == red, "the part at its place")
            #expect(corner.layer.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1))
            #expect(view.resizableSnapshotView(from: .zero, afterScreenUpdates: false, withCapInsets: insets) == nil)
        }
    }
}
