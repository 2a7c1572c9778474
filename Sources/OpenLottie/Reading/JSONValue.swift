import Foundation

/// A JSON value as Lottie reading takes it: numbers are doubles, booleans stay booleans (read as
/// 0 and 1 where a number belongs, as After Effects writes them).
///
/// Our own reader rather than Foundation's `JSONSerialization`: on Linux that makes every number
/// an `NSNumber` and every container a bridged `Any`, and reading a value back out of it is a
/// dynamic cast. The two were nearly half of reading a Lottie file and making its tree.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}

/// Reads JSON text (RFC 8259, UTF-8, a byte order mark skipped) into a ``JSONValue``: the whole
/// of `data` must be one value, with white space around it. Nesting is bounded (``maximumDepth``), so that no document can
/// exhaust the stack, and a number too large for a double is refused, as Foundation refuses it.
struct JSONReader {
    static let maximumDepth = 512

    /// Why the text is not JSON, and the byte where reading stopped.
    struct Failure: Error {
        let message: String
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    static func read(_ data: Data) throws(Failure) -> JSONValue {
        let result: Result<JSONValue, Failure> = data.withUnsafeBytes { raw in
            var reader = JSONReader(bytes: raw.bindMemory(to: UInt8.self))
            do throws(Failure) {
                // A UTF-8 byte order mark, which some editors write first.
                if reader.bytes.count >= 3, reader.bytes[0] == 0xEF, reader.bytes[1] == 0xBB, reader.bytes[2] == 0xBF {
                    reader.offset = 3
                }
                reader.skipSpace()
                guard reader.offset < reader.bytes.count else { throw Failure(message: "the document is empty") }
                let value = try reader.value()
                reader.skipSpace()
                guard reader.offset == reader.bytes.count else {
                    throw reader.failure("unexpected text after the document's value")
                }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func failure(_ message: String) -> Failure {
        Failure(message: "\(message) at byte \(offset)")
    }

    private mutating func skipSpace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private mutating func value() throws(Failure) -> JSONValue {
        guard offset < bytes.count else { throw failure("the document ends where a value belongs") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("unexpected character \(Self.describe(bytes[offset]))")
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard bytes.count - offset >= count,
            memcmp(bytes.baseAddress! + offset, word.utf8Start, count) == 0
        else { throw failure("unexpected character \(Self.describe(bytes[offset]))") }
        offset += count
        return value
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw failure("arrays and objects nest deeper than \(Self.maximumDepth)")
        }
    }

    private mutating func object() throws(Failure) -> JSONValue {
        var members: [String: JSONValue] = [:]
        guard try !opensEmpty(closing: UInt8(ascii: "}")) else { return .object(members) }
        repeat {
            skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw failure("expected a member's name in quotes")
            }
            let key = try string()
            skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                throw failure("expected \":\" after a member's name")
            }
            offset += 1
            skipSpace()
            members[key] = try value()
        } while try !closesAfterElement(closing: UInt8(ascii: "}"), inside: "an object")
        return .object(members)
    }

    private mutating func array() throws(Failure) -> JSONValue {
        var elements: [JSONValue] = []
        guard try !opensEmpty(closing: UInt8(ascii: "]")) else { return .array(elements) }
        repeat {
            skipSpace()
            elements.append(try value())
        } while try !closesAfterElement(closing: UInt8(ascii: "]"), inside: "an array")
        return .array(elements)
    }

    /// Enters the array or object whose opening byte is at the offset: true, having left it
    /// again, when it closes at once.
    private mutating func opensEmpty(closing: UInt8) throws(Failure) -> Bool {
        try enter()
        offset += 1
        skipSpace()
        guard offset < bytes.count, bytes[offset] == closing else { return false }
        leave()
        return true
    }

    /// After an element: past a comma, false; at the closing byte, true, having left the
    /// array or object.
    private mutating func closesAfterElement(closing: UInt8, inside container: String) throws(Failure) -> Bool {
        skipSpace()
        guard offset < bytes.count else { throw failure("the document ends inside \(container)") }
        switch bytes[offset] {
        case UInt8(ascii: ","):
            offset += 1
            return false
        case closing:
            leave()
            return true
        default:
            throw failure("expected \",\" or \"\(Character(Unicode.Scalar(closing)))\" in \(container)")
        }
    }

    private mutating func leave() {
        offset += 1
        depth -= 1
    }

    /// A string from its opening quote: its bytes as they are where there is no escape (checked
    /// to be UTF-8), and decoded where there is.
    private mutating func string() throws(Failure) -> String {
        offset += 1
        let start = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let text = UnsafeBufferPointer(rebasing: bytes[start..<offset])
                offset += 1
                guard let string = String(validating: text, as: UTF8.self) else {
                    throw failure("a string is not UTF-8")
                }
                return string
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
            guard byte >= 0x20 else { throw failure("a control character in a string") }
            offset += 1
        }
        throw failure("the document ends inside a string")
    }

    private mutating func escapedString(from start: Int) throws(Failure) -> String {
        var text = Array(bytes[start..<offset])
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                guard let string = String(validating: text, as: UTF8.self) else {
                    throw failure("a string is not UTF-8")
                }
                return string
            case UInt8(ascii: "\\"):
                offset += 1
                guard offset < bytes.count else { break }
                let escaped = bytes[offset]
                offset += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"): text.append(contentsOf: try escapedScalar())
                default: throw failure("an unknown escape \\\(Self.describe(escaped)) in a string")
                }
            default:
                guard byte >= 0x20 else { throw failure("a control character in a string") }
                text.append(byte)
                offset += 1
            }
        }
        throw failure("the document ends inside a string")
    }

    /// The UTF-8 of a `\u` escape (after the `u`), with the low half of a surrogate pair.
    private mutating func escapedScalar() throws(Failure) -> [UInt8] {
        var value = try hexQuad()
        if (0xD800..<0xDC00).contains(value) {
            guard bytes.count - offset >= 6, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
            else { throw failure("a \\u escape of half a surrogate pair") }
            offset += 2
            let low = try hexQuad()
            guard (0xDC00..<0xE000).contains(low) else { throw failure("a \\u escape of half a surrogate pair") }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { throw failure("a \\u escape of half a surrogate pair") }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func hexQuad() throws(Failure) -> UInt32 {
        guard bytes.count - offset >= 4 else { throw failure("the document ends inside a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape that is not four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    /// A number by JSON's grammar: whole numbers of up to 15 digits exactly, the others
    /// through the standard library's correctly rounded conversion.
    private mutating func number() throws(Failure) -> Double {
        let start = offset
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        var whole: Int64 = 0
        var digits = 0
        guard offset < bytes.count, Self.isDigit(bytes[offset]) else { throw failure("a number without digits") }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
        } else {
            while offset < bytes.count, Self.isDigit(bytes[offset]) {
                if digits < 15 { whole = whole * 10 + Int64(bytes[offset] - UInt8(ascii: "0")) }
                digits += 1
                offset += 1
            }
        }
        var isWhole = digits <= 15
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            isWhole = false
            offset += 1
            guard offset < bytes.count, Self.isDigit(bytes[offset]) else {
                throw failure("a number without digits after its point")
            }
            while offset < bytes.count, Self.isDigit(bytes[offset]) { offset += 1 }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            isWhole = false
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard offset < bytes.count, Self.isDigit(bytes[offset]) else {
                throw failure("a number without digits in its exponent")
            }
            while offset < bytes.count, Self.isDigit(bytes[offset]) { offset += 1 }
        }
        if isWhole {
            let value = Double(whole)
            return bytes[start] == UInt8(ascii: "-") ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            let shown = text.count > 24 ? text.prefix(24) + "…" : Substring(text)
            offset = start
            throw failure("the number \(shown) is too large")
        }
        return value
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "\"\(Character(Unicode.Scalar(byte)))\"" : String(format: "0x%02X", byte)
    }
}
