import Foundation
import OpenCoreGraphics

/// A layer that draws its content tile by tile: Apple's `CATiledLayer`, for content too large
/// to draw at once (maps, long documents, zoomable images).
///
/// Its `display()` calls ``CALayer/draw(in:)`` once for each tile the bounds cover, in rows
/// from the top left, with the context clipped to that tile, so drawing code that asks the
/// context for `boundingBoxOfClipPath` draws one tile's worth each time, as on Apple's
/// platforms:
///
///     final class MapLayer: CATiledLayer {
///         override func draw(in ctx: CGContext) {
///             let tile = ctx.boundingBoxOfClipPath   // 256 × 256 pixels' worth of points
///             ctx.draw(mapImage(covering: tile), in: tile)
///         }
///     }
///
/// Differences from Apple: tiles are drawn at once on the committing thread, not in the
/// background, so no tile is ever missing and ``fadeDuration()`` has nothing to fade in; and
/// they are drawn once, at the layer's `contentsScale`: the drawing is recorded, not
/// rasterised, so the renderer draws it sharp at every zoom without the other levels of
/// detail (``levelsOfDetail`` and ``levelsOfDetailBias`` are kept for code that reads them).
open class CATiledLayer: CALayer {
    package var tiledStorage = TiledLayerStorage()

    /// Creates a tiled layer with 256 × 256 pixel tiles and one level of detail.
    public override init() {
        super.init()
    }

    /// Creates a copy of `layer` for the presentation tree, its tiling included.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let tiled = layer as? CATiledLayer { tiledStorage = tiled.tiledStorage }
    }

    /// Creates a layer from an archive (nothing is decoded: Apple's defaults), or the copy
    /// `CALayer` makes for the presentation tree, its tiling included.
    public required init?(coder: NSCoder) {
        if let tiled = (coder as? LayerCreationCoder)?.model as? CATiledLayer {
            tiledStorage = tiled.tiledStorage
        }
        super.init(coder: coder)
    }

    override package class var propertyTable: LayerPropertyTable { tiledLayerPropertyTable }

    /// How long, in seconds, a newly drawn tile takes to fade in on Apple's platforms: 0.25.
    /// Tiles here are drawn before the frame that shows them, so nothing fades.
    open class func fadeDuration() -> CFTimeInterval { 0.25 }

    /// The size of a tile in pixels (256 × 256 by default); at a `contentsScale` of 2 a tile
    /// covers half as many points each way. A size below one pixel is taken as one.
    open var tileSize: CGSize {
        get { tiledStorage.tileSize }
        set { changeValue(TiledLayerPropertyDescriptors.tileSize) { tiledStorage.tileSize = newValue } }
    }

    /// How many levels of detail the content has, each half the resolution of the one
    /// before (1 by default). Kept; see the class's discussion.
    open var levelsOfDetail: Int {
        get { tiledStorage.levelsOfDetail }
        set { changeValue(TiledLayerPropertyDescriptors.levelsOfDetail) { tiledStorage.levelsOfDetail = newValue } }
    }

    /// How many of the levels of detail are magnified beyond the layer's resolution (0 by
    /// default). Kept; see the class's discussion.
    open var levelsOfDetailBias: Int {
        get { tiledStorage.levelsOfDetailBias }
        set {
            changeValue(TiledLayerPropertyDescriptors.levelsOfDetailBias) { tiledStorage.levelsOfDetailBias = newValue }
        }
    }

    /// The tiles covering the bounds, in the layer's coordinates, row by row from the top
    /// left; those at the right and bottom edges are cut to the bounds.
    package var tileRects: [CGRect] {
        let bounds = self.bounds
        let scale = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        let width = max(tileSize.width.isFinite ? tileSize.width : 256, 1) / scale
        let height = max(tileSize.height.isFinite ? tileSize.height : 256, 1) / scale
        guard bounds.width > 0, bounds.height > 0, bounds.width.isFinite, bounds.height.isFinite else { return [] }
        // Bounded so that a huge layer over a tiny tile cannot ask for billions of calls.
        let columns = Int(min((bounds.width / width).rounded(.up), 4096))
        let rows = Int(min((bounds.height / height).rounded(.up), 4096))
        var tiles: [CGRect] = []
        tiles.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let tile = CGRect(
                    x: bounds.minX + CGFloat(column) * width, y: bounds.minY + CGFloat(row) * height,
                    width: width, height: height)
                tiles.append(tile.intersection(bounds))
            }
        }
        return tiles
    }

    /// Draws the content as tiles: `draw(in:)` once per tile, the context clipped to it.
    override package func drawRecording(into context: CGContext) {
        for tile in tileRects {
            context.saveGState()
            context.clip(to: tile.offsetBy(dx: -bounds.minX, dy: -bounds.minY))
            draw(in: context)
            context.restoreGState()
        }
    }
}

/// The model values `CATiledLayer` adds.
package struct TiledLayerStorage: SubclassLayerStorage {
    package var tileSize = CGSize(width: 256, height: 256)
    package var levelsOfDetail = 1
    package var levelsOfDetailBias = 0

    package init() {}
}

/// `CALayer`'s properties and `CATiledLayer`'s tiling (none of them animatable).
/// Each is described once here: the table is made of them, and each setter changes its own.
enum TiledLayerPropertyDescriptors {
    static let tiled = SubclassPropertyBuilder(storage: \CATiledLayer.tiledStorage)
    /// A whole-number property: rounded, clamped, 0 when not finite.
    private static func whole(_ key: String, _ path: WritableKeyPath<TiledLayerStorage, Int> & Sendable)
        -> LayerProperty
    {
        tiled.property(
            key, .number, path, animatable: false,
            get: { .number(Double($0)) }, set: { wholeNumber($0.number) }, box: { wholeNumber($0.number) })
    }

    static let tileSize = tiled.property(
        "tileSize", .size, \.tileSize, animatable: false, get: { .size($0) }, set: { $0.sizeValue })
    static let levelsOfDetail = whole("levelsOfDetail", \.levelsOfDetail)
    static let levelsOfDetailBias = whole("levelsOfDetailBias", \.levelsOfDetailBias)

    static let all: [LayerProperty] = [tileSize, levelsOfDetail, levelsOfDetailBias]
}

/// `CALayer`'s properties and these.
let tiledLayerPropertyTable = LayerPropertyTable(TiledLayerPropertyDescriptors.all, inheriting: layerPropertyTable)

/// `value` rounded to an `Int`, clamped to what `Int` holds (NaN is 0), so that a key-value
/// coded number never traps.
private func wholeNumber(_ value: Double) -> Int {
    guard value.isFinite else { return value.isNaN ? 0 : (value > 0 ? Int.max : Int.min) }
    return Int(min(max(value.rounded(), -9.0e18), 9.0e18))
}
