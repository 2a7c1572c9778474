import OpenQuartzCore
import QuartzTestSupport
import Testing

/// `layoutIfNeeded()` lays out the tree below the layer: its sublayers and its mask, each that
/// is marked as needing layout (a mask sized in `layoutSublayers` is laid out with the rest).
@Suite("Layer layout")
struct LayerLayoutTests {
    final class Recording: CALayer {
        var layouts = 0
        override func layoutSublayers() {
            layouts += 1
            // A mask sizes its own shape to the bounds it was given, as lottie-ios's do.
            sublayers?.first?.frame = bounds
        }
    }

    @Test func layoutIfNeededLaysOutSublayersAndMasks() {
        withManualClock { _ in
            CATransaction.setDisableActions(true)
            let root = CALayer()
            let child = Recording()
            let mask = Recording()
            let shape = CALayer()
            mask.addSublayer(shape)
            mask.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
            root.addSublayer(child)
            root.mask = mask
            for layer in [root, child, mask] { layer.setNeedsLayout() }
            root.layoutIfNeeded()
            #expect(child.layouts == 1)
            #expect(mask.layouts == 1, "the mask is laid out with the tree")
            #expect(shape.frame == CGRect(x: 0, y: 0, width: 30, height: 20))
            #expect(!child.needsLayout())
            root.setNeedsLayout()
            root.layoutIfNeeded()
            #expect(child.layouts == 1, "only layers marked as needing layout are laid out")
        }
    }
}
