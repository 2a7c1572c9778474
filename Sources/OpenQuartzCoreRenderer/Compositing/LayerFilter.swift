import CCairo
import Foundation
import OpenQuartzCore

/// A filter of a layer's `filters` that the renderer draws. The layer and its sublayers are
/// drawn into a group, each filter changes the group's pixels in the order of `filters`, and
/// the group is composited onto what is below it. Filters of other types, disabled ones and
/// ones whose inputs are missing or out of range are left out.
enum LayerFilter: Equatable {
    /// `gaussianBlur`: a blur whose standard deviation is `inputRadius` points.
    case blur(radius: CGFloat)
    /// `luminanceToAlpha`: each pixel's alpha becomes the luminance of its colour
    /// (0.2125 r + 0.7154 g + 0.0721 b, with r, g and b premultiplied by its alpha) and its
    /// colour black; a layer masking with it masks by its luminance, as an SVG mask does.
    case luminanceToAlpha
    /// `colorMatrix`: `inputColorMatrix`, 20 numbers, the rows giving r, g, b and a of each
    /// pixel (its colour not premultiplied) from r, g, b, a and 1, as Core Image's and SVG's
    /// colour matrices do. Only the pixels the layer paints change.
    case colorMatrix([Double])
    /// `falseColor`: each pixel's grey level (the mean of its channels in linear light, back
    /// in sRGB, as lottie-web's tint and tritone filters compute it) along a ramp through
    /// `inputColor0`, `inputColor1` and, when set, `inputColor2`, mixed with the pixel's own
    /// colour by `inputAmount` (0…1, 1 unless set). Alpha is kept.
    case falseColor(ramp: [SIMD3<Double>], amount: Double)

    /// The filters the renderer draws among `filters` (a layer's `filters` property), in order.
    static func filters(of filters: [Any]?) -> [LayerFilter] {
        guard let filters, !filters.isEmpty else { return [] }
        return filters.compactMap { ($0 as? CAFilter).flatMap(Self.init(drawing:)) }
    }

    private init?(drawing filter: CAFilter) {
        guard filter.isEnabled else { return nil }
        switch filter.type {
        case "gaussianBlur":
            guard let radius = Self.number(filter.value(forKey: "inputRadius")), radius.isFinite, radius > 0 else {
                return nil
            }
            self = .blur(radius: CGFloat(min(radius, 1000)))
        case "luminanceToAlpha":
            self = .luminanceToAlpha
        case "colorMatrix":
            guard let values = filter.value(forKey: "inputColorMatrix") as? [Any] else { return nil }
            let matrix = values.compactMap(Self.number)
            guard matrix.count == 20, matrix.allSatisfy(\.isFinite) else { return nil }
            self = .colorMatrix(matrix)
        case "falseColor":
            let ramp = ["inputColor0", "inputColor1", "inputColor2"].compactMap {
                (filter.value(forKey: $0) as? CGColor).map(Self.rgb)
            }
            guard ramp.count >= 2 else { return nil }
            let amount = Self.number(filter.value(forKey: "inputAmount")) ?? 1
            guard amount.isFinite else { return nil }
            self = .falseColor(ramp: ramp, amount: min(max(amount, 0), 1))
        default:
            return nil
        }
    }

    /// A number input, boxed as any number type or written as a string (as CAML writes it).
    private static func number(_ value: Any?) -> Double? {
        guard let value else { return nil }
        return AnimatableValue.double(from: value) ?? (value as? String).flatMap(Double.init)
    }

    private static func rgb(_ color: CGColor) -> SIMD3<Double> {
        let components = color.components ?? []
        if components.count >= 3 { return SIMD3(Double(components[0]), Double(components[1]), Double(components[2])) }
        let grey = Double(components.first ?? 0)
        return SIMD3(repeating: grey)
    }

    /// Changes the pixels of `pattern` (a group's ARGB32 image surface) as the filter does;
    /// `deviceScale` is the number of pixels a point of the layer covers.
    func apply(to pattern: OpaquePointer, deviceScale: Double) {
        if case .blur(let radius) = self {
            GaussianBlur.blurColours(of: pattern, sigma: Double(radius) * deviceScale)
            return
        }
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(pattern, &surface) == CAIRO_STATUS_SUCCESS, let surface,
            cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
            let data = cairo_image_surface_get_data(surface)
        else { return }
        cairo_surface_flush(surface)
        defer { cairo_surface_mark_dirty(surface) }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let change = pixelChange()
        for row in 0..<height {
            let pixels = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<width where pixels[column] != 0 {
                pixels[column] = change(pixels[column])
            }
        }
    }

    /// What the filter makes of one premultiplied ARGB32 pixel that is not fully transparent.
    private func pixelChange() -> (UInt32) -> UInt32 {
        switch self {
        case .blur:
            return { $0 }
        case .luminanceToAlpha:
            return { pixel in
                let (r, g, b, _) = Self.channels(pixel)
                let alpha = (0.2125 * r + 0.7154 * g + 0.0721 * b) / 255
                return Self.pixel(r: 0, g: 0, b: 0, a: alpha)
            }
        case .colorMatrix(let m):
            return { pixel in
                let (r, g, b, a) = Self.straight(pixel)
                let row = { (i: Int) in m[i] * r + m[i + 1] * g + m[i + 2] * b + m[i + 3] * a + m[i + 4] }
                return Self.pixel(r: row(0), g: row(5), b: row(10), a: row(15))
            }
        case .falseColor(let ramp, let amount):
            return { pixel in
                let (r, g, b, a) = Self.straight(pixel)
                let grey = SRGB.encode((SRGB.decode(r) + SRGB.decode(g) + SRGB.decode(b)) / 3)
                let position = min(max(grey, 0), 1) * Double(ramp.count - 1)
                let index = min(Int(position), ramp.count - 2)
                let t = position - Double(index)
                let mapped = ramp[index] + (ramp[index + 1] - ramp[index]) * t
                let colour = SIMD3(r, g, b) + (mapped - SIMD3(r, g, b)) * amount
                return Self.pixel(r: colour.x, g: colour.y, b: colour.z, a: a)
            }
        }
    }

    /// The premultiplied channels of an ARGB32 pixel, 0…255.
    private static func channels(_ pixel: UInt32) -> (Double, Double, Double, Double) {
        (Double((pixel >> 16) & 0xFF), Double((pixel >> 8) & 0xFF), Double(pixel & 0xFF), Double(pixel >> 24))
    }

    /// The channels of an ARGB32 pixel with its colour not premultiplied, 0…1.
    private static func straight(_ pixel: UInt32) -> (Double, Double, Double, Double) {
        let (r, g, b, a) = channels(pixel)
        guard a > 0 else { return (0, 0, 0, 0) }
        return (r / a, g / a, b / a, a / 255)
    }

    /// A premultiplied ARGB32 pixel of straight colour channels and alpha, each clamped to 0…1.
    private static func pixel(r: Double, g: Double, b: Double, a: Double) -> UInt32 {
        let alpha = min(max(a, 0), 1)
        let byte = { (value: Double) in UInt32((min(max(value, 0), 1) * alpha * 255).rounded()) }
        return UInt32((alpha * 255).rounded()) << 24 | byte(r) << 16 | byte(g) << 8 | byte(b)
    }
}

/// sRGB's transfer curve.
private enum SRGB {
    static func decode(_ value: Double) -> Double {
        value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    static func encode(_ value: Double) -> Double {
        value <= 0.0031308 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
    }
}
