import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// A value as CAML writes it: a scalar type with its text (FORMAT.md §4), an image, or an
/// array of values.
enum CAMLValue {
    /// `type` is the CAML type name (`real`, `integer`, `BOOL`, `CGPoint`, `CGColor`, `string`…);
    /// `opacity` is a colour's alpha when it is not 1.
    case scalar(type: String, text: String, opacity: String?)
    case image(CGImage)
    case array([CAMLValue])
}

extension CAMLEncoder {
    /// `value` as a value of `kind` (a layer property's kind, which decides the CAML type, so
    /// that what is read back writes the same); from its own Swift type when `kind` is nil.
    /// Nil when the value does not fit or CAML has no form for it.
    func camlValue(_ value: Any?, kind: ValueKind?) -> CAMLValue? {
        guard let kind else { return camlValue(inferring: value) }
        if kind == .opaque { return opaqueValue(value) }
        guard let typed = AnimatableValue(converting: value, to: kind) else { return nil }
        return camlValue(typed)
    }

    /// A typed value in CAML form. `exactFloat` writes a number as the shortest text of the
    /// `Float` it is (properties stored as `Float`, such as `opacity`).
    func camlValue(_ value: AnimatableValue, exactFloat: Bool = false) -> CAMLValue? {
        switch value {
        case .number(let number):
            let text = exactFloat ? CAMLValueText.text(Float(number)) : CAMLValueText.text(number)
            return .scalar(type: Self.numberType(text), text: text, opacity: nil)
        case .bool(let flag): return .scalar(type: "BOOL", text: CAMLValueText.text(flag), opacity: nil)
        case .point(let point): return .scalar(type: "CGPoint", text: CAMLValueText.text(point), opacity: nil)
        case .size(let size): return .scalar(type: "CGSize", text: CAMLValueText.text(size), opacity: nil)
        case .rect(let rect): return .scalar(type: "CGRect", text: CAMLValueText.text(rect), opacity: nil)
        case .transform(let transform):
            return .scalar(type: "CATransform3D", text: CAMLValueText.text(transform), opacity: nil)
        case .affineTransform(let affine):
            return .scalar(type: "CGAffineTransform", text: CAMLValueText.text(affine), opacity: nil)
        case .color(let color):
            // No colour is an empty value, which the reader takes as nil.
            guard let color else { return .scalar(type: "CGColor", text: "", opacity: nil) }
            let parts = CAMLValueText.colorText(
                red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
            return .scalar(type: "CGColor", text: parts.value, opacity: parts.opacity)
        case .path(let path):
            return .scalar(type: "CGPath", text: path.map(CAMLValueText.text) ?? "", opacity: nil)
        case .image(let image):
            return image.map(CAMLValue.image)
        case .numbers(let numbers):
            return .array(numbers.map(Self.number))
        case .colors(let colors):
            return .array(colors.compactMap { camlValue(.color($0)) })
        case .opaque(let box):
            return opaqueValue(box.value)
        }
    }

    /// A number as an `integer` or `real` value.
    static func number(_ value: Double) -> CAMLValue {
        let text = CAMLValueText.text(value)
        return .scalar(type: numberType(text), text: text, opacity: nil)
    }

    /// A number written to read back exactly: key times, where a moment that falls on one
    /// (a held keyframe sampled at a frame, as Lottie conversions make them) must stay on the
    /// same side of it.
    static func exactNumber(_ value: Double) -> CAMLValue {
        let text = CAMLValueText.exactText(value)
        return .scalar(type: numberType(text), text: text, opacity: nil)
    }

    /// `integer` for integral numbers within 2³¹, `real` otherwise (`NSNumber(CAMLWriter).mm`);
    /// decided on the text written, so that a value a hair from a whole number, written as
    /// one, reads back and writes again the same.
    static func numberType(_ text: String) -> String {
        let isWhole = !text.isEmpty && text.utf8.allSatisfy { $0 == UInt8(ascii: "-") || (48...57).contains($0) }
        guard isWhole, let value = Double(text), abs(value) <= 2_147_483_648 else { return "real" }
        return "integer"
    }

    /// A value of a property Core Animation does not interpolate: strings (and string
    /// constants such as `kCAGravityCenter`), numbers, a corner mask; nil for anything else.
    private func opaqueValue(_ value: Any?) -> CAMLValue? {
        switch value {
        case let text as String: return .scalar(type: "string", text: text, opacity: nil)
        case let text as NSAttributedString:
            warn(
                "an attributed string is written as its plain text; its attributes are not written",
                topic: "attributed string")
            return .scalar(type: "string", text: text.string, opacity: nil)
        case let mask as CACornerMask:
            return .scalar(type: "integer", text: String(mask.rawValue), opacity: nil)
        case let flag as Bool: return camlValue(.bool(flag))
        case let constant as any RawRepresentable:
            guard let raw = constant.rawValue as? String else { return nil }
            return .scalar(type: "string", text: raw, opacity: nil)
        default:
            if let value, let number = AnimatableValue.double(from: value) { return camlValue(.number(number)) }
            return nil
        }
    }

    /// A value whose property is not known, in the form of its Swift type: arrays element by
    /// element, then colours, geometry, transforms, paths, images, booleans, numbers, strings.
    func camlValue(inferring value: Any?) -> CAMLValue? {
        guard let value else { return nil }
        if let array = value as? [Any] {
            var values: [CAMLValue] = []
            for element in array {
                guard let converted = camlValue(inferring: element) else { return nil }
                values.append(converted)
            }
            return .array(values)
        }
        let typed = AnimatableValue(inferringKindOf: value)
        if case .opaque(let box) = typed { return opaqueValue(box.value) }
        return camlValue(typed)
    }

    /// The value as an object element of its own: `<real value="0.25"/>`,
    /// `<CGColor opacity="0.5" value="1 0 0"/>`, `<CGImage src="assets/a.png"/>`,
    /// `<NSArray>…</NSArray>`. Nil when an image cannot be stored (a warning says why).
    func objectElement(_ value: CAMLValue) -> CAMLOutputElement? {
        switch value {
        case .scalar(let type, let text, let opacity):
            var attributes: [(name: String, value: String)] = []
            if let opacity { attributes.append(("opacity", opacity)) }
            attributes.append(("value", text))
            return CAMLOutputElement(type, attributes: attributes)
        case .image(let image):
            guard let source = images.source(for: image, warn: { self.warn($0) }) else { return nil }
            return CAMLOutputElement("CGImage", attributes: [("src", source)])
        case .array(let values):
            var children: [CAMLOutputElement] = []
            for value in values {
                guard let child = objectElement(value) else { return nil }
                children.append(child)
            }
            return CAMLOutputElement("NSArray", children: children)
        }
    }

    /// The value as the element of property `key`, the object merged into it with its type
    /// (FORMAT.md §3.3): `<fromValue type="real" value="1"/>`,
    /// `<contents type="CGImage" src="…"/>`, `<values type="NSArray">…</values>`.
    func propertyElement(_ key: String, _ value: CAMLValue) -> CAMLOutputElement? {
        guard let object = objectElement(value) else { return nil }
        return CAMLOutputElement.propertyElement(
            key, attributes: [("type", object.name)] + object.attributes, children: object.children)
    }

    /// The elements of an array property's values, each an object element
    /// (`<keyTimes><integer value="0"/>…</keyTimes>`).
    func arrayPropertyElement(_ key: String, _ values: [CAMLValue]) -> CAMLOutputElement? {
        var children: [CAMLOutputElement] = []
        for value in values {
            guard let child = objectElement(value) else { return nil }
            children.append(child)
        }
        // An empty list says it is one (`<values type="NSArray"/>`), or it would read as empty text.
        let attributes: [(name: String, value: String)] = children.isEmpty ? [("type", "NSArray")] : []
        return CAMLOutputElement.propertyElement(key, attributes: attributes, children: children)
    }
}
