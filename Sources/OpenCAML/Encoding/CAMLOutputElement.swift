import Foundation
import OpenQuartzCore

/// One element of a CAML document being written: its name, its attributes in the order they
/// are written, and its children. The encoder builds a tree of these, then ``CAMLDocumentText``
/// prints it.
struct CAMLOutputElement {
    var name: String
    var attributes: [(name: String, value: String)] = []
    var children: [CAMLOutputElement] = []

    init(_ name: String, attributes: [(name: String, value: String)] = [], children: [CAMLOutputElement] = []) {
        self.name = name
        self.attributes = attributes
        self.children = children
    }

    /// Attributes an object element reserves for itself (FORMAT.md §3.4): a property of the
    /// same name is written as a child element instead.
    static let reservedAttributes: Set<String> = ["id", "type", "object", "key", "value", "xmlns"]

    /// Sets property `key` to scalar text the way Apple's writer does (FORMAT.md §3.4): as an
    /// attribute of the owner, or, for a reserved name or a key that is not an XML name, as a
    /// child element holding `value=`.
    mutating func setProperty(_ key: String, text: String) {
        if Self.reservedAttributes.contains(key) || !Self.isXMLName(key) {
            children.append(Self.propertyElement(key, attributes: [("value", text)]))
        } else {
            attributes.append((key, text))
        }
    }

    /// A property element for `key`: `<key …>`, or `<p key="…" …>` when the key is not an XML
    /// name (an animation key such as `animation-2`, FORMAT.md §3.2).
    static func propertyElement(
        _ key: String, attributes: [(name: String, value: String)] = [], children: [CAMLOutputElement] = []
    ) -> CAMLOutputElement {
        if isXMLName(key) {
            return CAMLOutputElement(key, attributes: attributes, children: children)
        }
        return CAMLOutputElement("p", attributes: [("key", key)] + attributes, children: children)
    }

    /// A translucent colour as Apple writes one: `<key opacity="a" value="r g b"/>`.
    static func translucentColorElement(_ key: String, _ color: ColorComponents) -> CAMLOutputElement {
        let parts = CAMLValueText.colorText(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        return propertyElement(key, attributes: [("opacity", parts.opacity ?? "1"), ("value", parts.value)])
    }

    /// Whether `text` can be an element or attribute name with no namespace prefix: a letter
    /// or `_`, then letters, digits, `_`, `-` and `.`.
    static func isXMLName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else {
            return false
        }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
                || scalar == "."
        }
    }
}

/// Prints a CAML document as Apple's writer lays it out (FORMAT.md §2): the XML declaration
/// and an empty line, the `caml` element in the Core Animation namespace, two spaces of
/// indent per level with each run of eight columns written as a tab, attributes on the
/// element's line, and empty elements closed with `/>`.
enum CAMLDocumentText {
    static let namespace = "http://www.apple.com/CoreAnimation/1.0"

    /// The document whose root object is `root`, as UTF-8.
    static func data(root: CAMLOutputElement) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        out.append(contentsOf: Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\n".utf8))
        out.append(contentsOf: Array("<caml xmlns=\"\(namespace)\">\n".utf8))
        write(root, depth: 1, into: &out)
        out.append(contentsOf: Array("</caml>\n".utf8))
        return Data(out)
    }

    /// Writes `element` and what it holds; an explicit stack, since layer trees may be of any
    /// depth.
    private static func write(_ element: CAMLOutputElement, depth: Int, into out: inout [UInt8]) {
        // Entries are elements to open, or names to close.
        enum Step {
            case open(CAMLOutputElement, depth: Int)
            case close(String, depth: Int)
        }
        var pending: [Step] = [.open(element, depth: depth)]
        while let step = pending.popLast() {
            switch step {
            case .open(let element, let depth):
                indent(depth, into: &out)
                out.append(UInt8(ascii: "<"))
                out.append(contentsOf: element.name.utf8)
                for (name, value) in element.attributes {
                    out.append(UInt8(ascii: " "))
                    out.append(contentsOf: name.utf8)
                    out.append(contentsOf: [UInt8(ascii: "="), UInt8(ascii: "\"")])
                    escape(value, into: &out)
                    out.append(UInt8(ascii: "\""))
                }
                if element.children.isEmpty {
                    out.append(contentsOf: [UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "\n")])
                } else {
                    out.append(contentsOf: [UInt8(ascii: ">"), UInt8(ascii: "\n")])
                    pending.append(.close(element.name, depth: depth))
                    for child in element.children.reversed() { pending.append(.open(child, depth: depth + 1)) }
                }
            case .close(let name, let depth):
                indent(depth, into: &out)
                out.append(contentsOf: [UInt8(ascii: "<"), UInt8(ascii: "/")])
                out.append(contentsOf: name.utf8)
                out.append(contentsOf: [UInt8(ascii: ">"), UInt8(ascii: "\n")])
            }
        }
    }

    private static func indent(_ depth: Int, into out: inout [UInt8]) {
        let columns = depth * 2
        out.append(contentsOf: repeatElement(UInt8(ascii: "\t"), count: columns / 8))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: columns % 8))
    }

    /// Attribute text with markup characters and line breaks as references, so a reader gets
    /// back exactly the text (XML turns a raw line break in an attribute into a space).
    /// Characters XML 1.0 cannot hold at all (other control characters) become U+FFFD.
    private static func escape(_ text: String, into out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: Array("&amp;".utf8))
            case UInt8(ascii: "<"): out.append(contentsOf: Array("&lt;".utf8))
            case UInt8(ascii: ">"): out.append(contentsOf: Array("&gt;".utf8))
            case UInt8(ascii: "\""): out.append(contentsOf: Array("&quot;".utf8))
            case 0x0A: out.append(contentsOf: Array("&#10;".utf8))
            case 0x0D: out.append(contentsOf: Array("&#13;".utf8))
            case 0x09: out.append(contentsOf: Array("&#9;".utf8))
            case 0..<0x20, 0x7F: out.append(contentsOf: [0xEF, 0xBF, 0xBD])
            default: out.append(byte)
            }
        }
    }
}
