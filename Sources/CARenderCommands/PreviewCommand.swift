import ArgumentParser
import Dispatch
import Foundation
import OpenQuartzCore
import OpenQuartzCoreScenes

#if OPENQUARTZCORE_PREVIEW
    import OpenQuartzCorePreview
#endif

/// `carender preview FILE|SCENE [--port N] [--scale S]`: plays a scene in the browser (see
/// OpenQuartzCorePreview and its article "The preview").
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Plays a gallery scene, a CAML document or a Lottie file live in the browser.",
        discussion: """
            Starts a web server on 127.0.0.1 only and prints its address; open it in a browser. \
            The page plays the scene as the renderer draws it, with play/pause, a timeline to \
            scrub, the playback speed, a button per CAML state and the layer tree with the \
            selected layer's presentation values. Editing the file reloads it, keeping the time; \
            a file that no longer loads shows its error and keeps the last good scene. Ctrl-C \
            stops the server.

            The scenes: \(MainActor.assumeIsolated { BuiltInScenes.nameList }).
            """)

    @Argument(
        help:
            "The scene to play (see the list below), a .caml file, .ca bundle or .tendies package, or a Lottie .json or .lottie file."
    )
    var scene: String

    @OptionGroup var lottieOptions: LottieFileOptions

    @Option(help: "The port to listen on, 0 for any free one.")
    var port: Int = 8080

    @Option(help: "Pixels per point of the frames.")
    var scale: Double = 1

    /// Usage errors only: a missing file or an unknown scene is a one-line error from `run()`,
    /// with exit status 1, as a port in use is.
    func validate() throws {
        try validateScale(scale)
        try lottieOptions.validate(for: scene)
        guard lottieOptions.marker == nil else {
            throw ValidationError("--marker chooses frames to render; the preview plays the whole animation")
        }
        guard (0...65535).contains(port) else {
            throw ValidationError("--port must be from 0 to 65535; got \(port)")
        }
    }

    func run() throws {
        #if OPENQUARTZCORE_PREVIEW
            try serve()
        #else
            throw CommandError(Self.notBuilt)
        #endif
    }

    /// What a `carender` built without the server says: how to build one with it.
    static let notBuilt = """
        this carender was built without the preview server (it needs SwiftNIO and Hummingbird, \
        which a plain build leaves out); build it with the preview: \
        OPENQUARTZCORE_PREVIEW=1 swift run -c release carender preview SCENE
        """
}

#if OPENQUARTZCORE_PREVIEW
    extension Preview {
        /// Starts the server and serves until a signal stops it.
        func serve() throws {
            let source = try MainActor.assumeIsolated { try previewSource(for: scene, lottie: lottieOptions) }
            let port = port
            let scale = scale
            // The server runs on Swift concurrency and draws on the main actor, whose queue
            // `dispatchMain` serves; the task ends the process.
            Task {
                do {
                    let server = try await PreviewServer.start(
                        source: source, port: port, scale: scale, stopsOnSignals: true)
                    // Unbuffered: a script reading the address waits for this line.
                    FileHandle.standardOutput.write(
                        Data("carender preview: \(source.name) at \(server.address) (Ctrl-C stops)\n".utf8))
                    try await server.waitUntilStopped()
                    print("carender preview: stopped.")
                    Foundation.exit(0)
                } catch {
                    FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
                    Foundation.exit(1)
                }
            }
            dispatchMain()
        }
    }

    /// The scenes `argument` names for the preview: the CAML document or Lottie file at that path,
    /// watched for changes, or the scene of that name, loaded as `carender frame` loads them.
    ///
    /// - Throws: `CommandError` when the document does not load or there is no such scene.
    @MainActor
    func previewSource(for argument: String, lottie: LottieFileOptions? = nil) throws -> PreviewSource {
        do {
            try validateSceneName(argument)
        } catch let error as ValidationError {
            throw CommandError(error.message)
        }
        let loadFile: (@MainActor @Sendable () throws -> Scene)?
        if let type = SceneDefinition.packageType(of: argument) {
            loadFile = { try SceneDefinition.document(at: argument, type: type).start() }
        } else if SceneDefinition.isLottieFile(argument) {
            // The values, slots and theme are read once; the animation's file is watched.
            let values = try lottie?.values(for: argument)
            let slots = try lottie?.slotValues()
            let (id, theme, configuration) = (
                lottie?.animation, lottie?.theme, lottie?.configuration ?? LottieFileOptions.defaultConfiguration
            )
            loadFile = {
                try SceneDefinition.lottie(
                    at: argument, values: values, animationID: id, theme: theme, slots: slots,
                    configuration: configuration
                ).start()
            }
        } else {
            loadFile = nil
        }
        if let loadFile {
            let name = URL(fileURLWithPath: argument).lastPathComponent
            let source = PreviewSource(name: name, watchedPath: argument, load: loadFile)
            do {
                _ = try source.load()
            } catch {
                throw CommandError("\(error)")
            }
            return source
        }
        let scene = try loadScene(argument)
        return PreviewSource(name: scene.name) { scene.start() }
    }
#endif
