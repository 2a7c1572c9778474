import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import OpenQuartzCoreScenes
import QuartzTestSupport
import Testing

@Suite("The carender command")
struct CarenderCommandTests {
    @Test func frameWritesAPNGOfTheSceneAtTheTime() throws {
        let url = try makeScratchFolder().appendingPathComponent("frame.png")
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

    @Test func experimentsPrintTheSeedExperiments() throws {
        let run = try carender(["experiments"])
        #expect(run.status == 0)
        #expect(run.output.contains("outside animation block: <null>"))
        #expect(run.output.contains("== Seed 001 · nested transactions: 0.25 s, 1 s and disabled actions =="))
        let earlierName = try carender(["demo"])
        let titles = { (output: String) in output.split(separator: "\n").filter { $0.hasPrefix("== ") } }
        #expect(earlierName.status == 0, "demo is experiments' alias")
        #expect(titles(earlierName.output) == titles(run.output) && titles(run.output).count == 19)
    }

    #if !OPENQUARTZCORE_PREVIEW
        /// A `carender` built without the preview server (the plain build) still has the
        /// command, and says how to get the server; one built with it starts it (PreviewTests).
        @Test func previewWithoutTheServerSaysHowToBuildIt() throws {
            let run = try carender(["preview", "group", "--port", "0"])
            #expect(run.status == 1)
            #expect(run.error.hasPrefix("Error: this carender was built without the preview server"), "\(run.error)")
            #expect(run.error.contains("OPENQUARTZCORE_PREVIEW=1 swift run -c release carender preview"))
        }
    #endif

    @Test func badInputSaysWhatIsWrongAndExitsNonZero() throws {
        let unknown = try carender(["frame", "nope", "--output", "/tmp/x.png"])
        #expect(unknown.status != 0)
        #expect(unknown.error.contains("there is no scene called 'nope'; the scenes are: view-vs-layer, "))
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
        for command in ["experiments", "gallery", "render", "frame", "inspect"] {
            #expect(run.output.contains(command))
        }
    }
}

/// What `carender inspect` prints of a layer's corners, border, shadow and depth.
@Suite struct InspectionLineTests {
    @Test func inspectionShowsCornersBorderShadowAndDepthWhenSet() {
        withManualClock { _ in
            CATransaction.setDisableActions(true)
            let parent = CALayer()
            parent.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
            let card = CALayer()
            card.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            card.cornerRadius = 4
            card.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
            card.cornerCurve = .continuous
            card.borderWidth = 2
            card.shadowOpacity = 0.5
            card.zPosition = 3
            parent.addSublayer(card)
            CATransaction.flush()
            let lines = LayerInspection.lines(of: parent)
            #expect(lines.count == 2)
            #expect(!lines[0].contains("maskedCorners") && !lines[0].contains("cornerCurve"), "defaults are left out")
            #expect(lines[1].hasPrefix("  CALayer: "))
            for field in [
                "cornerRadius = 4", "maskedCorners = [minXminY, maxXmaxY]", "cornerCurve = continuous",
                "borderWidth = 2", "shadowOpacity = 0.5", "zPosition = 3",
            ] {
                #expect(lines[1].contains(field), "\(field) in \(lines[1])")
            }
        }
    }
}
