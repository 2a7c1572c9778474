import CAMLTestSupport
import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import CAMLFuzzer
@testable import OpenCAML

/// A fixed-seed mutation test of the CAML reader: a few thousand documents made from the
/// seed documents, the state tests' documents and (when present) the shared corpus, each
/// changed by byte flips, deleted, duplicated or cut ranges, values of one grammar put in
/// another's place, huge numbers, NaN and infinities, deep nesting, dangling ids, `basedOn`
/// cycles and self-references. Each must load or fail with a `CAMLError`; then the fuzz
/// target's exercise switches every state and reads presentation values on a manual clock,
/// and no presented geometry may be NaN. A trap fails the whole run: with
/// `CAML_MUTATION_DUMP=1` set, each document is written to /tmp/caml-mutation-current.caml
/// before it runs, so the one that trapped is there afterwards.
@Suite struct CAMLMutationTests {
    /// Values of every grammar, swapped into attributes of another.
    static let grammarSamples = [
        "0 0 390 844", "195 422", "1 0 0", "0.2 0.4 0.6 0.5", "rotate(45deg) scale(2)", "matrix(1 0 0 1 5 5)",
        "0 0 m 10 10 l 5 5 q h", "easeIn", "0.3 -0.2 0.7 1.4", "inf", "#1", "", "1e-100", "true", "NSArray",
        "CGImage", "data:image/png;base64,AAAA", "perspective(0)", "shearXY(90deg)", "translate(1, 2, 3, 4)",
        "rotate(1deg, 0, 0, 0)", "-1", "both", "cubic",
    ]
    static let hugeNumbers = [
        "1e308", "-1e308", "1.7976931348623157e308", "4e-324", "9223372036854775808", "1e400", "-0", "1e18",
    ]
    static let nonFinite = ["nan", "NaN", "-nan", "inf", "-inf", "Inf", "+infinity", "-Infinity"]

    /// Documents whose structure is itself hostile: cycles and self-references.
    static let hostile = [
        CAMLSeedDocuments.header + """
            <CALayer id="self" name="Root"><sublayers>
              <CALayer object="self"/><CALayer id="child"><sublayers><CALayer object="child"/></sublayers>
              <mask><CALayer object="self"/></mask></CALayer>
            </sublayers>
            <states>
              <LKState name="A" basedOn="B"><elements><LKStateSetValue targetId="child" keyPath="opacity" value="0.5"/></elements></LKState>
              <LKState name="B" basedOn="A"><elements><LKStateSetValue targetId="child" keyPath="position.x" value="5"/></elements></LKState>
              <LKState name="C" basedOn="C"/><LKState name="D" basedOn="A"/>
            </states>
            <stateTransitions>
              <LKStateTransition fromState="*" toState="A"><elements>
                <LKStateTransitionElement key="opacity" targetId="child"><animation object="loop"/></LKStateTransitionElement>
              </elements></LKStateTransition>
            </stateTransitions>
            <animations>
              <animation id="loop" type="CAAnimationGroup" duration="1"><animations>
                <CAAnimationGroup object="loop"/><CABasicAnimation keyPath="opacity" toValue="0"/>
                <CAAnimationGroup id="inner"><animations><CAAnimationGroup object="inner"/></animations></CAAnimationGroup>
              </animations></animation>
            </animations></CALayer></caml>
            """
    ]

    static func baseDocuments() -> [String] {
        CAMLSeedDocuments.all.map(\.text) + hostile + [
            stateDocument(
                transitions: moveTransition(from: "*", to: "Moved", extra: #"beginTime="0.5" fillMode="both""#)
                    + moveTransition(from: "Low", to: "Moved") + CAStateTransitionTimingTests.twoElements),
            CAStateTransitionTimingTests.springDocument(),
        ]
    }

    /// The corpus's `.caml` documents, or none (with the reason printed) when it is absent.
    static func corpusDocuments() -> [String] {
        guard CAMLCorpus.isPresent(for: "CAML mutation test: corpus part"),
            let walker = FileManager.default.enumerator(at: CAMLCorpus.folder, includingPropertiesForKeys: nil)
        else { return [] }
        var documents: [String] = []
        for case let url as URL in walker where url.pathExtension == "caml" {
            // The largest corpus document is mostly one inline image; 64 KiB keeps each run quick.
            guard let data = try? Data(contentsOf: url), data.count < 65_536 else { continue }
            documents.append(String(decoding: data, as: UTF8.self))
        }
        return documents.sorted()
    }

    /// `document` changed by one to three mutations.
    static func mutate(_ document: String, with generator: inout SplitMix64) -> [UInt8] {
        var bytes = Array(document.utf8)
        for _ in 0...generator.below(3) {
            guard !bytes.isEmpty else { break }
            // The byte-level mutations (0–3) mostly break the XML; they get a third of the
            // draws, so most documents still load and reach the state machine.
            let draw = generator.below(24)
            switch draw < 8 ? draw / 2 : 4 + (draw - 8) / 2 {
            case 0:
                let at = generator.below(bytes.count)
                bytes[at] ^= 1 << UInt8(generator.below(8))
            case 1:
                let at = generator.below(bytes.count)
                bytes.removeSubrange(at..<min(bytes.count, at + 1 + generator.below(64)))
            case 2:
                let at = generator.below(bytes.count)
                let copy = bytes[at..<min(bytes.count, at + 1 + generator.below(128))]
                bytes.insert(contentsOf: copy, at: generator.below(bytes.count))
            case 3:
                bytes.removeSubrange(generator.below(bytes.count)...)
            case 4: replaceAttributeValue(in: &bytes, with: generator.pick(grammarSamples), &generator)
            case 5: replaceNumber(in: &bytes, with: generator.pick(hugeNumbers), &generator)
            case 6: replaceNumber(in: &bytes, with: generator.pick(nonFinite), &generator)
            case 7:
                let depth = generator.pick([20, 120, 300])
                let nest =
                    String(repeating: "<sublayers><CALayer position=\"1 1\">", count: depth)
                    + String(repeating: "</CALayer></sublayers>", count: depth)
                insert(nest, after: "<CALayer", in: &bytes, &generator)
            case 8:
                let id = generator.pick(["#missing", "self", "", "#1", "logo", "Root", "anim"])
                replaceAttributeValue(in: &bytes, named: ["targetId", "object", "id", "basedOn"], with: id, &generator)
            case 9:
                let state = generator.pick(["Locked", "Unlock", "Dim", "Moved", "A"])
                replaceAttributeValue(in: &bytes, named: ["basedOn", "name"], with: state, &generator)
            case 10:
                insert(#" object="self" id="self""#, after: "<CALayer", in: &bytes, &generator)
            default:
                let count = generator.pick([1_000, 10_000])
                let absurd = generator.pick([
                    " transform=\"" + String(repeating: "rotate(1deg) ", count: count) + "\"",
                    " path=\"0 0 m " + String(repeating: "1 2 l ", count: count) + "\"",
                    " keyTimes=\"" + String(repeating: "0.5 ", count: count) + "\"",
                    " instanceCount=\"1e12\" repeatCount=\"1e30\" lineDashPattern=\""
                        + String(repeating: "1 ", count: count)
                        + "\"",
                ])
                insert(
                    absurd, after: generator.pick(["<CALayer", "<CAShapeLayer", "<animation"]), in: &bytes, &generator)
            }
        }
        return bytes
    }

    /// The ranges of attribute values (between `="` and `"`), optionally only of `names`.
    static func attributeValues(in bytes: [UInt8], named names: [String]? = nil) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "="), bytes[index + 1] == UInt8(ascii: "\"") {
                let start = index + 2
                guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { break }
                if let names {
                    var nameStart = index
                    while nameStart > 0, bytes[nameStart - 1] != UInt8(ascii: " "), bytes[nameStart - 1] != 10 {
                        nameStart -= 1
                    }
                    let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
                    if names.contains(name) { ranges.append(start..<end) }
                } else {
                    ranges.append(start..<end)
                }
                index = end + 1
            } else {
                index += 1
            }
        }
        return ranges
    }

    static func replaceAttributeValue(
        in bytes: inout [UInt8], named names: [String]? = nil, with value: String, _ generator: inout SplitMix64
    ) {
        let values = attributeValues(in: bytes, named: names)
        guard !values.isEmpty else { return }
        bytes.replaceSubrange(generator.pick(values), with: Array(value.utf8))
    }

    /// Replaces one number inside an attribute value.
    static func replaceNumber(in bytes: inout [UInt8], with number: String, _ generator: inout SplitMix64) {
        var numbers: [Range<Int>] = []
        for value in attributeValues(in: bytes) {
            var index = value.lowerBound
            while index < value.upperBound {
                let isDigit = { (byte: UInt8) in (48...57).contains(byte) || byte == UInt8(ascii: ".") }
                guard isDigit(bytes[index]) else {
                    index += 1
                    continue
                }
                let start = index
                while index < value.upperBound, isDigit(bytes[index]) { index += 1 }
                numbers.append(start..<index)
            }
        }
        guard !numbers.isEmpty else { return }
        bytes.replaceSubrange(generator.pick(numbers), with: Array(number.utf8))
    }

    static func insert(_ text: String, after marker: String, in bytes: inout [UInt8], _ generator: inout SplitMix64) {
        let needle = Array(marker.utf8)
        var places: [Int] = []
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { places.append(index + needle.count) }
            index += 1
        }
        guard !places.isEmpty else { return }
        bytes.insert(contentsOf: Array(text.utf8), at: generator.pick(places))
    }

    @Test func mutatedDocumentsLoadOrFailCleanlyAndPlayWithoutNaN() {
        var generator = SplitMix64(state: 0x0CA_4D1F)
        let bases = Self.baseDocuments()
        let corpus = Self.corpusDocuments()
        var loaded = 0
        var failed = 0
        var problems: [String] = []
        // 2,000 from the documents of the tests, 500 more from the corpus when it is there.
        let plan =
            (0..<2_000).map { bases[$0 % bases.count] }
            + (0..<(corpus.isEmpty ? 0 : 500)).map { _ in
                corpus[generator.below(corpus.count)]
            }
        for base in plan {
            let data = Data(Self.mutate(base, with: &generator))
            if ProcessInfo.processInfo.environment["CAML_MUTATION_DUMP"] != nil {
                try? data.write(to: URL(fileURLWithPath: "/tmp/caml-mutation-current.caml"))
            }
            // Typed throws: a document that does not load failed with a CAMLError.
            let outcome = CAMLExercise.run(data)
            if outcome.error == nil { loaded += 1 } else { failed += 1 }
            if let first = outcome.problems.first, problems.count < 5 {
                problems.append("\(first)\n  in: \(String(decoding: data.prefix(400), as: UTF8.self))")
            }
        }
        print("CAML mutation test: \(plan.count) documents, \(loaded) load, \(failed) fail with CAMLError")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(loaded > plan.count / 5, "most mutations should leave a loadable document")
    }
}
