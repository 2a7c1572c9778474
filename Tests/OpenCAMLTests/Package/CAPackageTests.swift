import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenCAML

/// Writes `text` to a fresh `.caml` file in the scratch space and loads it.
func loadCAML(_ text: String, name: String = "doc.caml") throws -> CAPackage {
    let folder = try ScratchSpace.makeFolder("caml")
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return try CAPackage(contentsOf: url, type: kCAPackageTypeCAMLFile, options: nil)
}

let camlHeader = #"<?xml version="1.0" encoding="UTF-8"?><caml xmlns="http://www.apple.com/CoreAnimation/1.0">"#

@Suite struct CAPackageTests {
    @Test func propertiesAsAttributesOrChildElements() throws {
        let package = try loadCAML(
            camlHeader + """
                <CALayer bounds="0 0 390 844" position="195 422" name="Root">
                  <backgroundColor opacity="0.5" value="1 0 0"/>
                  <opacity value="0.75"/>
                  <p key="cornerRadius" value="12"/>
                </CALayer></caml>
                """)
        let root = package.rootLayer
        expectClose(root.bounds, CGRect(x: 0, y: 0, width: 390, height: 844), within: 1e-12)
        expectClose(root.position, CGPoint(x: 195, y: 422), within: 1e-12)
        expectClose(Double(root.opacity), 0.75, within: 1e-6)
        expectClose(root.cornerRadius, 12, within: 1e-12)
        expectClose(Double(try #require(root.backgroundColor).alpha), 0.5, within: 1e-12)
        #expect(root.name == "Root")
        #expect(package.warnings.isEmpty)
        #expect(package.documentSize == CGSize(width: 390, height: 844))
        #expect(!package.isGeometryFlipped)
    }

    @Test func keyPathAttributesRefineTheTransform() throws {
        let package = try loadCAML(
            camlHeader
                + #"<CALayer transform="scale(2)" transform.rotation.z="1.5707963267948966"/></caml>"#)
        let rotation = try #require(package.rootLayer.value(forKeyPath: "transform.rotation.z") as? CGFloat)
        expectClose(rotation, .pi / 2, within: 1e-9)
        let scale = try #require(package.rootLayer.value(forKeyPath: "transform.scale.x") as? CGFloat)
        expectClose(scale, 2, within: 1e-9)
    }

    @Test func sublayersMaskAndClassesLoadAsTheirLayerTypes() throws {
        let package = try loadCAML(
            camlHeader + """
                <CALayer geometryFlipped="1"><sublayers>
                  <CAShapeLayer id="shape" path="0 0 m 10 0 l 10 10 l h" fillColor="0 1 0"/>
                  <CATransformLayer/><CAGradientLayer startPoint="0 0" endPoint="1 1"/>
                  <CATextLayer fontSize="20" string="Hi"/><CAReplicatorLayer instanceCount="3"/>
                  <CAEmitterLayer emitterMode="points"/>
                  <CABackdropLayer/>
                </sublayers><mask><CALayer bounds="0 0 5 5"/></mask></CALayer></caml>
                """)
        let sublayers = try #require(package.rootLayer.sublayers)
        #expect(sublayers.count == 7)
        let shape = try #require(sublayers[0] as? CAShapeLayer)
        expectClose(try #require(shape.path).boundingBox, CGRect(x: 0, y: 0, width: 10, height: 10), within: 1e-12)
        #expect(sublayers[1] is CATransformLayer)
        expectClose(try #require(sublayers[2] as? CAGradientLayer).endPoint, CGPoint(x: 1, y: 1), within: 1e-12)
        #expect((sublayers[3] as? CATextLayer)?.string as? String == "Hi")
        #expect((sublayers[4] as? CAReplicatorLayer)?.instanceCount == 3)
        #expect((sublayers[5] as? CAEmitterLayer)?.emitterMode == .points)
        #expect(type(of: sublayers[6]) == CALayer.self)
        #expect(package.warnings.contains { $0.element == "CABackdropLayer" && $0.line == 6 })
        #expect(package.rootLayer.mask?.bounds.width == 5)
        #expect(package.isGeometryFlipped)
    }

    @Test func unknownElementsAndAttributesWarnWithTheirLine() throws {
        let package = try loadCAML(
            camlHeader + "\n<CALayer glowRadius=\"2\" bounds=\"0 0 1\">\n<scriptComponents/>\n<mystery/></CALayer></caml>")
        let lines = package.warnings.map(\.line)
        #expect(lines == [2, 2, 3, 4])
        #expect(package.warnings.contains { $0.message.contains("glowRadius") })
        #expect(package.warnings.contains { $0.message.contains("bounds") })
        #expect(package.rootLayer.bounds == .zero)
        // Apple's `contentsFormat` and `drawsAsynchronously` are read, without a warning.
        let known = try loadCAML(camlHeader + #"<CALayer contentsFormat="RGBAh" drawsAsynchronously="1"/></caml>"#)
        #expect(known.warnings.isEmpty, "\(known.warnings)")
        #expect(known.rootLayer.contentsFormat == .RGBA16Float)
        #expect(known.rootLayer.drawsAsynchronously)
    }

    @Test func objectReferencesResolveByID() throws {
        let package = try loadCAML(
            camlHeader + """
                <CALayer><sublayers><CALayer id="#1" name="first"/></sublayers>
                <mask object="#1"/><p key="shadowColor" object="#missing"/></CALayer></caml>
                """)
        // The referenced layer already has a superlayer, so it cannot also be the mask.
        #expect(package.rootLayer.mask == nil)
        #expect(package.warnings.count == 2)
        #expect(package.publishedObjectNames == ["first"])
        #expect((package.publishedObject(withName: "first") as? CALayer)?.name == "first")
    }

    @Test func malformedXMLThrowsNamingFileLineAndColumn() throws {
        do {
            _ = try loadCAML(camlHeader + "\n<CALayer>\n<sublayers></CALayer></caml>", name: "broken.caml")
            Issue.record("a malformed document loaded")
        } catch let error as CAMLError {
            #expect(error.path.hasSuffix("broken.caml"))
            #expect(error.line == 3)
            #expect(error.column != nil)
            #expect(error.description.contains("broken.caml:3:"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func missingFileThrowsNamingThePath() {
        let url = URL(fileURLWithPath: "/nonexistent/nothing.ca")
        #expect(throws: CAMLError(path: "/nonexistent/nothing.ca", message: "no such bundle")) {
            try CAPackage(contentsOf: url, type: kCAPackageTypeCAMLBundle, options: nil)
        }
    }

    @Test func bundleReadsRootDocumentFromIndex() throws {
        let bundle = try ScratchSpace.makeFolder("bundle").appendingPathComponent("b.ca")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        let index: [String: Any] = ["rootDocument": "scene.caml", "documentWidth": 100.0, "documentHeight": 50.0]
        try PropertyListSerialization.data(fromPropertyList: index, format: .xml, options: 0)
            .write(to: bundle.appendingPathComponent("index.xml"))
        try Data((camlHeader + #"<CALayer name="scene"/></caml>"#).utf8)
            .write(to: bundle.appendingPathComponent("scene.caml"))
        let package = try CAPackage(contentsOf: bundle, type: kCAPackageTypeCAMLBundle, options: nil)
        #expect(package.rootLayer.name == "scene")
        #expect(package.documentSize == CGSize(width: 100, height: 50))
    }

    @Test func wrongValuesAreSkippedAndTheDocumentLoads() throws {
        let package = try loadCAML(
            camlHeader
                + #"<CALayer position="inf 0" opacity="x" transform="shear(3deg)" maskedCorners="99" hidden="1"/></caml>"#)
        #expect(package.rootLayer.isHidden)
        #expect(package.rootLayer.position == .zero)
        #expect(package.warnings.count == 4)
    }
}
