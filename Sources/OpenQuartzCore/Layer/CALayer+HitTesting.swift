import Foundation
import OpenCoreGraphics

extension CALayer {
    /// The layer's `transform` as an affine transform (its 2D part: `m11`, `m12`, `m21`,
    /// `m22`, `m41`, `m42`), as `CALayer.h` defines it.
    public func affineTransform() -> CGAffineTransform {
        CATransform3DGetAffineTransform(transform)
    }

    /// Sets `transform` to `m` (its 3D form), through the `transform` property: the change
    /// animates as a change of `transform` does.
    public func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }
}

extension CALayer {
    /// `hitTest(_:)` of the class body.
    package func hitTestTree(_ p: CGPoint) -> CALayer? {
        guard !storage.drawn.isHidden, let local = mapToSuperlayer.inverted?.apply(p) else { return nil }
        let inside = contains(local)
        if storage.drawn.masksToBounds, !inside { return nil }
        for sublayer in sublayersFrontToBack() {
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }

    /// The sublayers from the front-most to the one at the back: by `zPosition`, highest
    /// first, and among equal ones from the last in `sublayers` to the first.
    private func sublayersFrontToBack() -> [CALayer] {
        let list = sublayers ?? []
        return list.indices.sorted { a, b in
            let za = list[a].storage.drawn.zPosition
            let zb = list[b].storage.drawn.zPosition
            return za != zb ? za > zb : a > b
        }.map { list[$0] }
    }
}
