import Foundation
import OpenCAML
import OpenQuartzCore

extension SceneDefinition {
    /// The extensions that name a document, for the commands' messages.
    public static let documentExtensions = ["caml", "ca", "tendies"]

    /// The package type of `argument` when it names a document: an existing `.caml` or
    /// `.tendies` file, or an existing folder ending in `.ca` or holding `index.xml`. Nil for
    /// anything else, which the commands take as a scene name.
    public static func packageType(of argument: String) -> String? {
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

    /// The CAML document at `path` (of `type`: a `.caml` file, a `.ca` bundle or a `.tendies`
    /// wallpaper package) as a scene, loaded on a clock at media time 0, so that its animations
    /// start at 0, as a scene's do. It plays for the document's `CAPackage.playingLength`.
    /// With `states`, the scene starts in the timeline's first state and changes state at its
    /// times (see ``StateTimeline``), and its length runs at least to a second after the last
    /// change's longest transition; without, the document shows its own values, in no state.
    ///
    /// The tree is built once: start the definition once (load the document again for a new
    /// scene).
    ///
    /// - Throws: ``SceneError`` with the loader's `file:line:column: message`, or naming a
    ///   state of `states` the document lacks.
    @MainActor
    public static func document(at path: String, type: String, states: StateTimeline? = nil) throws(SceneError)
        -> SceneDefinition
    {
        let clock = CAManualClock()
        let package: CAPackage
        do {
            package = try CAClock.$current.withValue(clock) {
                try CAPackage(contentsOf: URL(fileURLWithPath: path), type: type, options: nil)
            }
        } catch {
            // The loader's CAMLError reads `file:line:column: message`.
            throw SceneError("\(error)")
        }
        try states?.check(against: package, document: path)
        let canvas = CAClock.$current.withValue(clock) { package.makeCanvasLayer() }
        var duration = package.playingLength
        if let states, !states.changes.isEmpty {
            // A second past the end of the last transition, so that the last state is seen.
            let settled = states.settledTime(in: package) + 1
            duration = min(max(duration, settled), CAPackage.longestPlayingLength)
        }
        let document = SceneDocument(package: package, controller: CAStateController(layer: package.rootLayer))
        return SceneDefinition(
            name: URL(fileURLWithPath: path).lastPathComponent, summary: "The CAML document \(path).",
            size: canvas.bounds.size, duration: duration, posterTime: 0, document: document,
            build: { timeline in
                states?.schedule(on: timeline, package: package, controller: document.controller)
                return canvas
            })
    }
}
