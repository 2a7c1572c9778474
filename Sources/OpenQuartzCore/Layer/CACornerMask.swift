import Foundation
import OpenCoreGraphics

/// Which corners of a layer `cornerRadius` rounds: Apple's `CACornerMask`, with the bits of
/// `CALayer.h`.
///
///     card.cornerRadius = 16
///     card.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]   // the top corners only
///
/// The names are those of the layer's own coordinates: on iOS, y grows downwards, so `MinY`
/// is the top edge.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    /// The corner bits.
    public let rawValue: UInt

    /// Wraps corner bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The corner at (minX, minY): the top left on iOS. Apple's `kCALayerMinXMinYCorner`.
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    /// The corner at (maxX, minY): the top right on iOS. Apple's `kCALayerMaxXMinYCorner`.
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    /// The corner at (minX, maxY): the bottom left on iOS. Apple's `kCALayerMinXMaxYCorner`.
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    /// The corner at (maxX, maxY): the bottom right on iOS. Apple's `kCALayerMaxXMaxYCorner`.
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)

    /// The four corners: `maskedCorners`' default.
    static let all: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]

    /// The mask key-value coding was given: a `CACornerMask` or its raw bits as a number, as
    /// Objective-C passes this `NSUInteger` property. Anything else is a programmer error.
    init(keyValue value: Any?) {
        self.init(fourBitKeyValue: value, key: "maskedCorners")
    }
}

extension OptionSet where RawValue: FixedWidthInteger {
    /// The mask of four bits key-value coding was given for `key`: the mask itself, or its raw
    /// bits 0…15 as a number, as Objective-C passes such an integer property. Anything else is
    /// a programmer error.
    init(fourBitKeyValue value: Any?, key: String) {
        if let mask = value as? Self {
            self = mask
        } else if let value, let number = AnimatableValue.double(from: value), number >= 0, number < 16,
            number == number.rounded()
        {
            self.init(rawValue: RawValue(number))
        } else {
            misuse(
                "setValue(_:forKey: \"\(key)\") needs a \(Self.self) or its raw value 0…15, got \(describeType(value))")
        }
    }
}

/// The curve of a layer's rounded corners: Apple's `CALayerCornerCurve`, whose raw values are
/// Core Animation's strings.
///
///     icon.cornerRadius = 12
///     icon.cornerCurve = .continuous   // the app icon's smooth corner
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    /// The curve's name, as Core Animation spells it (`"circular"`, `"continuous"`).
    public var rawValue: String { name.string(among: Self.names) }

    /// Wraps a corner curve's name.
    public init(rawValue: String) { name = PackedName(rawValue, among: Self.names) }

    private let name: PackedName
    private static let names = ["circular", "continuous"]

    /// A quarter circle of `cornerRadius` (the default). Apple's `kCACornerCurveCircular`.
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// A corner whose curvature grows smoothly from the straight edges, as on app icons; it
    /// starts about 1.53 × `cornerRadius` from the corner. Apple's `kCACornerCurveContinuous`.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

extension CALayer {
    /// How much farther along each edge than `cornerRadius` a corner of `curve` reaches: 1 for
    /// `.circular`, about 1.528665 for `.continuous`. Apple's value; a curve Core Animation
    /// does not know counts as circular.
    public class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? continuousCornerExpansion : 1
    }
}

/// How far from the corner, in radii, a continuous corner leaves each straight edge: Apple's
/// `cornerCurveExpansionFactor(.continuous)` (the 1.528665 in UIKit's continuous corner).
package let continuousCornerExpansion: CGFloat = 1.52866483
