import Foundation
import OpenCoreGraphics

/// A list of variants of one animation (`carender render FILE --variants LIST`): for each row,
/// the name of its output and the values it sets.
///
/// **JSON lines** (`.jsonl`, `.ndjson`, or any file whose first character is `{`): one object a
/// line, `output` and any setting of a values file (``LottieValues``):
///
///     {"output": "alice", "textProvider": {"dictionary": {"Name": "Alice"}}, "valueProviders": [{"keypath": "**.Fill 1.Color", "color": [1, 0, 0, 1]}]}
///
/// **CSV** (RFC 4180: commas, double quotes around a field holding one): a header, then a row a
/// variant. The columns are `output`, and any of `text` (every text layer's text),
/// `text:NAME` (the text of the text layers of that name or keypath), `color:KEYPATH`
/// (`#rrggbb` or `#rrggbbaa`), `float:KEYPATH` (a number in the property's Lottie units),
/// `slot:ID` (the file's slot of that id: a colour `#rrggbb[aa]` or a number) and `image` (a
/// picture for every image asset, relative to the list). An empty cell sets nothing.
///
///     output,text:Name,color:**.Fill 1.Color,image
///     alice,Alice,#ff3366,photos/alice.jpg
///
/// A row whose values cannot be read is kept with its error (``Row/values``), so that the
/// others still render; the list itself throws only when it cannot be read at all (a missing
/// file, a CSV header naming no `output` or an unknown column).
public struct LottieVariants: Sendable {
    /// One variant.
    public struct Row: Sendable {
        /// The row's line in the list, from 1 (the header is line 1 of a CSV).
        public let line: Int
        /// The name its files take (without an extension), or nil when the row has none.
        public let output: String?
        /// Its values, or why they cannot be read (the error names the list, the line and the
        /// column or JSON path).
        public let values: Result<LottieValues, LottieError>
    }

    /// The list's file, for messages.
    public let source: String
    public let rows: [Row]

    /// Reads the list at `url`; pictures are relative to its folder.
    public init(contentsOf url: URL) throws(LottieError) {
        guard let text = String(data: try JSONNode.userFile(url), encoding: .utf8) else {
            throw LottieError(file: url.path, path: "", message: "is not UTF-8 text")
        }
        try self.init(text: text, name: url.path, folder: url.deletingLastPathComponent())
    }

    /// Reads a list's text; `name` names it in errors, pictures are relative to `folder`.
    public init(text: String, name: String, folder: URL) throws(LottieError) {
        source = name
        let trimmed = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        let isJSONLines =
            trimmed.first == "{" || name.hasSuffix(".jsonl") || name.hasSuffix(".ndjson")
        rows =
            isJSONLines
            ? Self.jsonLines(text, name: name, folder: folder) : try Self.csv(text, name: name, folder: folder)
        guard !rows.isEmpty else { throw LottieError(file: name, path: "", message: "lists no variants") }
    }

    // MARK: JSON lines

    private static func jsonLines(_ text: String, name: String, folder: URL) -> [Row] {
        var rows: [Row] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !content.isEmpty else { continue }
            let place = "\(name):\(index + 1)"
            var output: String?
            do throws(LottieError) {
                let root = try JSONNode.document(Data(content.utf8), file: place)
                output = try? root["output"]?.string()
                guard output != nil else { throw root.error("a variant needs an \"output\" name") }
                let values = try LottieValues(reading: root, folder: folder, ignoring: ["output"])
                rows.append(Row(line: index + 1, output: output, values: .success(values)))
            } catch {
                rows.append(Row(line: index + 1, output: output, values: .failure(error)))
            }
        }
        return rows
    }

    // MARK: CSV

    private enum Column {
        case output
        case text(String?)
        case color(AnimationKeypath)
        case float(AnimationKeypath)
        case slot(String)
        case image
    }

    private static func csv(_ text: String, name: String, folder: URL) throws(LottieError) -> [Row] {
        let records = csvRecords(text)
        guard let header = records.first else { throw LottieError(file: name, path: "", message: "is empty") }
        var columns: [Column] = []
        for cell in header.cells {
            let title = cell.trimmingCharacters(in: .whitespaces)
            let parts = title.split(separator: ":", maxSplits: 1).map(String.init)
            switch (parts.first ?? "", parts.count == 2 ? parts[1] : nil) {
            case ("output", nil): columns.append(.output)
            case ("text", let key): columns.append(.text(key))
            case ("color", let keypath?): columns.append(.color(AnimationKeypath(keypath: keypath)))
            case ("float", let keypath?): columns.append(.float(AnimationKeypath(keypath: keypath)))
            case ("image", nil): columns.append(.image)
            case ("slot", let id?): columns.append(.slot(id))
            default:
                throw LottieError(
                    file: "\(name):\(header.line)", path: "",
                    message:
                        "the column \"\(title)\" is not one of output, text, text:NAME, color:KEYPATH, "
                        + "float:KEYPATH, slot:ID, image")
            }
        }
        guard columns.contains(where: { if case .output = $0 { true } else { false } }) else {
            throw LottieError(
                file: "\(name):\(header.line)", path: "", message: "the header names no \"output\" column")
        }
        let hasWholeText = columns.contains { if case .text(nil) = $0 { true } else { false } }
        let hasNamedText = columns.contains { if case .text(.some) = $0 { true } else { false } }
        if hasWholeText, hasNamedText {
            throw LottieError(
                file: "\(name):\(header.line)", path: "",
                message: "give \"text\" (every text layer) or \"text:NAME\" columns, not both")
        }
        var rows: [Row] = []
        for record in records.dropFirst() where !record.cells.allSatisfy({ $0.isEmpty }) {
            let place = "\(name):\(record.line)"
            var output: String?
            var values = LottieValues(source: name)
            var texts: [String: String] = [:]
            var slots: [String: JSONValue] = [:]
            var problem: LottieError?
            if record.cells.count != columns.count {
                problem = LottieError(
                    file: place, path: "",
                    message: "has \(record.cells.count) fields; the header has \(columns.count)")
            }
            for (index, (column, cell)) in zip(columns, record.cells).enumerated() where problem == nil && !cell.isEmpty
            {
                let title = header.cells[index]
                func fail(_ message: String) {
                    problem = LottieError(file: place, path: "column \"\(title)\"", message: message)
                }
                switch column {
                case .output:
                    output = cell
                case .text(let key):
                    if let key { texts[key] = cell } else { values.textProvider = HardcodedTextProvider(text: cell) }
                case .color(let keypath):
                    guard let color = hexColor(cell) else {
                        fail("\"\(cell)\" is not a colour: #rrggbb or #rrggbbaa")
                        break
                    }
                    values.valueProviders.append(
                        LottieValues.Setting(
                            keypath: keypath, provider: ColorValueProvider(color), place: "column \"\(title)\""))
                case .float(let keypath):
                    guard let number = Double(cell.trimmingCharacters(in: .whitespaces)), number.isFinite else {
                        fail("\"\(cell)\" is not a number")
                        break
                    }
                    values.valueProviders.append(
                        LottieValues.Setting(
                            keypath: keypath, provider: FloatValueProvider(CGFloat(number)),
                            place: "column \"\(title)\""))
                case .slot(let id):
                    let trimmed = cell.trimmingCharacters(in: .whitespaces)
                    if let color = hexColor(trimmed) {
                        slots[id] = .object([
                            "a": .number(0), "k": .array([color.r, color.g, color.b, color.a].map { .number($0) }),
                        ])
                    } else if let number = Double(trimmed), number.isFinite {
                        slots[id] = .object(["a": .number(0), "k": .number(number)])
                    } else {
                        fail("\"\(cell)\" is not a slot's value: a colour #rrggbb or #rrggbbaa, or a number")
                    }
                case .image:
                    switch LottieValues.picture(cell, folder: folder) {
                    case .success(let image):
                        values.imageProvider = OneImageProvider(image: image, gravity: .resizeAspectFill)
                    case .failure(let picture): fail(picture.reason)
                    }
                }
            }
            if problem == nil, output == nil {
                problem = LottieError(file: place, path: "", message: "the output name is empty")
            }
            if !texts.isEmpty { values.textProvider = DictionaryTextProvider(texts) }
            if !slots.isEmpty { values.slots = LottieSlots(properties: slots, source: place) }
            values.source = place
            rows.append(
                Row(line: record.line, output: output, values: problem.map { .failure($0) } ?? .success(values)))
        }
        return rows
    }

    /// `#rrggbb` or `#rrggbbaa`.
    private static func hexColor(_ text: String) -> LottieColor? {
        let digits = text.trimmingCharacters(in: .whitespaces)
        guard digits.hasPrefix("#"), digits.count == 7 || digits.count == 9,
            let value = UInt64(digits.dropFirst(), radix: 16)
        else { return nil }
        let hasAlpha = digits.count == 9
        let rgb = hasAlpha ? value >> 8 : value
        return LottieColor(
            r: Double((rgb >> 16) & 0xFF) / 255, g: Double((rgb >> 8) & 0xFF) / 255, b: Double(rgb & 0xFF) / 255,
            a: hasAlpha ? Double(value & 0xFF) / 255 : 1)
    }

    /// The records of CSV text, each with the line it starts on: fields split at commas, a
    /// field in double quotes may hold commas, line breaks and doubled quotes.
    static func csvRecords(_ text: String) -> [(line: Int, cells: [String])] {
        var records: [(line: Int, cells: [String])] = []
        var cells: [String] = []
        var field = ""
        var quoted = false
        var line = 1
        var recordLine = 1
        var characters = Array(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        if characters.last != "\n" { characters.append("\n") }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if quoted {
                if character == "\"" {
                    if index + 1 < characters.count, characters[index + 1] == "\"" {
                        field.append("\"")
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if character == "\n" || character == "\r\n" { line += 1 }
                    field.append(character)
                }
            } else if character == "\"" && field.isEmpty {
                quoted = true
            } else if character == "," {
                cells.append(field)
                field = ""
            } else if character == "\n" || character == "\r\n" {
                cells.append(field)
                records.append((recordLine, cells))
                cells = []
                field = ""
                line += 1
                recordLine = line
            } else if character != "\r" {
                field.append(character)
            }
            index += 1
        }
        return records.filter { !($0.cells.count == 1 && $0.cells[0].isEmpty) }
    }
}
