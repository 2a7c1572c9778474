import Foundation

/// How the ends of stroked lines are drawn: Apple's `CGLineCap`.
public enum CGLineCap: Int32, Sendable {
    /// The line stops square at its end point (the default).
    case butt = 0
    /// A half circle of the line's width closes the end.
    case round = 1
    /// The line goes on square for half its width past the end.
    case square = 2
}

/// How the corners of stroked lines are drawn: Apple's `CGLineJoin`.
public enum CGLineJoin: Int32, Sendable {
    /// A sharp corner, bevelled where it would reach past the miter limit (the default).
    case miter = 0
    /// A round corner.
    case round = 1
    /// A corner cut square across.
    case bevel = 2
}

/// How a path is painted by ``CGContext/drawPath(using:)``: Apple's `CGPathDrawingMode`.
public enum CGPathDrawingMode: Int32, Sendable {
    /// Fills with the non-zero winding rule.
    case fill = 0
    /// Fills with the even-odd rule.
    case eoFill = 1
    /// Strokes.
    case stroke = 2
    /// Fills with the non-zero winding rule, then strokes.
    case fillStroke = 3
    /// Fills with the even-odd rule, then strokes.
    case eoFillStroke = 4
}

/// How what is drawn combines with what is already there: Apple's `CGBlendMode`, with its raw
/// values. The separable and non-separable modes of the PDF specification, then the
/// Porter–Duff operators.
public enum CGBlendMode: Int32, Sendable {
    /// Paints the source over what is there.
    case normal = 0
    /// Multiplies: never lighter than either.
    case multiply = 1
    /// Multiplies the complements: never darker than either.
    case screen = 2
    /// Multiplies or screens, by the destination.
    case overlay = 3
    /// The darker of the two, per component.
    case darken = 4
    /// The lighter of the two, per component.
    case lighten = 5
    /// Brightens the destination to reflect the source.
    case colorDodge = 6
    /// Darkens the destination to reflect the source.
    case colorBurn = 7
    /// Darkens or lightens, by the source, softly.
    case softLight = 8
    /// Multiplies or screens, by the source.
    case hardLight = 9
    /// The absolute difference.
    case difference = 10
    /// A softer difference.
    case exclusion = 11
    /// The source's hue with the destination's saturation and luminosity.
    case hue = 12
    /// The source's saturation with the destination's hue and luminosity.
    case saturation = 13
    /// The source's hue and saturation with the destination's luminosity.
    case color = 14
    /// The source's luminosity with the destination's hue and saturation.
    case luminosity = 15
    /// R = 0.
    case clear = 16
    /// R = S.
    case copy = 17
    /// R = S × Da.
    case sourceIn = 18
    /// R = S × (1 − Da).
    case sourceOut = 19
    /// R = S × Da + D × (1 − Sa).
    case sourceAtop = 20
    /// R = S × (1 − Da) + D.
    case destinationOver = 21
    /// R = D × Sa.
    case destinationIn = 22
    /// R = D × (1 − Sa).
    case destinationOut = 23
    /// R = S × (1 − Da) + D × Sa.
    case destinationAtop = 24
    /// R = S × (1 − Da) + D × (1 − Sa).
    case xor = 25
    /// R = max(0, 1 − ((1 − D) + (1 − S))).
    case plusDarker = 26
    /// R = min(1, S + D).
    case plusLighter = 27
}

/// Whether a gradient also paints beyond its ends: Apple's `CGGradientDrawingOptions`.
public struct CGGradientDrawingOptions: OptionSet, Hashable, Sendable {
    /// The option bits.
    public let rawValue: UInt32

    /// Wraps option bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Paints the first colour before the start point (a linear gradient) or inside the start
    /// circle (a radial one).
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    /// Paints the last colour past the end point, or outside the end circle.
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}
