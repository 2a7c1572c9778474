import Foundation
import OpenCAML
import OpenQuartzCore

/// A CAML document (a `.caml` file or a `.ca` bundle) named on the command line, loaded as a
/// scene that the demo export path renders like any demo.
enum DocumentScene {
    /// The package type of `argument` when it names a document: an existing `.caml` file, or
    /// an existing folder ending in `.ca` or holding `index.xml`. Nil for anything else, which
    /// the commands take as a demo name.
    static func packageType(of argument: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else { return nil }
        let url = URL(fileURLWithPath: argument)
        if isDirectory.boolValue {
            let hasIndex = FileManager.default.fileExists(atPath: url.appendingPathComponent("index.xml").path)
            return url.pathExtension == "ca" || hasIndex ? kCAPackageTypeCAMLBundle : nil
        }
        return url.pathExtension == "caml" ? kCAPackageTypeCAMLFile : nil
    }

    /// The seconds rendered when no `--duration` or `--to` is given and no animation has a
    /// finite length.
    static let fallbackDuration: CFTimeInterval = 2

    /// Loads the document at `path` (of `type`) on a clock at media time 0, so that its
    /// animations start at 0, as a demo's do.
    ///
    /// - Throws: `CommandError` with the loader's `file:line:column: message`.
    @MainActor
    static func load(_ path: String, type: String) throws -> (package: CAPackage, demo: GalleryDemo) {
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
        let canvas = CAClock.$current.withValue(clock) { package.makeCanvasLayer() }
        let name = URL(fileURLWithPath: path).lastPathComponent
        let demo = GalleryDemo(
            name: name, summary: "The CAML document \(path).", size: canvas.bounds.size,
            duration: defaultDuration(of: package.rootLayer), posterTime: 0, build: { _ in canvas })
        return (package, demo)
    }

    /// How long a document runs: the end of its longest animation, an endlessly repeating one
    /// counted for one cycle; ``fallbackDuration`` when it has none with a finite length. At
    /// most an hour, what `--duration` allows.
    static func defaultDuration(of root: CALayer) -> CFTimeInterval {
        var longest: CFTimeInterval = 0
        var pending = [root]
        while let layer = pending.popLast() {
            pending += layer.sublayers ?? []
            if let mask = layer.mask { pending.append(mask) }
            for key in layer.animationKeys() ?? [] {
                guard let animation = layer.animation(forKey: key) else { continue }
                longest = max(longest, end(of: animation))
            }
        }
        return longest > 0 ? min(longest, 3600) : fallbackDuration
    }

    /// When `animation` stops changing, in its layer's time: `beginTime` (the tiny
    /// `1e-100` CAML editors write counts as 0) plus its active duration; one cycle when it
    /// repeats forever. Zero when that is not a finite positive number.
    private static func end(of animation: CAAnimation) -> CFTimeInterval {
        let cycle = animation.duration * (animation.autoreverses ? 2 : 1)
        var active = cycle
        if animation.repeatDuration > 0 {
            active = animation.repeatDuration.isFinite ? animation.repeatDuration : cycle
        } else if animation.repeatCount > 0 {
            active = animation.repeatCount.isFinite ? cycle * Double(animation.repeatCount) : cycle
        }
        let speed = animation.speed == 0 ? 1 : abs(Double(animation.speed))
        let end = max(0, animation.beginTime) + active / speed
        return end.isFinite && end > 0 ? end : 0
    }
}
