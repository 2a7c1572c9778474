import CCairo
import CPixelRows
import Foundation

/// An anti-aliased scanline rasteriser for flattened polygons of one or more closed contours,
/// filled by the non-zero or even-odd rule with one solid premultiplied colour or with rows of
/// premultiplied pixels (a gradient, ``SpanGradient``) over the target.
///
/// Coverage is exact: each edge adds, cell by cell, the signed area it leaves to its right
/// and the cover it carries down the row (the accumulation of font-rs, libart and
/// stb_truetype 2), and a running sum along each row turns that into the share of the pixel
/// inside. Only the cells edges touch are read back: between the cells of the edges going
/// down and those of the edges going up the coverage is constant, and that run is blended
/// with one colour. The buffers are kept from shape to shape; one per painter thread.
final class SpanRasterizer {
    /// Signed area per cell, `bufferWidth` cells a row; zero between shapes.
    private var area: UnsafeMutablePointer<Float>
    private var areaCapacity: Int
    /// Per row, four bounds: the first and last cell touched by edges going down, then by
    /// edges going up.
    private var ranges: UnsafeMutablePointer<Int32>
    private var rangeCapacity: Int
    /// The polygon being filled, in target pixels.
    private(set) var points: UnsafeMutablePointer<SIMD2<Double>>
    private var pointCapacity: Int
    private(set) var pointCount = 0
    /// Where each closed contour ends in `points` (the index past its last point); the points
    /// after the last end are one more contour.
    private var contourEnds: [Int] = []
    /// A row of source pixels and a row of coverage levels, for fills from rows.
    private var sourceRow: UnsafeMutablePointer<UInt32>
    private var levelRow: UnsafeMutablePointer<UInt8>
    private var rowCapacity = 0

    // The shape's box in the target, in whole pixels, and the cells a row holds.
    private var originX = 0
    private var originY = 0
    private var boxWidth = 0
    private var boxHeight = 0
    /// The box's width and three: a steep edge's row at the box's right side writes the cells
    /// of the two pixels after its own.
    private var bufferWidth = 0
    /// Whether the polygon being filled uses the even-odd rule rather than non-zero.
    private var evenOdd = false
    /// The most cells and pixels solid fills take at a time: 16, 8 or 4, as far as the processor
    /// can (AVX-512, AVX2); above 4, a steep edge's rows are accumulated eight at a time where
    /// it has AVX-512. The pixels are the same.
    var widestBlocks = 16

    /// How many rows ahead of the one being blended its target pixels are asked for.
    static let prefetchRows = Int(OQC_SPAN_ROWS_AHEAD)

    init() {
        areaCapacity = 0
        area = .allocate(capacity: 1)
        rangeCapacity = 0
        ranges = .allocate(capacity: 1)
        pointCapacity = 256
        points = .allocate(capacity: 256)
        sourceRow = .allocate(capacity: 1)
        levelRow = .allocate(capacity: 1)
    }

    deinit {
        area.deallocate()
        ranges.deallocate()
        points.deallocate()
        sourceRow.deallocate()
        levelRow.deallocate()
    }

    /// Starts a new polygon.
    func beginPolygon() {
        pointCount = 0
        contourEnds.removeAll(keepingCapacity: true)
    }

    /// Adds a point, in target pixels, to the polygon's current contour.
    func add(_ point: SIMD2<Double>) {
        if pointCount == pointCapacity {
            let grown = UnsafeMutablePointer<SIMD2<Double>>.allocate(capacity: pointCapacity * 2)
            grown.moveInitialize(from: points, count: pointCount)
            points.deallocate()
            points = grown
            pointCapacity *= 2
        }
        points[pointCount] = point
        pointCount += 1
    }

    /// Makes room for `count` more points of the current contour and counts them: the caller
    /// sets each through the pointer returned, the first of them.
    func appendPoints(_ count: Int) -> UnsafeMutablePointer<SIMD2<Double>> {
        if pointCount + count > pointCapacity {
            let capacity = max(pointCapacity * 2, pointCount + count)
            let grown = UnsafeMutablePointer<SIMD2<Double>>.allocate(capacity: capacity)
            grown.moveInitialize(from: points, count: pointCount)
            points.deallocate()
            points = grown
            pointCapacity = capacity
        }
        let first = points + pointCount
        pointCount += count
        return first
    }

    /// Ends the current contour (it closes on its own); the next point starts another.
    func closeContour() {
        if pointCount > (contourEnds.last ?? 0) { contourEnds.append(pointCount) }
    }

    /// Fills the polygon with `color`; false when no pixel of the target can have changed
    /// (Cairo then need not hear of it: a group nothing was drawn into stays clear, and is
    /// not composited).
    @discardableResult
    func fill(with color: SpanColor, evenOdd: Bool = false, into target: SpanTarget) -> Bool {
        guard !color.isClear else { return false }
        if !target.alphaOnly, let box = wholePixelRectangle() {
            // Every pixel inside is covered whole, by either rule, and none outside at all.
            let minX = max(box.minX, target.clipMinX)
            let minY = max(box.minY, target.clipMinY)
            let maxX = min(box.maxX, target.clipMaxX)
            let maxY = min(box.maxY, target.clipMaxY)
            guard maxX > minX, maxY > minY else { return false }
            oqc_span_fill_box(
                target.pixels + minY * target.rowPixels + minX, target.rowPixels, maxX - minX, maxY - minY,
                color.pixel, Int32(widestBlocks))
            wholePixelRectangles += 1
            return true
        }
        guard accumulate(evenOdd: evenOdd, into: target) else { return false }
        if target.alphaOnly {
            resolveAlpha(color.alpha, into: target)
        } else {
            resolve(color, into: target)
        }
        return true
    }

    /// Fills the polygon with the rows `gradient` writes; false when no pixel of the target
    /// can have changed.
    @discardableResult
    func fill(with gradient: SpanGradient, evenOdd: Bool = false, into target: SpanTarget) -> Bool {
        guard accumulate(evenOdd: evenOdd, into: target) else { return false }
        if target.alphaOnly {
            resolveAlpha(0, rows: gradient, into: target)
        } else {
            resolve(gradient, into: target)
        }
        return true
    }

    /// How many polygons were rectangles on whole pixels, filled without cells: for tests.
    private(set) var wholePixelRectangles = 0

    /// The polygon as a box of whole pixels, when it is one contour of four points making a
    /// rectangle with its sides along the axes on whole pixel coordinates (a layer's square
    /// background, unturned and unscaled off the grid); nil otherwise.
    private func wholePixelRectangle() -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        closeContour()
        guard pointCount == 4, contourEnds.count == 1 else { return nil }
        let (p0, p1, p2, p3) = (points[0], points[1], points[2], points[3])
        let alongX = p0.y == p1.y && p1.x == p2.x && p2.y == p3.y && p3.x == p0.x
        let alongY = p0.x == p1.x && p1.y == p2.y && p2.x == p3.x && p3.y == p0.y
        let low = pointwiseMin(p0, p2)
        let high = pointwiseMax(p0, p2)
        // Within the range where every whole number is a Double and an Int.
        guard alongX || alongY, low.x < high.x, low.y < high.y, low.x >= -1e9, low.y >= -1e9, high.x <= 1e9,
            high.y <= 1e9, low == low.rounded(.down), high == high.rounded(.down)
        else { return nil }
        return (Int(low.x), Int(low.y), Int(high.x), Int(high.y))
    }

    /// Sets up the polygon's box within the target's clip and adds its edges; false when
    /// nothing of it can show.
    private func accumulate(evenOdd: Bool, into target: SpanTarget) -> Bool {
        closeContour()
        guard pointCount >= 3 else { return false }
        self.evenOdd = evenOdd
        var bounds = (0.0, 0.0, 0.0, 0.0)
        let finite = withUnsafeMutableBytes(of: &bounds) { bounds in
            UnsafeRawPointer(points).withMemoryRebound(to: Double.self, capacity: 2 * pointCount) {
                oqc_span_bounds($0, pointCount, bounds.baseAddress!.assumingMemoryBound(to: Double.self)) != 0
            }
        }
        let (low, high) = (SIMD2(bounds.0, bounds.1), SIMD2(bounds.2, bounds.3))
        // A polygon with no width or no height covers nothing (a shape scaled to nothing), nor
        // one with a point at infinity or not a number: like Cairo, leave the target alone.
        guard finite, high.x > low.x, high.y > low.y else { return false }
        let minX = max(Int(max(low.x, -1e9).rounded(.down)), target.clipMinX)
        let minY = max(Int(max(low.y, -1e9).rounded(.down)), target.clipMinY)
        let maxX = min(Int(min(high.x, 1e9).rounded(.up)), target.clipMaxX)
        let maxY = min(Int(min(high.y, 1e9).rounded(.up)), target.clipMaxY)
        guard maxX > minX, maxY > minY else { return false }
        originX = minX
        originY = minY
        boxWidth = maxX - minX
        boxHeight = maxY - minY
        bufferWidth = boxWidth + 3
        reserve()
        oqc_span_clear_ranges(ranges, boxHeight)
        contourEnds.withUnsafeBufferPointer { ends in
            UnsafeRawPointer(points).withMemoryRebound(to: Double.self, capacity: 2 * pointCount) { coordinates in
                oqc_span_polygon(
                    area, ranges, boxWidth, boxHeight, coordinates, ends.baseAddress, ends.count, Double(originX),
                    Double(originY), Int32(widestBlocks))
            }
        }
        return true
    }

    /// The 8-bit coverage level of an accumulated winding, by the polygon's rule (the solid
    /// fills' own, `CPixelRows`).
    @inline(__always)
    private func coverage(_ sum: Float) -> Int {
        Int(oqc_span_level(sum, evenOdd ? 1 : 0))
    }

    /// Makes room for the box's cells (kept zero) and rows.
    private func reserve() {
        // And a row after the last, which a shallow edge along the box's bottom touches with
        // nothing (`CPixelRows`): it stays zero.
        let rows = boxHeight + 1
        let cells = bufferWidth * rows
        if cells > areaCapacity {
            area.deallocate()
            area = .allocate(capacity: cells)
            area.initialize(repeating: 0, count: cells)
            areaCapacity = cells
        }
        if rows > rangeCapacity {
            ranges.deallocate()
            ranges = .allocate(capacity: 4 * rows)
            rangeCapacity = rows
        }
        if bufferWidth > rowCapacity {
            sourceRow.deallocate()
            levelRow.deallocate()
            sourceRow = .allocate(capacity: bufferWidth)
            levelRow = .allocate(capacity: bufferWidth)
            rowCapacity = bufferWidth
        }
    }

    /// Turns each row's cells into coverage and blends (`CPixelRows`): the touched cells one by
    /// one, clearing them, and the runs between them at one coverage.
    private func resolve(_ color: SpanColor, into target: SpanTarget) {
        oqc_span_resolve_solid(
            area, ranges, boxWidth, boxHeight, target.pixels + originY * target.rowPixels + originX,
            target.rowPixels, color.pixel, evenOdd ? 1 : 0, Int32(widestBlocks))
    }

    /// The cells of `row` the edges touched, as one or two ranges in order (the second's end
    /// -1 when there is one), or nil for a row nothing touched (the solid fills' own,
    /// `CPixelRows`).
    @inline(__always)
    private func touchedCells(ofRow row: Int) -> ((Int, Int), (Int, Int))? {
        var bounds = (0, 0, 0, 0)
        let runs = withUnsafeMutableBytes(of: &bounds) {
            oqc_span_touched_cells(ranges + 4 * row, $0.baseAddress!.assumingMemoryBound(to: Int.self))
        }
        return runs == 0 ? nil : ((bounds.0, bounds.1), (bounds.2, bounds.3))
    }

    /// Turns each row's cells into coverage and blends the gradient's row through it: the
    /// touched cells each at its own level (clearing them), the runs between them at one.
    private func resolve(_ gradient: SpanGradient, into target: SpanTarget) {
        for row in 0..<boxHeight {
            guard let (first, second) = touchedCells(ofRow: row) else { continue }
            let cells = area + row * bufferWidth
            let pixels = target.pixels + (originY + row) * target.rowPixels + originX
            if row + Self.prefetchRows < boxHeight {
                oqc_prefetch(pixels + Self.prefetchRows * target.rowPixels, UInt(boxWidth * 4))
            }
            // The source for every pixel from the first touched to the last drawn.
            let lastDrawn = min(max(first.1, second.1), boxWidth - 1)
            if lastDrawn >= first.0 {
                gradient.write(
                    sourceRow + first.0, x: originX + first.0, y: originY + row, count: lastDrawn - first.0 + 1)
            }
            var sum: Float = 0
            var x = first.0
            for run in 0..<2 {
                let (start, end) = run == 0 ? first : second
                guard end >= 0 else { break }
                if x < start, sum != 0 {
                    let level = coverage(sum)
                    oqc_over_row(pixels + x, sourceRow + x, start - x, UInt32(level))
                }
                let drawn = min(end, boxWidth - 1)
                var cell = start
                while cell <= drawn {
                    sum += cells[cell]
                    cells[cell] = 0
                    levelRow[cell] = UInt8(truncatingIfNeeded: coverage(sum))
                    cell += 1
                }
                if drawn >= start {
                    oqc_over_row_masked(pixels + start, sourceRow + start, levelRow + start, drawn - start + 1)
                }
                // The cells past the box's last pixel only carry cover.
                while cell <= end {
                    sum += cells[cell]
                    cells[cell] = 0
                    cell += 1
                }
                x = end + 1
            }
        }
    }

    /// Turns each row's cells into coverage and blends alphas through it over 8-bit alphas, as
    /// pixman's `OVER` through a coverage mask onto Cairo's A8: the source alpha — `alpha`, or
    /// each pixel's of `gradient`'s row — scaled by the coverage, then the destination kept at
    /// 255 minus that, each product rounded as pixman rounds.
    private func resolveAlpha(_ alpha: UInt32, rows gradient: SpanGradient? = nil, into target: SpanTarget) {
        @inline(__always) func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
            let t = a * b + 128
            return (t + (t >> 8)) >> 8
        }
        for row in 0..<boxHeight {
            guard let (first, second) = touchedCells(ofRow: row) else { continue }
            let cells = area + row * bufferWidth
            let bytes = (target.base + (originY + row) * target.rowBytes + originX).assumingMemoryBound(to: UInt8.self)
            let lastDrawn = min(max(first.1, second.1), boxWidth - 1)
            if let gradient, lastDrawn >= first.0 {
                gradient.write(
                    sourceRow + first.0, x: originX + first.0, y: originY + row, count: lastDrawn - first.0 + 1)
            }
            @inline(__always) func blend(_ pixel: Int, _ level: Int) {
                let source = gradient == nil ? alpha : sourceRow[pixel] >> 24
                let scaled = multiply(source, UInt32(level))
                bytes[pixel] = UInt8(truncatingIfNeeded: scaled + multiply(UInt32(bytes[pixel]), 255 - scaled))
            }
            var sum: Float = 0
            var x = first.0
            for run in 0..<2 {
                let (start, end) = run == 0 ? first : second
                guard end >= 0 else { break }
                if x < start, sum != 0 {
                    let level = coverage(sum)
                    if level == 255, alpha == 255, gradient == nil {
                        (bytes + x).update(repeating: 255, count: start - x)
                    } else if level > 0 {
                        for pixel in x..<start { blend(pixel, level) }
                    }
                }
                let drawn = min(end, boxWidth - 1)
                var cell = start
                while cell <= drawn {
                    sum += cells[cell]
                    cells[cell] = 0
                    let level = coverage(sum)
                    if level > 0 { blend(cell, level) }
                    cell += 1
                }
                // The cells past the box's last pixel only carry cover.
                while cell <= end {
                    sum += cells[cell]
                    cells[cell] = 0
                    cell += 1
                }
                x = end + 1
            }
        }
    }
}
