import Foundation

/// The range of frame rates a display link or an animation would like: Apple's
/// `CAFrameRateRange` (iOS 15), in frames per second.
///
/// `preferred` is the rate wanted within `minimum`…`maximum`; nil leaves it to the system.
/// ``default`` (all zeros, no preferred rate) asks for nothing in particular.
///
///     link.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 60, preferred: 60)
public struct CAFrameRateRange: Equatable, Sendable {
    public var minimum: Float
    public var maximum: Float
    public var preferred: Float?

    /// A range of rates; `preferred` nil leaves the rate within it to the system.
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// Apple's `CAFrameRateRangeDefault`: no particular rate.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: nil)

    /// Whether the two ranges ask for the same rates (Apple's `CAFrameRateRangeIsEqualToRange`).
    public func isEqual(to range: CAFrameRateRange) -> Bool {
        self == range
    }

    /// Whether the range is one Apple accepts: finite, not negative, the minimum not above the
    /// maximum (a maximum of 0 meaning none), the preferred rate within them; or ``default``.
    var isValid: Bool {
        guard minimum.isFinite, maximum.isFinite, minimum >= 0, maximum >= 0 else { return false }
        guard maximum == 0 || minimum <= maximum else { return false }
        guard let preferred else { return true }
        return preferred.isFinite && preferred >= minimum && (maximum == 0 || preferred <= maximum)
    }

    /// The rate this range asks for: the preferred one, else the maximum, else none (0).
    var requestedRate: Float {
        preferred ?? maximum
    }
}
