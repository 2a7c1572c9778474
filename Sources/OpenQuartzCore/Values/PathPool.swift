import Foundation
import OpenCoreGraphics

/// The paths one animated path value is interpolated into, frame after frame, so that a
/// playing path animation allocates nothing once warm.
///
/// A path the pool alone holds — no frame's node, no evaluated value, no caller of
/// `presentation()` — is written over; while every path is held elsewhere, a new one is made
/// (and kept, up to ``capacity``). A path is never changed while anything else holds it.
package final class PathPool {
    /// Enough for the tree's own value, the frames a renderer has in flight and its content
    /// cache's last node.
    private static let capacity = 8
    private var paths: [CGPath] = []

    package init() {
        paths.reserveCapacity(Self.capacity)
    }

    /// `a` and `b` interpolated at `f` (``CGPath/interpolating(_:_:fraction:into:)``).
    package func interpolate(_ a: CGPath, _ b: CGPath, fraction f: Double) -> CGPath? {
        for index in paths.indices where isKnownUniquelyReferenced(&paths[index]) {
            return CGPath.interpolating(a, b, fraction: f, into: paths[index])
        }
        let path = CGPath.interpolating(a, b, fraction: f)
        if let path, paths.count < Self.capacity { paths.append(path) }
        return path
    }
}
