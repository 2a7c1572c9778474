import CPNG
import Foundation
import ImageTestSupport
import OpenUIKit
import QuartzTestSupport
import Testing

@Suite("UIImage from files and data")
struct UIImageDecodingTests {
    static let png = TestEncoders.png(
        width: 4, height: 2, format: oqc_png_format_rgba, pixels: Array(repeating: 255, count: 32))

    @MainActor @Test func imageFromDataHasPixelSizeAtScaleOne() throws {
        let image = try #require(UIImage(data: Self.png))
        #expect(image.scale == 1)
        #expect(abs(image.size.width - 4) < 1e-9 && abs(image.size.height - 2) < 1e-9)
        let doubled = try #require(UIImage(data: Self.png, scale: 2))
        #expect(abs(doubled.size.width - 2) < 1e-9 && abs(doubled.size.height - 1) < 1e-9)
        #expect(UIImage(data: Data("not an image".utf8)) == nil)
    }

    @MainActor @Test func imageFromFileTakesItsScaleFromTheName() throws {
        let directory = try ScratchSpace.makeFolder("uiimage")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, scale) in [("icon.png", 1.0), ("icon@2x.png", 2), ("icon@3x~ipad.png", 3)] {
            let path = directory.appendingPathComponent(name).path
            try Self.png.write(to: URL(fileURLWithPath: path))
            let image = try #require(UIImage(contentsOfFile: path))
            #expect(abs(image.scale - scale) < 1e-9, "\(name)")
            #expect(abs(image.size.width - 4 / scale) < 1e-9, "\(name)")
        }
        #expect(UIImage(contentsOfFile: directory.appendingPathComponent("none.png").path) == nil)
    }
}
