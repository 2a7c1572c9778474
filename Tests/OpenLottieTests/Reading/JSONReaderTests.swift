import Foundation
import LottieTestSupport
import Testing

@testable import OpenLottie

/// Our JSON reader (`JSONReader`), which reads Lottie files in place of Foundation's
/// `JSONSerialization`: the same values as Foundation for every sample of the corpus, JSON's
/// grammar to the letter, and a clear refusal of anything else.
@Suite struct JSONReaderTests {
    static func read(_ text: String) throws(JSONReader.Failure) -> JSONValue {
        try JSONReader.read(Data(text.utf8))
    }

    /// Where `ours` differs from what Foundation read (nil where it does not): the same numbers
    /// (within a few doubles, where Foundation's rounding is off), booleans (Foundation's boolean
    /// numbers), strings, arrays and members.
    static func difference(_ ours: JSONValue, _ foundation: Any, at path: String = "") -> String? {
        switch ours {
        case .null: return foundation is NSNull ? nil : "\(path): null against \(foundation)"
        case .bool(let bool):
            guard let number = foundation as? NSNumber, number.boolValue == bool else {
                return "\(path): \(bool) against \(foundation)"
            }
            return nil
        case .number(let double):
            // Foundation on Linux rounds some numbers of 16 or 17 digits a few doubles off the
            // nearest (`-268.19047619047615`); ours are the nearest (checked below).
            guard !(foundation is String), let number = foundation as? NSNumber,
                abs(number.doubleValue - double) <= 1e-15 * abs(double)
            else {
                return "\(path): \(double) against \(foundation)"
            }
            return nil
        case .string(let string):
            return (foundation as? String) == string ? nil : "\(path): \(string.debugDescription) against \(foundation)"
        case .array(let elements):
            guard let array = foundation as? [Any], array.count == elements.count else {
                return "\(path): \(elements.count) elements against \(foundation)"
            }
            for (index, (element, other)) in zip(elements, array).enumerated() {
                if let difference = difference(element, other, at: "\(path)[\(index)]") { return difference }
            }
            return nil
        case .object(let members):
            guard let object = foundation as? [String: Any], object.count == members.count else {
                return "\(path): \(members.count) members against \(type(of: foundation))"
            }
            for (key, value) in members.sorted(by: { $0.key < $1.key }) {
                guard let other = object[key] else { return "\(path).\(key): missing from Foundation's" }
                if let difference = difference(value, other, at: "\(path).\(key)") { return difference }
            }
            return nil
        }
    }

    @Test func everyCorpusSampleReadsAsFoundationReadsIt() throws {
        guard LottieCorpus.isPresent(for: "JSON reader against Foundation") else { return }
        let samples = try LottieCorpus.samples()
        #expect(samples.count == 95)
        for sample in samples {
            let data = try Data(contentsOf: sample.url)
            let ours = try JSONReader.read(data)
            let foundation = try JSONSerialization.jsonObject(with: data)
            let difference = Self.difference(ours, foundation)
            #expect(difference == nil, "\(sample.name): \(difference ?? "")")
        }
    }

    @Test func valuesOfEveryKind() throws {
        let value = try Self.read(
            #" { "a" : [1, -2.5, 0, -0, 1e3, 2E-2, 12345678901234567890, 0.1, -268.19047619047615, 0.3058823529411765], "b": true, "c": false, "#
                + #""d": null, "e": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00é", "f": {}, "g": [] } "#)
        guard case .object(let members) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        guard case .array(let numbers) = members["a"] else {
            Issue.record("a is not an array")
            return
        }
        let expected: [Double] = [
            1, -2.5, 0, -0.0, 1000, 0.02, Double("12345678901234567890")!, 0.1, Double("-268.19047619047615")!,
            Double("0.3058823529411765")!,
        ]
        #expect(numbers.count == expected.count)
        for (number, want) in zip(numbers, expected) {
            guard case .number(let got) = number else {
                Issue.record("\(number) is not a number")
                continue
            }
            // The nearest double, to the bit.
            #expect(got.bitPattern == want.bitPattern, "\(got) for \(want)")
        }
        if case .bool(let yes) = members["b"], case .bool(let no) = members["c"] {
            #expect(yes && !no)
        } else {
            Issue.record("b and c are not booleans")
        }
        if case .null = members["d"] {} else { Issue.record("d is not null") }
        if case .string(let string) = members["e"] {
            #expect(string == "x\"\\/\u{8}\u{c}\n\r\té😀é")
        } else {
            Issue.record("e is not a string")
        }
        if case .object(let empty) = members["f"] { #expect(empty.isEmpty) } else { Issue.record("f") }
        if case .array(let empty) = members["g"] { #expect(empty.isEmpty) } else { Issue.record("g") }
    }

    @Test(arguments: [
        ("", "the document is empty"),
        ("   ", "the document is empty"),
        ("[1, 2,]", "unexpected character \"]\" at byte 6"),
        ("{\"a\": 1,}", "expected a member's name in quotes at byte 8"),
        ("{\"a\" 1}", "expected \":\" after a member's name at byte 5"),
        ("[01]", "expected \",\" or \"]\" in an array at byte 2"),
        ("[1.]", "a number without digits after its point at byte 3"),
        ("[1e]", "a number without digits in its exponent at byte 3"),
        ("[-]", "a number without digits at byte 2"),
        ("[NaN]", "unexpected character \"N\" at byte 1"),
        ("[1e400]", "the number 1e400 is too large at byte 1"),
        ("[tru]", "unexpected character \"t\" at byte 1"),
        ("\"a\tb\"", "a control character in a string at byte 2"),
        ("\"\\x\"", "an unknown escape \\\"x\" in a string at byte 3"),
        ("\"\\ud800\"", "a \\u escape of half a surrogate pair at byte 7"),
        ("\"\\udc00\"", "a \\u escape of half a surrogate pair at byte 7"),
        ("\"\\u12zz\"", "a \\u escape that is not four hexadecimal digits at byte 5"),
        ("\"\\u12\"", "the document ends inside a \\u escape at byte 3"),
        ("\"abc", "the document ends inside a string at byte 4"),
        ("[1, 2", "the document ends inside an array at byte 5"),
        ("{\"a\": 1", "the document ends inside an object at byte 7"),
        ("{\"a\":", "the document ends where a value belongs at byte 5"),
        ("{} {}", "unexpected text after the document's value at byte 3"),
    ])
    func textThatIsNotJSONIsRefusedWithWhereAndWhy(_ text: String, _ message: String) {
        #expect(throws: JSONReader.Failure.self) { try Self.read(text) }
        do {
            _ = try Self.read(text)
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        for bytes: [UInt8] in [
            [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0xFF, 0x31],
        ] {
            do {
                _ = try JSONReader.read(Data(bytes))
                Issue.record("\(bytes) read")
            } catch {
                #expect(
                    error.message == "a string is not UTF-8 at byte \(bytes.count)"
                        || error.message == "unexpected character 0xFF at byte 0", "\(error.message)")
            }
        }
    }

    /// A UTF-8 byte order mark before the value is skipped, as Foundation skips it.
    @Test func aByteOrderMarkIsSkipped() throws {
        let value = try JSONReader.read(Data([0xEF, 0xBB, 0xBF, 0x5B, 0x31, 0x5D]))
        guard case .array(let elements) = value, elements.count == 1, case .number(1) = elements[0] else {
            Issue.record("\(value)")
            return
        }
    }

    @Test func nestingIsBoundedWithoutExhaustingTheStack() throws {
        let allowed = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        _ = try Self.read(allowed)
        for opening in ["[", "{\"a\":"] {
            let deep = String(repeating: opening, count: 1_000_000)
            do {
                _ = try Self.read(deep)
                Issue.record("a million levels read")
            } catch {
                #expect(error.message.hasPrefix("arrays and objects nest deeper than 512 at byte "))
            }
        }
    }
}
