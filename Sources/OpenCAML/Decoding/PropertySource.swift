import Foundation

/// How a document wrote one property's value (FORMAT.md §3.2–3.6).
enum PropertySource {
    /// Scalar text: an attribute, or a property element's `value`/text, with the `opacity`
    /// a colour element may carry.
    case text(String, opacity: String?)
    /// An object: a merged `type=` element, an `object=` reference or a single nested
    /// element; nil when it could not be decoded (a warning says why).
    case object(Any?)
    /// The objects of an array property element, in order.
    case array([Any])
}

extension CAMLDecoder {
    /// The key a property element sets: its name, or `key=` on the `<p>` form.
    func propertyKey(of element: XMLTreeElement) -> String? {
        element.name == "p" ? element.attributes["key"] : element.name
    }

    /// What a property element holds.
    func propertySource(of element: XMLTreeElement) -> PropertySource {
        if element.attributes["object"] != nil {
            return .object(decodeObject(element, typeName: element.attributes["type"] ?? "reference"))
        }
        if let type = element.attributes["type"] {
            if type == "NSArray" { return .array(decodeArray(element.children)) }
            // A merged object: the property element is the object (`<contents type="CGImage" …/>`).
            if Self.scalarKinds[type] == nil, type != "string", type != "NSString" {
                return .object(decodeObject(element, typeName: type))
            }
        }
        if !element.children.isEmpty {
            return .array(decodeArray(element.children))
        }
        return .text(element.attributes["value"] ?? element.trimmedText, opacity: element.attributes["opacity"])
    }

    /// The attributes of an object element that are properties, plain keys before key paths,
    /// so `transform="…"` is applied before `transform.rotation.z="…"` refines it (FORMAT.md
    /// §4, key-path attributes); otherwise in name order, so loading is deterministic.
    func propertyAttributes(of element: XMLTreeElement) -> [(key: String, value: String)] {
        element.attributes
            .filter { !Self.reservedAttributes.contains($0.key) && !$0.key.hasPrefix("xmlns") }
            .sorted { lhs, rhs in
                let lhsPath = lhs.key.contains("."), rhsPath = rhs.key.contains(".")
                return lhsPath != rhsPath ? !lhsPath : lhs.key < rhs.key
            }
            .map { ($0.key, $0.value) }
    }
}
