import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

@Suite("The carender command")
struct CarenderCommandTests {
    @Test func frameWritesAPNGOfTheDemoAtTheTime() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("carender-frame-test.png")
        try? FileManager.default.removeItem(at: url)
        let run = try carender(["frame", "group", "--time", "4", "--output", url.path, "--scale", "0.5"])
        #expect(run.status == 0, "\(run.error)")
        let image = try readPNG(at: url)
        #expect(image.width == 120 && image.height == 120)
        // At 4 s the group's path has taken the square half-way round: centre (40, 120) points.
        #expect(image.pixel(x: 20, y: 60)[0] > 200, "the orange square")
        #expect(image.pixel(x: 100, y: 60)[0] < 250 && image.pixel(x: 100, y: 60)[2] > 200, "paper elsewhere")
    }

    @Test func inspectPrintsTheTreeWithPresentationValues() throws {
        let run = try carender(["inspect", "group", "--time", "4"])
        #expect(run.status == 0)
        #expect(run.output.contains("group at t = 4.0 s"))
        #expect(run.output.contains("  CALayer: position = (40, 120)"), "\(run.output)")
    }

    @Test func demoPrintsTheSeedExperiments() throws {
        let run = try carender(["demo"])
        #expect(run.status == 0)
        #expect(run.output.contains("outside animation block: <null>"))
    }

    @Test func badInputSaysWhatIsWrongAndExitsNonZero() throws {
        let unknown = try carender(["frame", "nope", "--output", "/tmp/x.png"])
        #expect(unknown.status != 0)
        #expect(unknown.error.contains("there is no demo called 'nope'; the demos are: view-vs-layer, "))
        let badScale = try carender(["frame", "pop", "--output", "/tmp/x.png", "--scale=-2"])
        #expect(badScale.status != 0)
        #expect(badScale.error.contains("--scale must be a number above 0"))
        let unwritable = try carender(["frame", "pop", "--output", "/nonexistent-folder/x.png"])
        #expect(unwritable.status != 0)
        #expect(unwritable.error.contains("cannot write '/nonexistent-folder/x.png'"))
        #expect(unwritable.error.contains("Create the folder or choose another path"))
        let notPNG = try carender(["frame", "pop", "--output", "/tmp/x.jpg"])
        #expect(notPNG.status != 0 && notPNG.error.contains("must be a .png file"))
        let badTime = try carender(["inspect", "pop", "--time=-1"])
        #expect(badTime.status != 0 && badTime.error.contains("--time must be"))
    }

    @Test func helpListsTheSubcommands() throws {
        let run = try carender(["--help"])
        #expect(run.status == 0)
        for command in ["demo", "gallery", "render", "frame", "inspect"] { #expect(run.output.contains(command)) }
    }
}
