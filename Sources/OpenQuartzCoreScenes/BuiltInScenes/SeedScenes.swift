import Foundation
import OpenCoreGraphics
import OpenQuartzCore
import OpenUIKit

// The seed articles' experiments that are about who animates: standalone layers, views,
// transactions, fill modes and image views.

/// Seeds 000 and 001: one change, three outcomes. A standalone layer animates it implicitly
/// (0.25 s), a view's layer jumps (the view answers `NSNull`), and the same change inside
/// `UIView.animate` animates (the view answers an action). At 1.4 s each goes back the same way.
@MainActor
func viewVersusLayerScene(_ timeline: SceneTimeline) -> CALayer {
    let root = canvas(CGSize(width: 240, height: 180))
    for row in 0..<3 { lane(CGRect(x: 10, y: 8 + 60 * CGFloat(row), width: 220, height: 44), in: root) }
    let standalone = square(36, at: CGPoint(x: 40, y: 30), accent, in: root)
    let outside = viewBlock(centeredAt: CGPoint(x: 40, y: 90), in: root)
    let inside = viewBlock(centeredAt: CGPoint(x: 40, y: 150), in: root)
    timeline.keep(outside)
    timeline.keep(inside)
    // There and back, each to its own first colour on the way back.
    for (time, x, layerColor, viewColor) in [(0.4, 200.0, leaf, leaf), (1.4, 40.0, accent, ink)] {
        timeline.at(time) {
            standalone.position.x = x
            standalone.backgroundColor = layerColor
            outside.layer.position.x = x
            outside.layer.backgroundColor = viewColor
            UIView.animate(withDuration: 0.5) {
                inside.layer.position.x = x
                inside.layer.backgroundColor = viewColor
            }
        }
    }
    return root
}

@MainActor
private func viewBlock(centeredAt center: CGPoint, in root: CALayer) -> UIView {
    let view = UIView(frame: CGRect(x: center.x - 18, y: center.y - 18, width: 36, height: 36))
    view.backgroundColor = UIColor(cgColor: ink)
    view.layer.cornerRadius = 6
    root.addSublayer(view.layer)
    return view
}

/// Seed 001's nested transactions, all moved at 0.25 s inside one outer transaction: the outer
/// transaction's own change to a standalone layer (and its colour) takes its 0.25 s, an inner
/// transaction sets 1 s, a `UIView.animate` block moves a view for its 0.5 s, and an inner
/// transaction that disables actions makes its change jump. (A standalone layer changed in
/// the block would take the transaction's 0.25 s: UIKit does not set the transaction's
/// duration.)
@MainActor
func nestedTransactionsScene(_ timeline: SceneTimeline) -> CALayer {
    let root = canvas(CGSize(width: 240, height: 240))
    for row in 0..<4 { lane(CGRect(x: 10, y: 8 + 60 * CGFloat(row), width: 220, height: 44), in: root) }
    let view = viewBlock(centeredAt: CGPoint(x: 40, y: 150), in: root)
    timeline.keep(view)
    let rows = [30.0, 90, 150, 210].map { y in
        y == 150 ? view.layer : square(36, at: CGPoint(x: 40, y: y), ink, in: root)
    }
    timeline.at(0.25) {
        CATransaction.begin()
        rows[0].position.x = 200
        rows[0].backgroundColor = accent

        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        rows[1].position.x = 200
        CATransaction.commit()

        UIView.animate(withDuration: 0.5) { view.center.x = 200 }

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rows[3].position.x = 200
        CATransaction.commit()
        CATransaction.commit()
    }
    return root
}

/// Seed 002's fill-mode walk-through, shortened: each row's bar (model width 20) gets the same
/// animation of its width from 60 to 200, beginning 0.6 s in and lasting 1.5 s, not removed on
/// completion, with fill mode removed, forwards, backwards and both, top to bottom. The strip
/// at the bottom shows the 3 s, the animation's active time shaded and a moving playhead.
@MainActor
func fillModesScene(_ timeline: SceneTimeline) -> CALayer {
    let root = canvas(CGSize(width: 240, height: 240))
    let modes: [(CAMediaTimingFillMode, CGColor)] = [
        (.removed, ink), (.forwards, accent), (.backwards, leaf), (.both, plum),
    ]
    for (row, (mode, color)) in modes.enumerated() {
        let y = 28 + 50 * CGFloat(row)
        lane(CGRect(x: 10, y: y - 20, width: 220, height: 40), in: root)
        let bar = CALayer()
        bar.anchorPoint = CGPoint(x: 0, y: 0.5)
        bar.bounds = CGRect(x: 0, y: 0, width: 20, height: 24)
        bar.position = CGPoint(x: 20, y: y)
        bar.backgroundColor = color
        bar.cornerRadius = 6
        root.addSublayer(bar)
        let grow = CABasicAnimation(keyPath: "bounds.size")
        grow.fromValue = NSValue(cgSize: CGSize(width: 60, height: 24))
        grow.toValue = NSValue(cgSize: CGSize(width: 200, height: 24))
        grow.beginTime = CACurrentMediaTime() + 0.6
        grow.duration = 1.5
        grow.fillMode = mode
        grow.isRemovedOnCompletion = false
        grow.timingFunction = CAMediaTimingFunction(name: .linear)
        bar.add(grow, forKey: "grow")
    }
    // The strip maps the scene's 3 s onto x = 20…220.
    lane(CGRect(x: 20, y: 216, width: 200, height: 12), in: root)
    let active = CALayer()
    active.frame = CGRect(x: 60, y: 216, width: 100, height: 12)
    active.backgroundColor = CGColor(red: 0.17, green: 0.35, blue: 0.75, alpha: 0.35)
    root.addSublayer(active)
    let playhead = CALayer()
    playhead.bounds = CGRect(x: 0, y: 0, width: 4, height: 20)
    playhead.position = CGPoint(x: 20, y: 222)
    playhead.backgroundColor = CGColor(red: 0.2, green: 0.2, blue: 0.22, alpha: 1)
    playhead.cornerRadius = 2
    root.addSublayer(playhead)
    let sweep = CABasicAnimation(keyPath: "position.x")
    sweep.fromValue = CGFloat(20)
    sweep.toValue = CGFloat(220)
    sweep.duration = 3
    sweep.timingFunction = CAMediaTimingFunction(name: .linear)
    playhead.add(sweep, forKey: "sweep")
    return root
}

/// Seed 000's `UIImageView`: eight generated frames of a spinner in `animationImages`, cycling
/// every 0.8 s as a discrete keyframe animation on the layer's `contents`.
@MainActor
func imageViewScene(_ timeline: SceneTimeline) -> CALayer {
    let root = canvas(CGSize(width: 120, height: 120))
    let imageView = UIImageView(frame: CGRect(x: 12, y: 12, width: 96, height: 96))
    imageView.animationImages = (0..<8).map { UIImage(cgImage: spinnerFrame($0, of: 8, side: 96)) }
    imageView.animationDuration = 0.8
    root.addSublayer(imageView.layer)
    timeline.keep(imageView)
    imageView.startAnimating()
    return root
}

/// One frame of a spinner: `count` dots round a circle, dot `lit` in full ink and the ones
/// behind it fading, on a transparent background, `side × side` pixels.
private func spinnerFrame(_ lit: Int, of count: Int, side: Int) -> CGImage {
    let center = Double(side) / 2
    let orbit = Double(side) / 3
    let dotRadius = Double(side) / 13
    let color = ink.components ?? [0, 0, 0, 1]
    var pixels = [UInt8](repeating: 0, count: side * side * 4)
    for dot in 0..<count {
        let angle = 2 * Double.pi * Double(dot) / Double(count) - .pi / 2
        let dotX = center + orbit * cos(angle)
        let dotY = center + orbit * sin(angle)
        // The lit dot is opaque; each one behind it (going backwards round) fades by 1/count.
        let age = (lit - dot + count) % count
        let strength = 1 - Double(age) / Double(count)
        for y in 0..<side {
            for x in 0..<side {
                let distance =
                    ((Double(x) + 0.5 - dotX) * (Double(x) + 0.5 - dotX)
                    + (Double(y) + 0.5 - dotY) * (Double(y) + 0.5 - dotY)).squareRoot()
                // Anti-aliased edge: full inside, a one-pixel ramp across the rim.
                let coverage = min(max(dotRadius + 0.5 - distance, 0), 1) * strength
                guard coverage > 0 else { continue }
                let index = (y * side + x) * 4
                pixels[index] = UInt8((Double(color[0]) * 255).rounded())
                pixels[index + 1] = UInt8((Double(color[1]) * 255).rounded())
                pixels[index + 2] = UInt8((Double(color[2]) * 255).rounded())
                pixels[index + 3] = UInt8((coverage * 255).rounded())
            }
        }
    }
    guard let image = CGImage(width: side, height: side, rgbaPixels: pixels) else {
        misuse("a \(side) × \(side) spinner frame always makes an image")
    }
    return image
}
