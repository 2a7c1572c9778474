import ArgumentParser
import Foundation
import OpenQuartzCore

/// `carender gallery`: every demo as MP4, GIF and a poster PNG, and an `index.html` that shows
/// them all.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Renders every demo to MP4, GIF and a poster PNG, with an index.html that shows them.",
        discussion: """
            Writes NAME.mp4, NAME.gif and NAME.png (the poster frame) for each demo, and \
            index.html, a page with no outside resources that plays them all with their names \
            and what they show; open it in a browser. The folder is made when missing; files in \
            it with the same names are replaced.

            The videos are encoded by ffmpeg, found on PATH (Debian and Ubuntu: sudo apt-get \
            install ffmpeg).

            Examples:
              carender gallery                          # into ./gallery
              carender gallery --output /tmp/gallery --scale 2
              carender gallery --only spring,pop --fps 10

            The demos: \(MainActor.assumeIsolated { Gallery.nameList }).
            """)

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "The folder to write into, made when missing: gallery/ in the current folder by default.",
            valueName: "folder"))
    var output = "gallery"

    @Option(
        help:
            "Frames per second of the videos. GIF keeps delays in hundredths of a second, so 25 plays at its true speed."
    )
    var fps: Int = 25

    @Option(help: "Pixels per point.")
    var scale: Double = 1

    @Option(help: ArgumentHelp("Render only these demos.", valueName: "name,name,…"))
    var only: String?

    func validate() throws {
        guard (1...120).contains(fps) else {
            throw ValidationError("--fps must be a whole number from 1 to 120; got \(fps)")
        }
        try validateScale(scale)
        for name in onlyNames ?? [] { try validateDemoName(name) }
        if let onlyNames, onlyNames.isEmpty {
            throw ValidationError("--only needs at least one demo name, for example --only spring,pop")
        }
    }

    private var onlyNames: [String]? {
        only.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    func run() throws {
        try MainActor.assumeIsolated {
            let demos = Gallery.demos.filter { demo in onlyNames.map { $0.contains(demo.name) } ?? true }
            let ffmpeg = try FFmpeg.locate()
            let folder = URL(fileURLWithPath: output, isDirectory: true)
            try makeFolder(output, for: "the gallery folder", advice: "Choose another with --output.")
            for demo in demos {
                let framing = Framing(size: demo.size, scale: scale)
                try framing.validate()
                let times = frameTimes(from: 0, to: demo.duration, fps: fps)
                let files = GalleryPage.Files(demo: demo.name)
                var encoders: [FFmpegEncoder] = []
                do {
                    for (format, name) in [(OutputFormat.mp4, files.video), (.gif, files.gif)] {
                        encoders.append(
                            try FFmpegEncoder(
                                ffmpeg: ffmpeg, format: format, output: folder.appendingPathComponent(name).path,
                                width: framing.pixelWidth, height: framing.pixelHeight, fps: fps))
                    }
                } catch {
                    for encoder in encoders { encoder.abandon() }
                    throw error
                }
                try renderDemo(demo, framing: framing, times: times, to: encoders, progressLabel: demo.name)
                try renderDemo(
                    demo, framing: framing, times: [demo.posterTime],
                    to: [PNGFileWriter(path: folder.appendingPathComponent(files.poster).path)])
                print("\(demo.name): \(times.count) frames, \(files.video), \(files.gif), \(files.poster)")
            }
            let index = folder.appendingPathComponent("index.html")
            let page = GalleryPage(demos: demos, scale: scale, fps: fps).html
            try writeFile(Data(page.utf8), to: index.path)
            print("Wrote the gallery of \(demos.count) demos: open \(index.standardizedFileURL.path) in a browser.")
        }
    }
}
