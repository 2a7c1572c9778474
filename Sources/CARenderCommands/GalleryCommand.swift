import ArgumentParser
import Foundation
import OpenCAML
import OpenQuartzCore
import OpenQuartzCoreRenderer
import OpenQuartzCoreScenes

/// `carender gallery`: every scene as MP4, GIF and a poster PNG, and an `index.html` that shows
/// them all.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Renders every scene to MP4, GIF and a poster PNG, with an index.html that shows them.",
        discussion: """
            Writes NAME.mp4, NAME.gif and NAME.png (the poster frame) and NAME.ca (the scene as a \
            CAML bundle, see carender convert) for each scene, and index.html, a page with no \
            outside resources that plays them all with their names and what they show; open it \
            in a browser. The folder is made when missing; files in it with the same names are \
            replaced.

            With --caml DIR, every CAML document under DIR (.caml files, .ca bundles and .tendies packages, found \
            in its subfolders too) gets a card of its own, after the scenes: its initial (or \
            first) state, then each other state in turn for \(format(CAMLGallery.stateInterval)) s, \
            switched with the document's transitions, fitted into \(Int(CAMLGallery.largestSide)) \
            × \(Int(CAMLGallery.largestSide)) points; its files are named caml-PATH. A document \
            that cannot be loaded gets a card with the error.

            With --lottie DIR, every Lottie file under DIR (.json files and .lottie packages, found \
            in its subfolders too) gets a card, after the scenes and documents: the animation \
            played once, fitted into \(Int(CAMLGallery.largestSide)) × \(Int(CAMLGallery.largestSide)) \
            points; its files are named lottie-PATH. A file that cannot be read gets a card with \
            the error.

            The videos are encoded by ffmpeg, found on PATH (Debian and Ubuntu: sudo apt-get \
            install ffmpeg).

            Examples:
              carender gallery                          # into ./gallery
              carender gallery --output /tmp/gallery --scale 2
              carender gallery --only spring,pop --fps 10
              carender gallery --caml ../shared/caml-corpus/files
              carender gallery --lottie ../shared/lottie-corpus/samples

            The scenes: \(MainActor.assumeIsolated { BuiltInScenes.nameList }).
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

    @Option(help: ArgumentHelp("Render only these scenes.", valueName: "name,name,…"))
    var only: String?

    @Option(
        help: ArgumentHelp(
            "Also render every CAML document (.caml, .ca, .tendies) under this folder, its states cycled.",
            valueName: "folder"))
    var caml: String?

    @Option(
        help: ArgumentHelp(
            "Also render every Lottie file (.json, .lottie) under this folder, each played once.", valueName: "folder"))
    var lottie: String?

    @OptionGroup var ffmpegOption: FFmpegOption

    func validate() throws {
        guard (1...120).contains(fps) else {
            throw ValidationError("--fps must be a whole number from 1 to 120; got \(fps)")
        }
        try validateScale(scale)
        for name in onlyNames ?? [] { try validateSceneName(name) }
        if let onlyNames, onlyNames.isEmpty {
            throw ValidationError("--only needs at least one scene name, for example --only spring,pop")
        }
    }

    /// Throws, before anything is rendered, when a scene's bundle could not replace what is at
    /// `path`.
    private func checkBundle(_ path: String) throws {
        do {
            _ = try CAMLBundleOutput(target: URL(fileURLWithPath: path))
        } catch {
            throw CommandError("cannot write '\(path)': \(error.message).")
        }
    }

    private var onlyNames: [String]? {
        only.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    func run() throws {
        ffmpegOption.apply()
        try MainActor.assumeIsolated {
            let builtIn = BuiltInScenes.all.filter { scene in onlyNames.map { $0.contains(scene.name) } ?? true }
            let documents = try caml.map { try CAMLGallery.documents(under: $0) } ?? []
            let animations = try lottie.map { try LottieGallery.animations(under: $0) } ?? []
            _ = try CAFFmpeg.locate()
            let folder = URL(fileURLWithPath: output, isDirectory: true)
            try makeFolder(output, for: "the gallery folder", advice: "Choose another with --output.")
            // Every file is checked before anything is rendered: a folder or a device where a
            // file goes stops the gallery before it has replaced anything.
            let file = { (name: String) in try CAOutputFile(folder.appendingPathComponent(name).path) }
            let scenes: [(scene: SceneDefinition, files: GalleryPage.Files, bundle: String?)] =
                builtIn.map {
                    ($0, GalleryPage.Files(scene: $0.name), folder.appendingPathComponent($0.name + ".ca").path)
                }
                + (documents + animations).compactMap { document in
                    guard case .scene(let scene, _, _) = document.outcome else { return nil }
                    return (scene, GalleryPage.Files(scene: document.fileStem), nil)
                }
            let outputs = try scenes.map { scene in
                if let bundle = scene.bundle { try checkBundle(bundle) }
                return (
                    video: try file(scene.files.video), gif: try file(scene.files.gif),
                    poster: try file(scene.files.poster)
                )
            }
            let index = try file("index.html")
            // A scene's encoders finish while the next scene is drawn (its files are completed
            // and its line printed then, the poster after the videos, so that a failed video
            // leaves the poster too); a scene with a bundle is finished at once, the bundle
            // written once its video is.
            var finishing:
                (movies: CAMovieExporter.FinishingOutputs, poster: CAMovieExporter.FinishingOutputs, line: String)?
            func finishPrevious() throws {
                guard let previous = finishing else { return }
                finishing = nil
                try previous.movies.finish()
                try previous.poster.finish()
                print(previous.line)
            }
            do {
                for ((scene, files, bundle), output) in zip(scenes, outputs) {
                    let framing = Framing(size: scene.size, scale: scale)
                    try framing.validate()
                    let span = FrameSpan(from: 0, to: scene.duration, fps: fps)
                    let movies = try startRenderingScene(
                        scene, framing: framing, frames: span,
                        to: [
                            CAMovieExporter.Output(path: output.video.path, format: .mp4()),
                            CAMovieExporter.Output(path: output.gif.path, format: .gif),
                        ], progressLabel: scene.name)
                    try finishPrevious()
                    let poster = try startRenderingScene(
                        scene, framing: framing, frames: singleFrame(at: scene.posterTime),
                        to: [CAMovieExporter.Output(path: output.poster.path, format: .png)])
                    var line = "\(scene.name): \(span.count) frames, \(files.video), \(files.gif), \(files.poster)"
                    guard let bundle else {
                        finishing = (movies, poster, line)
                        continue
                    }
                    try movies.finish()
                    try poster.finish()
                    // Once its video is made, so that a failed render leaves the bundle too.
                    let made = try CAMLSource.scene(scene).package()
                    _ = try withExtendedLifetime(made.keep) { try CAMLOutputWriter.write(made.package, to: bundle) }
                    line += ", \(files.bundle)"
                    print(line)
                }
                try finishPrevious()
            } catch {
                // The scene drawn before the failure is still completed.
                try? finishPrevious()
                throw error
            }
            for document in documents + animations {
                if case .failed(let message) = document.outcome { print("\(document.title): not loaded: \(message)") }
            }
            var page = GalleryPage(scenes: builtIn, scale: scale, fps: fps)
            page.documents = documents
            page.animations = animations
            let html = page.html
            try index.write(Data(html.utf8))
            let shown =
                (documents.isEmpty ? "" : " and \(documents.count) CAML document\(documents.count == 1 ? "" : "s")")
                + (animations.isEmpty ? "" : " and \(animations.count) Lottie file\(animations.count == 1 ? "" : "s")")
            print(
                "Wrote the gallery of \(builtIn.count) scenes\(shown): open "
                    + "\(URL(fileURLWithPath: index.path).standardizedFileURL.path) in a browser.")
        }
    }
}

/// Makes the folder `path` (and the folders it is in), or throws an error that says it cannot
/// be made; `what` names the folder's use ("the gallery folder").
func makeFolder(_ path: String, for what: String, advice: String) throws {
    do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
        throw CommandError("cannot create \(what) '\(path)': \(CAOutputFile.whyFolderCannotBeMade(path)). \(advice)")
    }
}
