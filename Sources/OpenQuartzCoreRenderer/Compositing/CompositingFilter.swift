import CCairo
import Foundation
import OpenQuartzCore

/// The blend modes `CALayer.compositingFilter` names (Core Image's filter names, as CAML
/// documents and Lottie files use them, and Core Graphics' `xor` and `sourceOver`) as Cairo
/// operators. A layer with one is drawn into a group and composited onto what is below it with
/// the mode.
enum CompositingFilter {
    /// The operator for `filter` (a name string), or nil for an unknown name or none: the
    /// layer is drawn normally.
    static func cairoOperator(for filter: Any?) -> cairo_operator_t? {
        guard let name = filter as? String else { return nil }
        return switch name {
        case "xor": CAIRO_OPERATOR_XOR
        // Porter and Duff's normal operator by name: the layer drawn apart, then over.
        case "sourceOver": CAIRO_OPERATOR_OVER
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
}
