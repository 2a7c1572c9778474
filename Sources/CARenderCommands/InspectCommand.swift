import ArgumentParser
import Foundation
import OpenCAML
import OpenLottie
import OpenQuartzCore
import OpenQuartzCoreScenes

/// `carender inspect SCENE|FILE --time S`: the layer tree of a scene, a CAML document or a Lottie
/// file with its presentation values; for a document, also its layers' names and ids, its
/// states and transitions, and every warning the loader gave; for a `.tendies` package, each
/// bundle so; for a Lottie file, its layers' names, its size, frame rate and frames, and every
/// warning the reader gave.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Prints a gallery scene's, a CAML document's or a Lottie file's layer tree with its presentation values "
            + "at a time.",
        discussion: """
            For a CAML document (.caml, .ca, .tendies) also the layers' names and ids, the states \
            and transitions, and every warning the loader gave; a .tendies package is shown bundle \
            by bundle, back to front. --states runs a state timeline up to --time first (see \
            carender render --help).

            For a Lottie file (.json) also its size, frame rate and frames, its layers' names, and \
            every warning the reader gave with its JSON path; --frame and --progress choose the \
            moment in its own units instead of --time (see carender frame --help).

            The scenes: \(MainActor.assumeIsolated { BuiltInScenes.nameList }).
            """)

    @Argument(
        help: "The scene to inspect, a .caml file, .ca bundle or .tendies package, or a Lottie .json or .lottie file.")
    var input: String

    @Option(name: .customLong("time"), help: "The media time, in seconds from the scene's start (default: 0).")
    var givenTime: Double?

    @OptionGroup var lottieFrame: LottieFrameOption

    @OptionGroup var stateOption: StatesOption

    @OptionGroup var lottieOptions: LottieFileOptions

    /// `--time`, 0 when not given.
    private var time: Double { givenTime ?? 0 }

    func validate() throws {
        try validateSceneName(input)
        try stateOption.validate(for: input)
        try lottieFrame.validate(for: input, time: givenTime)
        try lottieOptions.validate(for: input)
        if lottieOptions.marker != nil, givenTime != nil || lottieFrame.frame != nil || lottieFrame.progress != nil {
            throw ValidationError("--marker names the moment; give it or --time, --frame and --progress, not both")
        }
        guard time.isFinite, time >= 0 else {
            throw ValidationError("--time must be a number of seconds, 0 or more; got \(time)")
        }
    }

    func run() throws {
        try MainActor.assumeIsolated {
            if let type = SceneDefinition.packageType(of: input) {
                try inspectDocument(type: type)
                return
            }
            if SceneDefinition.isLottieFile(input) {
                try inspectLottie()
                return
            }
            let scene = try BuiltInScenes.named(input)
            let clock = CAManualClock()
            let root = scene.scene(on: clock, at: time)
            print("\(scene.name) at t = \(time) s")
            CAClock.$current.withValue(clock) { LayerInspection.lines(of: root).forEach { print($0) } }
        }
    }

    @MainActor
    private func inspectDocument(type: String) throws {
        let scene = try commandError {
            try SceneDefinition.document(at: input, type: type, states: stateOption.timeline())
        }
        let package = scene.document!.package
        let clock = CAManualClock()
        let canvas = scene.scene(on: clock, at: time)
        let size = canvas.bounds.size
        let bundles = package.wallpaperBundles
        print(
            "\(input) at t = \(time) s: "
                + (bundles.isEmpty ? "" : "wallpaper package of \(bundles.count) bundles, back to front; ")
                + "canvas \(shortNumber(size.width)) × \(shortNumber(size.height)) points, "
                + (package.isGeometryFlipped ? "y down (geometryFlipped)" : "y up"))
        let label = { (layer: CALayer) -> String? in
            let parts = [
                layer.name.map { "name \"\($0)\"" }, package.layerIDs[ObjectIdentifier(layer)].map { "id \"\($0)\"" },
            ].compactMap { $0 }
            return parts.isEmpty ? nil : parts.joined(separator: ", ")
        }
        CAClock.$current.withValue(clock) {
            guard !bundles.isEmpty else {
                LayerInspection.lines(of: package.rootLayer, label: label).forEach { print($0) }
                stateLines(of: package, label: label).forEach { print($0) }
                warningLines(package.warnings).forEach { print($0) }
                return
            }
            for bundle in bundles {
                let size = bundle.package.canvasRect.size
                print(
                    "\(bundle.role.rawValue): \(bundle.path) "
                        + "(canvas \(shortNumber(size.width)) × \(shortNumber(size.height)))")
                let lines =
                    LayerInspection.lines(of: bundle.package.rootLayer, label: label)
                    + stateLines(of: bundle.package, label: label) + warningLines(bundle.package.warnings)
                lines.forEach { print("  " + $0) }
            }
        }
    }

    /// The Lottie file's animation, its layer tree at the moment asked for, with the layers'
    /// names, and the reader's warnings.
    @MainActor
    private func inspectLottie() throws {
        let values = try lottieOptions.values(for: input)
        let scene = LottieFileOptions.checked(
            try commandError {
                try SceneDefinition.lottie(
                    at: input, values: values, animationID: lottieOptions.animation, theme: lottieOptions.theme,
                    slots: lottieOptions.slotValues(), configuration: lottieOptions.configuration)
            }, values: values, configuration: nil)
        guard let animation = scene.animation else { misuse("a Lottie scene has its animation") }
        let marked = try lottieOptions.markerFrames(in: scene).flatMap { scene.time(atFrame: $0.first) }
        let time = marked ?? lottieFrame.time(in: scene) ?? self.time
        let frame = scene.frame(atTime: time) ?? animation.startFrame
        let clock = CAManualClock()
        let root = scene.scene(on: clock, at: time)
        let name = animation.name.isEmpty ? "" : " \"\(animation.name)\""
        print(
            "\(input) at frame \(shortNumber(frame)) (t = \(shortNumber(time)) s): Lottie animation\(name), "
                + "\(shortNumber(animation.size.width)) × \(shortNumber(animation.size.height)) points, "
                + "\(shortNumber(animation.frameRate)) fps, frames \(shortNumber(animation.startFrame))–"
                + "\(shortNumber(animation.endFrame)) (\(shortNumber(animation.duration)) s)"
                + (animation.version.isEmpty ? "" : ", Bodymovin \(animation.version)"))
        let label = { (layer: CALayer) in layer.name.map { "name \"\($0)\"" } }
        CAClock.$current.withValue(clock) {
            LayerInspection.lines(of: root, label: label).forEach { print($0) }
        }
        let ids = (try? LottieAnimation.animationIDs(inPackageAt: URL(fileURLWithPath: input))) ?? []
        if !ids.isEmpty { print("Animations in the package: " + ids.joined(separator: ", ")) }
        print(
            animation.markers.isEmpty
                ? "No markers."
                : "Markers: "
                    + animation.markers.map { marker in
                        let end = marker.frameTime + marker.durationFrameTime
                        return marker.durationFrameTime > 0
                            ? "\(marker.name) (frames \(shortNumber(marker.frameTime))–\(shortNumber(end)))"
                            : "\(marker.name) (frame \(shortNumber(marker.frameTime)))"
                    }.joined(separator: ", "))
        featureLines(of: animation).forEach { print($0) }
        let issues = animation.coreAnimationCompatibilityIssues()
        if issues.isEmpty {
            print("lottie-ios's Core Animation engine draws it (its automatic engine uses that one).")
        } else {
            print(
                "lottie-ios's Core Animation engine does not support it (its automatic engine falls back to the "
                    + "Main Thread engine):")
            issues.forEach { print("  \($0)") }
        }
        let option = lottieOptions.configuration.renderingEngine
        let engine = RenderingEngineOption.specific(animation.renderingEngine(for: option))
        print("Drawn with the \(engine) engine" + (option == .automatic ? " (--engine automatic)." : "."))
        // The warnings of what the engine draws: the complete engine's name each expression that
        // does not evaluate.
        let drawing = animation.renderingEngine(for: option)
        let warnings =
            drawing == .complete
            ? animation.evaluatingExpressions().warnings(for: .complete)
                + animation.fontWarnings(configuration: lottieOptions.configuration)
            : animation.warnings(for: drawing)
        print(warnings.isEmpty ? "No warnings." : "\(warnings.count) warning\(warnings.count == 1 ? "" : "s"):")
        warnings.forEach { print("  \($0)") }
    }

    /// The compatibility report: each feature the file uses, with its first place (and how many
    /// places use it), and how each engine draws it.
    private func featureLines(of animation: LottieAnimation) -> [String] {
        let uses = animation.features
        guard !uses.isEmpty else { return ["No features beyond plain shapes and layers."] }
        let engines: [RenderingEngine] = [.coreAnimation, .mainThread, .complete]
        let names = uses.map { $0.feature.description + ($0.count > 1 ? " (\($0.count))" : "") }
        let nameWidth = (names + ["feature (places)"]).map(\.count).max() ?? 0
        let pathWidth = (uses.map(\.path) + ["first place"]).map(\.count).max() ?? 0
        let pad = { (text: String, width: Int) in text + String(repeating: " ", count: max(width - text.count, 0)) }
        let row = { (name: String, path: String, columns: [String]) in
            ("  " + pad(name, nameWidth) + "  " + pad(path, pathWidth) + "  " + columns.map { pad($0, 16) }.joined())
                .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        let header = row(
            "feature (places)", "first place", engines.map { RenderingEngineOption.specific($0).description })
        return ["Features, and how each engine draws them:", header]
            + zip(uses, names).map { use, name in
                row(name, use.path, engines.map { use.feature.support(in: $0).description })
            }
    }

    /// The states and transitions of each layer of `package` that has states.
    private func stateLines(of package: CAPackage, label: (CALayer) -> String?) -> [String] {
        package.stateLayers.flatMap { layer -> [String] in
            let owner = label(layer).map { "\(type(of: layer)) (\($0))" } ?? "\(type(of: layer))"
            let states = (layer.states ?? []).map { state in
                let changes = state.elements.count
                let based = state.basedOn.map { $0.isEmpty ? "" : ", based on \($0)" } ?? ""
                return "\(state.name) (\(changes) change\(changes == 1 ? "" : "s")\(based))"
            }
            let transitions = (layer.stateTransitions ?? []).flatMap { transition in
                let elements = transition.elements.filter(\.isEnabled).map { element in
                    let target = element.target.flatMap(label).map { " on \($0)" } ?? ""
                    let animation = element.animation.map { " (\(type(of: $0)), \(shortNumber($0.duration)) s)" } ?? ""
                    return element.key + target + animation
                }
                return ["  \(transition.fromState) → \(transition.toState)" + (elements.isEmpty ? "" : ":")]
                    + elements.map { "    " + $0 }
            }
            return ["States of \(owner): " + states.joined(separator: ", "), "Transitions:"] + transitions
        }
    }

    private func warningLines(_ warnings: [CAMLWarning]) -> [String] {
        [warnings.isEmpty ? "No warnings." : "\(warnings.count) warnings:"] + warnings.map { "  \($0)" }
    }
}
