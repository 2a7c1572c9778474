import Foundation

/// What a dynamic animator moves: UIKit's `UIDynamicItem`. Views are items.
@preconcurrency @MainActor
public protocol UIDynamicItem: AnyObject {
    var center: CGPoint { get set }
    var bounds: CGRect { get }
    var transform: CGAffineTransform { get set }
}

extension UIView: UIDynamicItem {}

/// What a dynamic animator tells its delegate: UIKit's `UIDynamicAnimatorDelegate`, both
/// methods optional.
@preconcurrency @MainActor
public protocol UIDynamicAnimatorDelegate: AnyObject {
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator)
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator)
}

extension UIDynamicAnimatorDelegate {
    public func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) {}
    public func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {}
}

/// UIKit Dynamics: UIKit's `UIDynamicAnimator`, a rigid-body simulation of the items its
/// behaviours name, in the coordinates of ``referenceView``.
///
/// The simulation steps at each refresh of the display (a `CADisplayLink`, so a
/// `CAManualClock` drives it in tests), 1/60 s a step, and writes each item's `center` and,
/// once it turns, its `transform` (a rotation, as UIKit's). An item's mass is its area times its
/// density over 100 × 100 points: gravity of magnitude 1 accelerates every item by 1,000
/// points/s², a push of magnitude 1 a 100 × 100 item of density 1 by 100 points/s² (or, an
/// instantaneous one, to 100 points/s), as Apple documents. The animator pauses, telling its
/// delegate, once every item has stayed still for half a second, and resumes when a
/// behaviour is added or an item updated.
///
/// Apple's engine is not public: the springs of snaps, the contact shapes (an item collides as
/// its unrotated bounds against the reference bounds, as its rotated rectangle against line
/// and path boundaries, as a circle of its half-width against other items) and the resting
/// threshold are this implementation's, listed in SourceCompatibility.md.
@preconcurrency @MainActor
open class UIDynamicAnimator: NSObject {
    /// The step of the simulation: one refresh.
    static let step: CGFloat = 1.0 / 60
    /// Below these speeds (points/s, radians/s) an item is still.
    static let stillSpeed: CGFloat = 1
    static let stillAngularSpeed: CGFloat = 0.02
    /// Steps every item must stay still for before the animator pauses: half a second.
    static let stepsToRest = 30

    public private(set) weak var referenceView: UIView?
    open weak var delegate: (any UIDynamicAnimatorDelegate)?
    public private(set) var behaviors: [UIDynamicBehavior] = []
    /// Whether the simulation is stepping.
    public private(set) var isRunning = false
    /// The time the simulation has run, over every run.
    public private(set) var elapsedTime: TimeInterval = 0

    var bodies: [ObjectIdentifier: DynamicBody] = [:]
    private var link: CADisplayLink?
    private var stillSteps = 0

    public init(referenceView view: UIView) {
        referenceView = view
        super.init()
    }

    /// An animator without a reference view, for items that are not views.
    override public init() {
        super.init()
    }

    open func addBehavior(_ behavior: UIDynamicBehavior) {
        guard !behaviors.contains(where: { $0 === behavior }) else { return }
        if let other = behavior.dynamicAnimator, other !== self {
            fatalError("UIDynamicAnimator.addBehavior: the \(type(of: behavior)) is already in another animator")
        }
        behavior.willMove(to: self)
        behavior.dynamicAnimator = self
        behaviors.append(behavior)
        resume()
    }

    open func removeBehavior(_ behavior: UIDynamicBehavior) {
        guard let index = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        behavior.willMove(to: nil)
        behavior.dynamicAnimator = nil
        behaviors.remove(at: index)
        forgetItemsNoLongerNamed()
        if behaviors.isEmpty { pause() }
    }

    open func removeAllBehaviors() {
        for behavior in behaviors {
            behavior.willMove(to: nil)
            behavior.dynamicAnimator = nil
        }
        behaviors.removeAll()
        bodies.removeAll()
        pause()
    }

    /// The items of the animator's behaviours whose frames meet `rect`.
    open func items(in rect: CGRect) -> [any UIDynamicItem] {
        allItems().filter { item in
            let size = item.bounds.size
            return CGRect(
                x: item.center.x - size.width / 2, y: item.center.y - size.height / 2, width: size.width,
                height: size.height
            ).intersects(rect)
        }
    }

    /// Reads `item`'s center and transform again after code changed them, and resumes.
    open func updateItem(usingCurrentState item: any UIDynamicItem) {
        if let body = bodies[ObjectIdentifier(item)] {
            body.position = item.center
            body.angle = atan2(item.transform.b, item.transform.a)
        }
        resume()
    }

    // MARK: The simulation

    /// Every behaviour, children after their parent.
    var allBehaviors: [UIDynamicBehavior] {
        var result: [UIDynamicBehavior] = []
        func add(_ behavior: UIDynamicBehavior) {
            result.append(behavior)
            behavior.childBehaviors.forEach(add)
        }
        behaviors.forEach(add)
        return result
    }

    private func allItems() -> [any UIDynamicItem] {
        var seen = Set<ObjectIdentifier>()
        var items: [any UIDynamicItem] = []
        for behavior in allBehaviors {
            for item in behavior.simulatedItems where seen.insert(ObjectIdentifier(item)).inserted {
                items.append(item)
            }
        }
        return items
    }

    /// The body of `item`, made from its current state the first time.
    func body(_ item: any UIDynamicItem) -> DynamicBody {
        if let body = bodies[ObjectIdentifier(item)] { return body }
        let body = DynamicBody(item: item)
        bodies[ObjectIdentifier(item)] = body
        return body
    }

    private func forgetItemsNoLongerNamed() {
        let named = Set(allItems().map(ObjectIdentifier.init))
        bodies = bodies.filter { named.contains($0.key) }
    }

    private func resume() {
        stillSteps = 0
        guard !isRunning, !behaviors.isEmpty else { return }
        delegate?.dynamicAnimatorWillResume(self)
        isRunning = true
        let link = CADisplayLink { [weak self] link in
            MainActor.assumeIsolated {
                guard let self, self.link === link else {
                    link.invalidate()
                    return
                }
                self.advance()
            }
        }
        self.link = link
        link.add(to: .main, forMode: .common)
    }

    private func pause() {
        link?.invalidate()
        link = nil
        guard isRunning else { return }
        isRunning = false
        delegate?.dynamicAnimatorDidPause(self)
    }

    /// One step of 1/60 s: forces, velocities, positions, constraints, contacts, then the
    /// items and the behaviours' actions.
    func advance() {
        let dt = Self.step
        let behaviors = allBehaviors
        for item in allItems() { _ = body(item) }
        for body in bodies.values { body.resetProperties() }
        for case let properties as UIDynamicItemBehavior in behaviors { properties.applyProperties(in: self) }
        for body in bodies.values {
            body.force = .zero
            body.torque = 0
        }
        for behavior in behaviors { behavior.applyForces(in: self, step: dt) }
        for body in bodies.values where !body.isAnchored {
            body.velocity.dx += body.force.dx / body.mass * dt
            body.velocity.dy += body.force.dy / body.mass * dt
            if body.allowsRotation { body.angularVelocity += body.torque / body.inertia * dt }
            let linearDamping = exp(-body.resistance * dt)
            body.velocity.dx *= linearDamping
            body.velocity.dy *= linearDamping
            body.angularVelocity *= exp(-body.angularResistance * dt)
            if !body.allowsRotation { body.angularVelocity = 0 }
            body.position.x += body.velocity.dx * dt
            body.position.y += body.velocity.dy * dt
            body.angle += body.angularVelocity * dt
        }
        for body in bodies.values where body.isAnchored {
            body.velocity = .zero
            body.angularVelocity = 0
        }
        for behavior in behaviors { behavior.solveConstraints(in: self, step: dt) }
        for body in bodies.values { body.write() }
        elapsedTime += Double(dt)
        for behavior in behaviors { behavior.action?() }

        let still = bodies.values.allSatisfy { body in
            body.isAnchored
                || hypot(body.velocity.dx, body.velocity.dy) < Self.stillSpeed
                    && abs(body.angularVelocity) < Self.stillAngularSpeed
        }
        stillSteps = still ? stillSteps + 1 : 0
        if stillSteps >= Self.stepsToRest || bodies.isEmpty { pause() }
    }
}

/// One item's state in the simulation.
@MainActor
final class DynamicBody {
    let item: any UIDynamicItem
    var position: CGPoint
    var angle: CGFloat
    var velocity = CGVector.zero
    var angularVelocity: CGFloat = 0
    var force = CGVector.zero
    var torque: CGFloat = 0
    /// From the item behaviours that name the item (the last added wins).
    var density: CGFloat = 1
    var elasticity: CGFloat = 0
    var friction: CGFloat = 0
    var resistance: CGFloat = 0
    var angularResistance: CGFloat = 0
    var allowsRotation = true
    var isAnchored = false
    /// Whether the simulation has turned the item, and so owns its transform.
    private var turns = false

    init(item: any UIDynamicItem) {
        self.item = item
        position = item.center
        angle = atan2(item.transform.b, item.transform.a)
    }

    var size: CGSize { item.bounds.size }
    /// Area × density over that of a 100 × 100 item of density 1.
    var mass: CGFloat { max(size.width * size.height, 1) * max(density, 0.0001) / 10_000 }
    /// A rectangle's moment about its centre.
    var inertia: CGFloat { mass * (size.width * size.width + size.height * size.height) / 12 }

    func resetProperties() {
        density = 1
        elasticity = 0
        friction = 0
        resistance = 0
        angularResistance = 0
        allowsRotation = true
        isAnchored = false
    }

    /// `offset` from the centre, turned with the item.
    func rotated(_ offset: UIOffset) -> CGVector {
        let c = cos(angle)
        let s = sin(angle)
        return CGVector(
            dx: offset.horizontal * c - offset.vertical * s, dy: offset.horizontal * s + offset.vertical * c)
    }

    /// The velocity of the point `r` from the centre.
    func velocity(at r: CGVector) -> CGVector {
        CGVector(dx: velocity.dx - angularVelocity * r.dy, dy: velocity.dy + angularVelocity * r.dx)
    }

    var inverseMass: CGFloat { isAnchored ? 0 : 1 / mass }
    var inverseInertia: CGFloat { isAnchored || !allowsRotation ? 0 : 1 / inertia }

    /// Changes the velocities by `impulse` applied at `r` from the centre.
    func apply(impulse: CGVector, at r: CGVector) {
        velocity.dx += impulse.dx * inverseMass
        velocity.dy += impulse.dy * inverseMass
        angularVelocity += (r.dx * impulse.dy - r.dy * impulse.dx) * inverseInertia
    }

    /// The corners of the item's rectangle, turned, in reference coordinates.
    var corners: [CGPoint] {
        let w = size.width / 2
        let h = size.height / 2
        return [(-w, -h), (w, -h), (w, h), (-w, h)].map { x, y in
            let r = rotated(UIOffset(horizontal: x, vertical: y))
            return CGPoint(x: position.x + r.dx, y: position.y + r.dy)
        }
    }

    func write() {
        item.center = position
        if angle != 0 || angularVelocity != 0 { turns = true }
        if turns { item.transform = CGAffineTransform(rotationAngle: angle) }
    }
}
