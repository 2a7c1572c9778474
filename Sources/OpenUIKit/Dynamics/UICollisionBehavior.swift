import Foundation

/// What a collision behaviour tells its delegate: UIKit's `UICollisionBehaviorDelegate`, every
/// method optional. A boundary's identifier is the one it was added with; the reference
/// bounds' is nil.
@preconcurrency @MainActor
public protocol UICollisionBehaviorDelegate: AnyObject {
    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item1: any UIDynamicItem, with item2: any UIDynamicItem,
        at p: CGPoint)
    func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item1: any UIDynamicItem, with item2: any UIDynamicItem)
    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem,
        withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint)
    func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item: any UIDynamicItem,
        withBoundaryIdentifier identifier: (any NSCopying)?)
}

extension UICollisionBehaviorDelegate {
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item1: any UIDynamicItem, with item2: any UIDynamicItem,
        at p: CGPoint
    ) {}
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item1: any UIDynamicItem, with item2: any UIDynamicItem
    ) {}
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem,
        withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint
    ) {}
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item: any UIDynamicItem,
        withBoundaryIdentifier identifier: (any NSCopying)?
    ) {}
}

/// Collisions of items with each other and with boundaries: UIKit's `UICollisionBehavior`.
///
/// An item meets the reference bounds (``translatesReferenceBoundsIntoBoundary``) as its
/// unrotated frame, and line and path boundaries (a path as the segments of its flattened
/// outline) with the corners of its turned rectangle; two items meet as circles of half
/// their smaller side. A contact gives back ``UIDynamicItemBehavior/elasticity`` of the speed
/// into it (none below 33 points/s, so that items come to rest) and takes
/// ``UIDynamicItemBehavior/friction`` of the speed along it.
@preconcurrency @MainActor
open class UICollisionBehavior: UIDynamicItemListBehavior {
    public struct Mode: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let items = Mode(rawValue: 1 << 0)
        public static let boundaries = Mode(rawValue: 1 << 1)
        public static let everything: Mode = [.items, .boundaries]
    }

    /// Below this speed (points/s) into a contact, an item does not bounce: two steps of
    /// gravity of magnitude 1.
    static let restingSpeed: CGFloat = 2 * 1000 * UIDynamicAnimator.step

    open var collisionMode: Mode = .everything
    open var translatesReferenceBoundsIntoBoundary = false
    private var referenceInsets = UIEdgeInsets.zero
    open weak var collisionDelegate: (any UICollisionBehaviorDelegate)?

    private var boundaries: [(identifier: any NSCopying, segments: [(CGPoint, CGPoint)])] = []
    /// The contacts of the last step, by item and what it touches.
    private var contacts: Set<Contact> = []

    private enum Other: Hashable {
        case referenceBounds
        case boundary(Int)
        case item(ObjectIdentifier)
    }

    private struct Contact: Hashable {
        let item: ObjectIdentifier
        let other: Other
    }

    open func setTranslatesReferenceBoundsIntoBoundary(with insets: UIEdgeInsets) {
        translatesReferenceBoundsIntoBoundary = true
        referenceInsets = insets
    }

    open func addBoundary(withIdentifier identifier: any NSCopying, from p1: CGPoint, to p2: CGPoint) {
        removeBoundary(withIdentifier: identifier)
        boundaries.append((identifier, [(p1, p2)]))
    }

    open func addBoundary(withIdentifier identifier: any NSCopying, for bezierPath: UIBezierPath) {
        removeBoundary(withIdentifier: identifier)
        var segments: [(CGPoint, CGPoint)] = []
        var start = CGPoint.zero
        var current = CGPoint.zero
        bezierPath.cgPath.flattened(threshold: 0.5).applyWithBlock { element in
            switch element.pointee.type {
            case .moveToPoint:
                start = element.pointee.points[0]
                current = start
            case .addLineToPoint:
                segments.append((current, element.pointee.points[0]))
                current = element.pointee.points[0]
            case .closeSubpath:
                if current != start { segments.append((current, start)) }
                current = start
            default:
                break
            }
        }
        boundaries.append((identifier, segments))
    }

    open func boundary(withIdentifier identifier: any NSCopying) -> UIBezierPath? {
        guard let segments = boundaries.first(where: { Self.same($0.identifier, identifier) })?.segments else {
            return nil
        }
        let path = UIBezierPath()
        for (start, end) in segments {
            path.move(to: start)
            path.addLine(to: end)
        }
        return path
    }

    open var boundaryIdentifiers: [any NSCopying]? {
        boundaries.isEmpty ? nil : boundaries.map(\.identifier)
    }

    open func removeBoundary(withIdentifier identifier: any NSCopying) {
        boundaries.removeAll { Self.same($0.identifier, identifier) }
    }

    open func removeAllBoundaries() { boundaries.removeAll() }

    private static func same(_ a: any NSCopying, _ b: any NSCopying) -> Bool {
        if let a = a as? NSObject, let b = b as? NSObject { return a.isEqual(b) }
        if let a = a as? AnyHashable, let b = b as? AnyHashable { return a == b }
        return (a as AnyObject) === (b as AnyObject)
    }

    // MARK: Contacts

    override func solveConstraints(in animator: UIDynamicAnimator, step: CGFloat) {
        var touching: [Contact: CGPoint] = [:]
        let bodies = items.map { animator.body($0) }
        if collisionMode.contains(.boundaries) {
            for body in bodies where !body.isAnchored {
                if translatesReferenceBoundsIntoBoundary, let view = animator.referenceView,
                    let point = collideWithBox(body, view.bounds.inset(by: referenceInsets))
                {
                    touching[Contact(item: ObjectIdentifier(body.item), other: .referenceBounds)] = point
                }
                for (index, boundary) in boundaries.enumerated() {
                    for (start, end) in boundary.segments {
                        if let point = collide(body, withSegmentFrom: start, to: end) {
                            touching[Contact(item: ObjectIdentifier(body.item), other: .boundary(index))] = point
                        }
                    }
                }
            }
        }
        if collisionMode.contains(.items) {
            for (i, a) in bodies.enumerated() {
                for b in bodies[(i + 1)...] {
                    if let point = collide(a, b) {
                        touching[Contact(item: ObjectIdentifier(a.item), other: .item(ObjectIdentifier(b.item)))] =
                            point
                    }
                }
            }
        }
        let began = touching.keys.filter { !contacts.contains($0) }
        let ended = contacts.filter { touching[$0] == nil }
        contacts = Set(touching.keys)
        guard let delegate = collisionDelegate else { return }
        for contact in ended { report(contact, began: false, at: .zero, in: animator, to: delegate) }
        for contact in began { report(contact, began: true, at: touching[contact]!, in: animator, to: delegate) }
    }

    private func report(
        _ contact: Contact, began: Bool, at point: CGPoint, in animator: UIDynamicAnimator,
        to delegate: any UICollisionBehaviorDelegate
    ) {
        guard let item = animator.bodies[contact.item]?.item else { return }
        switch contact.other {
        case .item(let other):
            guard let otherItem = animator.bodies[other]?.item else { return }
            if began {
                delegate.collisionBehavior(self, beganContactFor: item, with: otherItem, at: point)
            } else {
                delegate.collisionBehavior(self, endedContactFor: item, with: otherItem)
            }
        case .referenceBounds, .boundary:
            var identifier: (any NSCopying)?
            if case .boundary(let index) = contact.other, index < boundaries.count {
                identifier = boundaries[index].identifier
            }
            if began {
                delegate.collisionBehavior(self, beganContactFor: item, withBoundaryIdentifier: identifier, at: point)
            } else {
                delegate.collisionBehavior(self, endedContactFor: item, withBoundaryIdentifier: identifier)
            }
        }
    }

    /// Keeps the item's unrotated frame inside `box`; the contact point, if it touches.
    private func collideWithBox(_ body: DynamicBody, _ box: CGRect) -> CGPoint? {
        let half = CGSize(width: body.size.width / 2, height: body.size.height / 2)
        var contact: CGPoint?
        let sides: [(CGFloat, CGVector, WritableKeyPath<CGPoint, CGFloat>, CGFloat)] = [
            (box.minX + half.width, CGVector(dx: 1, dy: 0), \.x, 1),
            (box.maxX - half.width, CGVector(dx: -1, dy: 0), \.x, -1),
            (box.minY + half.height, CGVector(dx: 0, dy: 1), \.y, 1),
            (box.maxY - half.height, CGVector(dx: 0, dy: -1), \.y, -1),
        ]
        for (limit, normal, axis, sign) in sides where (body.position[keyPath: axis] - limit) * sign < 0.01 {
            body.position[keyPath: axis] = limit
            let r = CGVector(dx: -normal.dx * half.width, dy: -normal.dy * half.height)
            bounce(body, normal: normal, at: .zero)
            contact = CGPoint(x: body.position.x + r.dx, y: body.position.y + r.dy)
        }
        return contact
    }

    /// Pushes the corners of the item's turned rectangle out of the segment's line where they
    /// crossed it within the segment; the deepest corner, if any.
    private func collide(_ body: DynamicBody, withSegmentFrom start: CGPoint, to end: CGPoint) -> CGPoint? {
        let d = CGVector(dx: end.x - start.x, dy: end.y - start.y)
        let lengthSquared = d.dx * d.dx + d.dy * d.dy
        guard lengthSquared > 0 else { return nil }
        // The normal on the side the item's centre is on.
        var normal = CGVector(dx: -d.dy, dy: d.dx)
        let length = sqrt(lengthSquared)
        normal = CGVector(dx: normal.dx / length, dy: normal.dy / length)
        let centreSide = (body.position.x - start.x) * normal.dx + (body.position.y - start.y) * normal.dy
        if centreSide < 0 { normal = CGVector(dx: -normal.dx, dy: -normal.dy) }
        var deepest: (depth: CGFloat, corner: CGPoint)?
        for corner in body.corners {
            let along = ((corner.x - start.x) * d.dx + (corner.y - start.y) * d.dy) / lengthSquared
            guard along >= 0, along <= 1 else { continue }
            let side = (corner.x - start.x) * normal.dx + (corner.y - start.y) * normal.dy
            if side < 0.01, side > -max(body.size.width, body.size.height), side < (deepest?.depth ?? .infinity) {
                deepest = (side, corner)
            }
        }
        guard let deepest else { return nil }
        body.position.x -= normal.dx * min(deepest.depth, 0)
        body.position.y -= normal.dy * min(deepest.depth, 0)
        bounce(
            body, normal: normal,
            at: CGVector(dx: deepest.corner.x - body.position.x, dy: deepest.corner.y - body.position.y))
        return deepest.corner
    }

    /// Two items as circles of half their smaller side.
    private func collide(_ a: DynamicBody, _ b: DynamicBody) -> CGPoint? {
        let ra = min(a.size.width, a.size.height) / 2
        let rb = min(b.size.width, b.size.height) / 2
        let dx = b.position.x - a.position.x
        let dy = b.position.y - a.position.y
        let distance = hypot(dx, dy)
        guard distance < ra + rb + 0.01, distance > 1e-9 else { return nil }
        let n = CGVector(dx: dx / distance, dy: dy / distance)
        let overlap = max(ra + rb - distance, 0)
        let inverse = a.inverseMass + b.inverseMass
        guard inverse > 0 else { return nil }
        a.position.x -= n.dx * overlap * a.inverseMass / inverse
        a.position.y -= n.dy * overlap * a.inverseMass / inverse
        b.position.x += n.dx * overlap * b.inverseMass / inverse
        b.position.y += n.dy * overlap * b.inverseMass / inverse
        let relative = b.velocity - a.velocity
        let into = relative.dx * n.dx + relative.dy * n.dy
        if into < 0 {
            let elasticity = -into > Self.restingSpeed ? min(a.elasticity, b.elasticity) : 0
            let impulse = -(1 + elasticity) * into / inverse
            a.apply(impulse: CGVector(dx: -n.dx * impulse, dy: -n.dy * impulse), at: .zero)
            b.apply(impulse: CGVector(dx: n.dx * impulse, dy: n.dy * impulse), at: .zero)
        }
        return CGPoint(x: a.position.x + n.dx * ra, y: a.position.y + n.dy * ra)
    }

    /// Takes away the speed of the point `r` into a surface of `normal`, giving back the item's
    /// elasticity of it, and the item's friction of the speed along the surface.
    private func bounce(_ body: DynamicBody, normal n: CGVector, at r: CGVector) {
        let v = body.velocity(at: r)
        let into = v.dx * n.dx + v.dy * n.dy
        guard into < 0 else { return }
        let rn = r.dx * n.dy - r.dy * n.dx
        // Slow contacts do not bounce, so that an item comes to rest on what holds it.
        let elasticity = -into > Self.restingSpeed ? body.elasticity : 0
        let impulse = -(1 + elasticity) * into / (body.inverseMass + body.inverseInertia * rn * rn)
        body.apply(impulse: CGVector(dx: n.dx * impulse, dy: n.dy * impulse), at: r)
        // Friction, up to the tangential speed.
        let tangent = CGVector(dx: -n.dy, dy: n.dx)
        let slide = v.dx * tangent.dx + v.dy * tangent.dy
        let rt = r.dx * tangent.dy - r.dy * tangent.dx
        let stop = -slide / (body.inverseMass + body.inverseInertia * rt * rt)
        let limit = body.friction * impulse
        let friction = max(-limit, min(limit, stop))
        body.apply(impulse: CGVector(dx: tangent.dx * friction, dy: tangent.dy * friction), at: r)
    }
}
