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
            // Every file is checked before anything is rendered: a folder or a device where a
            // file goes stops the gallery before it has replaced anything.
            let file = { (name: String) in try OutputFile(folder.appendingPathComponent(name).path) }
            let outputs = try demos.map { demo in
                let files = GalleryPage.Files(demo: demo.name)
                return (video: try file(files.video), gif: try file(files.gif), poster: try file(files.poster))
            }
            let index = try file("index.html")
            for (demo, output) in zip(demos, outputs) {
                let framing = Framing(size: demo.size, scale: scale)
                try framing.validate()
                let times = FrameSpan(from: 0, to: demo.duration, fps: fps).times
                var encoders: [FFmpegEncoder] = []
                do {
                    for (format, file) in [(OutputFormat.mp4, output.video), (.gif, output.gif)] {
                        encoders.append(
                            try FFmpegEncoder(
                                ffmpeg: ffmpeg, format: format, output: file, width: framing.pixelWidth,
                                height: framing.pixelHeight, fps: fps))
                    }
                } catch {
                    for encoder in encoders { encoder.abandon() }
                    throw error
                }
                try renderDemo(demo, framing: framing, times: times, to: encoders, progressLabel: demo.name)
                try renderDemo(
                    demo, framing: framing, times: [demo.posterTime], to: [PNGFileWriter(output.poster)])
                let files = GalleryPage.Files(demo: demo.name)
                print("\(demo.name): \(times.count) frames, \(files.video), \(files.gif), \(files.poster)")
            }
            let page = GalleryPage(demos: demos, scale: scale, fps: fps).html
            try index.write(Data(page.utf8))
            print(
                "Wrote the gallery of \(demos.count) demos: open "
                    + "\(URL(fileURLWithPath: index.path).standardizedFileURL.path) in a browser.")
        }
    }
}
