import Foundation

/// A property list value written as XML text, as Apple's writer lays it out: a tab a level,
/// dictionary keys in order. `index.xml` and a wallpaper's `Wallpaper.plist` are written this
/// way, so that the same package writes the same bytes (Foundation's writer follows a
/// dictionary's order, which changes from run to run, and took more time than the document).
enum PropertyListValue {
    case string(String)
    case integer(Int)
    /// The number as written, such as "2.01".
    case real(String)
    case boolean(Bool)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    /// The whole document: the XML declaration, the DOCTYPE and `self` as the root.
    func document() -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            \(text(depth: 0))
            </plist>

            """.utf8)
    }

    /// The value's element, indented by `depth` tabs after its first line.
    private func text(depth: Int) -> String {
        let inner = String(repeating: "\t", count: depth + 1)
        let closing = String(repeating: "\t", count: depth)
        switch self {
        case .string(let value): return "<string>\(Self.escaped(value))</string>"
        case .integer(let value): return "<integer>\(value)</integer>"
        case .real(let value): return "<real>\(value)</real>"
        case .boolean(let value): return value ? "<true/>" : "<false/>"
        case .array(let items):
            return "<array>\n" + items.map { "\(inner)\($0.text(depth: depth + 1))\n" }.joined() + closing + "</array>"
        case .dictionary(let entries):
            return "<dict>\n"
                + entries.sorted { $0.key < $1.key }.map { key, value in
                    "\(inner)<key>\(Self.escaped(key))</key>\n\(inner)\(value.text(depth: depth + 1))\n"
                }.joined() + closing + "</dict>"
        }
    }

    /// `text` with `&`, `<` and `>` escaped.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
