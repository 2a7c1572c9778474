import ArgumentParser
import Foundation
import OpenQuartzCore

/// `carender inspect DEMO|FILE --time S`: the layer tree of a demo or a CAML document with its
/// presentation values; for a document, also its layers' names and ids and every warning the
/// loader gave.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Prints a gallery demo's or a CAML document's layer tree with its presentation values at a time.",
        discussion: "The demos: \(MainActor.assumeIsolated { Gallery.nameList }).")

    @Argument(help: "The demo to inspect, or a .caml file or .ca bundle.")
    var demo: String

    @Option(help: "The media time, in seconds from the demo's start.")
    var time: Double = 0

    func validate() throws {
        try validateDemoName(demo)
        guard time.isFinite, time >= 0 else {
            throw ValidationError("--time must be a number of seconds, 0 or more; got \(time)")
        }
    }

    func run() throws {
        try MainActor.assumeIsolated {
            if let type = DocumentScene.packageType(of: demo) {
                try inspectDocument(type: type)
                return
            }
            let demo = try Gallery.demo(named: self.demo)
            let clock = CAManualClock()
            let root = demo.scene(on: clock, at: time)
            print("\(demo.name) at t = \(time) s")
            CAClock.$current.withValue(clock) { inspectionLines(of: root).forEach { print($0) } }
        }
    }

    @MainActor
    private func inspectDocument(type: String) throws {
        let (package, scene) = try DocumentScene.load(demo, type: type)
        let clock = CAManualClock()
        let canvas = scene.scene(on: clock, at: time)
        let size = canvas.bounds.size
        print(
            "\(demo) at t = \(time) s: canvas \(shortNumber(size.width)) × \(shortNumber(size.height)) points, "
                + (package.isGeometryFlipped ? "y down (geometryFlipped)" : "y up"))
        CAClock.$current.withValue(clock) {
            let lines = inspectionLines(of: package.rootLayer) { layer in
                let parts = [layer.name.map { "name \"\($0)\"" }, package.layerIDs[ObjectIdentifier(layer)].map { "id \"\($0)\"" }]
                    .compactMap { $0 }
                return parts.isEmpty ? nil : parts.joined(separator: ", ")
            }
            lines.forEach { print($0) }
        }
        print(package.warnings.isEmpty ? "No warnings." : "\(package.warnings.count) warnings:")
        for warning in package.warnings { print("  \(warning)") }
    }
}

/// One line per layer, indented by depth: its class (and what `label` says of it, such as a
/// document's names and ids), then the presentation values that differ from a fresh layer's,
/// then its running animations.
func inspectionLines(of layer: CALayer, depth: Int = 0, label: (CALayer) -> String? = { _ in nil }) -> [String] {
    let shown = layer.presentation() ?? layer
    var fields = [
        "position = (\(format(shown.position.x)), \(format(shown.position.y)))",
        "bounds = (\(format(shown.bounds.width)) × \(format(shown.bounds.height)))",
    ]
    if shown.opacity != 1 { fields.append("opacity = \(format(CGFloat(shown.opacity)))") }
    if !CATransform3DIsIdentity(shown.transform) {
        let angle = shown.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0
        let scale = shown.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 1
        fields.append("rotation = \(format(angle)) rad, scale = \(format(scale))")
    }
    if let color = shown.backgroundColor?.components {
        fields.append("backgroundColor = (" + color.map(format).joined(separator: ", ") + ")")
    }
    if shown.cornerRadius != 0 { fields.append("cornerRadius = \(format(shown.cornerRadius))") }
    let corners: [(CACornerMask, String)] = [
        (.layerMinXMinYCorner, "minXminY"), (.layerMaxXMinYCorner, "maxXminY"),
        (.layerMinXMaxYCorner, "minXmaxY"), (.layerMaxXMaxYCorner, "maxXmaxY"),
    ]
    if corners.contains(where: { !shown.maskedCorners.contains($0.0) }) {
        let names = corners.filter { shown.maskedCorners.contains($0.0) }.map(\.1)
        fields.append("maskedCorners = [" + names.joined(separator: ", ") + "]")
    }
    if shown.cornerCurve != .circular { fields.append("cornerCurve = \(shown.cornerCurve.rawValue)") }
    if shown.borderWidth != 0 { fields.append("borderWidth = \(format(shown.borderWidth))") }
    if shown.shadowOpacity != 0 { fields.append("shadowOpacity = \(format(CGFloat(shown.shadowOpacity)))") }
    if shown.zPosition != 0 { fields.append("zPosition = \(format(shown.zPosition))") }
    if shown.isHidden { fields.append("hidden") }
    if let keys = layer.animationKeys() { fields.append("animations: " + keys.joined(separator: ", ")) }
    let title = label(layer).map { "\(type(of: layer)) (\($0))" } ?? "\(type(of: layer))"
    let line = String(repeating: "  ", count: depth) + "\(title): " + fields.joined(separator: "; ")
    return [line] + (layer.sublayers ?? []).flatMap { inspectionLines(of: $0, depth: depth + 1, label: label) }
}

private func format(_ value: CGFloat) -> String {
    String(format: "%g", Double(value) + 0)
}
