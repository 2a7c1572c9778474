import Foundation
import OpenCoreGraphics
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenCAML

/// Image `contents` from a bundle's assets and from `data:` URIs (FORMAT.md §1.4).
@Suite struct CAMLImageTests {
    /// A 2×2 RGBA PNG, written for these tests: red, green / blue, half-transparent white.
    static let pngBase64 =
        "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAE0lEQVR4nGP4z8DwHwyBNAg0AABJSQl4KKDbdwAAAABJRU5ErkJggg=="
    static let pngPixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 128]

    /// A new `.ca` bundle holding `main.caml` with `body` inside `<caml>`, and `assets`
    /// (relative path → bytes).
    static func makeBundle(_ body: String, assets: [String: Data]) throws -> URL {
        let bundle = try ScratchSpace.makeFolder("img").appendingPathComponent("img.ca")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Data((camlHeader + body + "</caml>").utf8).write(to: bundle.appendingPathComponent("main.caml"))
        for (path, data) in assets {
            let url = bundle.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return bundle
    }

    @Test func bundleAssetsDecodeIntoImageContents() throws {
        let png = try #require(Data(base64Encoded: Self.pngBase64))
        let bundle = try Self.makeBundle(
            """
            <CALayer><sublayers>
              <CALayer name="merged"><contents type="CGImage" src="assets/a b.png"/></CALayer>
              <CALayer name="nested"><contents><CGImage src="assets/a b.png"/></contents></CALayer>
            </sublayers></CALayer>
            """, assets: ["assets/a b.png": png])
        let package = try CAPackage(contentsOf: bundle, type: kCAPackageTypeCAMLBundle, options: nil)
        #expect(package.warnings.isEmpty, "\(package.warnings)")
        let layers = try #require(package.rootLayer.sublayers)
        let merged = try #require(layers[0].contents as? CGImage)
        #expect(merged.width == 2 && merged.height == 2)
        #expect(merged.rgbaPixels == Self.pngPixels)
        // The same asset named twice is decoded once.
        #expect(layers[1].contents as? CGImage === merged)
    }

    @Test func dataURIDecodesIntoImageContents() throws {
        let package = try loadCAML(
            camlHeader
                + #"<CALayer><contents type="CGImage" src="data:image/png;base64,\#(Self.pngBase64)"/></CALayer></caml>"#)
        #expect(package.warnings.isEmpty, "\(package.warnings)")
        let image = try #require(package.rootLayer.contents as? CGImage)
        #expect(image.rgbaPixels == Self.pngPixels)
    }

    @Test func missingOrUndecodableAssetsWarnNamingThemAndTheDocumentLoads() throws {
        let bundle = try Self.makeBundle(
            """
            <CALayer name="root"><sublayers>
              <CALayer><contents type="CGImage" src="assets/gone.png"/></CALayer>
              <CALayer><contents type="CGImage" src="assets/junk.png"/></CALayer>
              <CALayer><contents type="CGImage" src="data:image/png;base64,AAAA"/></CALayer>
            </sublayers></CALayer>
            """, assets: ["assets/junk.png": Data("not an image".utf8)])
        let package = try CAPackage(contentsOf: bundle, type: kCAPackageTypeCAMLBundle, options: nil)
        #expect(package.rootLayer.name == "root")
        #expect(package.rootLayer.sublayers?.allSatisfy { $0.contents == nil } == true)
        let messages = package.warnings.map(\.message)
        #expect(messages.count == 3)
        #expect(messages.contains { $0.contains("assets/gone.png") && $0.contains("missing") })
        #expect(messages.contains { $0.contains("assets/junk.png") && $0.contains("decoded") })
        #expect(messages.contains { $0.contains("data:image/png;base64,AAAA") })
        #expect(!messages.contains { $0.contains("not decoded yet") })
    }

    @Test func keyframeValuesOfImagesAnimateContents() throws {
        let package = try loadCAML(
            camlHeader + """
                <CALayer><animations><p key="flip" type="CAKeyframeAnimation" keyPath="contents" duration="1">
                <values><CGImage src="data:image/png;base64,\(Self.pngBase64)"/>
                <CGImage src="data:image/png;base64,\(Self.pngBase64)"/></values>
                </p></animations></CALayer></caml>
                """)
        #expect(package.warnings.isEmpty, "\(package.warnings)")
        let animation = try #require(package.rootLayer.animation(forKey: "flip") as? CAKeyframeAnimation)
        #expect(animation.values?.count == 2)
        #expect(animation.values?.first is CGImage)
    }

    @Test(arguments: [
        ("data:image/png;base64,SGk=", "Hi"), ("data:,Hi%20there", "Hi there"),
        ("data:text/plain;charset=utf-8;base64,SG\nk=", "Hi"),
    ])
    func dataURIPayloads(uri: String, expected: String) {
        #expect(DataURI.payload(of: uri) == Data(expected.utf8))
    }

    @Test func notDataURIsHaveNoPayload() {
        #expect(DataURI.payload(of: "assets/x.png") == nil)
        #expect(DataURI.payload(of: "data:image/png;base64") == nil)
    }
}
