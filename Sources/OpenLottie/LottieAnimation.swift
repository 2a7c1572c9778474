import Foundation
import OpenCoreGraphics
import OpenImageIO
import OpenQuartzCore
import Synchronization

/// A Lottie animation (Bodymovin JSON), read and checked, ready to become layer trees.
///
/// Reading never traps: a file that is not a Lottie animation, or one with a wrong type, a
/// missing field, a reference to a missing asset, cyclic precompositions or absurd sizes,
/// throws a ``LottieError`` naming the file and the JSON path. What is read but not drawn
/// (expressions, most effects) is listed in ``warnings``.
///
///     let animation = try LottieAnimation(contentsOf: URL(fileURLWithPath: "loader.json"))
///     let layer = animation.makeLayer()
///     layer.currentProgress = 0.5
public final class LottieAnimation: Sendable {
    /// The composition's size, in points.
    public let size: CGSize
    /// Frames per second.
    public let frameRate: Double
    /// The first frame (`ip`).
    public let startFrame: Double
    /// The frame where the animation ends (`op`).
    public let endFrame: Double
    /// The name the file gives the animation (`nm`).
    public let name: String
    /// The Bodymovin version that wrote the file (`v`).
    public let version: String
    /// What was read but is not drawn, or drawn differently, by lottie-ios's engines, each
    /// naming its place in the file; ``warnings(for:)`` answers for any engine.
    public let warnings: [LottieWarning]
    /// The parts of the format the file uses that not every engine draws alike, each with its
    /// first place in the file: the compatibility report ``LottieFeature/support(in:)`` completes.
    public var features: [LottieFeatureUse] { ReadingNote.features(in: readingNotes) }
    /// The warnings and features reading met, in order.
    let readingNotes: [ReadingNote]
    /// The warnings of evaluating the file's expressions, for an animation read with them baked.
    let evaluationWarnings: [LottieWarning]
    /// The file's markers (`markers`), in its order: named frames or segments of the timeline.
    public let markers: [Marker]
    /// ``coreAnimationCompatibilityIssues()`` once found.
    let compatibilityIssues = Mutex<[LottieWarning]?>(nil)
    /// What reading the file again with its expressions evaluated needs; nil for a file
    /// without expressions, or one whose expressions were evaluated.
    let expressionSource: ExpressionSource?
    /// ``evaluatingExpressions()`` once made.
    let expressionsEvaluated = Mutex<LottieAnimation?>(nil)

    /// A named moment or segment of the timeline (`markers[i]`: `cm`, `tm`, `dr`).
    public struct Marker: Equatable, Sendable {
        /// The marker's name (its comment, `cm`).
        public let name: String
        /// The frame it starts at (`tm`).
        public let frameTime: Double
        /// Its length in frames (`dr`), 0 for a single moment; negative for a segment played
        /// backwards (from `frameTime` down to `frameTime + durationFrameTime`).
        public let durationFrameTime: Double
    }

    /// The markers' names, in the file's order.
    public var markerNames: [String] { markers.map(\.name) }

    /// The frame the marker `name` starts at, nil when the file has none of that name (the
    /// first of that name when several have it, as lottie-ios's marker map keeps it).
    public func frameTime(forMarker name: String) -> Double? {
        markers.first { $0.name == name }?.frameTime
    }

    /// The marker's length in frames, nil when the file has none of that name.
    public func durationFrameTime(forMarker name: String) -> Double? {
        markers.first { $0.name == name }?.durationFrameTime
    }

    /// Where the marker starts as a progress (0 at `ip`, 1 at `op`), nil when there is none.
    public func progressTime(forMarker name: String) -> Double? {
        frameTime(forMarker: name).map { ($0 - startFrame) / (endFrame - startFrame) }
    }

    let layers: [LayerModel]
    let assets: [String: AssetModel]
    /// The fonts and glyphs text layers are drawn with.
    let fonts: FontLibrary

    /// The animation's length in seconds.
    public var duration: Double { (endFrame - startFrame) / frameRate }

    /// The frame `progress` of the way from the first frame to the end: `ip + p · (op − ip)`.
    public func frame(atProgress progress: Double) -> Double {
        startFrame + progress * (endFrame - startFrame)
    }

    /// Reads a Bodymovin JSON file, or a dotLottie package (`.lottie`, or any zip): the
    /// animation its manifest starts with, its images read from the package. Errors about a
    /// package name the entry at fault, before the JSON path: `a/anim.json: layers[0].ks.o`.
    public convenience init(contentsOf url: URL) throws(LottieError) {
        try self.init(contentsOf: url, animationID: nil)
    }

    /// Reads a Bodymovin JSON file, or the animation `animationID` of a dotLottie package (the
    /// one its manifest starts with when nil). An id the manifest does not list is an error
    /// naming the ids it lists; an id given for a JSON file is an error too.
    ///
    /// `slots` fill the properties the file marks with slot ids, over the file's own `slots`;
    /// `theme` applies a dotLottie 2 package's theme (`t/ID.json`) the same way, before `slots`.
    public convenience init(
        contentsOf url: URL, animationID: String?, theme: String? = nil, slots: LottieSlots? = nil
    ) throws(LottieError) {
        let file = url.path
        let limit = ReadingLimits.standard.maximumFileSize
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        if let type = attributes?[.type] as? FileAttributeType, type != .typeRegular {
            // `/dev/zero` never ends and a pipe may never answer.
            throw LottieError(file: file, path: "", message: "is not a regular file")
        }
        if let size = attributes?[.size] as? Int, size > limit {
            throw LottieError(file: file, path: "", message: "the file is \(size) bytes; at most \(limit) are read")
        }
        if DotLottiePackage.isPackage(at: url) {
            let package = try DotLottiePackage(url: url, animationID: animationID, limits: .standard)
            var chosen: [LottieSlots] = []
            if let theme { chosen.append(try package.theme(theme)) }
            if let slots { chosen.append(slots) }
            try self.init(package: package, slots: chosen, limits: .standard)
            return
        }
        if let animationID {
            throw LottieError(
                file: file, path: "",
                message: "is a Bodymovin JSON file, one animation: there is no animation \"\(animationID)\" to choose")
        }
        if let theme {
            throw LottieError(
                file: file, path: "",
                message: "is a Bodymovin JSON file: themes come in dotLottie packages; there is no theme \"\(theme)\"")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LottieError(file: file, path: "", message: "cannot be read: \(error.localizedDescription)")
        }
        try self.init(
            data: data, name: file, images: .folder(url.deletingLastPathComponent()), slots: slots.map { [$0] } ?? [],
            limits: .standard)
    }

    /// Reads Bodymovin JSON from memory; `name` names it in errors, and image assets that are
    /// files are looked for in `folder`.
    public convenience init(data: Data, name file: String = "<data>", folder: URL? = nil) throws(LottieError) {
        try self.init(
            data: data, name: file, images: folder.map(ImageSource.folder) ?? .embeddedOnly, limits: .standard)
    }

    /// Reads Bodymovin JSON from memory within `limits` (the fuzz target and the tests read
    /// with smaller ones), its image files from `images`.
    package convenience init(
        data: Data, name file: String = "<data>", images: ImageSource = .embeddedOnly, slots: [LottieSlots] = [],
        limits: ReadingLimits
    ) throws(LottieError) {
        try self.init(reading: data, name: file, images: images, slots: slots, limits: limits)
    }

    /// Reads `data`; image assets found in `decoded` are taken from it instead of being read
    /// again, and `evaluation`'s warnings come first (a document whose expressions were baked).
    init(
        reading data: Data, name file: String, images: ImageSource, slots: [LottieSlots], limits: ReadingLimits,
        decoded: [String: AssetModel] = [:], evaluation: [LottieWarning]? = nil
    ) throws(LottieError) {
        let root = try JSONNode.document(data, file: file, limits: limits)
        let context = root.context
        try Self.readSlots(of: root, adding: slots)
        guard root.isObject else { throw root.error("a Lottie animation is a JSON object, found \(root.kind)") }
        var sides: [Double] = []
        for key in ["w", "h"] {
            let node = try root.required(key)
            let side = try node.number()
            guard side > 0, side <= limits.maximumSide else {
                throw node.error("the size \(side) is outside 0…\(String(format: "%g", limits.maximumSide)) points")
            }
            sides.append(side)
        }
        size = CGSize(width: sides[0], height: sides[1])
        let rateNode = try root.required("fr")
        frameRate = try rateNode.number()
        guard frameRate > 0, frameRate <= 1000 else {
            throw rateNode.error("a frame rate of \(frameRate) is not usable")
        }
        startFrame = try root.required("ip").number()
        let endNode = try root.required("op")
        endFrame = try endNode.number()
        guard endFrame > startFrame, endFrame - startFrame <= limits.maximumFrames else {
            throw endNode.error(
                "the frames \(startFrame)…\(endFrame) are not a usable range (the end must come after the start, "
                    + "at most \(String(format: "%g", limits.maximumFrames)) frames later)")
        }
        name = try root.string("nm") ?? ""
        version = (try? root.string("v")) ?? ""
        context.keepsClosedOnShapeItems = Self.isBefore4_4_18(version)
        layers = try LayerModel.layers(reading: try root.required("layers"))
        var assets: [String: AssetModel] = [:]
        var assetLayers: [String: (node: JSONNode, layers: [LayerModel])] = [:]
        for asset in try root["assets"]?.elements() ?? [] {
            guard asset.isObject else { throw asset.error("expected an asset object, found \(asset.kind)") }
            let id = try asset.required("id").string()
            guard assets[id] == nil else {
                asset.warn("another asset has the id \"\(id)\" too; the first is used")
                continue
            }
            if let layersNode = asset["layers"] {
                let layers = try LayerModel.layers(reading: layersNode)
                assets[id] = .precomposition(layers: layers)
                assetLayers[id] = (asset, layers)
            } else {
                if let image = decoded[id] {
                    assets[id] = image
                } else {
                    assets[id] = try Self.image(reading: asset, id: id, images: images)
                }
            }
        }
        var markers: [Marker] = []
        for node in try root["markers"]?.elements() ?? [] {
            guard let name = try node.string("cm") else {
                node.warn("a marker without a name (cm) is skipped")
                continue
            }
            markers.append(
                Marker(
                    name: name, frameTime: try node.required("tm").number(),
                    durationFrameTime: try node.number("dr", default: 0)))
        }
        self.markers = markers
        fonts = try FontLibrary(reading: root)
        try fonts.checkText(of: layers, assets: assets, root: root)
        self.assets = assets
        var check = ReferenceCheck(assets: assets, assetLayers: assetLayers, context: context)
        _ = try check.height(of: layers)
        try check.checkTreeCost(of: layers, frames: endFrame - startFrame)
        readingNotes = context.notes
        evaluationWarnings = evaluation ?? []
        warnings = evaluationWarnings + ReadingNote.warnings(in: context.notes, for: .coreAnimation)
        expressionSource =
            evaluation == nil && ExpressionBaking.mayHoldExpressions(data)
            ? ExpressionSource(data: data, name: file, slots: slots, limits: limits) : nil
    }

    /// Whether `version` (`"4.4.17"`, …) is older than Bodymovin 4.4.18, the first to write a
    /// path's closed flag into the path; lottie-web moves the shape item's `closed` there for
    /// such files. A missing or unreadable version is taken as new.
    static func isBefore4_4_18(_ version: String) -> Bool {
        let parts = version.split(separator: ".").map { Int($0) }
        guard !parts.isEmpty, !parts.contains(nil) else { return false }
        let numbers = parts.compactMap { $0 } + [0, 0, 0]
        return numbers[0..<3].lexicographicallyPrecedes([4, 4, 18])
    }

    /// What `engine` reads but does not draw, or draws differently, each naming its place in
    /// the file: the features it does not draw as After Effects does, the file's other
    /// warnings, and (for an animation whose expressions were evaluated) the expressions that
    /// could not be.
    public func warnings(for engine: RenderingEngine) -> [LottieWarning] {
        evaluationWarnings + ReadingNote.warnings(in: readingNotes, for: engine)
    }

    /// The file's `slots` (each id's property `p`), then `added`'s over them, in the reading
    /// context; added slots' warnings become the animation's.
    private static func readSlots(of root: JSONNode, adding added: [LottieSlots]) throws(LottieError) {
        let context = root.context
        if let slots = root["slots"], case .object(let entries) = slots.value {
            for id in entries.keys.sorted() {
                guard let slot = slots[id] else { continue }
                context.slots[id] = try slot.required("p")
            }
        }
        for slots in added {
            for (id, property) in slots.properties {
                context.slots[id] = JSONNode(value: property, path: "\(slots.source): \(id)", context: context)
            }
            for warning in slots.warnings { context.warn(path: "\(slots.source): \(warning.path)", warning.message) }
        }
    }

    /// The ids of the animations a dotLottie package's manifest lists, in its order; empty
    /// for a JSON file.
    public static func animationIDs(inPackageAt url: URL) throws(LottieError) -> [String] {
        guard DotLottiePackage.isPackage(at: url) else { return [] }
        return try DotLottiePackage(url: url, limits: .standard).animationIDs
    }

    /// An image asset: embedded (`data:` URL in `p`) or a file (`u` + `p`) beside the animation
    /// or in its package. An image that cannot be had is a warning; the asset draws nothing.
    private static func image(reading asset: JSONNode, id: String, images: ImageSource) throws(LottieError)
        -> AssetModel
    {
        let name = try asset.string("p") ?? ""
        let directory = try asset.string("u") ?? ""
        let description = ImageAsset(
            id: id, name: name, directory: directory, width: try asset.number("w", default: 0),
            height: try asset.number("h", default: 0))
        var data: Data?
        if name.hasPrefix("data:") {
            data = ImageDecoding.embeddedData(name)
            if data == nil {
                asset.warn("the embedded image is not valid base64 and is not drawn")
                return .image(description, nil)
            }
        } else if case .folder(let folder) = images {
            // lottie-ios's `FilepathImageProvider`: `p` in the folder, then `u` + `p` there.
            let candidates = (directory.isEmpty ? [name] : [name, directory + name]).filter { !$0.contains("..") }
            guard
                let bytes = candidates.lazy.compactMap({ relative in
                    ImageDecoding.regularFileData(
                        folder.appendingPathComponent(relative), maximumSize: asset.context.limits.maximumFileSize)
                }).first
            else {
                asset.warn("the image \(directory + name) is missing and is not drawn")
                return .image(description, nil)
            }
            data = bytes
        } else if case .package(let read) = images {
            guard let bytes = try read(directory, name) else {
                asset.warn("the image \(directory + name) is missing from the package and is not drawn")
                return .image(description, nil)
            }
            data = bytes
        } else {
            asset.warn("the image \(name) is a file and no folder was given; it is not drawn")
            return .image(description, nil)
        }
        guard let data, let image = ImageDecoding.decode(data) else {
            asset.warn("the image cannot be decoded and is not drawn")
            return .image(description, nil)
        }
        return .image(description, image)
    }
}
