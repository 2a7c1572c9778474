import Foundation
import OpenCAML
import OpenQuartzCore

/// A CAML document (a `.caml` file, a `.ca` bundle or a `.tendies` package) as a preview
/// scene: its canvas layer, its states through a `CAStateController`, its ids.
@MainActor
public final class DocumentPreviewScene: PreviewScene {
    public let root: CALayer
    public let size: CGSize
    public let duration: CFTimeInterval
    public let clock: CAManualClock
    public let stateNames: [String]
    private let package: CAPackage
    private let controller: CAStateController
    private let ids: [ObjectIdentifier: String]

    /// Loads the document at `path`, of the package type `type` (`kCAPackageTypeCAMLFile`,
    /// `kCAPackageTypeCAMLBundle` or `kCAPackageTypeTendies`), on a new clock at 0.
    ///
    /// - Throws: the loader's `CAMLError`, which reads `file:line:column: message`.
    public init(contentsOf path: String, type: String) throws {
        let clock = CAManualClock()
        let package = try CAClock.$current.withValue(clock) {
            try CAPackage(contentsOf: URL(fileURLWithPath: path), type: type, options: nil)
        }
        self.clock = clock
        self.package = package
        root = CAClock.$current.withValue(clock) { package.makeCanvasLayer() }
        size = root.bounds.size
        controller = CAStateController(layer: package.rootLayer)
        stateNames = package.stateNames
        duration = package.playingLength
        var ids: [ObjectIdentifier: String] = package.layerIDs
        for bundle in package.wallpaperBundles {
            ids.merge(bundle.package.layerIDs) { first, _ in first }
        }
        self.ids = ids
    }

    public func advance(to time: CFTimeInterval) {
        if time > clock.now { clock.advance(to: time) }
    }

    public func setState(named name: String, transitionSpeed: Float) {
        controller.setState(named: name, in: package, transitionSpeed: transitionSpeed)
    }

    public func layerID(of layer: CALayer) -> String? {
        ids[ObjectIdentifier(layer)]
    }
}
