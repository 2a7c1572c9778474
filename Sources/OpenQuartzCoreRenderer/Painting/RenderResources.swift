import CCairo
import Foundation
import OpenQuartzCore

/// What a renderer keeps from frame to frame: image surfaces and cached layer content. One
/// per bitmap; never shared between threads.
final class RenderResources {
    let images = ImageSurfaceCache()
    let contents = ContentCache()
    /// The span rasteriser's buffers, kept between shapes.
    let spans = SpanRasterizer()
    /// Linear and radial gradients' colour table and pixels, kept between gradients.
    let gradients = GradientRaster()
    /// How many masks were drawn as a clip or as one gradient rather than through groups: for
    /// tests.
    var masksWithoutGroupsCount = 0
    /// How many inverted mattes were cut out of their content's group rather than drawn into a
    /// mask's (``LayerPainter/cutOut(by:)``): for tests.
    var masksCutOutCount = 0
    /// How many masks were a stroke the content was painted through rather than a mask's group
    /// (``LayerPainter/paintThroughStroke(_:of:)``): for tests.
    var masksStrokedCount = 0
    /// How many clips to `masksToBounds` were left out because the sublayers lie within the
    /// bounds (``LayerPainter/sublayersLieWithin(_:radius:of:)``): for tests.
    var clipsLeftOutCount = 0
    /// How many layers painting only a visible background were filled straight through their
    /// transform, without Cairo's state: for tests.
    var backgroundsFilledDirectlyCount = 0
    /// How many translucent layers handed their opacity to the one sublayer they show rather
    /// than being painted through a group (``LayerPainter/paintFlat(_:opacity:transitions:)``):
    /// for tests.
    var opacitiesHandedDownCount = 0
    /// How many pixels the groups that hold layers casting shadows had: for tests.
    var shadowGroupPixelCount = 0
    /// Whether backgrounds spans can draw exactly are drawn by them rather than Cairo.
    var drawsWithSpans = true
    /// Whether linear and radial gradients are drawn by ``GradientRaster`` rather than Cairo's
    /// patterns (off for tests that compare the two).
    var drawsGradients = true

    init() {
        _ = FreedMemoryHint.applied
    }
}
