import Foundation

/// Colours at locations from 0 to 1, for ``CGContext/drawLinearGradient(_:start:end:options:)``
/// and ``CGContext/drawRadialGradient(_:startCenter:startRadius:endCenter:endRadius:options:)``:
/// Apple's `CGGradient`. Immutable.
///
///     let fade = CGGradient(
///         colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [red, blue], locations: [0, 1])!
///
/// Differences from Apple: `colors` is a `[CGColor]` rather than a `CFArray` (drop the
/// `as CFArray`), and lists take Swift arrays where Apple takes pointers, which array
/// arguments fill in either way. Colours are sRGB whatever the space. Colours between the stops
/// are interpolated component by component without premultiplying, as Core Graphics does.
public final class CGGradient: Hashable, @unchecked Sendable {
    // `@unchecked` is safe: both lists are `let`s of immutable values.
    /// The colours, in order.
    public let colors: [CGColor]
    /// Where each colour lies, 0…1: as given, or spread evenly when none were given.
    public let locations: [CGFloat]

    /// A gradient of `colors` at `locations` (one for each colour, or nil to spread them evenly
    /// from 0 to 1). Nil when there are no colours or the counts differ.
    public init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: [CGFloat]?) {
        guard !colors.isEmpty else { return nil }
        if let locations {
            guard locations.count == colors.count else { return nil }
            self.locations = locations
        } else {
            self.locations = Self.evenLocations(colors.count)
        }
        self.colors = colors
    }

    /// A gradient of `count` colours given as components in `space` (red, green, blue, alpha or
    /// gray, alpha), at `locations` (nil: spread evenly). Nil when there are too few components.
    public init?(colorSpace space: CGColorSpace, colorComponents: [CGFloat], locations: [CGFloat]?, count: Int) {
        let stride = space.numberOfComponents + 1
        guard count > 0, colorComponents.count >= count * stride, locations.map({ $0.count >= count }) ?? true else {
            return nil
        }
        colors = (0..<count).map { index in
            let c = Array(colorComponents[(index * stride)..<((index + 1) * stride)])
            return space.model == .rgb
                ? CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3]) : CGColor(gray: c[0], alpha: c[1])
        }
        self.locations = locations.map { Array($0.prefix(count)) } ?? Self.evenLocations(count)
    }

    private static func evenLocations(_ count: Int) -> [CGFloat] {
        count == 1 ? [0] : (0..<count).map { CGFloat($0) / CGFloat(count - 1) }
    }

    /// Whether two gradients have equal colours at equal locations.
    public static func == (lhs: CGGradient, rhs: CGGradient) -> Bool {
        lhs === rhs || (lhs.colors == rhs.colors && lhs.locations == rhs.locations)
    }

    /// Hashes the colours and locations, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(colors)
        hasher.combine(locations)
    }
}
