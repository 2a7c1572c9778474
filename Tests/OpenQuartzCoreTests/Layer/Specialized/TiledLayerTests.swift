import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// A tiled layer that records the clip it is handed for each tile.
private final class RecordingTiledLayer: CATiledLayer {
    var clips: [CGRect] = []

    override func draw(in ctx: CGContext) {
        clips.append(ctx.boundingBoxOfClipPath)
    }
}

@Suite("CATiledLayer, contentsAreFlipped and shouldArchiveValue")
struct TiledLayerTests {
    @Test func aTiledLayerHasApplesDefaults() {
        withManualClock { _ in
            let layer = CATiledLayer()
            #expect(layer.tileSize == CGSize(width: 256, height: 256))
            #expect(layer.levelsOfDetail == 1 && layer.levelsOfDetailBias == 0)
            #expect(CATiledLayer.fadeDuration() == 0.25)
            layer.setValue(3, forKey: "levelsOfDetail")
            layer.setValue(CGSize(width: 128, height: 64), forKey: "tileSize")
            #expect(layer.levelsOfDetail == 3)
            #expect(layer.value(forKey: "tileSize") as? CGSize == CGSize(width: 128, height: 64))
            layer.setValue(Double.nan, forKey: "levelsOfDetailBias")
            #expect(layer.levelsOfDetailBias == 0, "a number that is no whole number does not trap")
        }
    }

    @Test func displayDrawsOnceForEachTileWithTheContextClippedToIt() {
        withManualClock { _ in
            CATransaction.setDisableActions(true)
            let layer = RecordingTiledLayer()
            layer.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
            layer.tileSize = CGSize(width: 128, height: 128)
            layer.display()
            #expect(layer.clips.count == 6, "3 columns × 2 rows of 128-point tiles")
            #expect(layer.clips[0] == CGRect(x: 0, y: 0, width: 128, height: 128))
            #expect(layer.clips[2] == CGRect(x: 256, y: 0, width: 44, height: 128))
            #expect(layer.clips[5] == CGRect(x: 256, y: 128, width: 44, height: 72))

            layer.clips = []
            layer.contentsScale = 2
            layer.display()
            #expect(layer.clips.count == 20, "tiles are pixels: 64 points each at a scale of 2")
            #expect(layer.clips[1] == CGRect(x: 64, y: 0, width: 64, height: 64))
        }
    }

    @Test func presentationCopiesKeepTheTiling() throws {
        try withManualClock { _ in
            CATransaction.setDisableActions(true)
            let layer = CATiledLayer()
            layer.tileSize = CGSize(width: 32, height: 32)
            layer.levelsOfDetailBias = 2
            CATransaction.flush()
            let shown = try #require(layer.presentation())
            #expect(shown.tileSize == CGSize(width: 32, height: 32) && shown.levelsOfDetailBias == 2)
        }
    }

    @Test func theClipsBoundingBoxIsInUserSpace() {
        let context = CGContext(size: CGSize(width: 100, height: 80))
        #expect(context.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 100, height: 80))
        context.translateBy(x: 10, y: 20)
        context.scaleBy(x: 2, y: 2)
        #expect(context.boundingBoxOfClipPath == CGRect(x: -5, y: -10, width: 50, height: 40))
        context.saveGState()
        context.clip(to: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(context.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 10, height: 10))
        context.restoreGState()
        #expect(context.boundingBoxOfClipPath == CGRect(x: -5, y: -10, width: 50, height: 40))
    }

    @Test func contentsAreFlippedUnderAnOddNumberOfFlippedLayers() {
        let outer = CALayer()
        let middle = CALayer()
        let inner = CALayer()
        outer.addSublayer(middle)
        middle.addSublayer(inner)
        #expect(!inner.contentsAreFlipped())
        outer.isGeometryFlipped = true
        #expect(inner.contentsAreFlipped() && middle.contentsAreFlipped())
        middle.isGeometryFlipped = true
        #expect(!inner.contentsAreFlipped(), "two flips cancel")
    }

    @Test func everyKeyIsArchivedUnlessASubclassSaysOtherwise() {
        final class Unarchived: CALayer {
            override func shouldArchiveValue(forKey key: String) -> Bool { key != "opacity" }
        }
        #expect(CALayer().shouldArchiveValue(forKey: "opacity"))
        #expect(!Unarchived().shouldArchiveValue(forKey: "opacity"))
        #expect(Unarchived().shouldArchiveValue(forKey: "bounds"))
    }
}
