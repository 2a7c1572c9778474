import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenCAML

/// Inputs the fuzz target (Scripts/fuzz-caml.sh) found that crashed, hung or blew up, each
/// minimised and kept here, and bad input that must give an error or a warning.
@Suite struct CAMLRobustnessTests {
    /// Decodes `bytes` as a document in memory.
    func decode(_ bytes: [UInt8]) throws(CAMLError) -> (rootLayer: CALayer, warnings: [CAMLWarning]) {
        try CAPackage.decodeDocument(Data(bytes), path: "fuzz.caml", baseURL: URL(fileURLWithPath: "/nonexistent"))
    }

    func decode(_ text: String) throws(CAMLError) -> (rootLayer: CALayer, warnings: [CAMLWarning]) {
        try decode(Array(text.utf8))
    }

    @Test func bytesThatAreNotUTF8InANameFailCleanly() throws {
        // Fuzzer, minimised: `<ÿÿa>` with bytes 0xFF. libxml2 passed them on in an element name and
        // Foundation's XMLParser trapped.
        let error = #expect(throws: CAMLError.self) { try self.decode([0x3C, 0xFF, 0xFF, 0x61, 0x3E]) }
        #expect(error?.line == 1 && error?.column == 2)
        #expect(error?.message.contains("UTF-8") == true)
        // The same bytes further in: the line is counted.
        let later = #expect(throws: CAMLError.self) {
            try self.decode(Array("<caml>\n<CALayer>\n<LKS".utf8) + [0xFF, 0xFF] + Array("/></CALayer></caml>".utf8))
        }
        #expect(later?.line == 3 && later?.column == 5)
        // A document that declares another encoding is left to libxml2.
        let latin1 = #"<?xml version="1.0" encoding="ISO-8859-1"?><caml><CALayer name="caf"#
        let loaded = try decode(Array(latin1.utf8) + [0xE9] + Array(#""/></caml>"#.utf8))
        #expect(loaded.rootLayer.name == "café")
    }
}

extension CAMLRobustnessTests {
    @Test func animationGroupReferringToItselfIsRefused() throws {
        // Mutation test, minimised: a group whose `animations` name it (directly, or through a
        // group inside it) recursed without end when its key paths were checked.
        let loaded = try decode(
            #"<caml><CALayer><animations><p key="g" id="loop" type="CAAnimationGroup" duration="1"><animations>"#
                + #"<CAAnimationGroup object="loop"/><CABasicAnimation keyPath="opacity" toValue="0"/>"#
                + #"<CAAnimationGroup id="inner"><animations><CAAnimationGroup object="loop"/></animations></CAAnimationGroup>"#
                + #"</animations></p></animations></CALayer></caml>"#)
        let group = try #require(loaded.rootLayer.animation(forKey: "g") as? CAAnimationGroup)
        // The reference to itself is dropped, and so is the inner group, which holds it.
        #expect(group.animations?.count == 1)
        #expect((group.animations?.first as? CABasicAnimation)?.keyPath == "opacity")
        #expect(loaded.warnings.filter { $0.message.contains("cannot contain itself") }.count == 2)
    }
}

extension CAMLRobustnessTests {
    @Test func processingInstructionWithoutDataLoads() throws {
        // Fuzzer, minimised: `<?o?>`. libxml2 hands Foundation's XMLParser a null string for
        // the missing data and it crashed reading it.
        #expect(throws: CAMLError.self) { try self.decode("<?o?>") }
        let loaded = try decode("<?xml version=\"1.0\"?><?editor?><caml><?o?><CALayer name=\"a\"/><?p\t?></caml><?q?>")
        #expect(loaded.rootLayer.name == "a")
    }

    @Test func bytesThatAreNotUTF8AfterAnUnknownEncodingFailCleanly() {
        // Fuzzer, minimised: a declaration naming no real encoding (`encoding=::…`) and a byte
        // 0xF8 in an attribute name; the same crash as above.
        let document =
            Array(#"<?xml version="1.0" encoding=:::"U<BOOL?><caml><modules typ"#.utf8) + [0xF8]
            + Array(#"e="NSArray"/></caml>"#.utf8)
        #expect(throws: CAMLError.self) { try self.decode(document) }
    }
}

extension CAMLRobustnessTests {
    @Test func keyframePathOnAPropertyThatIsNotAPointIsSkipped() throws {
        // Mutation test, minimised: a `path` keyframe animation on key path "-1" trapped when
        // added (a path only animates a CGPoint).
        let loaded = try decode(
            #"<caml><CALayer><animations><p key="k" type="CAKeyframeAnimation" keyPath="-1" path="0 0 m 100 100 l" duration="1"/>"#
                + #"<p key="o" type="CAKeyframeAnimation" keyPath="opacity" path="0 0 m 1 1 l"/>"#
                + #"<p key="p" type="CAKeyframeAnimation" keyPath="position" path="0 0 m 1 1 l"/></animations></CALayer></caml>"#
        )
        #expect(loaded.rootLayer.animationKeys() == ["p"])
        #expect(loaded.warnings.filter { $0.message.contains("not a point") }.count == 2)
    }

    @Test func undampedSpringKeepsItsDuration() throws {
        // Mutation test, minimised: `damping="0"` with Mica's `mica_autorecalculatesDuration`
        // set the duration to the spring's settling time, +∞, which trapped.
        let loaded = try decode(
            #"<caml><CALayer><animations><p key="s" type="CASpringAnimation" keyPath="opacity" damping="0" duration="2" "#
                + #"mica_autorecalculatesDuration="1"/></animations></CALayer></caml>"#)
        expectClose(try #require(loaded.rootLayer.animation(forKey: "s")).duration, 2, within: 1e-12)
        #expect(loaded.warnings.contains { $0.message.contains("never settles") })
    }

    @Test func numbersTooLargeForTheirPropertyAreRefusedOrHeld() throws {
        // A speed of 1e300 is finite as a Double and infinite as the Float it is kept in.
        let loaded = try decode(
            #"<caml><CALayer><animations><p key="a" type="CABasicAnimation" keyPath="opacity" speed="1e300" toValue="0"/>"#
                + #"</animations><sublayers><CAReplicatorLayer instanceCount="1e300"/><CAReplicatorLayer instanceCount="-1e300"/>"#
                + #"</sublayers></CALayer></caml>"#)
        #expect(try #require(loaded.rootLayer.animation(forKey: "a")).speed == 1)
        #expect(loaded.warnings.contains { $0.message.contains("speed") })
        let replicators = try #require(loaded.rootLayer.sublayers as? [CAReplicatorLayer])
        #expect(replicators.map(\.instanceCount) == [.max, .min])
    }

    @Test func imageSourceNamingADeviceIsRefused() throws {
        // `/dev/zero` never ends and `/dev/stdin` may never answer: only regular files are read.
        let loaded = try decode(
            #"<caml><CALayer><contents type="CGImage" src="/dev/zero"/><sublayers>"#
                + #"<CALayer><contents type="CGImage" src="/dev/stdin"/></CALayer></sublayers></CALayer></caml>"#)
        #expect(loaded.rootLayer.contents == nil)
        #expect(loaded.warnings.filter { $0.message.contains("not a regular file") }.count == 2)
    }

    @Test func matchMoveAnimationIsSkippedWithAWarning() throws {
        // FORMAT.md §7: a private class whose corpus uses have all source points at 0 0.
        let loaded = try decode(
            ##"<caml><CALayer id="#1"><animations><p key="m" type="CAMatchMoveAnimation" additive="1" targetsSuperlayer="1">"##
                + ##"<sourceLayer object="#1"/><sourcePoints><CGPoint value="0 0"/></sourcePoints><animationType/></p>"##
                + #"<p key="o" type="CABasicAnimation" keyPath="opacity" toValue="0"/></animations></CALayer></caml>"#)
        #expect(loaded.rootLayer.animationKeys() == ["o"])
        #expect(loaded.warnings.count == 1)
        #expect(loaded.warnings.first?.message.contains("CAMatchMoveAnimation") == true)
    }

    @Test func basedOnCyclesAndSelfReferencesSwitchWithoutLooping() throws {
        try withManualClock { clock in
            let root = try decode(
                #"<caml><CALayer id="self"><sublayers><CALayer object="self"/><CALayer id="a"/></sublayers><states>"#
                    + #"<LKState name="A" basedOn="B"><elements><LKStateSetValue targetId="a" keyPath="opacity" value="0.5"/></elements></LKState>"#
                    + #"<LKState name="B" basedOn="A"><elements><LKStateSetValue targetId="a" keyPath="position.x" value="5"/></elements></LKState>"#
                    + #"<LKState name="C" basedOn="C"/></states></CALayer></caml>"#
            ).rootLayer
            let a = try #require(root.sublayers?.first)
            #expect(root.sublayers?.count == 1)
            let controller = CAStateController(layer: root)
            for name in ["A", "B", "C", "A"] {
                controller.setState(root.state(withName: name), of: root, transitionSpeed: 1)
                clock.advance(by: 0.1)
            }
            // A's chain is B then A (B's basedOn A closes the cycle and ends it).
            expectClose(Double(a.opacity), 0.5, within: 1e-6)
            expectClose(a.position.x, 5, within: 1e-12)
            controller.setState(nil, of: root, transitionSpeed: 0)
            expectClose(a.position.x, 0, within: 1e-12)
        }
    }
}

extension CAMLRobustnessTests {
    @Test func arraysPastTheCapAreRefusedWithAWarning() throws {
        let many = CAMLValueText.maximumArrayCount + 1
        let times = String(repeating: "0.5 ", count: many)
        let values = String(repeating: #"<real value="1"/>"#, count: many)
        let loaded = try decode(
            #"<caml><CAGradientLayer locations=""# + times + #""><animations>"#
                + #"<p key="k" type="CAKeyframeAnimation" keyPath="opacity" keyTimes=""# + times + #""><values>"#
                + values + #"</values></p></animations></CAGradientLayer></caml>"#)
        let gradient = try #require(loaded.rootLayer as? CAGradientLayer)
        #expect(gradient.locations == nil)
        let keyframes = try #require(gradient.animation(forKey: "k") as? CAKeyframeAnimation)
        #expect(keyframes.keyTimes == nil && (keyframes.values ?? []).isEmpty)
        #expect(loaded.warnings.count == 3)
        #expect(loaded.warnings.contains { $0.message.contains("more than \(CAMLValueText.maximumArrayCount)") })
    }
}

extension CAMLRobustnessTests {
    @Test func documentLargerThanTenMegabytesLoads() throws {
        // A Lottie file converted with frame-by-frame transforms reaches this size; given all at
        // once, libxml2 refused anything past 10 MB with an error naming no reason.
        let sublayer =
            #"<CALayer name=""# + String(repeating: "s", count: 200)
            + #"" bounds="0 0 10 10" position="5 5" opacity="0.5"/>"#
        let count = 11_000_000 / sublayer.utf8.count + 1
        let document =
            #"<caml><CALayer name="root"><sublayers>"# + String(repeating: sublayer, count: count)
            + "</sublayers></CALayer></caml>"
        #expect(document.utf8.count > 11_000_000)
        let loaded = try decode(document)
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings.prefix(3))")
        #expect(loaded.rootLayer.sublayers?.count == count)
        #expect(loaded.rootLayer.sublayers?.last?.opacity == 0.5)
    }
}
