import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

/// `CATransition`s drawn between the before and after pictures of a layer.
extension CompositingTests {
    // MARK: Transitions

    /// Commits what came before, then, in a transaction of its own, adds a one-second `type`
    /// transition to `card` and makes the changes it shows.
    private func commitTransition(
        _ type: CATransitionType, _ subtype: CATransitionSubtype?, on card: CALayer, changes: () -> Void
    ) {
        CATransaction.flush()
        let transition = CATransition()
        transition.type = type
        transition.subtype = subtype
        transition.duration = 1
        card.add(transition, forKey: nil)
        changes()
        CATransaction.flush()
    }

    /// A 64 × 64 red layer at (16, 16) that turns blue with a one-second linear `type`
    /// transition, rendered `time` seconds in: half-way through unless told.
    private func redTurningBlue(
        _ type: CATransitionType, _ subtype: CATransitionSubtype?, at time: CFTimeInterval = 0.5
    ) -> CGImage {
        withManualClock { _ in
            let layer = root()
            let card = box(CGRect(x: 16, y: 16, width: 64, height: 64), red, in: layer)
            commitTransition(type, subtype, on: card) { card.backgroundColor = blue }
            return render(layer, at: time).image
        }
    }

    @Test func fadeCrossFadesTheTwoStates() {
        let pixel = redTurningBlue(.fade, nil).pixel(x: 48, y: 48)
        expectClose(Double(pixel[0]), 127.5, within: 1.5)
        expectClose(Double(pixel[2]), 127.5, within: 1.5)
        #expect(pixel[3] == 255, "an opaque layer stays opaque while it fades")
    }

    @Test(arguments: [
        (CATransitionSubtype.fromLeft, (40, 0), (-40, 0)), (.fromRight, (-40, 0), (40, 0)),
        (.fromTop, (0, 40), (0, -40)), (.fromBottom, (0, -40), (0, 40)),
    ])
    func pushMovesTheOldOutAndTheNewInFromTheSubtypesSide(
        subtype: CATransitionSubtype, oldAt: (Int, Int), newAt: (Int, Int)
    ) {
        let image = redTurningBlue(.push, subtype)
        // Half-way, each state has moved 32 points: probe 8 points into each.
        #expect(image.pixel(x: 48 + oldAt.0, y: 48 + oldAt.1) == [255, 0, 0, 255], "the old state")
        #expect(image.pixel(x: 48 + newAt.0, y: 48 + newAt.1) == [0, 0, 255, 255], "the new state")
    }

    @Test func moveInSlidesTheNewOverTheOld() {
        let image = redTurningBlue(.moveIn, .fromLeft)
        #expect(image.pixel(x: 24, y: 48) == [0, 0, 255, 255], "the new state has come half-way in")
        #expect(image.pixel(x: 72, y: 48) == [255, 0, 0, 255], "the old one stays put")
        #expect(image.pixel(x: 8, y: 48) == [0, 0, 255, 255], "nothing clips the motion")
    }

    @Test func revealSlidesTheOldAwayUncoveringTheNew() {
        let image = redTurningBlue(.reveal, .fromTop)
        #expect(image.pixel(x: 48, y: 24) == [0, 0, 255, 255], "uncovered at the top")
        #expect(image.pixel(x: 48, y: 72) == [255, 0, 0, 255], "the old state moving down")
        #expect(image.pixel(x: 48, y: 90) == [255, 0, 0, 255], "below the bounds")
    }

    @Test(arguments: [
        (CATransitionType.fade, CATransitionSubtype?.none), (.moveIn, .fromTop), (.push, .fromRight),
        (.reveal, .fromLeft),
    ])
    func transitionBetweenTwoTreesAThirdOfTheWayThrough(type: CATransitionType, subtype: CATransitionSubtype?)
        throws
    {
        try withManualClock { _ in
            let layer = root()
            let window = box(CGRect(x: 8, y: 8, width: 80, height: 80), nil, in: layer)
            window.masksToBounds = true
            let card = box(window.bounds, red, in: window)
            let dot = box(CGRect(x: 28, y: 28, width: 24, height: 24), white, in: card)
            dot.cornerRadius = 12
            let yellow = CGColor(red: 1, green: 0.8, blue: 0, alpha: 1)
            commitTransition(type, subtype, on: card) {
                card.backgroundColor = blue
                dot.removeFromSuperlayer()
                box(CGRect(x: 8, y: 32, width: 64, height: 16), yellow, in: card)
            }
            try Goldens.expectMatch(render(layer, at: 1 / 3), named: "transition-\(type.rawValue)")
        }
    }

    @Test func finishedTransitionShowsTheNewStateOnly() {
        let image = redTurningBlue(.push, nil, at: 1.5)
        #expect(image.pixel(x: 48, y: 48) == [0, 0, 255, 255])
        #expect(image.pixel(x: 88, y: 48) == [255, 255, 255, 255])
    }
}
