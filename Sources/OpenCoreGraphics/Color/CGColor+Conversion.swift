import Foundation

/// How a colour is mapped into a colour space that cannot hold it: Apple's
/// `CGColorRenderingIntent`. Every intent converts the same way here (see
/// ``CGColor/converted(to:intent:options:)``).
public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent, absoluteColorimetric, relativeColorimetric, perceptual, saturation
}

extension CGColor {
    /// The colour's space: sRGB for an RGB colour, the gray space (`genericGrayGamma2_2`,
    /// taken as sRGB gray) for a gray one.
    public var colorSpace: CGColorSpace? {
        numberOfComponents == 4
            ? CGColorSpace(name: CGColorSpace.sRGB) : CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)
    }

    /// The colour in `space`, alpha kept. Into an RGB space a gray colour becomes equal red,
    /// green and blue; into a gray space an RGB colour becomes the gray of the same luminance:
    /// Y = 0.2126 R + 0.7152 G + 0.0722 B of the linear-light components (sRGB's), encoded
    /// back with sRGB's transfer function, as every gray here is sRGB gray. `intent` and
    /// `options` are accepted for Apple's signature. Never nil here.
    public func converted(
        to space: CGColorSpace, intent: CGColorRenderingIntent, options: [AnyHashable: Any]?
    ) -> CGColor? {
        let (red, green, blue, alpha) = rgba
        switch space.model {
        case .rgb:
            return CGColor(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
        case .monochrome:
            guard numberOfComponents == 4 else { return self }
            let luminance =
                0.2126 * Self.linearFromSRGB(red) + 0.7152 * Self.linearFromSRGB(green)
                + 0.0722 * Self.linearFromSRGB(blue)
            return CGColor(gray: CGFloat(Self.sRGBFromLinear(luminance)), alpha: CGFloat(alpha))
        }
    }

    /// sRGB's decoding: an encoded component to linear light.
    package static func linearFromSRGB(_ value: Double) -> Double {
        value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// sRGB's encoding: linear light to an encoded component.
    package static func sRGBFromLinear(_ value: Double) -> Double {
        value <= 0.0031308 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
    }
}

/// The grey level of an 8-bit RGB pixel, Rec. 709's weights on its encoded components: what a
/// gray bitmap stores and what an opaque mask image masks by.
package func grayLevel(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
    let level = 0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue)
    return UInt8(min(max(level.rounded(), 0), 255))
}
