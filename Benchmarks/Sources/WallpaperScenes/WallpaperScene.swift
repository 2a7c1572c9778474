import Foundation
import OpenCAML
import OpenImageIO
import OpenQuartzCore
import OpenQuartzCoreRenderer

// Issue 12's wallpaper scene: a `.tendies` package of three 390 × 844 bundles (Background,
// Floating, Foreground) with image layers and spring transitions between Locked and Unlock,
// written as CAML by this file, and the same layer tree built by Swift code directly. Both are
// described by one list of layers (`WallpaperScene.bundles`), so they cannot drift apart, and
// the benchmark's setup checks that they draw the same pictures.

/// One image layer of a bundle and where its states put it.
public struct WallpaperLayerSpec: Sendable {
    public let id: String
    public let image: String
    public let size: CGSize
    /// The document's position, which is also where Locked puts it.
    public let position: CGPoint
    /// Where Unlock puts it.
    public let unlockPosition: CGPoint
    /// Its opacity when Unlock.
    public let unlockOpacity: Float
}

/// One bundle: its role and its layers, back to front.
public struct WallpaperBundleSpec: Sendable {
    public let role: String
    /// An image filling the bundle's root, or nil.
    public let rootImage: String?
    public let layers: [WallpaperLayerSpec]
}

public enum WallpaperScene {
    /// The canvas in points, and pixels per point: 1170 × 2532 pixels, an iPhone's screen.
    public static let canvas = CGSize(width: 390, height: 844)
    public static let scale: CGFloat = 3
    public static var pixelWidth: Int { Int(canvas.width * scale) }
    public static var pixelHeight: Int { Int(canvas.height * scale) }

    /// Frames a second, and when the state timeline enters Unlock.
    public static let frameRate = 30.0
    public static let unlockTime = 0.2

    /// The spring every transition runs (CAPlayground's: damping 50, mass 2, stiffness 300).
    static let spring = (damping: 50.0, mass: 2.0, stiffness: 300.0, duration: 0.8)

    public static let bundles: [WallpaperBundleSpec] = [
        WallpaperBundleSpec(
            role: "Background", rootImage: "sky.png",
            layers: [
                layer("cloud-1", "glow.png", 160, at: (90, 700), unlock: (300, 720), opacity: 0.6),
                layer("cloud-2", "glow.png", 220, at: (300, 560), unlock: (80, 600), opacity: 0.4),
            ]),
        WallpaperBundleSpec(
            role: "Floating", rootImage: nil,
            layers: [
                layer("logo-1", "logo.png", 200, at: (79, 156), unlock: (302, 142), opacity: 1),
                layer("logo-2", "logo.png", 200, at: (181, 353), unlock: (204, 344), opacity: 1),
                layer("logo-3", "logo.png", 200, at: (284, 551), unlock: (110, 545), opacity: 1),
            ]),
        WallpaperBundleSpec(
            role: "Foreground", rootImage: nil,
            layers: [layer("spark", "glow.png", 120, at: (195, 60), unlock: (195, 780), opacity: 0.2)]),
    ]

    private static func layer(
        _ id: String, _ image: String, _ side: CGFloat, at position: (CGFloat, CGFloat),
        unlock: (CGFloat, CGFloat), opacity: Float
    ) -> WallpaperLayerSpec {
        WallpaperLayerSpec(
            id: id, image: image, size: CGSize(width: side, height: side),
            position: CGPoint(x: position.0, y: position.1), unlockPosition: CGPoint(x: unlock.0, y: unlock.1),
            unlockOpacity: opacity)
    }

    // MARK: - Images

    /// The PNG assets, drawn with the renderer: a full-screen gradient at 3×, a 600-pixel
    /// ring-and-square logo and a 600-pixel soft disc.
    public static func imageData() throws -> [String: Data] {
        func draw(width: Int, height: Int, scale: CGFloat, _ build: (CALayer) -> Void) throws -> Data {
            let clock = CAManualClock()
            return try CAClock.$current.withValue(clock) {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                let root = CALayer()
                root.bounds = CGRect(x: 0, y: 0, width: CGFloat(width) / scale, height: CGFloat(height) / scale)
                root.anchorPoint = .zero
                build(root)
                CATransaction.commit()
                let renderer = CARenderer(width: width, height: height, scale: scale)
                renderer.layer = root
                renderer.beginFrame(atTime: 0)
                renderer.render()
                renderer.endFrame()
                return try renderer.pngData()
            }
        }
        let sky = try draw(width: pixelWidth, height: pixelHeight, scale: scale) { root in
            let gradient = CAGradientLayer()
            gradient.frame = root.bounds
            gradient.colors = [
                CGColor(red: 0.05, green: 0.1, blue: 0.35, alpha: 1),
                CGColor(red: 0.9, green: 0.5, blue: 0.3, alpha: 1),
            ]
            root.addSublayer(gradient)
        }
        let logo = try draw(width: 600, height: 600, scale: 3) { root in
            let ring = CAShapeLayer()
            ring.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 180, height: 180), transform: nil)
            ring.fillColor = CGColor(red: 0.12, green: 0.12, blue: 0.14, alpha: 1)
            ring.strokeColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.8)
            ring.lineWidth = 8
            let square = CALayer()
            square.frame = CGRect(x: 65, y: 65, width: 70, height: 70)
            square.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            square.cornerRadius = 14
            root.addSublayer(ring)
            root.addSublayer(square)
        }
        let glow = try draw(width: 600, height: 600, scale: 3) { root in
            for step in 0..<8 {
                let inset = CGFloat(step) * 12
                let disc = CALayer()
                disc.frame = root.bounds.insetBy(dx: inset, dy: inset)
                disc.cornerRadius = disc.frame.width / 2
                disc.backgroundColor = CGColor(red: 1, green: 0.95, blue: 0.8, alpha: 0.18)
                root.addSublayer(disc)
            }
        }
        return ["sky.png": sky, "logo.png": logo, "glow.png": glow]
    }

    // MARK: - The package

    static let folder =
        "descriptors/5E1F0D2C-0000-4000-8000-00000000BE4C/versions/0/contents/7400.Bench-390w-844h@3x~iphone.wallpaper"

    static func bundleName(_ role: String) -> String { "7400.Bench_\(role)-390w-844h@3x~iphone.ca" }

    /// The bundle's `main.caml`, as CAPlayground writes one: the editor's attributes on every
    /// layer, images as assets, states on the root, a spring per animated key.
    static func document(_ bundle: WallpaperBundleSpec) -> String {
        func number(_ value: CGFloat) -> String { String(format: "%g", Double(value)) }
        let boilerplate =
            #"allowsEdgeAntialiasing="1" allowsGroupOpacity="1" contentsFormat="RGBA8" cornerCurve="circular""#
        let rootContents = bundle.rootImage.map { #"<contents><CGImage src="assets/\#($0)"/></contents>"# } ?? ""
        let sublayers = bundle.layers.map { layer in
            """
            <CALayer id="\(layer.id)" name="\(layer.id)" bounds="0 0 \(number(layer.size.width)) \(number(layer.size.height))" \
            position="\(number(layer.position.x)) \(number(layer.position.y))" \(boilerplate)>
              <contents><CGImage src="assets/\(layer.image)"/></contents>
            </CALayer>
            """
        }.joined(separator: "\n")
        func setValue(_ id: String, _ keyPath: String, _ value: String) -> String {
            #"<LKStateSetValue targetId="\#(id)" keyPath="\#(keyPath)"><value type="real" value="\#(value)"/></LKStateSetValue>"#
        }
        let locked = bundle.layers.flatMap { layer in
            [
                setValue(layer.id, "position.x", number(layer.position.x)),
                setValue(layer.id, "position.y", number(layer.position.y)), setValue(layer.id, "opacity", "1"),
            ]
        }.joined()
        let unlock = bundle.layers.flatMap { layer in
            [
                setValue(layer.id, "position.x", number(layer.unlockPosition.x)),
                setValue(layer.id, "position.y", number(layer.unlockPosition.y)),
                setValue(layer.id, "opacity", String(format: "%g", Double(layer.unlockOpacity))),
            ]
        }.joined()
        let springs = bundle.layers.flatMap { layer in
            ["position.x", "position.y", "opacity"].map { key in
                """
                <LKStateTransitionElement targetId="\(layer.id)" key="\(key)"><animation type="CASpringAnimation" \
                damping="\(spring.damping)" mass="\(spring.mass)" stiffness="\(spring.stiffness)" velocity="0" \
                duration="\(spring.duration)" fillMode="backwards" keyPath="\(key)"/></LKStateTransitionElement>
                """
            }
        }.joined()
        let transitions = ["Locked", "Unlock", "Sleep"].map { state in
            """
            <LKStateTransition fromState="*" toState="\(state)"><elements>\(state == "Sleep" ? "" : springs)</elements></LKStateTransition>
            <LKStateTransition fromState="\(state)" toState="*"><elements/></LKStateTransition>
            """
        }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>

            <caml xmlns="http://www.apple.com/CoreAnimation/1.0">
            <CALayer id="root-\(bundle.role)" name="Root Layer" bounds="0 0 390 844" position="195 422" \(boilerplate)>
            \(rootContents)
            <sublayers>\(sublayers)</sublayers>
            <states><LKState name="Locked"><elements>\(locked)</elements></LKState>\
            <LKState name="Unlock"><elements>\(unlock)</elements></LKState>\
            <LKState name="Sleep"><elements/></LKState></states>
            <stateTransitions>\(transitions)</stateTransitions>
            </CALayer>
            </caml>
            """
    }

    /// Writes the package to `url`: `Wallpaper.plist` naming the three bundles, each bundle's
    /// `index.xml`, `main.caml` and the PNG assets it uses.
    public static func writePackage(to url: URL, images: [String: Data]) throws {
        var entries: [(path: String, data: Data)] = []
        func add(_ path: String, _ data: Data) { entries.append((path, data)) }
        let description: [String: Any] = [
            "type": "LayeredAnimation", "identifier": "7400", "name": "Bench",
            "backgroundAnimationFileName": bundleName("Background"),
            "floatingAnimationFileNameKey": bundleName("Floating"),
            "foregroundAnimationFileName": bundleName("Foreground"),
        ]
        let plist = try PropertyListSerialization.data(
            fromPropertyList: ["assets": ["lockAndHome": ["default": description]]], format: .binary, options: 0)
        add("\(folder)/Wallpaper.plist", plist)
        let index = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>rootDocument</key><string>main.caml</string>\
            <key>documentWidth</key><real>390</real><key>documentHeight</key><real>844</real>\
            <key>geometryFlipped</key><false/></dict></plist>
            """
        for bundle in bundles {
            let base = "\(folder)/\(bundleName(bundle.role))"
            add("\(base)/index.xml", Data(index.utf8))
            add("\(base)/main.caml", Data(document(bundle).utf8))
            let used = Set(bundle.layers.map(\.image) + (bundle.rootImage.map { [$0] } ?? []))
            for name in used.sorted() {
                guard let data = images[name] else { continue }
                add("\(base)/assets/\(name)", data)
            }
        }
        try zipArchive(entries).write(to: url)
    }

    // MARK: - The same tree in Swift

    /// The tree `CAPackage.makeCanvasLayer()` gives for the package, built directly: a y-up
    /// canvas holding a root of the canvas's size, holding one layer per bundle holding that
    /// bundle's root, whose states and spring transitions are made with the `CAState` API.
    public static func swiftTree(images: [String: Data]) -> CALayer {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        var decoded: [String: CGImage] = [:]
        for (name, data) in images {
            decoded[name] = CGImageSourceCreateWithData(data, nil).flatMap {
                CGImageSourceCreateImageAtIndex($0, 0, nil)
            }
        }
        let bounds = CGRect(origin: .zero, size: canvas)
        let canvasLayer = CALayer()
        canvasLayer.bounds = bounds
        canvasLayer.anchorPoint = .zero
        canvasLayer.position = .zero
        canvasLayer.isGeometryFlipped = true
        let stack = CALayer()
        stack.bounds = bounds
        stack.position = CGPoint(x: canvas.width / 2, y: canvas.height / 2)
        canvasLayer.addSublayer(stack)
        for bundle in bundles {
            let holder = CALayer()
            holder.bounds = bounds
            holder.position = stack.position
            let root = CALayer()
            root.name = "Root Layer"
            root.bounds = bounds
            root.position = stack.position
            root.allowsEdgeAntialiasing = true
            root.allowsGroupOpacity = true
            root.cornerCurve = .circular
            if let image = bundle.rootImage { root.contents = decoded[image] }
            var layers: [CALayer] = []
            for spec in bundle.layers {
                let layer = CALayer()
                layer.name = spec.id
                layer.bounds = CGRect(origin: .zero, size: spec.size)
                layer.position = spec.position
                layer.allowsEdgeAntialiasing = true
                layer.allowsGroupOpacity = true
                layer.cornerCurve = .circular
                layer.contents = decoded[spec.image]
                root.addSublayer(layer)
                layers.append(layer)
            }
            let locked = CAState(name: "Locked")
            let unlock = CAState(name: "Unlock")
            for (layer, spec) in zip(layers, bundle.layers) {
                locked.elements += [
                    CAStateSetValue(target: layer, keyPath: "position.x", value: Double(spec.position.x)),
                    CAStateSetValue(target: layer, keyPath: "position.y", value: Double(spec.position.y)),
                    CAStateSetValue(target: layer, keyPath: "opacity", value: 1.0),
                ]
                unlock.elements += [
                    CAStateSetValue(target: layer, keyPath: "position.x", value: Double(spec.unlockPosition.x)),
                    CAStateSetValue(target: layer, keyPath: "position.y", value: Double(spec.unlockPosition.y)),
                    CAStateSetValue(target: layer, keyPath: "opacity", value: Double(spec.unlockOpacity)),
                ]
            }
            root.states = [locked, unlock, CAState(name: "Sleep")]
            root.stateTransitions = ["Locked", "Unlock", "Sleep"].flatMap { state in
                let into = CAStateTransition(fromState: "*", toState: state)
                if state != "Sleep" {
                    into.elements = zip(layers, bundle.layers).flatMap { layer, _ in
                        ["position.x", "position.y", "opacity"].map { key in
                            let animation = CASpringAnimation(keyPath: key)
                            animation.damping = spring.damping
                            animation.mass = spring.mass
                            animation.stiffness = spring.stiffness
                            animation.initialVelocity = 0
                            animation.duration = spring.duration
                            animation.fillMode = .backwards
                            return CAStateTransitionElement(key: key, target: layer, animation: animation)
                        }
                    }
                }
                return [into, CAStateTransition(fromState: state, toState: "*")]
            }
            holder.addSublayer(root)
            stack.addSublayer(holder)
        }
        return canvasLayer
    }
}

/// One run of the wallpaper: a tree on a clock of its own at 0 in Locked, entering Unlock at
/// ``WallpaperScene/unlockTime``, rendered as `carender render` renders a document: through
/// `CAFrameRenderer`, the clock moved to each frame's time and the state change made at its own
/// time before the frame is captured, the frames converted to Y′CbCr 4:2:0 for the encoder
/// (which is left out).
public final class WallpaperRun {
    public let clock = CAManualClock()
    public let canvas: CALayer
    let controller: CAStateController
    let stateLayers: [CALayer]
    /// Keeps a loaded package (and its bundles) alive as long as its tree renders.
    let package: CAPackage?

    /// The package at `url`, loaded as `carender` loads it.
    public init(loading url: URL) throws {
        let clock = self.clock
        let package = try CAClock.$current.withValue(clock) {
            try CAPackage(contentsOf: url, type: kCAPackageTypeTendies, options: nil)
        }
        self.package = package
        canvas = CAClock.$current.withValue(clock) { package.makeCanvasLayer() }
        controller = CAStateController(layer: package.rootLayer)
        stateLayers = package.stateLayers
        start()
    }

    /// The same tree built in Swift.
    public init(swiftTreeWith images: [String: Data]) {
        let clock = self.clock
        canvas = CAClock.$current.withValue(clock) { WallpaperScene.swiftTree(images: images) }
        package = nil
        let roots = canvas.sublayers?.first?.sublayers?.compactMap { $0.sublayers?.first } ?? []
        controller = CAStateController(layer: canvas)
        stateLayers = roots
        start()
    }

    private func start() {
        CAClock.$current.withValue(clock) {
            switchTo("Locked", speed: 0)
            CATransaction.flush()
        }
    }

    private func switchTo(_ name: String, speed: Float) {
        for layer in stateLayers {
            controller.setState(layer.state(withName: name), of: layer, transitionSpeed: speed)
        }
    }

    /// The times of `count` frames from 0.
    public static func times(count: Int) -> [Double] {
        (0..<count).map { Double($0) / WallpaperScene.frameRate }
    }

    /// Renders `count` frames from 0 with `threads` painting, handing each to `deliver` in
    /// order. Once per run: the clock only moves forwards.
    public func render(
        frames count: Int, threads: Int, pixelFormats: CAFrameRenderer.PixelFormats = .yCbCr420,
        deliver: (CARenderedFrame) throws -> Void
    ) throws {
        let renderer = CAFrameRenderer(
            width: WallpaperScene.pixelWidth, height: WallpaperScene.pixelHeight, scale: WallpaperScene.scale)
        renderer.threads = threads
        renderer.pixelFormats = pixelFormats
        renderer.bounds = canvas.bounds
        var unlocked = false
        let clock = self.clock
        try CAClock.$current.withValue(clock) {
            try renderer.render(canvas, atTimes: Self.times(count: count)) { time in
                if !unlocked, time >= WallpaperScene.unlockTime {
                    clock.advance(to: WallpaperScene.unlockTime)
                    switchTo("Unlock", speed: 1)
                    CATransaction.flush()
                    unlocked = true
                }
                clock.advance(to: time)
            } deliver: { frame in
                try deliver(frame)
            }
        }
    }
}
