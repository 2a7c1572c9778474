import ArgumentParser
import Foundation
import OpenCAML
import OpenQuartzCore
import OpenQuartzCoreScenes

/// `carender inspect DEMO|FILE --time S`: the layer tree of a demo or a CAML document with its
/// presentation values; for a document, also its layers' names and ids, its states and
/// transitions, and every warning the loader gave; for a `.tendies` package, each bundle so.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Prints a gallery demo's or a CAML document's layer tree with its presentation values at a time.",
        discussion: """
            For a CAML document (.caml, .ca, .tendies) also the layers' names and ids, the states             and transitions, and every warning the loader gave; a .tendies package is shown bundle             by bundle, back to front. --states runs a state timeline up to --time first (see             carender render --help).

            The demos: \(MainActor.assumeIsolated { Demos.nameList }).
            """)

    @Argument(help: "The demo to inspect, or a .caml file, .ca bundle or .tendies package.")
    var demo: String

    @Option(help: "The media time, in seconds from the demo's start.")
    var time: Double = 0

    @OptionGroup var stateOption: StatesOption

    func validate() throws {
        try validateDemoName(demo)
        try stateOption.validate(for: demo)
        guard time.isFinite, time >= 0 else {
            throw ValidationError("--time must be a number of seconds, 0 or more; got \(time)")
        }
    }

    func run() throws {
        try MainActor.assumeIsolated {
            if let type = SceneDefinition.packageType(of: demo) {
                try inspectDocument(type: type)
                return
            }
            let demo = try Demos.named(self.demo)
            let clock = CAManualClock()
            let root = demo.scene(on: clock, at: time)
            print("\(demo.name) at t = \(time) s")
            CAClock.$current.withValue(clock) { LayerInspection.lines(of: root).forEach { print($0) } }
        }
    }

    @MainActor
    private func inspectDocument(type: String) throws {
        let scene = try commandError {
            try SceneDefinition.document(at: demo, type: type, states: stateOption.timeline())
        }
        let package = scene.document!.package
        let clock = CAManualClock()
        let canvas = scene.scene(on: clock, at: time)
        let size = canvas.bounds.size
        let bundles = package.wallpaperBundles
        print(
            "\(demo) at t = \(time) s: "
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
