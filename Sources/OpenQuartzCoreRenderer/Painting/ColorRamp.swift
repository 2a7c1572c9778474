import CCairo
import Foundation
import OpenQuartzCore

/// A gradient layer's colours and where they lie, 0…1, in increasing order.
///
/// Colours are interpolated component by component without premultiplying, as Core
/// Graphics' gradients are (so a fade to `UIColor.clear`, transparent black, greys on the way,
/// as it does on Apple); Cairo's pixman gradients do the same. A gradient layer is drawn from
/// its ramp ``blendedInGenericRGB()``, as Core Animation blends it, in straight sRGB pieces
/// that the readers of a ramp interpolate as they would any other.
struct ColorRamp {
    struct Stop: Hashable {
        var location: Double
        var red: Double
        var green: Double
        var blue: Double
        var alpha: Double

        func isClose(to other: Stop) -> Bool {
            location == other.location && abs(red - other.red) < 1e-9 && abs(green - other.green) < 1e-9
                && abs(blue - other.blue) < 1e-9 && abs(alpha - other.alpha) < 1e-9
        }

        func mixed(with other: Stop, _ fraction: Double) -> Stop {
            func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
            return Stop(
                location: mix(location, other.location), red: mix(red, other.red), green: mix(green, other.green),
                blue: mix(blue, other.blue), alpha: mix(alpha, other.alpha))
        }
    }

    let stops: [Stop]

    /// The ramp of `colors` at `locations`, or nil when there are no colours (Apple draws no
    /// gradient then). Locations are used only when there is one for every colour and all are
    /// numbers; otherwise, as when they are nil, the colours are spread evenly. Locations are
    /// clamped to 0…1 and sorted, equal ones keeping their order (a hard edge), as Cairo sorts
    /// its stops.
    init?(colors: [Any]?, locations: [NSNumber]?) {
        let colors = (colors ?? []).compactMap { $0 as? CGColor }
        guard !colors.isEmpty else { return nil }
        var places = colors.indices.map { colors.count == 1 ? 0 : Double($0) / Double(colors.count - 1) }
        if let locations, locations.count == colors.count, locations.allSatisfy({ $0.doubleValue.isFinite }) {
            places = locations.map { min(max($0.doubleValue, 0), 1) }
        }
        stops = zip(places, colors).enumerated()
            .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
            .map { _, pair in
                let rgba = pair.1.rgba
                return Stop(location: pair.0, red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha)
            }
    }

    /// A ramp of `stops`, in increasing order of location.
    init(stops: [Stop]) {
        self.stops = stops
    }

    /// This ramp with each colour's alpha multiplied by `mask`'s alpha at the same place: what
    /// a gradient masked by a gradient of the same geometry shows, as one gradient. Where both
    /// alphas change between two stops their product is not linear: the span is cut into
    /// pieces short enough that the ramp strays from it by at most a quarter of a level of 255.
    func masked(by mask: ColorRamp) -> ColorRamp {
        let cuts = Self.mergedLocations(stops, mask.stops)
        func stop(at location: Double, _ color: Stop, _ alpha: Stop) -> Stop {
            Stop(
                location: location, red: color.red, green: color.green, blue: color.blue,
                alpha: color.alpha * alpha.alpha)
        }
        // Each span between neighbouring cuts is linear in both ramps; its ends are stops of
        // their own, so a hard edge of either ramp stays one. Before the first cut and after
        // the last, each ramp holds its end colour.
        let first = cuts[0]
        let last = cuts[cuts.count - 1]
        var merged = [stop(at: first, colors(from: first - 1, to: first).1, mask.colors(from: first - 1, to: first).1)]
        for (from, to) in zip(cuts, cuts.dropFirst()) {
            let (start, end) = colors(from: from, to: to)
            let (startAlpha, endAlpha) = mask.colors(from: from, to: to)
            merged.append(stop(at: from, start, startAlpha))
            // a·b with a and b linear strays from its chord by |Δa Δb| / 4 at most, and by
            // that over n² on each of n pieces.
            let bend = abs((end.alpha - start.alpha) * (endAlpha.alpha - startAlpha.alpha))
            let pieces = min(Int((255 * bend).squareRoot().rounded(.up)), 16)
            for piece in stride(from: 1, to: pieces, by: 1) {
                let fraction = Double(piece) / Double(pieces)
                merged.append(stop(at: from + (to - from) * fraction, start.mixed(with: end, fraction),
                    startAlpha.mixed(with: endAlpha, fraction)))
            }
            merged.append(stop(at: to, end, endAlpha))
        }
        merged.append(stop(at: last, colors(from: last, to: last + 1).0, mask.colors(from: last, to: last + 1).0))
        // Neighbouring spans meet in one stop, and only a hard edge keeps two at one place.
        var distinct: [Stop] = []
        for stop in merged where distinct.last.map({ !$0.isClose(to: stop) }) ?? true { distinct.append(stop) }
        return ColorRamp(stops: distinct)
    }

    /// The locations of two ramps' stops, in increasing order, each once.
    private static func mergedLocations(_ a: [Stop], _ b: [Stop]) -> [Double] {
        var merged: [Double] = []
        merged.reserveCapacity(a.count + b.count)
        var (i, j) = (0, 0)
        while i < a.count || j < b.count {
            let next: Double
            if j == b.count || (i < a.count && a[i].location <= b[j].location) {
                next = a[i].location
                i += 1
            } else {
                next = b[j].location
                j += 1
            }
            if merged.last != next { merged.append(next) }
        }
        return merged
    }

    /// This ramp with every alpha multiplied by `factor`: a gradient drawn at an opacity.
    /// Alphas are interpolated on their own, so the product is the same at every place.
    func multiplyingAlphas(by factor: Double) -> ColorRamp {
        guard factor != 1 else { return self }
        return ColorRamp(
            stops: stops.map { stop in
                var stop = stop
                stop.alpha *= factor
                return stop
            })
    }

    func addStops(to pattern: OpaquePointer) {
        for stop in stops {
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, stop.red, stop.green, stop.blue, stop.alpha)
        }
    }

    /// A solid pattern of the last colour: what lies past the end of the gradient.
    func lastColorPattern() -> OpaquePointer {
        let last = stops[stops.count - 1]
        return cairo_pattern_create_rgba(last.red, last.green, last.blue, last.alpha)
    }

    /// The colours at `from` and `to`, two places within the same span between neighbouring
    /// stops (or both before the first or after the last), so that a hard edge between two
    /// stops at one location takes the earlier colour below it and the later above.
    func colors(from: Double, to: Double) -> (Stop, Stop) {
        let middle = (from + to) / 2
        guard let first = stops.first, let last = stops.last, middle > first.location else {
            return (stops[0], stops[0])
        }
        guard middle < last.location else { return (last, last) }
        // The first stop past the middle, by halving (a blended ramp has dozens of stops).
        var (low, upper) = (0, stops.count - 1)
        while low < upper {
            let probe = (low + upper) / 2
            if stops[probe].location > middle { upper = probe } else { low = probe + 1 }
        }
        let (below, above) = (stops[upper - 1], stops[upper])
        let span = above.location - below.location
        return (
            below.mixed(with: above, (from - below.location) / span),
            below.mixed(with: above, (to - below.location) / span)
        )
    }

    /// A conic gradient in unit space: the colours sweep once round `center`, clockwise on the
    /// screen (y grows downwards), from the direction of `toward`, the first stop at 0 and the
    /// last at 1 of the turn. Where the two points coincide (undefined, says the header) the
    /// turn starts along +x.
    ///
    /// Cairo has no conic gradient, so this is a mesh pattern of thin sectors, each a patch
    /// whose colour varies only across it. Sectors end at every stop, so hard edges stay sharp,
    /// and span at most 5°, within which the chord's linear colour is within a thousandth of
    /// a sector's colour change from the angular one.
    func conicPattern(center: CGPoint, toward: CGPoint) -> OpaquePointer {
        let mesh = cairo_pattern_create_mesh()!
        let (cx, cy) = (Double(center.x), Double(center.y))
        let startAngle = toward == center ? 0 : atan2(Double(toward.y) - cy, Double(toward.x) - cx)
        // The sectors reach past the farthest corner of the unit square, even along their
        // chords, which lie at most cos 2.5° ≈ 0.999 of the way out.
        let corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
        let reach = corners.map { hypot($0.0 - cx, $0.1 - cy) }.max()! * 1.01 + 0.01
        let cuts = Set((0...72).map { Double($0) / 72 } + stops.map(\.location)).sorted()
        for (from, to) in zip(cuts, cuts.dropFirst()) {
            let (fromColor, toColor) = colors(from: from, to: to)
            let fromAngle = startAngle + 2 * .pi * from
            let toAngle = startAngle + 2 * .pi * to
            cairo_mesh_pattern_begin_patch(mesh)
            cairo_mesh_pattern_move_to(mesh, cx, cy)
            cairo_mesh_pattern_line_to(mesh, cx + reach * cos(fromAngle), cy + reach * sin(fromAngle))
            cairo_mesh_pattern_line_to(mesh, cx + reach * cos(toAngle), cy + reach * sin(toAngle))
            cairo_mesh_pattern_line_to(mesh, cx, cy)
            // Corners 0 and 3 are the centre; the colour changes from side 0–1 to side 2–3.
            for (corner, color) in [fromColor, fromColor, toColor, toColor].enumerated() {
                cairo_mesh_pattern_set_corner_color_rgba(
                    mesh, UInt32(corner), color.red, color.green, color.blue, color.alpha)
            }
            cairo_mesh_pattern_end_patch(mesh)
        }
        return mesh
    }
}
