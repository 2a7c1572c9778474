import Foundation
import OpenLottie
import OpenQuartzCoreRenderer
import Testing
import ZipTestSupport

/// `--marker` and `--animation`: a marker's segment or moment, a package's animation by id.
@Suite struct LottieMarkerCommandTests {
    /// The slide with markers: "go" frames 10–20, "stop" frame 15.
    static let marked = LottieCommandTests.slide().replacingOccurrences(
        of: #""assets": [],"#,
        with: #""assets": [], "markers": [{"cm": "go", "tm": 10, "dr": 10}, {"cm": "stop", "tm": 15}],"#)

    @Test func aMarkerRendersItsSegmentAndFrameShowsItsMoment() throws {
        let (folder, slide) = try LottieCommandTests.write(Self.marked, as: "slide.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = folder.appendingPathComponent("frames/")
        let render = try carender(["render", slide.path, "--marker", "go", "-o", frames.path + "/"])
        #expect(render.status == 0, "\(render.error)")
        #expect(render.output.contains("Wrote 10 frames"), "\(render.output)")
        let marked = folder.appendingPathComponent("stop.png")
        let frame = try carender(["frame", slide.path, "--marker", "stop", "-o", marked.path])
        #expect(frame.status == 0, "\(frame.error)")
        let byNumber = folder.appendingPathComponent("15.png")
        _ = try carender(["frame", slide.path, "--frame", "15", "-o", byNumber.path])
        #expect(try readPNG(at: marked).rgbaPixels == readPNG(at: byNumber).rgbaPixels, "frame 15 either way")
        let inspect = try carender(["inspect", slide.path])
        #expect(inspect.output.contains("Markers: go (frames 10–20), stop (frame 15)"), "\(inspect.output)")

        let missing = try carender(["render", slide.path, "--marker", "run", "-o", frames.path + "/"])
        #expect(missing.status != 0)
        #expect(
            missing.error.contains("the animation has no marker \"run\"; its markers: go, stop"), "\(missing.error)")
        let moment = try carender(["render", slide.path, "--marker", "stop", "-o", frames.path + "/"])
        #expect(moment.error.contains("is one moment (frame 15), not a segment"), "\(moment.error)")
        let both = try carender(["render", slide.path, "--marker", "go", "--frames", "0..5", "-o", frames.path + "/"])
        #expect(both.error.contains("give --frames or --marker, not both"), "\(both.error)")
    }

    @Test func anAnimationOfAPackageIsChosenByItsID() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let package = folder.appendingPathComponent("two.lottie")
        let blue = LottieCommandTests.slide().replacingOccurrences(of: "[1, 0, 0, 1]", with: "[0, 0, 1, 1]")
        try writeZip(
            [
                (
                    path: "manifest.json",
                    data: Data(#"{"version": "1", "animations": [{"id": "red"}, {"id": "blue"}]}"#.utf8)
                ),
                (path: "animations/red.json", data: Data(LottieCommandTests.slide().utf8)),
                (path: "animations/blue.json", data: Data(blue.utf8)),
            ], to: package)
        let first = folder.appendingPathComponent("first.png")
        let chosen = folder.appendingPathComponent("chosen.png")
        #expect(try carender(["frame", package.path, "-o", first.path]).status == 0)
        let result = try carender(["frame", package.path, "--animation", "blue", "-o", chosen.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            LottieCommandTests.isClose(
                LottieCommandTests.pixel(25, 25, of: try readPNG(at: first)), to: [255, 0, 0, 255], tolerance: 2))
        #expect(
            LottieCommandTests.isClose(
                LottieCommandTests.pixel(25, 25, of: try readPNG(at: chosen)), to: [0, 0, 255, 255], tolerance: 2))
        let inspect = try carender(["inspect", package.path])
        #expect(inspect.output.contains("Animations in the package: red, blue"), "\(inspect.output)")
        let wrong = try carender(["frame", package.path, "--animation", "green", "-o", chosen.path])
        #expect(
            wrong.error.contains("manifest.json: lists no animation \"green\"; it lists \"red\", \"blue\""),
            "\(wrong.error)")
        let notLottie = try carender(["frame", "spring", "--animation", "blue", "-o", chosen.path])
        #expect(notLottie.error.contains("--animation applies to Lottie files"), "\(notLottie.error)")
    }

    @Test func slotsFromAFileFillTheSlotsTheAnimationMarks() throws {
        let (folder, slide) = try LottieCommandTests.write(
            LottieCommandTests.slide(fillSlot: "paint"), as: "slide.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let slots = folder.appendingPathComponent("green.json")
        try Data(#"{"rules": [{"id": "paint", "type": "Color", "value": [0, 1, 0, 1]}]}"#.utf8).write(to: slots)
        let output = folder.appendingPathComponent("green.png")
        let result = try carender(["frame", slide.path, "--slots", slots.path, "-o", output.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            LottieCommandTests.isClose(
                LottieCommandTests.pixel(25, 25, of: try readPNG(at: output)), to: [0, 255, 0, 255], tolerance: 2))
        let theme = try carender(["frame", slide.path, "--theme", "dark", "-o", output.path])
        #expect(theme.error.contains("themes come in dotLottie packages"), "\(theme.error)")
    }
}
