import Foundation
import OpenQuartzCoreScenes

/// The gallery's `index.html`: one card per scene with its video (the GIF as the alternative),
/// its name, what it shows and its `.ca` bundle; with `--caml`, one card per CAML document, its
/// states named, or the error that kept it from loading. Self-contained: inline CSS, no
/// scripts, no outside resources.
struct GalleryPage {
    /// The files the gallery writes for one card, named after it.
    struct Files {
        let video: String
        let gif: String
        let poster: String
        /// The scene as a CAML bundle (a folder).
        let bundle: String

        init(scene name: String) {
            video = name + ".mp4"
            gif = name + ".gif"
            poster = name + ".png"
            bundle = name + ".ca"
        }
    }

    let scenes: [SceneDefinition]
    /// The CAML documents found with `--caml`, none without it.
    var documents: [CAMLGalleryDocument] = []
    /// The Lottie files found with `--lottie`, none without it.
    var animations: [CAMLGalleryDocument] = []
    /// Pixels per point of the files.
    let scale: Double
    let fps: Int

    var html: String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>OpenQuartzCore gallery</title>
        <style>
        \(Self.style)
        </style>
        </head>
        <body>
        <input type="checkbox" id="show-gifs" class="toggle">
        <header>
        <h1>OpenQuartzCore gallery</h1>
        <p>Core Animation and UIKit view animations on Linux, drawn by OpenQuartzCore's renderer on a manual \
        clock: the experiments of the seed articles, \(scenes.count) scenes. Made by <code>carender gallery</code> \
        at \(shortNumber(scale)) pixel\(scale == 1 ? "" : "s") per point and \(fps) frames per second.</p>
        <p><label for="show-gifs" class="switch">Show the GIFs instead of the videos</label></p>
        </header>
        <main>
        \(scenes.map(card).joined(separator: "\n"))
        </main>
        \(documents.isEmpty ? "" : documentSection)
        \(animations.isEmpty ? "" : animationSection)
        </body>
        </html>

        """
    }

    /// The CAML documents' heading and cards.
    private var documentSection: String {
        section(
            "CAML documents", documents, noun: "document", option: "--caml",
            what: "drawn as Apple draws them (y up unless geometryFlipped, the root filling the canvas), each state "
                + "shown for \(shortNumber(CAMLGallery.stateInterval)) s and switched with the document's transitions",
            failure: "could not be loaded")
    }

    /// The Lottie files' heading and cards.
    private var animationSection: String {
        section(
            "Lottie animations", animations, noun: "file", option: "--lottie",
            what: "each made into the layer tree lottie-ios's Core Animation engine makes and played once",
            failure: "could not be read")
    }

    /// A heading, a line saying how many `entries` `option` found and `what` they show (and how
    /// many failed), and their cards.
    private func section(
        _ heading: String, _ entries: [CAMLGalleryDocument], noun: String, option: String, what: String,
        failure: String
    ) -> String {
        let failed = entries.filter { if case .failed = $0.outcome { true } else { false } }.count
        return """
            <header>
            <h1>\(heading)</h1>
            <p>\(entries.count) \(noun)\(entries.count == 1 ? "" : "s") found by <code>carender gallery \(option)</code>, \
            \(what)\(failed > 0 ? "; \(failed) \(failure)" : "").</p>
            </header>
            <main>
            \(entries.map(documentCard).joined(separator: "\n"))
            </main>
            """
    }

    private func documentCard(_ document: CAMLGalleryDocument) -> String {
        switch document.outcome {
        case .scene(let scene, let states, let warnings):
            var notes: [String] = []
            if states.count > 1 {
                notes.append("States: " + states.map { "<code>\(escape($0))</code>" }.joined(separator: " → "))
            } else if states.count == 1 {
                notes.append("One state: <code>\(escape(states[0]))</code>")
            }
            if warnings > 0 {
                notes.append(
                    "\(warnings) warning\(warnings == 1 ? "" : "s") while loading (<code>carender inspect</code> lists them)"
                )
            }
            return card(scene, files: Files(scene: document.fileStem), notes: notes, hasBundle: false)
        case .failed(let message):
            return """
                <figure id="\(escape(document.fileStem))" class="failed">
                <figcaption>
                <h2>\(escape(document.title))</h2>
                <p>Could not be loaded:</p>
                <p class="error"><code>\(escape(message))</code></p>
                </figcaption>
                </figure>
                """
        }
    }

    private func card(_ scene: SceneDefinition) -> String {
        card(scene, files: Files(scene: scene.name), notes: [], hasBundle: true)
    }

    private func card(_ scene: SceneDefinition, files: Files, notes: [String], hasBundle: Bool) -> String {
        let name = escape(scene.name)
        let width = Int(scene.size.width.rounded())
        let height = Int(scene.size.height.rounded())
        return """
            <figure id="\(escape(files.video.dropLast(4).description))">
            <div class="media" style="max-width: \(width)px">
            <video autoplay loop muted playsinline width="\(width)" height="\(height)" poster="\(escape(files.poster))">
            <source src="\(escape(files.video))" type="video/mp4">
            <img src="\(escape(files.gif))" width="\(width)" height="\(height)" alt="\(name), as a GIF">
            </video>
            <img class="gif" src="\(escape(files.gif))" width="\(width)" height="\(height)" loading="lazy" alt="\(name)">
            </div>
            <figcaption>
            <h2>\(name)</h2>
            <p>\(escape(scene.summary))</p>
            \(notes.map { "<p>\($0)</p>\n" }.joined())<p class="files">\(shortNumber(scene.duration)) s · \
            \(width) × \(height) pt · <a href="\(escape(files.video))">MP4</a> · <a href="\(escape(files.gif))">GIF</a> · \
            <a href="\(escape(files.poster))">poster</a>\
            \(hasBundle ? " · <a href=\"\(escape(files.bundle))/\">CAML (.ca)</a>" : "")</p>
            </figcaption>
            </figure>
            """
    }

    private static let style = """
        :root { color-scheme: light dark; --paper: #f4f1ea; --card: #fff; --ink: #1d2330; --muted: #6b6f7a; \
        --accent: #2c59bf; }
        @media (prefers-color-scheme: dark) { :root { --paper: #14161b; --card: #1e2128; --ink: #e8e9ec; \
        --muted: #9a9fab; --accent: #7ea2f2; } }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--paper); color: var(--ink); \
        font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
        header, main { max-width: 1120px; margin: 0 auto; padding: 24px; }
        header { padding-bottom: 0; }
        h1 { margin: 0 0 8px; font-size: 26px; }
        header p { margin: 0 0 12px; max-width: 46em; }
        code, h2 { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
        main { display: grid; gap: 20px; grid-template-columns: repeat(auto-fill, minmax(290px, 1fr)); }
        figure { margin: 0; padding: 16px; background: var(--card); border-radius: 14px; \
        box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); display: flex; flex-direction: column; gap: 12px; }
        .media { width: 100%; margin: 0 auto; }
        .media video, .media img { display: block; width: 100%; height: auto; border-radius: 8px; }
        .media .gif { display: none; }
        .toggle { position: absolute; opacity: 0; pointer-events: none; }
        .toggle:checked ~ main .media video { display: none; }
        .toggle:checked ~ main .media .gif { display: block; }
        .switch { display: inline-block; padding: 4px 12px; border: 1px solid var(--muted); border-radius: 999px; \
        cursor: pointer; user-select: none; font-size: 14px; }
        .toggle:checked ~ header .switch { background: var(--accent); border-color: var(--accent); color: #fff; }
        .toggle:focus-visible ~ header .switch { outline: 2px solid var(--accent); outline-offset: 2px; }
        figcaption h2 { margin: 0 0 4px; font-size: 16px; }
        figcaption p { margin: 0 0 6px; }
        .files { font-size: 13px; color: var(--muted); }
        .files a { color: inherit; }
        .failed { border: 1px solid #c0392b; }
        .error { font-size: 13px; overflow-wrap: anywhere; }
        """

    /// `text` with the characters HTML gives a meaning to written as references.
    private func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
