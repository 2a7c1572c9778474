import Foundation

/// A filter as CAML documents write one in a layer's `filters` or `backgroundFilters`
/// (`<CAFilter filter="colorContrast" name="c" enabled="true" inputAmount="1.2"/>`): Apple's
/// private `CAFilter`, which iOS wallpapers use. Its type names the effect; its inputs
/// (`inputAmount`, `inputRadius`, …) are key-value coded.
///
///     let contrast = CAFilter(type: "colorContrast")
///     contrast.setValue(1.2, forKey: "inputAmount")
///     layer.filters = [contrast]
///
/// Kept on the layer, copied to its presentation and read and written by CAML. The renderer
/// draws, in `filters`, `gaussianBlur` (its `inputRadius` the standard deviation, in points),
/// `luminanceToAlpha`, `colorMatrix` (`inputColorMatrix`) and `falseColor` (`inputColor0`…`2`,
/// `inputAmount`); other filters, and `backgroundFilters`, are not drawn.
open class CAFilter: NSObject {
    /// The effect (`"gaussianBlur"`, `"colorContrast"`, …), CAML's `filter` attribute.
    public let type: String
    /// The filter's name, by which key paths reach it (`filters.c.inputAmount` on Apple's
    /// platforms); the type unless set.
    open var name: String
    /// Whether it applies (CAML's `enabled`); true by default.
    open var isEnabled = true
    private var inputs: [String: Any] = [:]

    /// A filter of `type`, enabled, named after its type, with no inputs set.
    public init(type: String) {
        self.type = type
        self.name = type
        super.init()
    }

    /// The keys of the inputs set, in name order.
    open var inputKeys: [String] { inputs.keys.sorted() }

    /// An input's value (`name`, `type` and `enabled` read the properties); nil when unset.
    open func value(forKey key: String) -> Any? {
        switch key {
        case "name": name
        case "type": type
        case "enabled": isEnabled
        default: inputs[key]
        }
    }

    /// Sets an input (`name` and `enabled` set the properties); nil removes it.
    open func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "name": name = value as? String ?? type
        case "enabled": isEnabled = value as? Bool ?? true
        default: inputs[key] = value
        }
    }

    open override var description: String {
        let shown = inputKeys.map { "\($0) = \(inputs[$0].map { "\($0)" } ?? "nil")" }
        return
            "<CAFilter \(type) \"\(name)\"\(isEnabled ? "" : " disabled")\(shown.isEmpty ? "" : "; " + shown.joined(separator: ", "))>"
    }
}
