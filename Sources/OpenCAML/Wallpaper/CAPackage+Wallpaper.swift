import Foundation
import OpenQuartzCore

/// The package type of a `.tendies` lock-screen wallpaper package: a zip holding a
/// `Wallpaper.plist` and up to three `.ca` bundles (FORMAT.md §1 item 5). Ours, not Apple's
/// (PosterBoard reads the unzipped descriptors itself): the string is
/// `"org.openquartzcore.tendies"`.
public let kCAPackageTypeTendies = "org.openquartzcore.tendies"

/// Where a bundle of a wallpaper package is drawn: its place in the stack, back to front.
/// Not in Apple's API.
public enum CAWallpaperBundleRole: String, CaseIterable, Sendable {
    /// At the back (`backgroundAnimationFileName`).
    case background = "Background"
    /// Above the background, where the lock screen's clock goes under it
    /// (`floatingAnimationFileNameKey`).
    case floating = "Floating"
    /// In front of everything (`foregroundAnimationFileName`).
    case foreground = "Foreground"
}

/// One `.ca` bundle of a `.tendies` wallpaper package. Not in Apple's API.
public struct CAWallpaperBundle {
    /// Its place in the stack.
    public let role: CAWallpaperBundleRole
    /// The bundle's folder inside the archive, such as
    /// `descriptors/…/contents/7400.WWDC_2022-390w-844h@3x~iphone.wallpaper/7400.WWDC_2022_Floating-390w-844h@3x~iphone.ca`.
    public let path: String
    /// The bundle as loaded. Its `rootLayer` is in the wallpaper package's tree (under a
    /// layer that places it on the canvas): calling its `makeCanvasLayer()` would take it out.
    public let package: CAPackage
}

extension CAPackage {
    /// The stacked tree of a wallpaper package's bundles.
    struct Stack {
        let root: CALayer
        let canvasSize: CGSize
    }

    /// One root layer filling the canvas, the first bundle's canvas (``canvasRect``), holding
    /// each bundle back to front (Background, Floating, Foreground; PocketPlayer's
    /// `Tweak.x:147-169` stacks them that way). Each bundle's root sits in a layer of its own
    /// whose bounds are that bundle's ``canvasRect``, centred on the canvas, so that it is
    /// placed as when the bundle is drawn alone; a bundle of another size than the first is
    /// centred, not scaled. That layer is `geometryFlipped` when the bundle's `index.xml` says
    /// the bundle is, and the root is y up, as CAML is.
    static func stack(_ bundles: [CAWallpaperBundle]) -> Stack {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let size = bundles.first?.package.canvasRect.size ?? CGSize(width: 1, height: 1)
        let root = CALayer()
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = CGPoint(x: size.width / 2, y: size.height / 2)
        for bundle in bundles {
            let holder = CALayer()
            holder.bounds = bundle.package.canvasRect
            holder.position = root.position
            holder.isGeometryFlipped = bundle.package.isPackageGeometryFlipped
            holder.addSublayer(bundle.package.rootLayer)
            root.addSublayer(holder)
        }
        return Stack(root: root, canvasSize: size)
    }

    /// The layers of the tree that have states, in tree order (sublayers, then the mask). For
    /// a `.tendies` package, the root of each bundle (each has its own `Locked`, `Unlock`
    /// and `Sleep`); for a `.ca` or `.caml`, usually its root alone. Not in Apple's API.
    ///
    ///     let controller = CAStateController(layer: package.rootLayer)
    ///     controller.setState(named: "Locked", in: package, transitionSpeed: 0)
    ///     controller.setState(named: "Unlock", in: package, transitionSpeed: 1)
    public var stateLayers: [CALayer] {
        var found: [CALayer] = []
        // An explicit stack: trees can be deep (DESIGN.md).
        var pending = [rootLayer]
        while let layer = pending.popLast() {
            if !(layer.states ?? []).isEmpty { found.append(layer) }
            if let mask = layer.mask { pending.append(mask) }
            pending += (layer.sublayers ?? []).reversed()
        }
        return found
    }

    /// The names of the states of ``stateLayers``, each once, in the order they first appear.
    /// Not in Apple's API.
    public var stateNames: [String] {
        var seen: Set<String> = []
        return stateLayers.flatMap { $0.states ?? [] }.map(\.name).filter { seen.insert($0).inserted }
    }
}

extension CAStateController {
    /// Puts each layer of `package`'s ``CAPackage/stateLayers`` that has a state called `name`
    /// in that state (its first of that name), animating with that layer's transitions at
    /// `transitionSpeed` (0 jumps): a whole wallpaper package switches at once. Answers the
    /// layers switched; none when no layer has such a state. Not in Apple's API.
    @discardableResult
    public func setState(named name: String, in package: CAPackage, transitionSpeed: Float) -> [CALayer] {
        let layers = package.stateLayers.filter { $0.state(withName: name) != nil }
        for layer in layers {
            setState(layer.state(withName: name), of: layer, transitionSpeed: transitionSpeed)
        }
        return layers
    }

    /// Swipes each layer of `package`'s ``CAPackage/stateLayers`` that has a state called
    /// `name` into it over `duration` seconds (see ``swipe(to:of:duration:)``): the unlock
    /// swipe of a whole wallpaper. Answers the layers changed. Not in Apple's API.
    @discardableResult
    public func swipe(toStateNamed name: String, in package: CAPackage, duration: CFTimeInterval) -> [CALayer] {
        let layers = package.stateLayers.filter { $0.state(withName: name) != nil }
        for layer in layers {
            swipe(to: layer.state(withName: name), of: layer, duration: duration)
        }
        return layers
    }

    /// Holds each layer of `package`'s ``CAPackage/stateLayers`` that has a state called
    /// `name` part-way through the swipe into it, at `progress` from 0 to 1 (see
    /// ``swipe(to:of:heldAt:)``). Answers the layers held. Not in Apple's API.
    @discardableResult
    public func swipe(toStateNamed name: String, in package: CAPackage, heldAt progress: Double) -> [CALayer] {
        let layers = package.stateLayers.filter { $0.state(withName: name) != nil }
        for layer in layers {
            swipe(to: layer.state(withName: name), of: layer, heldAt: progress)
        }
        return layers
    }
}
