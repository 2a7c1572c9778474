import CCairo
import Foundation
import OpenQuartzCore

extension LayerPainter {
    /// Draws what the layer shows of its own content: what its `draw(in:)` recorded (on the
    /// model layer: presentation copies do not carry it), or else its `contents` image —
    /// placed by `contentsGravity`, cut by `contentsRect`, stretched around `contentsCenter`,
    /// clipped to the rounded bounds when `masksToBounds`.
    ///
    /// Core Animation has a single `contents`: `display()` replaces it with the backing store
    /// it drew, which then obeys the same gravity, rectangle and centre as an image. Here the
    /// recording is kept apart (the snapshot carries the model layer's), so it is treated as that backing store: its natural size is
    /// the size it was drawn at, and a layer resized without redrawing stretches it as Core
    /// Animation stretches the old bitmap. A recording with no operations counts as no drawing,
    /// so the image shows: Core Animation does not replace `contents` when neither the layer
    /// nor its delegate implements drawing, and an empty recording is the nearest sign of that
    /// here.
    ///
    /// `upsideDown` (the snapshot's ``LayerSnapshot/isUpsideDown``) mirrors an image back
    /// so that it reads upright.
    func paintContents(of layer: RenderNode, drawing: CGContext?, upsideDown: Bool = false) {
        let source: ContentsSource
        if let drawing, !drawing.operations.isEmpty {
            source = .drawing(drawing, origin: layer.bounds.origin)
        } else if let image = layer.contents {
            source = .image(image)
        } else {
            return
        }
        let scale = layer.usableContentsScale
        let layout = ContentsLayout(
            sourceSize: source.size, pointsPerUnit: source.pointsPerUnit(contentsScale: scale),
            bounds: layer.bounds, gravity: layer.contentsGravity,
            contentsRect: layer.contentsRect, contentsCenter: layer.contentsCenter)
        guard !layout.patches.isEmpty else { return }

        cairo_save(context)
        defer { cairo_restore(context) }
        if upsideDown, case .image = source {
            // An image stays upright in a y-up plane: mirrored back about the bounds' middle.
            // (A recording of `draw(in:)` follows the geometry, as Core Graphics drawing does.)
            mirrorVertically(within: layer.bounds)
        }
        // (With masksToBounds, the painter has already clipped to the rounded bounds.)
        let images = resources.images
        // Neighbouring patches of a nine-part image share edges that may fall inside a pixel.
        // Painted over one another, two antialiased edges let the background show through the
        // seam; added together into a group of their own, their coverages sum to one.
        let isNinePart = layout.patches.count > 1
        if isNinePart { cairo_push_group(context) }
        for patch in layout.patches {
            cairo_save(context)
            if isNinePart { cairo_set_operator(context, CAIRO_OPERATOR_ADD) }
            switch source {
            case .image(let image):
                guard let surface = images.surface(for: image) else { break }
                if contentsOpacity < 1 {
                    // A translucent layer's only image (LayerPainter.paintFlat): not nine-part.
                    guard CairoDrawing.setSource(surface, from: patch.source, to: patch.destination, in: context)
                    else { break }
                    CairoDrawing.rectangle(patch.destination, in: context)
                    cairo_clip(context)
                    cairo_paint_with_alpha(context, contentsOpacity)
                } else {
                    CairoDrawing.fill(patch.destination, with: surface, from: patch.source, in: context)
                }
            case .drawing(let drawing, let origin):
                paintRecording(drawing, origin: origin, patch: patch, images: images, asGroup: isNinePart)
            }
            cairo_restore(context)
        }
        if isNinePart {
            cairo_pop_group_to_source(context)
            cairo_paint(context)
        }
    }
}

/// What a layer shows as its contents.
enum ContentsSource {
    /// A `contents` image, measured in its pixels.
    case image(CGImage)
    /// What `draw(in:)` recorded, measured in the points it was drawn in; `origin` is the
    /// point of the recording that the top-left corner of its canvas shows (the layer's
    /// bounds origin: the recording is in the layer's bounds coordinates).
    case drawing(CGContext, origin: CGPoint)

    /// The size of the whole source in its own units.
    var size: CGSize {
        switch self {
        case .image(let image): CGSize(width: image.width, height: image.height)
        case .drawing(let drawing, _): drawing.size
        }
    }

    /// Points per source unit at the layer's natural size: an image pixel is `1 / contentsScale`
    /// points; a recording drawn for a backing store of `scale` pixels per point covers
    /// `scale / contentsScale` points per point, 1 unless `contentsScale` changed since.
    func pointsPerUnit(contentsScale: CGFloat) -> CGFloat {
        switch self {
        case .image: 1 / contentsScale
        case .drawing(let drawing, _):
            drawing.scale.isFinite && drawing.scale > 0 ? drawing.scale / contentsScale : 1 / contentsScale
        }
    }
}

/// Where a layer's contents land in its bounds: the part `contentsRect` selects, at its
/// natural size (source units × points per unit) placed by `contentsGravity`, then cut into up
/// to nine patches by `contentsCenter`, the corners keeping their natural size.
///
/// Apple's reference is CALayer.h and the `contentsGravity`, `contentsRect` and
/// `contentsCenter` documentation; the choices where it is silent are marked below.
struct ContentsLayout {
    /// A part of the source (in its units) and the rectangle of the bounds it is stretched to.
    struct Patch: Equatable {
        var source: CGRect
        var destination: CGRect
    }

    /// The rectangle the whole selected part occupies, before nine-part stretching; `.null`
    /// when nothing is shown.
    let destination: CGRect
    /// The patches to draw, none when nothing is shown.
    let patches: [Patch]

    init(
        sourceSize: CGSize, pointsPerUnit: CGFloat, bounds: CGRect, gravity: CALayerContentsGravity,
        contentsRect: CGRect, contentsCenter: CGRect
    ) {
        guard
            let (selected, placed) = Self.placement(
                sourceSize: sourceSize, pointsPerUnit: pointsPerUnit, bounds: bounds, gravity: gravity,
                contentsRect: contentsRect)
        else {
            destination = .null
            patches = []
            return
        }
        destination = placed
        let center = contentsCenter.standardized
        let columns = Self.split(
            source: selected.minX...selected.maxX, center: center.minX...center.maxX,
            destination: placed.minX...placed.maxX, pointsPerUnit: pointsPerUnit)
        let rows = Self.split(
            source: selected.minY...selected.maxY, center: center.minY...center.maxY,
            destination: placed.minY...placed.maxY, pointsPerUnit: pointsPerUnit)
        patches = rows.flatMap { row in
            columns.map { column in
                Patch(
                    source: CGRect(
                        x: column.source.lowerBound, y: row.source.lowerBound,
                        width: column.source.upperBound - column.source.lowerBound,
                        height: row.source.upperBound - row.source.lowerBound),
                    destination: CGRect(
                        x: column.destination.lowerBound, y: row.destination.lowerBound,
                        width: column.destination.upperBound - column.destination.lowerBound,
                        height: row.destination.upperBound - row.destination.lowerBound))
            }
        }
    }

    /// The part of the source `contentsRect` selects (in source units) and the rectangle of
    /// `bounds` it fills, before nine-part stretching; nil when nothing is shown.
    static func placement(
        sourceSize: CGSize, pointsPerUnit: CGFloat, bounds: CGRect, gravity: CALayerContentsGravity,
        contentsRect: CGRect
    ) -> (selected: CGRect, placed: CGRect)? {
        let unitRect = contentsRect.standardized
        let selected = CGRect(
            x: unitRect.minX * sourceSize.width, y: unitRect.minY * sourceSize.height,
            width: unitRect.width * sourceSize.width, height: unitRect.height * sourceSize.height)
        let natural = CGSize(width: selected.width * pointsPerUnit, height: selected.height * pointsPerUnit)
        // Apple: "If an empty rectangle is provided, the results are undefined": draw nothing.
        guard natural.width > 0, natural.height > 0, natural.width.isFinite, natural.height.isFinite,
            bounds.minX.isFinite, bounds.minY.isFinite, bounds.width.isFinite, bounds.height.isFinite
        else { return nil }
        return (selected, place(natural, in: bounds, gravity: gravity))
    }

    /// The rectangle of `bounds` that contents of `natural` size fill under `gravity`.
    ///
    /// The vertical names follow the screen, as iOS code expects: `top` is the edge with the
    /// smallest y, at the top of the picture. (Apple's note on `contentsGravity` says the
    /// names follow the vertical axis and swap when `contentsAreFlipped()`; this renderer's
    /// layers are in iOS's y-down geometry and treat `top` as the top of the screen.)
    /// `resizeAspectFill` is not cropped: the overflow shows unless `masksToBounds`, as on iOS.
    /// An unknown gravity resizes, the default.
    static func place(_ natural: CGSize, in bounds: CGRect, gravity: CALayerContentsGravity) -> CGRect {
        let size: CGSize
        switch gravity {
        case .resizeAspect, .resizeAspectFill:
            let scaleX = bounds.width / natural.width
            let scaleY = bounds.height / natural.height
            let scale = gravity == .resizeAspect ? min(scaleX, scaleY) : max(scaleX, scaleY)
            size = CGSize(width: natural.width * scale, height: natural.height * scale)
        case .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight:
            size = natural
        default:
            return bounds
        }
        let x: CGFloat
        switch gravity {
        case .left, .topLeft, .bottomLeft: x = bounds.minX
        case .right, .topRight, .bottomRight: x = bounds.maxX - size.width
        default: x = bounds.midX - size.width / 2
        }
        let y: CGFloat
        switch gravity {
        case .top, .topLeft, .topRight: y = bounds.minY
        case .bottom, .bottomLeft, .bottomRight: y = bounds.maxY - size.height
        default: y = bounds.midY - size.height / 2
        }
        return CGRect(origin: CGPoint(x: x, y: y), size: size)
    }

    /// One axis of the nine-part grid: the source span cut at the unit fractions of `center`,
    /// matched with destination spans whose outer two keep their natural length and whose
    /// middle takes the rest. Spans of no destination length are left out.
    ///
    /// Where Apple is silent: when the outer parts are together longer than the destination,
    /// they shrink in proportion and the middle vanishes; a middle of no source length (a
    /// `contentsCenter` of zero width, the usual "stretch this line" idiom) stretches the one
    /// source unit centred on it.
    static func split(
        source: ClosedRange<CGFloat>, center: ClosedRange<CGFloat>, destination: ClosedRange<CGFloat>,
        pointsPerUnit: CGFloat
    ) -> [(source: ClosedRange<CGFloat>, destination: ClosedRange<CGFloat>)] {
        let length = source.upperBound - source.lowerBound
        let low = min(max(center.lowerBound, 0), 1)
        let high = min(max(center.upperBound, low), 1)
        let cut1 = source.lowerBound + low * length
        let cut2 = source.lowerBound + high * length
        var before = (cut1 - source.lowerBound) * pointsPerUnit
        var after = (source.upperBound - cut2) * pointsPerUnit
        let available = destination.upperBound - destination.lowerBound
        if before + after > available {
            let shrink = available / (before + after)
            before *= shrink
            after *= shrink
        }
        let stop1 = destination.lowerBound + before
        let stop2 = max(destination.upperBound - after, stop1)
        var middle = cut1...cut2
        if cut2 - cut1 <= 0 {
            middle = (cut1 - 0.5)...(cut1 + 0.5)
        }
        let spans: [(source: ClosedRange<CGFloat>, destination: ClosedRange<CGFloat>)] = [
            (source.lowerBound...cut1, destination.lowerBound...stop1),
            (middle, stop1...stop2),
            (cut2...source.upperBound, stop2...destination.upperBound),
        ]
        return spans.filter {
            $0.destination.upperBound > $0.destination.lowerBound && $0.source.upperBound > $0.source.lowerBound
        }
    }
}

/// The Cairo surfaces made from `CGImage`s, kept with a renderer's bitmap (in its
/// ``RenderResources``), so that an image is converted from straight RGBA8 to Cairo's premultiplied pixels once, not
/// on every frame that shows it.
///
/// Entries hold their image weakly: the cache never keeps an image alive, and an entry whose
/// image has gone is swept out when the next image is converted. The identifier of a freed
/// image can be reused by a new one; the weak reference tells the two apart.
final class ImageSurfaceCache {
    private struct Entry {
        weak var image: CGImage?
        let surface: OpaquePointer
        /// Whether every pixel is white, in any alpha (worked out when first asked).
        var isWhite: Bool?
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    /// How many images this cache has converted: for tests, which check that a frame reuses
    /// the surfaces of the last.
    private(set) var conversionCount = 0

    deinit {
        for entry in entries.values { cairo_surface_destroy(entry.surface) }
    }

    /// The premultiplied surface showing `image`, converted now if this cache has not seen
    /// the image before; nil when Cairo cannot make a surface that large.
    func surface(for image: CGImage) -> OpaquePointer? {
        let key = ObjectIdentifier(image)
        if let entry = entries[key], entry.image === image { return entry.surface }
        sweep()
        guard let surface = Self.makeSurface(from: image) else { return nil }
        conversionCount += 1
        entries[key] = Entry(image: image, surface: surface)
        return surface
    }

    /// Whether every visible pixel of `image` is white, so that tinting it is painting the
    /// tint through its alpha (particle images usually are). Remembered with its surface.
    func isWhite(_ image: CGImage) -> Bool {
        let key = ObjectIdentifier(image)
        if let entry = entries[key], entry.image === image, let known = entry.isWhite { return known }
        var white = true
        image.rgbaPixels.withUnsafeBufferPointer { pixels in
            for index in stride(from: 0, to: pixels.count, by: 4) where pixels[index + 3] != 0 {
                if pixels[index] != 255 || pixels[index + 1] != 255 || pixels[index + 2] != 255 {
                    white = false
                    return
                }
            }
        }
        if entries[key]?.image === image { entries[key]?.isWhite = white }
        return white
    }

    /// Drops the entries whose image has been freed.
    private func sweep() {
        for (key, entry) in entries where entry.image == nil {
            cairo_surface_destroy(entry.surface)
            entries[key] = nil
        }
    }

    /// Converts straight RGBA8, row by row from the top, to Cairo's ARGB32: premultiplied,
    /// one native-endian 32-bit word per pixel, rows `stride` bytes apart.
    private static func makeSurface(from image: CGImage) -> OpaquePointer? {
        let (width, height) = (image.width, image.height)
        guard width <= Int(Int32.max), height <= Int(Int32.max),
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
            let data = cairo_image_surface_get_data(surface)
        else {
            cairo_surface_destroy(surface)
            return nil
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        image.rgbaPixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let index = (y * width + x) * 4
                    let alpha = UInt32(pixels[index + 3])
                    // Premultiplied, rounded to nearest: opaque pixels keep their exact values.
                    func channel(_ value: UInt8) -> UInt32 { (UInt32(value) * alpha + 127) / 255 }
                    row[x] =
                        alpha << 24 | channel(pixels[index]) << 16 | channel(pixels[index + 1]) << 8
                        | channel(pixels[index + 2])
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}

extension LayerPainter {
    /// Mirrors what is drawn next about the middle of `bounds`, top for bottom: how content
    /// that reads one way up (an image, text) stays upright in a y-up plane.
    func mirrorVertically(within bounds: CGRect) {
        cairo_translate(context, 0, Double(bounds.minY + bounds.maxY))
        cairo_scale(context, 1, -1)
    }
}

extension RenderNode {
    /// `contentsScale`, or 1 where it is not a finite number above 0.
    var usableContentsScale: CGFloat {
        contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
    }

    /// The part of the `contents` image (in its pixels) that shows, and the rectangle of the
    /// bounds it is stretched to before nine-part stretching; nil without an image or when
    /// nothing shows.
    var contentsImagePlacement: (selected: CGRect, placed: CGRect)? {
        guard let image = contents else { return nil }
        return ContentsLayout.placement(
            sourceSize: CGSize(width: image.width, height: image.height), pointsPerUnit: 1 / usableContentsScale,
            bounds: bounds, gravity: contentsGravity, contentsRect: contentsRect)
    }
}
