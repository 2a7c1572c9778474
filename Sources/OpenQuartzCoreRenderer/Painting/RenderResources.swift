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
    /// Whether backgrounds spans can draw exactly are drawn by them rather than Cairo.
    var drawsWithSpans = true
}
