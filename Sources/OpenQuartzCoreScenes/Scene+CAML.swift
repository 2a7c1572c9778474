import Foundation
import OpenCAML
import OpenQuartzCore
import OpenQuartzCoreRenderer

extension Scene {
    /// The scene's tree as it stands, as a CAML package to write, with notes on what it leaves
    /// out: CAML holds images, not code, so what code draws is rendered into `contents` images
    /// (at 2 pixels per point at least, so that they stay sharp on a phone), and the changes
    /// the scene makes later on its timeline are not in it. Marked y down, as iOS code builds
    /// trees. Keep the scene alive while the package is written: its views are its layers'
    /// delegates.
    public func makeCAMLPackage() -> (package: CAPackage, notes: [String]) {
        DrawnContentsRasterizer.rasterizeDrawings(under: root, minimumScale: 2)
        let package = CAPackage(rootLayer: root)
        package.isGeometryFlipped = true
        var notes: [String] = []
        let later = pendingChangeTimes
        if let first = later.first {
            let times = later.map { Self.seconds($0) + " s" }.joined(separator: ", ")
            let many = later.count > 1
            notes.append(
                "the scene '\(definition.name)' changes its tree at \(times); "
                    + "a CAML document holds the tree as it starts, so the change\(many ? "s" : "") "
                    + "from \(Self.seconds(first)) s on \(many ? "are" : "is") not in it")
        }
        return (package, notes)
    }

    /// A time as `%g` prints it (`0.5`, `1e-06`).
    private static func seconds(_ value: Double) -> String {
        String(format: "%g", value)
    }
}
