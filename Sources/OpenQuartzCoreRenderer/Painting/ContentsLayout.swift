import CCairo
import Foundation
import OpenQuartzCore

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
