import OpenUIKit
import QuartzTestSupport
import Testing

/// UIKit Dynamics on the manual clock: one step of 1/60 s at each refresh, Apple's units for
/// gravity and pushes, rods and springs, snaps, item properties and collisions.
@MainActor
@Suite struct DynamicAnimatorTests {
    final class Recorder: UIDynamicAnimatorDelegate, UICollisionBehaviorDelegate {
        var events: [String] = []
        func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { events.append("resume") }
        func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { events.append("pause") }
        func collisionBehavior(
            _ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem,
            withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint
        ) { events.append("began \(identifier.map { "\($0)" } ?? "bounds")") }
        func collisionBehavior(
            _ behavior: UICollisionBehavior, endedContactFor item: any UIDynamicItem,
            withBoundaryIdentifier identifier: (any NSCopying)?
        ) { events.append("ended \(identifier.map { "\($0)" } ?? "bounds")") }
    }

    private func scene(_ size: CGSize = CGSize(width: 400, height: 800)) -> UIView {
        UIView(frame: CGRect(origin: .zero, size: size))
    }

    @Test func gravityOfMagnitudeOneIsAThousandPointsPerSecondSquared() {
        withManualClock { clock in
            let reference = scene()
            let item = UIView(frame: CGRect(x: 50, y: 0, width: 100, height: 100))
            reference.addSubview(item)
            let animator = UIDynamicAnimator(referenceView: reference)
            let gravity = UIGravityBehavior(items: [item])
            #expect(gravity.magnitude == 1 && abs(gravity.angle - .pi / 2) < 1e-12)
            var steps = 0
            gravity.action = { steps += 1 }
            animator.addBehavior(gravity)
            #expect(animator.isRunning)
            clock.advance(by: 0.5)
            #expect(steps == 30, "one step a refresh")
            // Semi-implicit Euler at 1/60 s: y = g·dt²·n(n+1)/2 = 129.17 (½gt² = 125).
            #expect(abs(item.center.y - (50 + 1000.0 * 30 * 31 / 2 / 3600)) < 1e-6)
            #expect(abs(animator.elapsedTime - 0.5) < 1e-9)
            #expect(item.transform == .identity, "nothing turned it")
        }
    }

    @Test func pushesFollowApplesUnits() throws {
        withManualClock { clock in
            let reference = scene()
            let large = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let small = UIView(frame: CGRect(x: 0, y: 200, width: 50, height: 50))
            let animator = UIDynamicAnimator(referenceView: reference)
            let push = UIPushBehavior(items: [large, small], mode: .instantaneous)
            push.pushDirection = CGVector(dx: 1, dy: 0)
            let properties = UIDynamicItemBehavior(items: [large, small])
            animator.addBehavior(properties)
            animator.addBehavior(push)
            clock.advance(by: 1.0 / 60)
            #expect(push.active == false, "an instantaneous push applies once")
            #expect(abs(properties.linearVelocity(for: large).x - 100) < 1e-9, "100 points/s for 100 × 100, density 1")
            #expect(
                abs(properties.linearVelocity(for: small).x - 400) < 1e-9, "a quarter of the mass, four times the speed"
            )
            clock.advance(by: 59.0 / 60)
            #expect(abs(large.center.x - 150) < 1e-6, "100 points in the second")

            let steady = UIView(frame: CGRect(x: 0, y: 400, width: 100, height: 100))
            let continuous = UIPushBehavior(items: [steady], mode: .continuous)
            continuous.setAngle(0, magnitude: 2)
            let steadyProperties = UIDynamicItemBehavior(items: [steady])
            animator.addBehavior(steadyProperties)
            animator.addBehavior(continuous)
            clock.advance(by: 1)
            #expect(abs(steadyProperties.linearVelocity(for: steady).x - 200) < 1e-6, "200 points/s² for a second")
        }
    }

    @Test func aRodKeepsItsLengthAndASpringSwings() {
        withManualClock { clock in
            let reference = scene()
            let bob = UIView(frame: CGRect(x: 150, y: 50, width: 20, height: 20))
            let animator = UIDynamicAnimator(referenceView: reference)
            let rod = UIAttachmentBehavior(item: bob, attachedToAnchor: CGPoint(x: 60, y: 60))
            #expect(rod.length == 100, "the distance when attached")
            #expect(rod.attachedBehaviorType == .anchor)
            animator.addBehavior(rod)
            animator.addBehavior(UIGravityBehavior(items: [bob]))
            var lengths: [CGFloat] = []
            rod.action = { lengths.append(hypot(bob.center.x - 60, bob.center.y - 60)) }
            clock.advance(by: 2)
            #expect(lengths.count == 120)
            #expect(lengths.allSatisfy { abs($0 - 100) < 0.01 })
            #expect(bob.center.y > 60, "it swung down")

            // A 1 Hz undamped spring, stretched 50 points: the other side at half a period,
            // back at a whole one (the step's error within 5 %).
            let weight = UIView(frame: CGRect(x: 0, y: 300, width: 100, height: 100))
            let spring = UIAttachmentBehavior(item: weight, attachedToAnchor: CGPoint(x: 200, y: 350))
            spring.length = 100
            spring.frequency = 1
            spring.damping = 0
            animator.addBehavior(spring)
            clock.advance(by: 0.5)
            #expect(abs(weight.center.x - 150) < 2.5, "100 + 50 on the other side: \(weight.center.x)")
            clock.advance(by: 0.5)
            #expect(abs(weight.center.x - 50) < 2.5, "back where it began: \(weight.center.x)")
        }
    }

    @Test func aSnapSettlesTheItemUprightAtThePointAndTheAnimatorPauses() throws {
        try withManualClock { clock in
            let reference = scene()
            let card = UIView(frame: CGRect(x: 0, y: 0, width: 80, height: 120))
            card.transform = CGAffineTransform(rotationAngle: 0.5)
            let animator = UIDynamicAnimator(referenceView: reference)
            let recorder = Recorder()
            animator.delegate = recorder
            let snap = UISnapBehavior(item: card, snapTo: CGPoint(x: 200, y: 300))
            #expect(snap.damping == 0.5)
            animator.addBehavior(snap)
            clock.advance(by: 0.1)
            #expect(card.center.x > 40 && card.center.x < 200, "on its way: \(card.center.x)")
            clock.advance(by: 3)
            #expect(abs(card.center.x - 200) < 0.5 && abs(card.center.y - 300) < 0.5)
            #expect(abs(atan2(card.transform.b, card.transform.a)) < 0.01, "upright")
            #expect(!animator.isRunning)
            #expect(recorder.events == ["resume", "pause"])
            // Moving the item by hand and telling the animator resumes it.
            card.center = CGPoint(x: 100, y: 300)
            animator.updateItem(usingCurrentState: card)
            #expect(animator.isRunning)
            clock.advance(by: 3)
            #expect(abs(card.center.x - 200) < 0.5)
            #expect(recorder.events == ["resume", "pause", "resume", "pause"])
            let found = try #require(animator.items(in: CGRect(x: 190, y: 290, width: 20, height: 20)).first)
            #expect(found === card)
        }
    }

    @Test func resistanceSlowsAnItemExponentially() {
        withManualClock { clock in
            let reference = scene()
            let puck = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            let animator = UIDynamicAnimator(referenceView: reference)
            let properties = UIDynamicItemBehavior(items: [puck])
            properties.resistance = 1
            properties.addLinearVelocity(CGPoint(x: 100, y: 0), for: puck)
            #expect(properties.linearVelocity(for: puck).x == 100, "kept until the animator has the item")
            animator.addBehavior(properties)
            clock.advance(by: 1)
            // e^-1 of the speed after a second.
            #expect(abs(properties.linearVelocity(for: puck).x - 100 * exp(-1.0)) < 1e-6)
        }
    }

    @Test func anItemFallsOntoTheReferenceBoundsAndRests() {
        withManualClock { clock in
            let reference = scene(CGSize(width: 200, height: 200))
            let box = UIView(frame: CGRect(x: 75, y: 0, width: 50, height: 50))
            reference.addSubview(box)
            let animator = UIDynamicAnimator(referenceView: reference)
            let recorder = Recorder()
            animator.delegate = recorder
            let collision = UICollisionBehavior(items: [box])
            collision.translatesReferenceBoundsIntoBoundary = true
            collision.collisionDelegate = recorder
            let properties = UIDynamicItemBehavior(items: [box])
            properties.elasticity = 0.5
            animator.addBehavior(collision)
            animator.addBehavior(properties)
            animator.addBehavior(UIGravityBehavior(items: [box]))
            clock.advance(by: 0.5)
            #expect(recorder.events == ["resume"], "150 points at 1,000 points/s² take 0.55 s")
            clock.advance(by: 0.1)
            // It landed and bounced back up at half its speed.
            #expect(recorder.events == ["resume", "began bounds", "ended bounds"])
            #expect(box.center.y < 175)
            clock.advance(by: 4)
            #expect(abs(box.center.y - 175) < 0.01, "resting on the bottom edge")
            #expect(box.center.x == 100)
            #expect(!animator.isRunning && recorder.events.last == "pause")
        }
    }

    @Test func aTiltedItemLandsOnALineBoundaryAndTheDelegateHearsItsIdentifier() {
        withManualClock { clock in
            let reference = scene()
            let plank = UIView(frame: CGRect(x: 150, y: 100, width: 100, height: 20))
            plank.transform = CGAffineTransform(rotationAngle: 0.3)
            let animator = UIDynamicAnimator(referenceView: reference)
            let recorder = Recorder()
            let collision = UICollisionBehavior(items: [plank])
            collision.addBoundary(
                withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 400), to: CGPoint(x: 400, y: 400))
            collision.collisionDelegate = recorder
            #expect(collision.boundaryIdentifiers?.count == 1)
            animator.addBehavior(collision)
            animator.addBehavior(UIGravityBehavior(items: [plank]))
            clock.advance(by: 5)
            #expect(recorder.events.first == "began floor")
            // It tipped flat onto the floor: its lowest corner on the line, half its height above.
            let angle = atan2(plank.transform.b, plank.transform.a)
            #expect(abs(sin(angle)) < 0.05, "lying flat: \(angle)")
            #expect(abs(plank.center.y - 390) < 1.5, "\(plank.center.y)")
            collision.removeBoundary(withIdentifier: "floor" as NSString)
            #expect(collision.boundaryIdentifiers == nil)
        }
    }

    @Test func twoElasticItemsExchangeTheirVelocities() {
        withManualClock { clock in
            let reference = scene()
            let left = UIView(frame: CGRect(x: 0, y: 100, width: 40, height: 40))
            let right = UIView(frame: CGRect(x: 200, y: 100, width: 40, height: 40))
            let animator = UIDynamicAnimator(referenceView: reference)
            let collision = UICollisionBehavior(items: [left, right])
            collision.collisionMode = .items
            let properties = UIDynamicItemBehavior(items: [left, right])
            properties.elasticity = 1
            properties.addLinearVelocity(CGPoint(x: 300, y: 0), for: left)
            animator.addBehavior(properties)
            animator.addBehavior(collision)
            clock.advance(by: 1)
            #expect(abs(properties.linearVelocity(for: left).x) < 1e-6)
            #expect(abs(properties.linearVelocity(for: right).x - 300) < 1e-6)
            // They met when the left one had gone 160 points (0.53 s), within a step.
            #expect(abs(right.center.x - 360) < 5.01, "\(right.center.x)")
        }
    }

    @Test func removingEveryBehaviourStopsTheAnimator() {
        withManualClock { clock in
            let item = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let animator = UIDynamicAnimator(referenceView: scene())
            let gravity = UIGravityBehavior(items: [item])
            let group = UIDynamicBehavior()
            group.addChildBehavior(gravity)
            animator.addBehavior(group)
            #expect(gravity.dynamicAnimator === animator, "a child is in its parent's animator")
            clock.advance(by: 0.1)
            let fallen = item.center.y
            #expect(fallen > 5)
            animator.removeAllBehaviors()
            #expect(!animator.isRunning && animator.behaviors.isEmpty)
            clock.advance(by: 0.5)
            #expect(item.center.y == fallen)
        }
    }
}
