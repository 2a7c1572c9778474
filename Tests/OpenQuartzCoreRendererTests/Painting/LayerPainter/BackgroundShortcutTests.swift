import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

/// A layer that paints only its background (the most common leaf: no contents, sublayers,
/// border, shadow, mask or blending, opacity 1) is filled by the spans straight through its
/// transform, without Cairo's state being saved, transformed and restored around it
/// (`LayerPainter.paint`). Each scene is drawn as it is and again with an empty sublayer in
/// every leaf, which takes the shortcut away and paints nothing: the two frames must be the
/// same to the byte.
@Suite struct BackgroundShortcutTests {
    enum Scene: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case onTheRoot, underAScaledTurnedParent, underAClippingParent, atTwoPixelsAPoint
        var testDescription: String { rawValue }
    }

    /// The span tests' shapes (turned, sub-pixel, tiny, huge, clipped, two corners, opaque),
    /// in a 100 × 80 root, placed by `scene`; the number of leaves.
    func frame(_ scene: Scene, shortcut: Bool) -> (pixels: [UInt8], leaves: Int, direct: Int) {
        withManualClock { _ in
            CATransaction.setDisableActions(true)
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
            root.backgroundColor = CGColor(red: 0.9, green: 0.85, blue: 0.8, alpha: 1)
            let parent = CALayer()
            parent.frame = root.bounds
            switch scene {
            case .onTheRoot, .atTwoPixelsAPoint: break
            case .underAScaledTurnedParent:
                parent.transform = CATransform3DConcat(
                    CATransform3DMakeScale(0.7, 1.3, 1), CATransform3DMakeRotation(0.4, 0, 0, 1))
            case .underAClippingParent:
                parent.frame = CGRect(x: 10, y: 7, width: 71, height: 58)
                parent.masksToBounds = true
            }
            root.addSublayer(parent)
            for (index, shape) in SpanCase.all.enumerated() where shape.opacity == 1 {
                let leaf = CALayer()
                leaf.frame = shape.frame
                leaf.transform = CATransform3DMakeRotation(shape.degrees * .pi / 180, 0, 0, 1)
                leaf.cornerRadius = shape.radius
                leaf.maskedCorners = shape.corners
                let hue = CGFloat(index) / CGFloat(SpanCase.all.count)
                leaf.backgroundColor = CGColor(red: hue, green: 1 - hue, blue: 0.5, alpha: shape.alpha)
                if !shortcut { leaf.addSublayer(CALayer()) }
                parent.addSublayer(leaf)
            }
            let renderer = render(root, scale: scene == .atTwoPixelsAPoint ? 2 : 1)
            return (
                renderer.premultipliedBGRA, parent.sublayers?.count ?? 0,
                renderer.resources.backgroundsFilledDirectlyCount
            )
        }
    }

    @Test(arguments: Scene.allCases)
    func leavesFilledDirectlyGiveTheSameBytes(_ scene: Scene) {
        let (direct, leaves, shortcuts) = frame(scene, shortcut: true)
        let (throughCairo, _, none) = frame(scene, shortcut: false)
        #expect(leaves == 16)
        // Every leaf took the shortcut (the clipping parent's clip is whole pixels, which the
        // spans draw within); none did with a sublayer.
        #expect(shortcuts == leaves)
        #expect(none == 0)
        #expect(direct.count == throughCairo.count)
        let largest = zip(direct, throughCairo).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest == 0, "pixels differ by up to \(largest) levels")
        // The leaves drew: many pixels are not the root's background.
        let drawn = stride(from: 0, to: direct.count, by: 4).filter { direct[$0 + 1] < 190 }.count
        #expect(drawn > 1500, "\(drawn) pixels of the leaves")
    }
}
