import Foundation

extension CGPath {
    /// Whether `point`, first mapped through `transform`, lies inside the region the path
    /// would fill under `rule`.
    ///
    /// Open subpaths count as closed, as filling closes them. Curves are flattened to within
    /// 0.01 units, so points closer than that to a curved edge may land on either side; points
    /// exactly on an edge are not specified, as with Apple.
    public func contains(
        _ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity
    ) -> Bool {
        let p = point.applying(transform)
        var winding = 0
        for polygon in flattenedPolygons(tolerance: 0.01) where polygon.points.count > 2 {
            var previous = polygon.points[polygon.points.count - 1]
            for current in polygon.points {
                winding += crossingDirection(from: previous, to: current, around: p)
                previous = current
            }
        }
        switch rule {
        case .winding: return winding != 0
        case .evenOdd: return winding % 2 != 0
        }
    }

    /// Returns a copy with every curve replaced by straight lines that stay within
    /// `threshold` of it; moves and closes are kept.
    public func flattened(threshold: CGFloat) -> CGPath {
        var result = PathStorage()
        for polygon in flattenedPolygons(tolerance: max(threshold, 1e-6)) {
            guard let first = polygon.points.first else { continue }
            result.append(.move(to: first))
            for point in polygon.points.dropFirst() {
                result.append(.line(to: point))
            }
            if polygon.isClosed { result.append(.closeSubpath) }
        }
        return CGPath(storage: result)
    }

    /// The subpaths as point lists with every curve subdivided uniformly into segments that
    /// stay within `tolerance` of it.
    func flattenedPolygons(tolerance: CGFloat) -> [(points: [CGPoint], isClosed: Bool)] {
        var polygons: [(points: [CGPoint], isClosed: Bool)] = []
        var points: [CGPoint] = []
        var current = CGPoint.zero
        var subpathStart = CGPoint.zero
        func finish(closed: Bool) {
            if !points.isEmpty { polygons.append((points, closed)) }
            points = []
        }
        for element in storage.elements {
            // Segments after a close without a move start a new subpath at the old start.
            if points.isEmpty, element != .closeSubpath { points = [subpathStart] }
            switch element {
            case .move(let to):
                finish(closed: false)
                points = [to]
                subpathStart = to
            case .line(let to):
                points.append(to)
            case .quadCurve(let to, let control):
                let bend = hypot(current.x - 2 * control.x + to.x, current.y - 2 * control.y + to.y)
                let count = flatteningSegmentCount(secondDifference: bend, scale: 0.25, tolerance: tolerance)
                for index in 1...count {
                    points.append(quadraticPoint(current, control, to, at: CGFloat(index) / CGFloat(count)))
                }
            case .curve(let to, let c1, let c2):
                let bend = max(
                    hypot(current.x - 2 * c1.x + c2.x, current.y - 2 * c1.y + c2.y),
                    hypot(c1.x - 2 * c2.x + to.x, c1.y - 2 * c2.y + to.y))
                let count = flatteningSegmentCount(secondDifference: bend, scale: 0.75, tolerance: tolerance)
                for index in 1...count {
                    points.append(cubicPoint(current, c1, c2, to, at: CGFloat(index) / CGFloat(count)))
                }
            case .closeSubpath:
                finish(closed: true)
            }
            current = element.endPoint ?? subpathStart
        }
        finish(closed: false)
        return polygons
    }
}

/// +1 when the edge `a → b` crosses the horizontal ray right of `p` going up, −1 going down,
/// 0 otherwise: one step of the winding-number algorithm.
private func crossingDirection(from a: CGPoint, to b: CGPoint, around p: CGPoint) -> Int {
    let side = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    if a.y <= p.y {
        return b.y > p.y && side > 0 ? 1 : 0
    } else {
        return b.y <= p.y && side < 0 ? -1 : 0
    }
}
