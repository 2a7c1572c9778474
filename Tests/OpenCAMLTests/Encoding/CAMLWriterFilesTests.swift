import Foundation
import OpenCoreGraphics
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenCAML

/// Images and assets, what CAML cannot hold, atomic writes, and documents written inline.
@Suite struct CAMLWriterFilesTests {
    @Test func imagesKeepTheirBytesAndNamesAndCodeImagesBecomePNG() throws {
        let png = try #require(Data(base64Encoded: CAMLImageTests.pngBase64))
        let source = try CAMLImageTests.makeBundle(
            """
            <CALayer><sublayers>
              <CALayer name="asset"><contents type="CGImage" src="assets/a b.png"/></CALayer>
              <CALayer name="inline"><contents><CGImage src="data:image/png;base64,\(CAMLImageTests.pngBase64)"/></contents></CALayer>
              <CALayer name="bare"><contents type="CGImage" src="b.png"/></CALayer>
            </sublayers></CALayer>
            """, assets: ["assets/a b.png": png, "b.png": png])
        try withManualClock { _ in
            let package = try CAPackage(contentsOf: source, type: kCAPackageTypeCAMLBundle, options: nil)
            let made = try #require(CGImage(width: 1, height: 2, rgbaPixels: [1, 2, 3, 255, 4, 5, 6, 128]))
            let extra = CALayer()
            extra.contents = made
            package.rootLayer.addSublayer(extra)

            let (read, document) = try expectRoundTrip(package, "images")
            let folder = try temporaryFolder()
            let bundle = folder.appendingPathComponent("images.ca")
            try package.write(to: bundle, type: kCAPackageTypeCAMLBundle, options: nil)
            let assets = try FileManager.default.contentsOfDirectory(
                atPath: bundle.appendingPathComponent("assets").path
            ).sorted()
            // The file's own name (and so its extension), the inline image and the one made in
            // code as numbered PNGs; the bare name next to the document moves into assets/.
            #expect(assets == ["a b.png", "b.png", "image-1.png", "image-2.png"])
            #expect(try Data(contentsOf: bundle.appendingPathComponent("assets/a b.png")) == png)
            #expect(try Data(contentsOf: bundle.appendingPathComponent("assets/image-1.png")) == png)
            #expect(document.contains(#"<contents type="CGImage" src="assets/a b.png"/>"#))
            let shown = try #require(read.rootLayer.sublayers?[3].contents as? CGImage)
            #expect(shown.rgbaPixels == made.rgbaPixels)

            // A lone file holds every image inline, with the bytes it was read from.
            let text = String(decoding: package.encode(placement: .inline).document, as: UTF8.self)
            #expect(text.contains("src=\"data:image/png;base64,\(CAMLImageTests.pngBase64)\""))
            #expect(!text.contains("assets/"))
        }
    }

    @Test func keyframesOfImagesWriteEachImageOnce() throws {
        try buildingTree {
            let frames = try (0..<3).map { shade -> CGImage in
                try #require(CGImage(width: 1, height: 1, rgbaPixels: [UInt8(shade * 80), 0, 0, 255]))
            }
            let layer = CALayer()
            layer.contents = frames[0]
            let flip = CAKeyframeAnimation(keyPath: "contents")
            flip.values = frames + [frames[0]]
            flip.calculationMode = .discrete
            flip.duration = 0.8
            flip.repeatCount = .infinity
            layer.add(flip, forKey: "frames")
            let package = CAPackage(rootLayer: layer)
            try expectRoundTrip(package, "keyframe images")
            let files = try package.bundleFiles().files.map(\.path)
            #expect(
                files == ["index.xml", "main.caml", "assets/image-1.png", "assets/image-2.png", "assets/image-3.png"])
        }
    }

    /// Draws a cross: content that only code can make.
    final class Drawer: CALayerDelegate {
        func draw(_ layer: CALayer, in ctx: CGContext) {
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        }
    }

    final class BadgeLayer: CAShapeLayer {}

    @Test func whatCAMLCannotHoldIsSkippedWithAWarning() throws {
        let drawer = Drawer()
        let warnings = WarningCollector()
        try buildingTree {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            root.delegate = drawer
            root.setNeedsDisplay()
            root.displayIfNeeded()
            root.setValue(42, forKey: "myCustomKey")
            let badge = BadgeLayer()
            badge.fillColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            root.addSublayer(badge)
            let document = try Warnings.$handler.withValue({ warnings.add($0) }) {
                let folder = try temporaryFolder()
                try CAPackage(rootLayer: root).write(
                    to: folder.appendingPathComponent("skipped.caml"), type: kCAPackageTypeCAMLFile, options: nil)
                return try String(contentsOf: folder.appendingPathComponent("skipped.caml"), encoding: .utf8)
            }
            let messages = warnings.messages
            #expect(messages.contains { $0.contains("draws its content in code") }, "\(messages)")
            #expect(messages.contains { $0.contains("custom key \"myCustomKey\"") }, "\(messages)")
            #expect(messages.contains { $0.contains("BadgeLayer is written as CAShapeLayer") }, "\(messages)")
            #expect(document.contains(#"<CAShapeLayer fillColor="0 1 0"/>"#))
            #expect(!document.contains("myCustomKey"))
        }
    }

    @Test func aFailedWriteLeavesWhatWasThere() throws {
        let folder = try temporaryFolder()
        let package = buildingTree { CAPackage(rootLayer: CALayer()) }
        // A missing folder: an error naming the path.
        let missing = folder.appendingPathComponent("no/such/out.caml")
        #expect(throws: CAMLError.self) { try package.write(to: missing, type: kCAPackageTypeCAMLFile, options: nil) }
        do {
            try package.write(to: missing, type: kCAPackageTypeCAMLBundle, options: nil)
            Issue.record("writing into a missing folder succeeded")
        } catch {
            #expect(error.path.hasSuffix("no/such/out.caml"))
        }
        // A folder that is not a bundle is not replaced, and nor is a file at a bundle's path.
        let documents = folder.appendingPathComponent("Documents")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: documents.appendingPathComponent("notes.txt"))
        #expect(throws: CAMLError.self) {
            try package.write(to: documents, type: kCAPackageTypeCAMLBundle, options: nil)
        }
        #expect(FileManager.default.fileExists(atPath: documents.appendingPathComponent("notes.txt").path))
        let file = folder.appendingPathComponent("file.ca")
        try Data("keep".utf8).write(to: file)
        #expect(throws: CAMLError.self) { try package.write(to: file, type: kCAPackageTypeCAMLBundle, options: nil) }
        #expect(try Data(contentsOf: file) == Data("keep".utf8))
        #expect(throws: CAMLError.self) { try package.write(to: documents, type: kCAPackageTypeCAMLFile, options: nil) }
        #expect(throws: CAMLError.self) { try package.write(to: file, type: "public.zip", options: nil) }
        // Nothing temporary is left beside the targets.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["Documents", "file.ca"])
    }

    @Test func anExistingBundleIsReplacedWhole() throws {
        let folder = try temporaryFolder()
        let bundle = folder.appendingPathComponent("scene.ca")
        try buildingTree {
            let old = CALayer()
            old.contents = CGImage(width: 1, height: 1, rgbaPixels: [0, 0, 0, 255])
            try CAPackage(rootLayer: old).write(to: bundle, type: kCAPackageTypeCAMLBundle, options: nil)
            #expect(FileManager.default.fileExists(atPath: bundle.appendingPathComponent("assets/image-1.png").path))
            let new = CALayer()
            new.name = "new"
            try CAPackage(rootLayer: new).write(to: bundle, type: kCAPackageTypeCAMLBundle, options: nil)
        }
        // The old asset went with the old bundle.
        #expect(!FileManager.default.fileExists(atPath: bundle.appendingPathComponent("assets").path))
        let read = try withManualClock { _ in
            try CAPackage(contentsOf: bundle, type: kCAPackageTypeCAMLBundle, options: nil)
        }
        #expect(read.rootLayer.name == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["scene.ca"])
    }

    /// A document using every value grammar and construct the reader takes, in the forms
    /// other writers use, normalised by writing it.
    static let everyGrammar =
        camlHeader + """
            <CALayer id="#root" bounds="0 0 390 844" position="195 422" geometryFlipped="true" hidden="no"
                opacity="0.5" transform="rotate(15deg) scale(2, 1, 1)" transform.rotation.z="0.5"
                sublayerTransform="matrix(1 0 0 0 0 1 0 0 0 0 1 0 10 20 0 1)" zPosition="-3" speed="inf">
              <backgroundColor opacity="0.25" value="1 0.5 0"/>
              <borderColor value="0 0 1 0.5"/>
              <sublayers>
                <CAShapeLayer id="shape" path="0 0 m 10 0 l 10 10 5 15 0 10 c 1 1 2 2 q h" fillColor="1 1 1" lineDashPattern="2 3"/>
                <CATextLayer id="text"><string value="hello"/><fontSize value="20"/></CATextLayer>
                <CAGradientLayer id="gradient" startPoint="0 0.5" endPoint="1 0.5">
                  <colors><CGColor value="1 0 0"/><CGColor opacity="0.5" value="0 0 1"/></colors>
                  <locations><integer value="0"/><real value="1"/></locations>
                </CAGradientLayer>
                <CAReplicatorLayer instanceCount="3" instanceTransform="translate(5, 0, 0)"/>
                <CATransformLayer id="#3" opacity="1"/>
              </sublayers>
              <animations>
                <animation type="CAKeyframeAnimation" keyPath="transform.rotation.z" beginTime="1e-100" duration="2"
                    repeatCount="Inf" repeatDuration="inf" calculationMode="linear" fillMode="both" removedOnCompletion="0">
                  <keyTimes><integer value="0"/><real value="1"/></keyTimes>
                  <values><real value="6.283185307179586"/><integer value="0"/></values>
                  <timingFunctions><CAMediaTimingFunction value="linear"/></timingFunctions>
                </animation>
                <p key="animation-2" type="CABasicAnimation" keyPath="position" fromValue="1 2" toValue="3 4"
                    timingFunction="0.3 0 0.7 1" autoreverses="1"/>
                <animation type="CASpringAnimation" keyPath="bounds.size.width" damping="50" mass="2" stiffness="300"
                    velocity="0" mica_autorecalculatesDuration="1"/>
              </animations>
              <states>
                <LKState name="Locked"><elements/></LKState>
                <LKState name="Unlock" basedOn="Locked">
                  <elements>
                    <LKStateSetValue targetId="shape" keyPath="position.y"><value type="real" value="545"/></LKStateSetValue>
                    <LKStateSetValue targetId="#3" keyPath="hidden"><value type="integer" value="1"/></LKStateSetValue>
                    <LKStateSetValue targetId="nobody" keyPath="opacity"><value type="integer" value="0"/></LKStateSetValue>
                  </elements>
                </LKState>
              </states>
              <stateTransitions>
                <LKStateTransition fromState="*" toState="Unlock">
                  <elements>
                    <LKStateTransitionElement keyPath="position.y" targetId="shape">
                      <animation type="CASpringAnimation" damping="50" mass="2" stiffness="300" duration="0.8" fillMode="backwards"/>
                    </LKStateTransitionElement>
                  </elements>
                </LKStateTransition>
              </stateTransitions>
            </CALayer></caml>
            """

    @Test func aDocumentOfEveryGrammarRoundTrips() throws {
        try withManualClock { _ in
            let package = try loadCAML(Self.everyGrammar)
            let (_, document) = try expectRoundTrip(package, "every grammar")
            #expect(document.contains(##"<CALayer id="#root""##))
            #expect(document.contains(#"<animation type="CAKeyframeAnimation""#))
            #expect(document.contains(#"repeatCount="Inf""#))
            // The element of a dangling target keeps its key path and changes nothing.
            #expect(document.contains(#"<LKStateSetValue keyPath="opacity"/>"#))
        }
    }
}

/// Collects what `Warnings.emit` reports while bound as the handler.
final class WarningCollector: @unchecked Sendable {
    // `@unchecked Sendable`: every access holds `lock`.
    private let lock = NSLock()
    private var collected: [String] = []

    func add(_ message: String) {
        lock.lock()
        collected.append(message)
        lock.unlock()
    }

    var messages: [String] {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }
}
