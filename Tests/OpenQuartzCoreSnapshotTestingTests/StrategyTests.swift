import Foundation
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreSnapshotTesting

/// A picture of `size` filled with `color`, with `changed` pixels of another colour along its
/// first row.
private func picture(
    width: Int = 20, height: Int = 10, color: [UInt8], changed: Int = 0, to other: [UInt8] = [0, 0, 0, 255]
)
    -> UIImage
{
    var pixels: [UInt8] = []
    for index in 0..<(width * height) { pixels += index < changed ? other : color }
    return UIImage(cgImage: CGImage(width: width, height: height, rgbaPixels: pixels)!)
}

@MainActor
@Suite("Snapshot strategies: precision, differences and animations", .serialized)
struct StrategyTests {
    /// This test's references, recorded before each comparison.
    private let folder: URL

    init() throws {
        folder = try ScratchSpace.makeFolder("snapshot-strategies")
    }

    /// Records `reference`, then compares `actual` with it: nil when it matches.
    private func compare(
        _ actual: UIImage, with reference: UIImage, as strategy: Snapshotting<UIImage, UIImage>, named name: String
    ) -> String? {
        _ = verifySnapshot(
            of: reference, as: strategy, named: name, record: .all, snapshotDirectory: folder.path)
        return verifySnapshot(of: actual, as: strategy, named: name, record: .never, snapshotDirectory: folder.path)
    }

    /// Removes what a failed comparison wrote outside `folder`, into swift-snapshot-testing's
    /// artifacts folder (`SNAPSHOT_ARTIFACTS`, the temporary directory when it is unset): the
    /// failed snapshots, which it names as their references in `folder` and keeps in a folder
    /// named after this file, and the difference picture and reference copy `message` names.
    /// Their folders go too when nothing else is left in them.
    private func removeArtifacts(of message: String) {
        let failed = DifferenceArtifacts.root.appendingPathComponent(
            URL(fileURLWithPath: #filePath).deletingPathExtension().lastPathComponent, isDirectory: true)
        let references = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let named = message.split(separator: "\n").compactMap { line in
            ["Difference: ", "Reference: "].first { line.hasPrefix($0) }.map { String(line.dropFirst($0.count)) }
        }
        for path in references.map({ failed.appendingPathComponent($0).path }) + named {
            try? FileManager.default.removeItem(atPath: path)
            rmdir(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        }
    }

    @Test func precisionIsTheShareOfBytesThatMustMatch() throws {
        let reference = picture(color: [255, 255, 255, 255])
        let actual = picture(color: [255, 255, 255, 255], changed: 4)  // 4 of 200 pixels, 12 of 800 bytes
        let exact = try #require(compare(actual, with: reference, as: .image, named: "exact"))
        defer { removeArtifacts(of: exact) }
        #expect(exact.contains("does not match reference"))
        #expect(compare(actual, with: reference, as: .image(precision: 0.98), named: "loose") == nil)
        let strict = try #require(compare(actual, with: reference, as: .image(precision: 0.99), named: "strict"))
        defer { removeArtifacts(of: strict) }
        #expect(strict.contains("Actual image precision 0.985 is less than required 0.99"))
    }

    @Test func perceptualPrecisionForgivesColoursTheEyeCannotTellApart() throws {
        let reference = picture(color: [200, 100, 50, 255])
        let close = picture(color: [201, 100, 50, 255])  // ΔE94 about 0.3
        #expect(compare(close, with: reference, as: .image(perceptualPrecision: 0.98), named: "close") == nil)
        let far = picture(color: [200, 100, 50, 255], changed: 20, to: [0, 0, 255, 255])
        let message = try #require(
            compare(far, with: reference, as: .image(precision: 0.95, perceptualPrecision: 0.98), named: "far"))
        defer { removeArtifacts(of: message) }
        #expect(message.contains("The percentage of pixels that match 0.9 is less than required 0.95"))
        #expect(
            compare(far, with: reference, as: .image(precision: 0.9, perceptualPrecision: 0.98), named: "enough") == nil
        )
    }

    @Test func aFailureWritesTheDifferencePictureAndTheReference() throws {
        let reference = picture(color: [255, 255, 255, 255])
        let actual = picture(color: [255, 255, 255, 255], changed: 3)
        let message = try #require(compare(actual, with: reference, as: .image, named: "difference"))
        defer { removeArtifacts(of: message) }
        let line = try #require(message.split(separator: "\n").first { $0.hasPrefix("Difference: ") })
        let path = String(line.dropFirst("Difference: ".count))
        let difference = try #require(UIImage(data: try Data(contentsOf: URL(fileURLWithPath: path)))?.cgImage)
        #expect(difference.pixel(x: 1, y: 0) == [255, 255, 255, 255], "white where they differ most")
        #expect(difference.pixel(x: 10, y: 5) == [0, 0, 0, 255], "black where they agree")
        let referenceLine = try #require(message.split(separator: "\n").first { $0.hasPrefix("Reference: ") })
        let copy = try Data(contentsOf: URL(fileURLWithPath: String(referenceLine.dropFirst("Reference: ".count))))
        #expect(UIImage(data: copy)?.cgImage?.pixel(x: 1, y: 0) == [255, 255, 255, 255], "the reference beside it")
    }

    @Test func anAnimationIsASheetOfFramesAtTheClocksTimes() throws {
        let clock = CAManualClock()
        let frames: UIImage = CAClock.$current.withValue(clock) {
            CATransaction.setDisableActions(true)
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
            layer.backgroundColor = UIColor.white.cgColor
            let dot = CALayer()
            dot.frame = CGRect(x: 0, y: 5, width: 10, height: 10)
            dot.backgroundColor = UIColor.systemBlue.cgColor
            layer.addSublayer(dot)
            CATransaction.flush()
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 5
            move.toValue = 35
            move.duration = 1
            dot.add(move, forKey: "move")
            let strategy = Snapshotting<CALayer, UIImage>.images(at: [0, 0.5, 1], clock: clock)
            var sheet: UIImage?
            strategy.snapshot(layer).run { sheet = $0 }
            return sheet ?? UIImage()
        }
        let pixels = try #require(frames.cgImage)
        #expect(pixels.width == 40 && pixels.height == 60, "three frames, one under the other")
        let blue = [0, 122, 255, 255]
        #expect(pixels.pixel(x: 5, y: 10) == blue, "at 0 s the dot is at the left")
        #expect(pixels.pixel(x: 20, y: 30) == blue, "at 0.5 s in the middle")
        #expect(pixels.pixel(x: 5, y: 30) == [255, 255, 255, 255])
        #expect(pixels.pixel(x: 35, y: 50) == [255, 255, 255, 255], "at 1 s the animation is over: back at the model")
        #expect(pixels.pixel(x: 5, y: 50) == blue)
        #expect(clock.now == 1)
    }

    @Test func aSheetThatDiffersNamesTheFramesThatDo() throws {
        let sheetPixels = { (changedFrame: Int) -> UIImage in
            var pixels: [UInt8] = []
            for row in 0..<30 {
                for column in 0..<10 {
                    pixels += row / 10 == changedFrame && column == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255]
                }
            }
            return UIImage(cgImage: CGImage(width: 10, height: 30, rgbaPixels: pixels)!)
        }
        let strategy = Snapshotting<UIImage, UIImage>(
            pathExtension: "png",
            diffing: Diffing<UIImage>.imageDiffingForTests(times: [0, 0.25, 0.5]))
        let message = try #require(compare(sheetPixels(1), with: sheetPixels(-1), as: strategy, named: "sheet"))
        defer { removeArtifacts(of: message) }
        #expect(message.contains("at 0.25 s"))
        #expect(!message.contains("at 0.0 s") && !message.contains("at 0.5 s"))
    }

    @Test func aViewsTraitsGiveThePicturesScaleAsOnIOS() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 4))
        view.backgroundColor = .red
        var pictures: [UIImage] = []
        for strategy in [
            Snapshotting<UIView, UIImage>.image(traits: UITraitCollection(displayScale: 3)),
            .image(drawHierarchyInKeyWindow: true, traits: UITraitCollection(userInterfaceStyle: .dark)),
        ] {
            strategy.snapshot(view).run { pictures.append($0) }
        }
        #expect(pictures.map { $0.cgImage?.width } == [30, 10], "the display scale; 1 when unspecified")
        #expect(pictures.last?.cgImage?.pixel(x: 5, y: 2) == [255, 0, 0, 255])
    }
}
