import Foundation
import OpenImageIO
import OpenUIKit
import QuartzTestSupport
import Testing

/// `UIImage()`, `UIImage(named:…)`, rendering modes and template images in image views.
@MainActor
@Suite("Images: lookup by name, rendering modes, templates")
struct ImageLookupTests {
    /// A new empty folder for one test's files.
    private func makeScratchFolder(_ name: String = #function) throws -> URL {
        try ScratchSpace.makeFolder("uikit-\(name.filter(\.isLetter))")
    }

    /// PNG bytes of a `side` × `side` image of one colour.
    private func png(side: Int, _ rgba: [UInt8]) throws -> Data {
        let image = try #require(CGImage(width: side, height: side, rgbaPixels: Array((0..<side * side).map { _ in rgba }.joined())))
        let data = NSMutableData()
        let destination = try #require(CGImageDestinationCreateWithData(data, "public.png", 1, nil))
        CGImageDestinationAddImage(destination, image, nil)
        #expect(CGImageDestinationFinalize(destination))
        return data as Data
    }

    @Test func anEmptyImageHasNoPixelsAndNoSize() {
        let empty = UIImage()
        #expect(empty.cgImage == nil)
        #expect(empty.size == .zero)
        #expect(empty.scale == 1)
        #expect(empty.renderingMode == .automatic)
    }

    @Test func namedImagesComeFromFilesTheLargestScaleFirst() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try png(side: 2, [255, 0, 0, 255]).write(to: folder.appendingPathComponent("dot.png"))
        try png(side: 4, [0, 255, 0, 255]).write(to: folder.appendingPathComponent("dot@2x.png"))
        try png(side: 3, [0, 0, 255, 255]).write(to: folder.appendingPathComponent("plain.jpg.png"))
        let bundle = try #require(Bundle(path: folder.path))
        let dot = try #require(UIImage(named: "dot", in: bundle, compatibleWith: nil))
        #expect(dot.scale == 2)
        #expect(dot.size == CGSize(width: 2, height: 2))
        let named = try #require(UIImage(named: "plain.jpg.png", in: bundle, compatibleWith: nil))
        #expect(named.cgImage?.width == 3)
        #expect(UIImage(named: "missing", in: bundle, compatibleWith: nil) == nil)
        #expect(UIImage(named: "", in: bundle, compatibleWith: nil) == nil)
    }

    @Test func namedImagesComeFromAssetCatalogsByDisplayScale() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = folder.appendingPathComponent("App/Assets.xcassets/Icons/star.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try png(side: 1, [255, 0, 0, 255]).write(to: set.appendingPathComponent("star.png"))
        try png(side: 2, [0, 255, 0, 255]).write(to: set.appendingPathComponent("star@2x.png"))
        try png(side: 3, [0, 0, 255, 255]).write(to: set.appendingPathComponent("star@3x.png"))
        try Data(
            """
            {"images":[{"filename":"star.png","idiom":"universal","scale":"1x"},
            {"filename":"star@2x.png","idiom":"universal","scale":"2x"},
            {"filename":"star@3x.png","idiom":"universal","scale":"3x"},
            {"idiom":"universal","scale":"1x"}],"info":{"author":"xcode","version":1}}
            """.utf8
        ).write(to: set.appendingPathComponent("Contents.json"))
        let bundle = try #require(Bundle(path: folder.path))
        let largest = try #require(UIImage(named: "star", in: bundle, compatibleWith: nil))
        #expect(largest.scale == 3 && largest.cgImage?.width == 3)
        let forTwo = try #require(
            UIImage(named: "star", in: bundle, compatibleWith: UITraitCollection(displayScale: 2)))
        #expect(forTwo.scale == 2 && forTwo.cgImage?.width == 2)
        #expect(forTwo.size == CGSize(width: 1, height: 1))
    }

    @Test func aRenderingModeMakesANewImageOfTheSamePixels() throws {
        let pixels = try #require(CGImage(width: 1, height: 1, rgbaPixels: [0, 0, 0, 255]))
        let original = UIImage(cgImage: pixels, scale: 2, orientation: .up)
        let template = original.withRenderingMode(.alwaysTemplate)
        #expect(template.renderingMode == .alwaysTemplate)
        #expect(original.renderingMode == .automatic)
        #expect(template.cgImage === pixels && template.scale == 2)
        #expect(template.withRenderingMode(.alwaysOriginal).renderingMode == .alwaysOriginal)
    }

    @Test func aTemplateImageShowsItsAlphaInTheTintColour() throws {
        // Half-transparent black, and a clear pixel.
        let pixels = try #require(CGImage(width: 2, height: 1, rgbaPixels: [0, 0, 0, 128, 9, 9, 9, 0]))
        let view = UIImageView(image: UIImage(cgImage: pixels).withRenderingMode(.alwaysTemplate))
        view.tintColor = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        var shown = try #require(view.layer.contents as? CGImage)
        #expect(shown.rgbaPixels == [255, 128, 0, 128, 255, 128, 0, 0])
        // The tint changes: so does the image.
        view.tintColor = .blue
        shown = try #require(view.layer.contents as? CGImage)
        #expect(shown.rgbaPixels == [0, 0, 255, 128, 0, 0, 255, 0])
        // An original image is shown as it is.
        view.image = UIImage(cgImage: pixels)
        #expect(view.layer.contents as? CGImage === pixels)
    }

    @Test func highlightedAnimationImagesCycleWhileHighlighted() throws {
        try withManualClock { clock in
            let colours: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255]]
            let images = try colours.map { UIImage(cgImage: try #require(CGImage(width: 1, height: 1, rgbaPixels: $0))) }
            let view = UIImageView(image: images[0])
            view.animationImages = [images[0]]
            view.highlightedAnimationImages = [images[1], images[2]]
            view.animationDuration = 1
            view.isHighlighted = true
            view.startAnimating()
            CATransaction.flush()
            clock.advance(by: 0.75)
            #expect(view.layer.presentation()?.contents as? CGImage === images[2].cgImage)
            view.isHighlighted = false
            view.startAnimating()
            CATransaction.flush()
            clock.advance(by: 0.75)
            #expect(view.layer.presentation()?.contents as? CGImage === images[0].cgImage)
        }
    }
}
