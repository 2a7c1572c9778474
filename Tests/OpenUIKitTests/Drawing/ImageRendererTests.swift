import Foundation
import OpenQuartzCoreRenderer
import OpenUIKit
import QuartzTestSupport
import Testing

@MainActor
@Suite("UIGraphicsImageRenderer, image contexts and drawHierarchy", .serialized)
struct ImageRendererTests {
    private let red = [255, 0, 0, 255]
    private let blue = [0, 0, 255, 255]
    private let clear = [0, 0, 0, 0]

    @Test func theBlockDrawsInUIKitsSpaceAtTheFormatsScale() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 20), format: format)
        let image = renderer.image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))  // the top-left corner
            #expect(UIGraphicsGetCurrentContext() === context.cgContext)
        }
        #expect(image.size == CGSize(width: 40, height: 20) && image.scale == 2)
        let pixels = try #require(image.cgImage)
        #expect(pixels.width == 80 && pixels.height == 40)
        #expect(pixels.pixel(x: 5, y: 5) == red && pixels.pixel(x: 19, y: 19) == red)
        #expect(pixels.pixel(x: 21, y: 5) == clear && pixels.pixel(x: 5, y: 30) == clear)
        #expect(UIGraphicsGetCurrentContext() == nil, "popped after the block")
    }

    @Test func anOpaqueFormatIsBlackWhereNothingIsDrawn() throws {
        let format = UIGraphicsImageRendererFormat()
        format.opaque = true
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).image { _ in }
        #expect(try #require(image.cgImage).pixel(x: 1, y: 1) == [0, 0, 0, 255])
    }

    @Test func pngDataReadsBackToTheSamePixels() throws {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8))
        let data = renderer.pngData { context in
            UIColor.blue.setFill()
            context.fill(CGRect(x: 4, y: 4, width: 4, height: 4))
        }
        let decoded = try #require(UIImage(data: data)?.cgImage)
        #expect(decoded.pixel(x: 6, y: 6) == blue && decoded.pixel(x: 1, y: 1) == clear)
    }

    @Test func aLayerRenderedHereHasTheRenderersPixels() throws {
        try withManualClock { _ in
            CATransaction.setDisableActions(true)
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 48, height: 32)
            layer.backgroundColor = UIColor.white.cgColor
            let dot = CAShapeLayer()
            dot.path = CGPath(ellipseIn: CGRect(x: 4, y: 4, width: 30, height: 20), transform: nil)
            dot.fillColor = UIColor.red.cgColor
            dot.strokeColor = UIColor.blue.cgColor
            dot.lineWidth = 3
            layer.addSublayer(dot)
            CATransaction.flush()
            let format = UIGraphicsImageRendererFormat()
            format.scale = 2
            let drawn = try #require(
                UIGraphicsImageRenderer(size: layer.bounds.size, format: format).image { context in
                    layer.render(in: context.cgContext)
                }.cgImage)
            let renderer = CARenderer(width: 96, height: 64, scale: 2)
            renderer.layer = layer
            renderer.beginFrame(atTime: CACurrentMediaTime())
            renderer.render()
            renderer.endFrame()
            let expected = renderer.image
            var differing = 0
            for y in 0..<64 {
                for x in 0..<96 where drawn.pixel(x: x, y: y) != expected.pixel(x: x, y: y) { differing += 1 }
            }
            #expect(differing == 0, "the same pixels as CARenderer's")
        }
    }

    @Test func aCGImageDrawnStraightIntoTheContextIsUpsideDownAsOnIOS() throws {
        var pixels: [UInt8] = []
        for y in 0..<2 {
            for _ in 0..<2 { pixels += y == 0 ? [255, 0, 0, 255] : [0, 0, 255, 255] }  // red row on top
        }
        let picture = try #require(CGImage(width: 2, height: 2, rgbaPixels: pixels))
        let image = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { context in
            context.cgContext.draw(picture, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        }
        #expect(
            try #require(image.cgImage).pixel(x: 0, y: 0) == blue, "Core Graphics' y-up image in UIKit's y-down space")
    }

    @Test func theImageContextsBeforeTheRenderer() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 10), false, 2)
        UIColor.red.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 5, height: 5))
        UIGraphicsBeginImageContext(CGSize(width: 3, height: 3))
        let inner = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        let outer = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(inner.size == CGSize(width: 3, height: 3))
        #expect(outer.scale == 2 && outer.cgImage?.width == 20)
        #expect(try #require(outer.cgImage).pixel(x: 2, y: 2) == red)
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil && UIGraphicsGetCurrentContext() == nil)
    }

    @Test func drawHierarchyDrawsTheViewAsShownIntoARectangle() throws {
        try withManualClock { clock in
            let view = UIView(frame: CGRect(x: 100, y: 100, width: 20, height: 20))
            view.backgroundColor = .red
            let child = UIView(frame: CGRect(x: 10, y: 0, width: 10, height: 20))
            child.backgroundColor = .blue
            view.addSubview(child)
            CATransaction.flush()
            UIView.animate(withDuration: 1) { child.alpha = 0 }
            clock.advance(to: 1.5)
            let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40)).image { _ in
                #expect(view.drawHierarchy(in: CGRect(x: 0, y: 0, width: 40, height: 40), afterScreenUpdates: true))
            }
            let pixels = try #require(image.cgImage)
            #expect(pixels.pixel(x: 5, y: 5) == red, "scaled to the rectangle")
            #expect(pixels.pixel(x: 30, y: 30) == red, "the faded child no longer shows")
            #expect(!view.drawHierarchy(in: .zero, afterScreenUpdates: false), "no current context")
        }
    }

    @Test func aSnapshotViewShowsAPictureOfTheView() throws {
        try withManualClock { _ in
            let view = UIView(frame: CGRect(x: 50, y: 50, width: 10, height: 10))
            view.backgroundColor = .blue
            view.contentScaleFactor = 2
            let snapshot = try #require(view.snapshotView(afterScreenUpdates: true))
            #expect(snapshot.bounds.size == CGSize(width: 10, height: 10))
            let picture = try #require(snapshot.layer.contents as! CGImage?)
            #expect(picture.width == 20 && picture.pixel(x: 10, y: 10) == blue)
            view.backgroundColor = .red
            #expect((snapshot.layer.contents as! CGImage?)?.pixel(x: 10, y: 10) == blue, "a picture, not a mirror")
        }
    }
}
