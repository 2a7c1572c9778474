import Foundation
import OpenCAML
import OpenQuartzCore
import OpenQuartzCoreScenes

/// A CAML document of `carender gallery --caml DIR`: where it was found, and either the scene
/// that shows it, its states cycling, or why it could not be loaded.
struct CAMLGalleryDocument {
    enum Outcome {
        /// The scene, the names of the states it cycles through in order, and how many
        /// warnings loading gave.
        case scene(SceneDefinition, states: [String], warnings: Int)
        /// The loader's error, shown on the card instead of a video.
        case failed(String)
    }

    /// The path relative to the folder searched, shown as the card's title.
    let title: String
    /// The start of the names of the card's files: `caml-` and the title with every character
    /// that is not a letter, a digit, `.`, `-` or `_` as `_`.
    let fileStem: String
    let outcome: Outcome
}

/// Finds CAML documents under a folder and makes each a scene for the gallery: drawn as Apple
/// draws it, fitted into ``largestSide`` points, its states switched every ``stateInterval``
/// seconds with the document's transitions.
enum CAMLGallery {
    /// How long each state shows before the next.
    static let stateInterval: CFTimeInterval = 1.5
    /// Documents are scaled down to fit a square of this many points (phone wallpapers are
    /// 390 × 844, iPad ones 3176 × 3176).
    static let largestSide: CGFloat = 400
    /// The longest a document without states runs: its longest animation, at most this.
    static let longestStill: CFTimeInterval = 8

    /// Every `.caml` file, `.ca` bundle and `.tendies` package under `folder`, in path order, each loaded (or its
    /// error kept). `.caml` files inside a bundle and asset manifests are not documents of
    /// their own.
    @MainActor
    static func documents(under folder: String) throws -> [CAMLGalleryDocument] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandError(
                "--caml needs a folder to search for .caml files and .ca bundles; '\(folder)' is not one.")
        }
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        var found: [(url: URL, type: String)] = []
        if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) {
            for case let url as URL in walker {
                let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
                if isFolder, url.pathExtension == "ca" {
                    found.append((url, kCAPackageTypeCAMLBundle))
                    walker.skipDescendants()
                } else if !isFolder, url.pathExtension == "caml", url.lastPathComponent != "assetManifest.caml" {
                    found.append((url, kCAPackageTypeCAMLFile))
                } else if !isFolder, url.pathExtension.lowercased() == "tendies" {
                    found.append((url, kCAPackageTypeTendies))
                }
            }
        }
        let types = Dictionary(found.map { ($0.url, $0.type) }, uniquingKeysWith: { first, _ in first })
        return cardNames(for: found.map(\.url), under: root, prefix: "caml-").map { url, title, stem in
            let type = types[url] ?? kCAPackageTypeCAMLFile
            let outcome: CAMLGalleryDocument.Outcome
            do {
                let scene = try Self.scene(for: url, type: type, title: title)
                outcome = .scene(scene.scene, states: scene.states, warnings: scene.warnings)
            } catch {
                outcome = .failed("\(error)")
            }
            return CAMLGalleryDocument(title: title, fileStem: stem, outcome: outcome)
        }
    }

    /// `urls`, found under `root`, in path order, each with its title (its path under `root`)
    /// and the stem of its files: `prefix` and the title with anything but letters, digits,
    /// `.`, `_` and `-` made `_`, made unique (ignoring case) with more `_`.
    static func cardNames(for urls: [URL], under root: URL, prefix: String) -> [(url: URL, title: String, stem: String)]
    {
        var stems: Set<String> = []
        return urls.sorted { $0.path < $1.path }.map { url in
            let title = String(url.standardizedFileURL.path.dropFirst(root.path.count).drop { $0 == "/" })
            var stem = prefix + String(title.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
            while !stems.insert(stem.lowercased()).inserted { stem += "_" }
            return (url, title, stem)
        }
    }

    /// The document at `url` as a scene. Loaded once here, for its size, states and length,
    /// and again each time the scene is built, so that every render starts from the file.
    @MainActor
    static func scene(
        for url: URL, type: String, title: String
    ) throws -> (scene: SceneDefinition, states: [String], warnings: Int) {
        let first = try CAClock.$current.withValue(CAManualClock()) {
            try CAPackage(contentsOf: url, type: type, options: nil)
        }
        let canvas = first.canvasRect.size
        let fit = min(1, largestSide / max(canvas.width, canvas.height, 1))
        let order = stateNameOrder(of: first)
        let duration =
            order.count > 1
            ? stateInterval * Double(order.count)
            : min(first.playingLength, longestStill)
        let summary =
            order.count > 1
            ? "The CAML document \(title), in each of its states for \(format(stateInterval)) s, switched with its transitions."
            : "The CAML document \(title)."
        let scene = SceneDefinition(
            name: title, summary: summary,
            size: CGSize(width: (canvas.width * fit).rounded(), height: (canvas.height * fit).rounded()),
            duration: duration, posterTime: order.count > 1 ? min(duration, stateInterval + 1) : 0,
            build: { timeline in build(url: url, type: type, timeline: timeline) })
        return (scene, order, first.warnings.count)
    }

    /// Loads the document on the clock the scene runs on and schedules its state changes: the
    /// initial state (or the first) at once, then each other state in turn.
    @MainActor
    private static func build(url: URL, type: String, timeline: SceneTimeline) -> CALayer {
        guard let package = try? CAPackage(contentsOf: url, type: type, options: nil) else {
            // The file changed since it was first loaded: an empty canvas.
            return CALayer()
        }
        let canvas = package.makeCanvasLayer()
        let controller = CAStateController(layer: package.rootLayer)
        controller.setInitialStates(of: package.rootLayer, transitionSpeed: 0)
        let (holder, states) = stateOrder(in: package.rootLayer)
        if !package.wallpaperBundles.isEmpty {
            // A wallpaper package: every bundle switches together, by name.
            let names = stateNameOrder(of: package)
            if let first = names.first {
                controller.setState(named: first, in: package, transitionSpeed: 0)
                for (index, name) in names.dropFirst().enumerated() {
                    timeline.at(stateInterval * Double(index + 1)) {
                        controller.setState(named: name, in: package, transitionSpeed: 1)
                    }
                }
            }
        } else if let holder, let first = states.first {
            controller.setState(first, of: holder, transitionSpeed: 0)
            for (index, state) in states.dropFirst().enumerated() {
                timeline.at(stateInterval * Double(index + 1)) {
                    controller.setState(state, of: holder, transitionSpeed: 1)
                }
            }
        }
        timeline.keep(package)
        timeline.keep(controller)
        return canvas
    }

    /// The names of the states the card cycles through: for a `.tendies` package, the
    /// bundles' states (`Locked` first, as the lock screen starts there), else those of
    /// ``stateOrder(in:)``.
    static func stateNameOrder(of package: CAPackage) -> [String] {
        guard !package.wallpaperBundles.isEmpty else { return stateOrder(in: package.rootLayer).states.map(\.name) }
        let names = package.stateNames
        return names.contains("Locked") ? ["Locked"] + names.filter { $0 != "Locked" } : names
    }

    /// The first layer (in tree order) that has states, and its states in the order they are
    /// shown: the one marked initial (else the first), then the others as the document lists
    /// them.
    static func stateOrder(in root: CALayer) -> (holder: CALayer?, states: [CAState]) {
        var pending = [root]
        while let layer = pending.popLast() {
            if let states = layer.states, !states.isEmpty {
                let initial = states.first(where: \.isInitial) ?? states[0]
                return (layer, [initial] + states.filter { $0 !== initial })
            }
            pending += (layer.sublayers ?? []).reversed()
        }
        return (nil, [])
    }
}
