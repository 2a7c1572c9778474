import Foundation
import OpenQuartzCoreRenderer
import Testing

/// `--values` (a template's values) on `frame`, and `render --variants LIST --output-dir OUT`.
@Suite struct LottieTemplateCommandTests {
    private func expectColor(_ pixel: [Int], _ expected: [Int], within tolerance: Int, _ what: String) {
        #expect(LottieCommandTests.isClose(pixel, to: expected, tolerance: tolerance), "\(what): \(pixel)")
    }

    @Test func valuesChangeTheFrameAndSettingsThatChangeNothingAreWarnedOf() throws {
        let (folder, slide) = try LottieCommandTests.write(LottieCommandTests.slide(), as: "slide.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let values = folder.appendingPathComponent("blue.json")
        try Data(
            #"""
            {"valueProviders": [{"keypath": "box.red.Color", "color": [0, 0, 1, 1]},
                                {"keypath": "box.rde.Color", "color": [0, 1, 0, 1]}]}
            """#.utf8
        ).write(to: values)
        let output = folder.appendingPathComponent("blue.png")
        let result = try carender(["frame", slide.path, "--values", values.path, "-o", output.path])
        #expect(result.status == 0, "\(result.error)")
        let image = try readPNG(at: output)
        expectColor(LottieCommandTests.pixel(25, 25, of: image), [0, 0, 255, 255], within: 2, "the provider's blue")
        #expect(
            result.error.contains(
                "carender: warning: \(values.path): valueProviders[1]: the keypath \"box.rde.Color\" matches no "
                    + "property of the animation; the closest keypaths: box.red.Color"), "\(result.error)")

        try Data(#"{"valueProviders": [{"keypath": "box.red.Color", "color": "blue"}]}"#.utf8).write(to: values)
        let bad = try carender(["frame", slide.path, "--values", values.path, "-o", output.path])
        #expect(bad.status != 0)
        #expect(
            bad.error.contains("\(values.path): valueProviders[0].color: expected an array, found a string"),
            "\(bad.error)")
        let notLottie = try carender(["frame", "spring", "--values", values.path, "-o", output.path])
        #expect(notLottie.status != 0)
        #expect(notLottie.error.contains("--values applies to Lottie files"), "\(notLottie.error)")
    }

    @Test func variantsRenderEveryRowAndReportTheOnesThatFailKeepingWhatWasThere() throws {
        let (folder, slide) = try LottieCommandTests.write(LottieCommandTests.slide(), as: "slide.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("names.csv")
        try Data(
            """
            output,color:box.red.Color,float:box.Transform.Opacity,image
            green,#00ff00,,
            "half blue",#0000ff,50,
            broken,#zz0000,,
            green,#ffffff,,
            pictured,,,nowhere.png

            """.utf8
        ).write(to: list)
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: out.appendingPathComponent("broken.png"))
        let result = try carender([
            "render", slide.path, "--variants", list.path, "--output-dir", out.path, "--format", "png",
        ])
        #expect(result.status == 1, "three rows fail: \(result.output) \(result.error)")
        #expect(
            result.error.contains(
                "✗ \(list.path):4: column \"color:box.red.Color\": \"#zz0000\" is not a colour: #rrggbb or #rrggbbaa"),
            "\(result.error)")
        #expect(result.error.contains("✗ \(list.path):5: its files would be named green, as those of line 2 are"))
        #expect(result.error.contains("✗ \(list.path):6: column \"image\": the image "), "\(result.error)")
        #expect(result.output.contains("✓ \(list.path):2 → \(out.path)/green.png: one frame of 100×50 pixels"))
        #expect(result.output.contains("Rendered 2 of 5 inputs into \(out.path)."), "\(result.output)")
        let green = try readPNG(at: out.appendingPathComponent("green.png"))
        expectColor(LottieCommandTests.pixel(25, 25, of: green), [0, 255, 0, 255], within: 2, "row 2's green")
        let blue = try readPNG(at: out.appendingPathComponent("half blue.png"))
        expectColor(
            LottieCommandTests.pixel(25, 25, of: blue), [0, 0, 255, 128], within: 2, "row 3: blue, half opaque")
        #expect(try Data(contentsOf: out.appendingPathComponent("broken.png")) == Data("old".utf8))
    }

    @Test func rowsChooseRowsOfTheListKeepingTheirLines() throws {
        let (folder, slide) = try LottieCommandTests.write(LottieCommandTests.slide(), as: "slide.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("names.csv")
        try Data("output,color:box.red.Color\ngreen,#00ff00\nbroken,#zz0000\nblue,#0000ff\n".utf8).write(to: list)
        let out = folder.appendingPathComponent("out")
        let second = try carender([
            "render", slide.path, "--variants", list.path, "--rows", "2", "--output-dir", out.path, "--format", "png",
        ])
        #expect(second.status == 1 && second.error.contains("✗ \(list.path):3: column"), "\(second.error)")
        #expect(second.output.contains("Rendered 0 of 1 input into"), "\(second.output)")
        let third = try carender([
            "render", slide.path, "--variants", list.path, "--rows", "3-9", "--output-dir", out.path, "--format", "png",
        ])
        #expect(third.status == 0, "\(third.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["blue.png"])
    }

    @Test func variantRowsFillTheFilesSlots() throws {
        let (folder, slide) = try LottieCommandTests.write(LottieCommandTests.slide(fillSlot: "bg"), as: "slide.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("colours.csv")
        try Data("output,slot:bg\nblue,#0000ff\nfile,\n".utf8).write(to: list)
        let out = folder.appendingPathComponent("out")
        let result = try carender([
            "render", slide.path, "--variants", list.path, "--output-dir", out.path, "--format", "png",
        ])
        #expect(result.status == 0, "\(result.output) \(result.error)")
        let blue = try readPNG(at: out.appendingPathComponent("blue.png"))
        expectColor(LottieCommandTests.pixel(25, 25, of: blue), [0, 0, 255, 255], within: 2, "the row's slot")
        let file = try readPNG(at: out.appendingPathComponent("file.png"))
        expectColor(LottieCommandTests.pixel(25, 25, of: file), [255, 0, 0, 255], within: 2, "the file's own")
    }

    @Test func jsonLinesAddToTheValuesAllRowsShare() throws {
        let (folder, slide) = try LottieCommandTests.write(LottieCommandTests.slide(), as: "slide.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = folder.appendingPathComponent("base.json")
        try Data(#"{"valueProviders": [{"keypath": "**.Color", "color": [0, 0, 1, 1]}]}"#.utf8).write(to: base)
        let list = folder.appendingPathComponent("rows.jsonl")
        try Data(
            """
            {"output": "plain"}
            {"output": "faded", "valueProviders": [{"keypath": "box.Transform.Opacity", "float": 25}]}

            """.utf8
        ).write(to: list)
        let out = folder.appendingPathComponent("out")
        let result = try carender([
            "render", slide.path, "--values", base.path, "--variants", list.path, "--output-dir", out.path,
            "--format", "png",
        ])
        #expect(result.status == 0, "\(result.error)")
        let plain = try readPNG(at: out.appendingPathComponent("plain.png"))
        expectColor(LottieCommandTests.pixel(25, 25, of: plain), [0, 0, 255, 255], within: 2, "the shared blue")
        let faded = try readPNG(at: out.appendingPathComponent("faded.png"))
        expectColor(LottieCommandTests.pixel(25, 25, of: faded), [0, 0, 255, 64], within: 2, "blue, a quarter opaque")
    }

    @Test(arguments: [
        (["render", "x.json", "--variants", "l.csv", "-o", "x.mp4"], "--variants writes into a folder"),
        (
            ["render", "a.json", "b.json", "--variants", "l.csv", "--output-dir", "o"],
            "--variants renders one Lottie file"
        ),
        (["render", "x.json", "--rows", "2", "--output-dir", "o"], "--rows chooses rows of --variants' list"),
        (
            ["render", "x.json", "--variants", "l.csv", "--rows", "3-2", "--output-dir", "o"],
            "--rows must be N or N-M with 1 ≤ N ≤ M"
        ),
    ])
    func variantsNeedOneLottieFileAndAFolder(arguments: [String], message: String) throws {
        let result = try carender(arguments)
        #expect(result.status != 0)
        #expect(result.error.contains(message), "\(result.error)")
    }
}
