import Foundation
import OpenCAML
import OpenQuartzCore

/// A CAML document (a `.caml` file, a `.ca` bundle or a `.tendies` wallpaper package) named on
/// the command line, loaded as a scene that the demo export path renders like any demo.
enum DocumentScene {
    /// The extensions that name a document, for the commands' messages.
    static let extensions = ["caml", "ca", "tendies"]

    /// The package type of `argument` when it names a document: an existing `.caml` or
    /// `.tendies` file, or an existing folder ending in `.ca` or holding `index.xml`. Nil for
    /// anything else, which the commands take as a demo name.
    static func packageType(of argument: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else { return nil }
        let url = URL(fileURLWithPath: argument)
        if isDirectory.boolValue {
            let hasIndex = FileManager.default.fileExists(atPath: url.appendingPathComponent("index.xml").path)
            return url.pathExtension == "ca" || hasIndex ? kCAPackageTypeCAMLBundle : nil
        }
        switch url.pathExtension.lowercased() {
        case "caml": return kCAPackageTypeCAMLFile
        case "tendies": return kCAPackageTypeTendies
        default: return nil
        }
    }

    /// Loads the document at `path` (of `type`) on a clock at media time 0, so that its
    /// animations start at 0, as a demo's do. With `states`, the scene starts in the
    /// timeline's first state and changes state at its times (see ``StateTimeline``), and its
    /// length runs at least to a second after the last change's longest transition; without,
    /// the document shows its own values, in no state.
    ///
    /// - Throws: `CommandError` with the loader's `file:line:column: message`, or naming a
    ///   state of `states` the document lacks.
    @MainActor
    static func load(
        _ path: String, type: String, states: StateTimeline? = nil
    ) throws -> (package: CAPackage, demo: GalleryDemo) {
        let clock = CAManualClock()
        let package: CAPackage
        do {
            package = try CAClock.$current.withValue(clock) {
                try CAPackage(contentsOf: URL(fileURLWithPath: path), type: type, options: nil)
            }
        } catch {
            // The loader's CAMLError reads `file:line:column: message`.
            throw CommandError("\(error)")
        }
        try states?.check(against: package, document: path)
        let canvas = CAClock.$current.withValue(clock) { package.makeCanvasLayer() }
        let name = URL(fileURLWithPath: path).lastPathComponent
        var duration = package.playingLength
        if let states, !states.changes.isEmpty {
            // A second past the end of the last transition, so that the last state is seen.
            let settled = states.lastChange + StateTimeline.longestTransition(in: package) + 1
            duration = min(max(duration, settled), CAPackage.longestPlayingLength)
        }
        let controller = CAStateController(layer: package.rootLayer)
        let demo = GalleryDemo(
            name: name, summary: "The CAML document \(path).", size: canvas.bounds.size,
            duration: duration, posterTime: 0,
            build: { timeline in
                states?.schedule(on: timeline, package: package, controller: controller)
                return canvas
            })
        return (package, demo)
    }
}
