import CCairo
import Foundation

/// Composites a cached bitmap through a turned (or scaled) affine transform, faster than Cairo.
///
/// Cairo hands a rotated source to pixman, which samples it bilinearly on its generic path:
/// pixel by pixel, through a fetch and a combine stage, over the whole bounding box of the
/// turned bitmap. Turning layers are what content caching is for, so the renderer paints them
/// itself: for each destination row it works out exactly which pixels sample the bitmap, skips
/// the ones whose four source pixels are all transparent, and blends the rest with integer
/// arithmetic on packed channels. The result is the same bilinear sampling at pixel centres
/// (16.16 fixed-point coordinates, 8-bit weights), within a level or two of pixman's.
///
/// Bitmaps must have a transparent border of one pixel (``ContentCache`` rasterises them so):
/// then every destination pixel that could show something has all four of its source pixels
/// inside the bitmap, and nothing outside needs a bounds check.
///
/// It only takes the cases it can do as Cairo would, and where it is faster: the bitmap is
/// turned or skewed, the operator is `OVER`, the target is an ARGB32 image surface, the clip is
/// a set of pixel rectangles (or none), and the transform does not shrink the bitmap below
/// three quarters (where Cairo's filter turns from bilinear to a wider box). Otherwise ``paint(_:origin:scale:on:)`` returns false and Cairo paints.
enum AffineCompositor {
    /// Paints `surface` (ARGB32, transparent border), whose top-left corner is at `origin` in
    /// the context's user space and which has `scale` pixels per user unit, onto the context's
    /// current target; false when the case is not one this can paint (nothing was drawn).
    static func paint(_ surface: OpaquePointer, origin: CGPoint, scale: Double, on context: OpaquePointer) -> Bool {
        guard cairo_get_operator(context) == CAIRO_OPERATOR_OVER,
            let target = cairo_get_group_target(context),
            cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32,
            cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
            // A group clipped to nothing is an image of no pixels and no data.
            cairo_image_surface_get_data(target) != nil, cairo_image_surface_get_data(surface) != nil
        else { return false }
        var deviceScaleX = 0.0
        var deviceScaleY = 0.0
        cairo_surface_get_device_scale(target, &deviceScaleX, &deviceScaleY)
        guard deviceScaleX == 1, deviceScaleY == 1 else { return false }
        var offsetX = 0.0
        var offsetY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)

        // Bitmap pixels → target pixels.
        var ctm = cairo_matrix_t()
        cairo_get_matrix(context, &ctm)
        let forward = Affine(
            a: ctm.xx / scale, b: ctm.yx / scale, c: ctm.xy / scale, d: ctm.yy / scale,
            tx: ctm.xx * Double(origin.x) + ctm.xy * Double(origin.y) + ctm.x0 + offsetX,
            ty: ctm.yx * Double(origin.x) + ctm.yy * Double(origin.y) + ctm.y0 + offsetY)
        // Bitmaps that are not turned or skewed go through pixman's SIMD paths for scaling and
        // moving, which are faster than this; below three quarters of its size, Cairo's filter
        // is a wider box than bilinear.
        guard forward.b != 0 || forward.c != 0 else { return false }
        let columnScale = hypot(forward.a, forward.b)
        let rowScale = hypot(forward.c, forward.d)
        guard min(columnScale, rowScale) >= 0.75, let inverse = forward.inverted else { return false }
        guard let clips = deviceClip(of: context, offsetX: offsetX, offsetY: offsetY) else { return false }

        let source = Pixels(surface)
        let destination = Pixels(target)
        guard source.width >= 2, source.height >= 2 else { return true }
        // Where the bitmap lands, as whole target pixels: each axis of the map adds its
        // smaller or larger end.
        let width = Double(source.width)
        let height = Double(source.height)
        let box = PixelBox(
            minX: Int((forward.tx + min(0, forward.a * width) + min(0, forward.c * height)).rounded(.down)),
            minY: Int((forward.ty + min(0, forward.b * width) + min(0, forward.d * height)).rounded(.down)),
            maxX: Int((forward.tx + max(0, forward.a * width) + max(0, forward.c * height)).rounded(.up)),
            maxY: Int((forward.ty + max(0, forward.b * width) + max(0, forward.d * height)).rounded(.up)))
        cairo_surface_flush(target)
        // Read in diagonals, an uncached bitmap would come a cache line at a time.
        oqc_touch(source.base, UInt(source.rowPixels * source.height * 4))
        let sampler = Sampler(inverse: inverse, source: source)
        for clip in clips {
            let area = box.intersection(clip).intersection(
                PixelBox(minX: 0, minY: 0, maxX: destination.width, maxY: destination.height))
            guard area.minX < area.maxX, area.minY < area.maxY else { continue }
            for y in area.minY..<area.maxY {
                sampler.blendRow(y, from: area.minX, to: area.maxX, into: destination)
            }
        }
        cairo_surface_mark_dirty(target)
        return true
    }

    /// The context's clip as rectangles of target pixels, one covering the target when there
    /// is no clip; nil when the clip is not made of whole-pixel rectangles.
    private static func deviceClip(of context: OpaquePointer, offsetX: Double, offsetY: Double) -> [PixelBox]? {
        var ctm = cairo_matrix_t()
        cairo_get_matrix(context, &ctm)
        cairo_identity_matrix(context)
        let list = cairo_copy_clip_rectangle_list(context)!
        cairo_set_matrix(context, &ctm)
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
        var boxes: [PixelBox] = []
        boxes.reserveCapacity(Int(list.pointee.num_rectangles))
        for index in 0..<Int(list.pointee.num_rectangles) {
            let rectangle = list.pointee.rectangles[index]
            let minX = rectangle.x + offsetX
            let minY = rectangle.y + offsetY
            let maxX = minX + rectangle.width
            let maxY = minY + rectangle.height
            func isWholePixel(_ value: Double) -> Bool { value == value.rounded() && abs(value) < 16_777_216 }
            guard isWholePixel(minX), isWholePixel(minY), isWholePixel(maxX), isWholePixel(maxY) else { return nil }
            boxes.append(PixelBox(minX: Int(minX), minY: Int(minY), maxX: Int(maxX), maxY: Int(maxY)))
        }
        return boxes
    }
}

extension AffineCompositor {
    /// An affine map of the plane: (x, y) → (a x + c y + tx, b x + d y + ty).
    struct Affine {
        var a, b, c, d, tx, ty: Double

        func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
            (a * x + c * y + tx, b * x + d * y + ty)
        }

        var inverted: Affine? {
            let determinant = a * d - b * c
            guard determinant.isFinite, abs(determinant) > 1e-12 else { return nil }
            let a = d / determinant
            let b = -self.b / determinant
            let c = -self.c / determinant
            let d = self.a / determinant
            return Affine(a: a, b: b, c: c, d: d, tx: -(a * tx + c * ty), ty: -(b * tx + d * ty))
        }
    }

    /// A rectangle of whole pixels, `max` exclusive.
    struct PixelBox {
        var minX, minY, maxX, maxY: Int

        func intersection(_ other: PixelBox) -> PixelBox {
            PixelBox(
                minX: max(minX, other.minX), minY: max(minY, other.minY), maxX: min(maxX, other.maxX),
                maxY: min(maxY, other.maxY))
        }
    }

    /// An ARGB32 image surface's pixels.
    struct Pixels {
        let base: UnsafeMutablePointer<UInt32>
        let width: Int
        let height: Int
        /// Pixels from one row to the next.
        let rowPixels: Int

        init(_ surface: OpaquePointer) {
            let data = cairo_image_surface_get_data(surface)!
            base = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self)
            width = Int(cairo_image_surface_get_width(surface))
            height = Int(cairo_image_surface_get_height(surface))
            rowPixels = Int(cairo_image_surface_get_stride(surface)) / 4
        }
    }

    /// Bilinear sampling of a source through the inverse map, in 16.16 fixed point.
    struct Sampler {
        /// Source position of the centre of target pixel (0, 0), less half a pixel, and its
        /// change for a step right (`du`, `dv`) and down (`duRow`, `dvRow`).
        let u0, v0, du, dv, duRow, dvRow: Int
        let source: Pixels
        /// Positions where all four source pixels are inside: u in [0, uLimit), v in [0, vLimit).
        let uLimit, vLimit: Int

        init(inverse: Affine, source: Pixels) {
            func fixed(_ value: Double) -> Int { Int((value * 65536).rounded()) }
            let centre = inverse.apply(0.5, 0.5)
            u0 = fixed(centre.x - 0.5)
            v0 = fixed(centre.y - 0.5)
            du = fixed(inverse.a)
            dv = fixed(inverse.b)
            duRow = fixed(inverse.c)
            dvRow = fixed(inverse.d)
            self.source = source
            uLimit = (source.width - 1) << 16
            vLimit = (source.height - 1) << 16
        }

        /// Blends target row `y` from column `from` to `to` (exclusive) with the source.
        func blendRow(_ y: Int, from: Int, to: Int, into destination: Pixels) {
            let uStart = u0 + y * duRow + from * du
            let vStart = v0 + y * dvRow + from * dv
            let count = to - from
            let inU = Self.steps(start: uStart, step: du, below: uLimit, count: count)
            let inV = Self.steps(start: vStart, step: dv, below: vLimit, count: count)
            let first = max(inU.lowerBound, inV.lowerBound)
            let end = min(inU.upperBound, inV.upperBound)
            guard first < end else { return }
            var u = uStart + first * du
            var v = vStart + first * dv
            let rowPixels = source.rowPixels
            let sourceBase = source.base
            var target = destination.base + y * destination.rowPixels + from + first
            // The next row's span is about as wide: ask for it while this one blends.
            if y + 1 < destination.height { oqc_prefetch(target + destination.rowPixels, UInt(end - first) * 4) }
            for _ in first..<end {
                // The four source pixels, two by two: each pair is adjacent in memory.
                let top = UnsafeRawPointer(sourceBase + (v >> 16) * rowPixels + (u >> 16))
                let upper = top.loadUnaligned(as: UInt64.self)
                let lower = top.loadUnaligned(fromByteOffset: rowPixels * 4, as: UInt64.self)
                if upper | lower != 0 {
                    let topLeft = UInt32(truncatingIfNeeded: upper)
                    var pixel: SIMD4<UInt16>
                    if upper == lower && UInt32(truncatingIfNeeded: upper >> 32) == topLeft {
                        // Inside a flat fill all four are alike, and so is their mix.
                        pixel = Self.channels(topLeft)
                    } else {
                        let wx = UInt16(truncatingIfNeeded: (u >> 8) & 0xFF)
                        let wy = UInt16(truncatingIfNeeded: (v >> 8) & 0xFF)
                        let above = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(upper, to: SIMD8<UInt8>.self))
                        let below = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(lower, to: SIMD8<UInt8>.self))
                        let columns = (above &* (256 &- wy) &+ below &* wy &+ 128) &>> 8
                        pixel = (columns.lowHalf &* (256 &- wx) &+ columns.highHalf &* wx &+ 128) &>> 8
                    }
                    // Source over: the target's channels times (255 - alpha) / 255, rounded.
                    let alpha = pixel[3]
                    if alpha != 255 {
                        var under = Self.channels(target.pointee) &* (255 &- alpha) &+ 128
                        under = (under &+ (under &>> 8)) &>> 8
                        pixel &+= under
                    }
                    target.pointee = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: pixel), to: UInt32.self)
                }
                u &+= du
                v &+= dv
                target += 1
            }
        }

        /// A pixel's four 8-bit channels in 16-bit lanes.
        @inline(__always)
        static func channels(_ pixel: UInt32) -> SIMD4<UInt16> {
            SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(pixel, to: SIMD4<UInt8>.self))
        }

        /// The steps k in 0..<count where 0 ≤ start + k × step < below.
        static func steps(start: Int, step: Int, below limit: Int, count: Int) -> Range<Int> {
            var lower = 0
            var upper = count
            if step == 0 {
                return (0..<limit).contains(start) ? 0..<count : 0..<0
            } else if step > 0 {
                lower = max(lower, ceilingDivision(-start, step))
                upper = min(upper, ceilingDivision(limit - start, step))
            } else {
                lower = max(lower, floorDivision(start - limit, -step) + 1)
                upper = min(upper, floorDivision(start, -step) + 1)
            }
            return lower < upper ? lower..<upper : 0..<0
        }

        private static func floorDivision(_ a: Int, _ b: Int) -> Int {
            let quotient = a / b
            return (a % b != 0 && a < 0) ? quotient - 1 : quotient
        }

        private static func ceilingDivision(_ a: Int, _ b: Int) -> Int {
            -floorDivision(-a, b)
        }
    }
}
