import Foundation
import OpenQuartzCore

extension CAMLDecoder {
    /// A `<CAFilter filter="…" name="…" enabled="…" input…="…"/>` element: the filter's type,
    /// name and whether it applies, and every other attribute (or child property element) an
    /// input — a number where the text is one, else the text.
    func decodeFilter(_ element: XMLTreeElement) -> CAFilter {
        let filter = CAFilter(type: element.attributes["filter"] ?? "")
        register(filter, of: element)
        for (key, text) in propertyAttributes(of: element) {
            switch key {
            case "filter":
                continue
            case "name":
                filter.name = text
            case "enabled":
                guard let enabled = CAMLValueText.bool(text) else {
                    warn(element, "enabled=\"\(text)\" is not a boolean; the filter stays enabled")
                    continue
                }
                filter.isEnabled = enabled
            default:
                filter.setValue(CAMLValueText.number(text) ?? text, forKey: key)
            }
        }
        for child in element.children {
            guard let key = propertyKey(of: child) else {
                warn(child, "a <p> element without key; ignored")
                continue
            }
            switch propertySource(of: child) {
            case .text(let text, _): filter.setValue(CAMLValueText.number(text) ?? text, forKey: key)
            case .object(let object): filter.setValue(object, forKey: key)
            case .array(let objects): filter.setValue(objects, forKey: key)
            }
        }
        return filter
    }
}
