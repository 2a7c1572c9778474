import CCairo
import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

/// What `paintedExtent(of:)` works out, in the layer's coordinates.
@Suite struct PaintedExtentTests {
    func extent(of layer: CALayer) -> CGRect? {
        withManualClock { _ in
            CATransaction.setDisableActions(true)
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            root.addSublayer(layer)
            let frame = NodeTreeCache().capture(root, at: 0)
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)!
            let context = cairo_create(surface)!
            defer {
                cairo_destroy(context)
                cairo_surface_destroy(surface)
            }
            let painter = LayerPainter(context: context, resources: RenderResources(), nodes: frame.nodes)
            return frame.root.flatMap { $0.sublayers.first }.flatMap { painter.paintedExtent(of: $0) }
        }
    }

    @Test func aContainerThatDrawsNothingHasNoExtent() {
        let container = CALayer()
        container.frame = CGRect(x: 0, y: 0, width: 360, height: 640)
        container.addSublayer(CALayer())
        #expect(extent(of: container) == .null)
    }

    @Test func sublayersAddTheirExtentsThroughTheirTransforms() throws {
        let container = CALayer()
        container.frame = CGRect(x: 0, y: 0, width: 360, height: 640)
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 100, y: 200, width: 50, height: 50)
        shape.path = CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 10), transform: nil)
        shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        shape.transform = CATransform3DMakeScale(2, 2, 1)
        container.addSublayer(shape)
        // The path's box, grown by a point for antialiasing (22 × 12), doubled about the
        // middle of the 50-point layer at (125, 225).
        let box = try #require(extent(of: container))
        #expect(abs(box.minX - 93) < 1e-9 && abs(box.minY - 193) < 1e-9)
        #expect(abs(box.width - 44) < 1e-9 && abs(box.height - 24) < 1e-9)
    }

    @Test func aMaskLimitsTheExtent() throws {
        let container = CALayer()
        container.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: -10_000, y: -10_000, width: 20_100, height: 20_100)
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        container.addSublayer(gradient)
        let mask = CAShapeLayer()
        mask.frame = container.bounds
        mask.path = CGPath(ellipseIn: CGRect(x: 20, y: 30, width: 40, height: 10), transform: nil)
        container.mask = mask
        let box = try #require(extent(of: container))
        #expect(box == CGRect(x: 19, y: 29, width: 42, height: 12))
    }

    @Test func aShadowOrATransformLayerIsNotWorkedOut() {
        let shadowed = CALayer()
        shadowed.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        shadowed.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        shadowed.shadowOpacity = 1
        #expect(extent(of: shadowed) == nil)
        let container = CALayer()
        container.addSublayer(CATransformLayer())
        #expect(extent(of: container) == nil)
    }
}
