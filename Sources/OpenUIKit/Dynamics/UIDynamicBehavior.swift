import Foundation

/// A rule of a dynamic animator's simulation: UIKit's `UIDynamicBehavior`. Subclass it to
/// group behaviours (``addChildBehavior(_:)``) or to run code each step (``action``).
@preconcurrency @MainActor
open class UIDynamicBehavior: NSObject {
    public private(set) var childBehaviors: [UIDynamicBehavior] = []
    /// Called after each step of the simulation.
    open var action: (() -> Void)?
    /// The animator the behaviour is in, directly or as a child.
    open internal(set) var dynamicAnimator: UIDynamicAnimator? {
        get { ownAnimator ?? parent?.dynamicAnimator }
        set { ownAnimator = newValue }
    }
    private weak var ownAnimator: UIDynamicAnimator?
    private weak var parent: UIDynamicBehavior?

    override public init() { super.init() }

    open func addChildBehavior(_ behavior: UIDynamicBehavior) {
        guard !childBehaviors.contains(where: { $0 === behavior }) else { return }
        behavior.parent = self
        childBehaviors.append(behavior)
    }

    open func removeChildBehavior(_ behavior: UIDynamicBehavior) {
        childBehaviors.removeAll { $0 === behavior }
        if behavior.parent === self { behavior.parent = nil }
    }

    /// Called when the behaviour is added to an animator, or removed (nil).
    open func willMove(to dynamicAnimator: UIDynamicAnimator?) {}

    // The engine's hooks, which the concrete behaviours fill in.
    var simulatedItems: [any UIDynamicItem] { [] }
    func applyForces(in animator: UIDynamicAnimator, step: CGFloat) {}
    func solveConstraints(in animator: UIDynamicAnimator, step: CGFloat) {}
}

/// A behaviour with a list of items.
@preconcurrency @MainActor
open class UIDynamicItemListBehavior: UIDynamicBehavior {
    public private(set) var items: [any UIDynamicItem]

    public init(items: [any UIDynamicItem]) {
        self.items = items
        super.init()
    }

    public override convenience init() { self.init(items: []) }

    open func addItem(_ item: any UIDynamicItem) {
        guard !items.contains(where: { $0 === item }) else { return }
        items.append(item)
    }

    open func removeItem(_ item: any UIDynamicItem) {
        items.removeAll { $0 === item }
    }

    override var simulatedItems: [any UIDynamicItem] { items }
}

/// Gravity: UIKit's `UIGravityBehavior`. A magnitude of 1 is 1,000 points/s², downwards
/// unless turned.
@preconcurrency @MainActor
open class UIGravityBehavior: UIDynamicItemListBehavior {
    open var gravityDirection = CGVector(dx: 0, dy: 1)
    open var angle: CGFloat {
        get { atan2(gravityDirection.dy, gravityDirection.dx) }
        set { gravityDirection = CGVector(dx: cos(newValue) * magnitude, dy: sin(newValue) * magnitude) }
    }
    open var magnitude: CGFloat {
        get { hypot(gravityDirection.dx, gravityDirection.dy) }
        set {
            let angle = self.angle
            gravityDirection = CGVector(dx: cos(angle) * newValue, dy: sin(angle) * newValue)
        }
    }

    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        gravityDirection = CGVector(dx: cos(angle) * magnitude, dy: sin(angle) * magnitude)
    }

    override func applyForces(in animator: UIDynamicAnimator, step: CGFloat) {
        for item in items {
            let body = animator.body(item)
            body.force.dx += gravityDirection.dx * 1000 * body.mass
            body.force.dy += gravityDirection.dy * 1000 * body.mass
        }
    }
}

/// A push: UIKit's `UIPushBehavior`. A magnitude of 1 accelerates a 100 × 100 item of density
/// 1 by 100 points/s² (continuous), or sets it moving at 100 points/s (instantaneous, once
/// each time ``active`` is set).
@preconcurrency @MainActor
open class UIPushBehavior: UIDynamicItemListBehavior {
    public enum Mode: Int, Sendable {
        case continuous, instantaneous
    }

    public let mode: Mode
    open var pushDirection = CGVector.zero
    /// Whether the push applies; an instantaneous push turns it off once applied.
    open var active = true
    private var offsets: [ObjectIdentifier: UIOffset] = [:]

    public init(items: [any UIDynamicItem], mode: Mode) {
        self.mode = mode
        super.init(items: items)
    }

    open var angle: CGFloat {
        get { atan2(pushDirection.dy, pushDirection.dx) }
        set { setAngle(newValue, magnitude: magnitude) }
    }
    open var magnitude: CGFloat {
        get { hypot(pushDirection.dx, pushDirection.dy) }
        set { setAngle(angle, magnitude: newValue) }
    }

    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        pushDirection = CGVector(dx: cos(angle) * magnitude, dy: sin(angle) * magnitude)
    }

    /// Where on `item` the push applies, from its centre (off centre, it turns the item).
    open func setTargetOffsetFromCenter(_ offset: UIOffset, for item: any UIDynamicItem) {
        offsets[ObjectIdentifier(item)] = offset
    }

    open func targetOffsetFromCenter(for item: any UIDynamicItem) -> UIOffset {
        offsets[ObjectIdentifier(item)] ?? .zero
    }

    override func applyForces(in animator: UIDynamicAnimator, step: CGFloat) {
        guard active else { return }
        let push = CGVector(dx: pushDirection.dx * 100, dy: pushDirection.dy * 100)
        for item in items {
            let body = animator.body(item)
            let r = body.rotated(targetOffsetFromCenter(for: item))
            switch mode {
            case .continuous:
                body.force.dx += push.dx
                body.force.dy += push.dy
                body.torque += r.dx * push.dy - r.dy * push.dx
            case .instantaneous:
                body.apply(impulse: push, at: r)
            }
        }
        if mode == .instantaneous { active = false }
    }
}

/// A connection of an item to a point or to another item: UIKit's `UIAttachmentBehavior`.
/// With ``frequency`` 0 (the default) it is a rod of ``length``; above 0, a spring of that
/// frequency (Hz) and ``damping`` ratio.
@preconcurrency @MainActor
open class UIAttachmentBehavior: UIDynamicBehavior {
    public enum AttachmentType: Int, Sendable {
        case items, anchor
    }

    public let items: [any UIDynamicItem]
    public let attachedBehaviorType: AttachmentType
    open var anchorPoint: CGPoint
    open var length: CGFloat
    open var damping: CGFloat = 0
    open var frequency: CGFloat = 0
    private let offsets: [UIOffset]

    public convenience init(item: any UIDynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }

    public init(item: any UIDynamicItem, offsetFromCenter offset: UIOffset, attachedToAnchor point: CGPoint) {
        items = [item]
        attachedBehaviorType = .anchor
        anchorPoint = point
        offsets = [offset]
        let attached = CGPoint(x: item.center.x + offset.horizontal, y: item.center.y + offset.vertical)
        length = hypot(point.x - attached.x, point.y - attached.y)
        super.init()
    }

    public convenience init(item item1: any UIDynamicItem, attachedTo item2: any UIDynamicItem) {
        self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
    }

    public init(
        item item1: any UIDynamicItem, offsetFromCenter offset1: UIOffset, attachedTo item2: any UIDynamicItem,
        offsetFromCenter offset2: UIOffset
    ) {
        items = [item1, item2]
        attachedBehaviorType = .items
        anchorPoint = .zero
        offsets = [offset1, offset2]
        length = hypot(
            item2.center.x + offset2.horizontal - item1.center.x - offset1.horizontal,
            item2.center.y + offset2.vertical - item1.center.y - offset1.vertical)
        super.init()
    }

    override var simulatedItems: [any UIDynamicItem] { items }

    /// The attached points: the body, the point's offset turned with it, and where it is.
    private func ends(in animator: UIDynamicAnimator) -> [(body: DynamicBody?, r: CGVector, point: CGPoint)] {
        var ends: [(DynamicBody?, CGVector, CGPoint)] = zip(items, offsets).map { item, offset in
            let body = animator.body(item)
            let r = body.rotated(offset)
            return (body, r, CGPoint(x: body.position.x + r.dx, y: body.position.y + r.dy))
        }
        if attachedBehaviorType == .anchor { ends.append((nil, .zero, anchorPoint)) }
        return ends
    }

    override func applyForces(in animator: UIDynamicAnimator, step: CGFloat) {
        guard frequency > 0 else { return }
        let ends = ends(in: animator)
        let (a, b) = (ends[0], ends[1])
        let dx = b.point.x - a.point.x
        let dy = b.point.y - a.point.y
        let distance = hypot(dx, dy)
        guard distance > 1e-9 else { return }
        let n = CGVector(dx: dx / distance, dy: dy / distance)
        let relative = (b.body?.velocity(at: b.r) ?? .zero) - a.body!.velocity(at: a.r)
        let omega = 2 * CGFloat.pi * frequency
        // The spring's mass: the item's, or both items' reduced.
        let inverse = a.body!.inverseMass + (b.body?.inverseMass ?? 0)
        guard inverse > 0 else { return }
        let mass = 1 / inverse
        let magnitude =
            mass
            * (omega * omega * (distance - length) + 2 * damping * omega * (relative.dx * n.dx + relative.dy * n.dy))
        let force = CGVector(dx: n.dx * magnitude, dy: n.dy * magnitude)
        a.body!.force = a.body!.force + force
        a.body!.torque += a.r.dx * force.dy - a.r.dy * force.dx
        if let other = b.body {
            other.force = other.force - force
            other.torque -= b.r.dx * force.dy - b.r.dy * force.dx
        }
    }

    override func solveConstraints(in animator: UIDynamicAnimator, step: CGFloat) {
        guard frequency <= 0 else { return }
        // A rod: a few passes that put the ends `length` apart and take away the velocity
        // along it.
        for _ in 0..<4 {
            let ends = ends(in: animator)
            let (a, b) = (ends[0], ends[1])
            let dx = b.point.x - a.point.x
            let dy = b.point.y - a.point.y
            let distance = hypot(dx, dy)
            let n = distance > 1e-9 ? CGVector(dx: dx / distance, dy: dy / distance) : CGVector(dx: 1, dy: 0)
            let error = distance - length
            let inverse = a.body!.inverseMass + (b.body?.inverseMass ?? 0)
            guard inverse > 0 else { return }
            let aShare = a.body!.inverseMass / inverse
            a.body!.position.x += n.dx * error * aShare
            a.body!.position.y += n.dy * error * aShare
            if let other = b.body {
                other.position.x -= n.dx * error * (1 - aShare)
                other.position.y -= n.dy * error * (1 - aShare)
            }
            let relative = (b.body?.velocity(at: b.r) ?? .zero) - a.body!.velocity(at: a.r)
            let along = relative.dx * n.dx + relative.dy * n.dy
            let angularA = a.body!.inverseInertia * pow(a.r.dx * n.dy - a.r.dy * n.dx, 2)
            let angularB = (b.body?.inverseInertia ?? 0) * pow(b.r.dx * n.dy - b.r.dy * n.dx, 2)
            let impulse = along / (inverse + angularA + angularB)
            a.body!.apply(impulse: CGVector(dx: n.dx * impulse, dy: n.dy * impulse), at: a.r)
            b.body?.apply(impulse: CGVector(dx: -n.dx * impulse, dy: -n.dy * impulse), at: b.r)
        }
    }
}

/// A spring that brings an item to a point, upright: UIKit's `UISnapBehavior`. Here the
/// spring has a frequency of 2 Hz and ``damping`` (0.5 by default) as its damping ratio,
/// from 0.1.
@preconcurrency @MainActor
open class UISnapBehavior: UIDynamicBehavior {
    public let item: any UIDynamicItem
    open var snapPoint: CGPoint
    open var damping: CGFloat = 0.5

    public init(item: any UIDynamicItem, snapTo point: CGPoint) {
        self.item = item
        snapPoint = point
        super.init()
    }

    override var simulatedItems: [any UIDynamicItem] { [item] }

    override func applyForces(in animator: UIDynamicAnimator, step: CGFloat) {
        let body = animator.body(item)
        let omega = 2 * CGFloat.pi * 2
        let ratio = max(damping, 0.1)
        body.force.dx +=
            body.mass * (omega * omega * (snapPoint.x - body.position.x) - 2 * ratio * omega * body.velocity.dx)
        body.force.dy +=
            body.mass * (omega * omega * (snapPoint.y - body.position.y) - 2 * ratio * omega * body.velocity.dy)
        body.torque += body.inertia * (-omega * omega * body.angle - 2 * ratio * omega * body.angularVelocity)
    }
}

/// The physical properties of items: UIKit's `UIDynamicItemBehavior`. Where several name an
/// item, the last added decides.
@preconcurrency @MainActor
open class UIDynamicItemBehavior: UIDynamicItemListBehavior {
    /// How much of the speed a collision gives back: 0 none, 1 all.
    open var elasticity: CGFloat = 0
    open var friction: CGFloat = 0
    open var density: CGFloat = 1
    /// Linear damping, per second.
    open var resistance: CGFloat = 0
    open var angularResistance: CGFloat = 0
    open var allowsRotation = true
    /// An anchored item takes part in collisions without moving.
    open var isAnchored = false
    open var charge: CGFloat = 0

    /// Velocities added before the item's body exists wait here.
    private var pendingVelocities: [ObjectIdentifier: (linear: CGVector, angular: CGFloat)] = [:]

    open func addLinearVelocity(_ velocity: CGPoint, for item: any UIDynamicItem) {
        guard let animator = dynamicAnimator else {
            pendingVelocities[ObjectIdentifier(item), default: (.zero, 0)].linear.dx += velocity.x
            pendingVelocities[ObjectIdentifier(item), default: (.zero, 0)].linear.dy += velocity.y
            return
        }
        let body = animator.body(item)
        body.velocity.dx += velocity.x
        body.velocity.dy += velocity.y
        animator.updateItem(usingCurrentState: item)
    }

    open func linearVelocity(for item: any UIDynamicItem) -> CGPoint {
        guard let body = dynamicAnimator?.bodies[ObjectIdentifier(item)] else {
            let pending = pendingVelocities[ObjectIdentifier(item)]?.linear ?? .zero
            return CGPoint(x: pending.dx, y: pending.dy)
        }
        return CGPoint(x: body.velocity.dx, y: body.velocity.dy)
    }

    open func addAngularVelocity(_ velocity: CGFloat, for item: any UIDynamicItem) {
        guard let animator = dynamicAnimator else {
            pendingVelocities[ObjectIdentifier(item), default: (.zero, 0)].angular += velocity
            return
        }
        animator.body(item).angularVelocity += velocity
        animator.updateItem(usingCurrentState: item)
    }

    open func angularVelocity(for item: any UIDynamicItem) -> CGFloat {
        dynamicAnimator?.bodies[ObjectIdentifier(item)]?.angularVelocity
            ?? pendingVelocities[ObjectIdentifier(item)]?.angular ?? 0
    }

    func applyProperties(in animator: UIDynamicAnimator) {
        for item in items {
            let body = animator.body(item)
            if let pending = pendingVelocities.removeValue(forKey: ObjectIdentifier(item)) {
                body.velocity = body.velocity + pending.linear
                body.angularVelocity += pending.angular
            }
            body.elasticity = elasticity
            body.friction = friction
            body.density = density
            body.resistance = resistance
            body.angularResistance = angularResistance
            body.allowsRotation = allowsRotation
            body.isAnchored = isAnchored
        }
    }
}

extension CGVector {
    static func + (a: CGVector, b: CGVector) -> CGVector { CGVector(dx: a.dx + b.dx, dy: a.dy + b.dy) }
    static func - (a: CGVector, b: CGVector) -> CGVector { CGVector(dx: a.dx - b.dx, dy: a.dy - b.dy) }
}
