import CCairo
import Foundation
import OpenQuartzCore

/// The blend modes `CALayer.compositingFilter` names (Core Image's filter names, as CAML
/// documents and Lottie files use them, and Core Graphics' `xor`) as Cairo operators. A
/// layer with one is drawn into a group and composited onto what is below it with the mode.
enum CompositingFilter {
    /// The operator for `filter` (a name string), or nil for an unknown name or none: the
    /// layer is drawn normally.
    static func cairoOperator(for filter: Any?) -> cairo_operator_t? {
        guard let name = filter as? String else { return nil }
        return switch name {
        case "xor": CAIRO_OPERATOR_XOR
        case "multiplyBlendMode", "multiply": CAIRO_OPERATOR_MULTIPLY
        case "screenBlendMode", "screen": CAIRO_OPERATOR_SCREEN
        case "overlayBlendMode", "overlay": CAIRO_OPERATOR_OVERLAY
        case "darkenBlendMode", "darken": CAIRO_OPERATOR_DARKEN
        case "lightenBlendMode", "lighten": CAIRO_OPERATOR_LIGHTEN
        case "colorDodgeBlendMode", "colorDodge": CAIRO_OPERATOR_COLOR_DODGE
        case "colorBurnBlendMode", "colorBurn": CAIRO_OPERATOR_COLOR_BURN
        case "hardLightBlendMode", "hardLight": CAIRO_OPERATOR_HARD_LIGHT
        case "softLightBlendMode", "softLight": CAIRO_OPERATOR_SOFT_LIGHT
        case "differenceBlendMode", "difference": CAIRO_OPERATOR_DIFFERENCE
        case "exclusionBlendMode", "exclusion": CAIRO_OPERATOR_EXCLUSION
        case "hueBlendMode", "hue": CAIRO_OPERATOR_HSL_HUE
        case "saturationBlendMode", "saturation": CAIRO_OPERATOR_HSL_SATURATION
        case "colorBlendMode", "color": CAIRO_OPERATOR_HSL_COLOR
        case "luminosityBlendMode", "luminosity": CAIRO_OPERATOR_HSL_LUMINOSITY
        case "linearDodgeBlendMode", "plusL", "add": CAIRO_OPERATOR_ADD
        default: nil
        }
    }

    /// The radius of the first enabled `gaussianBlur` among a layer's `filters`, when it is a
    /// positive number: the standard deviation of the blur, in the layer's points, as Core
    /// Image's `inputRadius` is. Nil for no blur.
    static func blurRadius(of filters: [Any]) -> CGFloat? {
        for case let filter as CAFilter in filters where filter.type == "gaussianBlur" && filter.isEnabled {
            let radius: Double? =
                switch filter.value(forKey: "inputRadius") {
                case let value as Double: value
                case let value as CGFloat: Double(value)
                case let value as Float: Double(value)
                case let value as Int: Double(value)
                case let value as String: Double(value)
                default: nil
                }
            guard let radius, radius.isFinite, radius > 0 else { return nil }
            return CGFloat(min(radius, 1000))
        }
        return nil
    }
}
