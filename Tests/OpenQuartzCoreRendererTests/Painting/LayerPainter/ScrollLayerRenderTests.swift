import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

@Suite("CARenderer: scroll layers")
struct ScrollLayerRenderTests {
    /// A 96-point scroll layer over a strip of red (x 0–96) then blue (x 96–192), clipped:
    /// scrolled 96 points along, it shows the blue half.
    @Test func aScrolledLayerShowsTheContentAtItsBoundsOrigin() {
        withManualClock { _ in
            let layer = root()
            let viewport = CAScrollLayer()
            viewport.frame = layer.bounds
            viewport.masksToBounds = true
            layer.addSublayer(viewport)
            box(CGRect(x: 0, y: 0, width: 96, height: 96), red, in: viewport)
            box(CGRect(x: 96, y: 0, width: 96, height: 96), blue, in: viewport)
            let renderer = render(layer)
            #expect(renderer.image.pixel(x: 48, y: 48) == redPixel)
            viewport.scroll(to: CGPoint(x: 96, y: 0))
            _ = render(layer, renderer: renderer)
            #expect(renderer.image.pixel(x: 48, y: 48) == bluePixel)
            viewport.scroll(to: CGPoint(x: 48, y: 0))
            _ = render(layer, renderer: renderer)
            #expect(renderer.image.pixel(x: 24, y: 48) == redPixel)
            #expect(renderer.image.pixel(x: 72, y: 48) == bluePixel)
        }
    }
}
