import Foundation
import OpenCoreGraphics
import OpenImageIO
import OpenQuartzCore

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
    /// What was read but is not drawn, or drawn differently, each naming its place in the file.
    public let warnings: [LottieWarning]

    let layers: [LayerModel]
    let assets: [String: AssetModel]

    /// The animation's length in seconds.
    public var duration: Double { (endFrame - startFrame) / frameRate }

    /// The frame `progress` of the way from the first frame to the end: `ip + p · (op − ip)`.
    public func frame(atProgress progress: Double) -> Double {
        startFrame + progress * (endFrame - startFrame)
    }

    /// Reads a Bodymovin JSON file, or a dotLottie package (`.lottie`).
    public convenience init(contentsOf url: URL) throws(LottieError) {
        let file = url.path
        let attributes = try? FileManager.default.attributesOfItem(atPath: file)
        if let size = attributes?[.size] as? Int, size > ReadingLimits.maximumFileSize {
            throw LottieError(
                file: file, path: "",
                message: "the file is \(size) bytes; at most \(ReadingLimits.maximumFileSize) are read")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LottieError(file: file, path: "", message: "cannot be read: \(error.localizedDescription)")
        }
        try self.init(data: data, name: file, folder: url.deletingLastPathComponent())
    }

    /// Reads Bodymovin JSON from memory; `name` names it in errors, and image assets that are
    /// files are looked for in `folder`.
    public init(data: Data, name file: String = "<data>", folder: URL? = nil) throws(LottieError) {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw LottieError(file: file, path: "", message: "is not JSON: \(Self.describe(error))")
        }
        let context = ReadingContext(file: file)
        let root = JSONNode(value: json, path: "", context: context)
        guard root.isObject else { throw root.error("a Lottie animation is a JSON object, found \(root.kind)") }
        let width = try root.required("w").number()
        let height = try root.required("h").number()
        for (key, value) in [("w", width), ("h", height)] where !(value > 0 && value <= ReadingLimits.maximumSide) {
            throw root[key]!.error("the size \(value) is outside 0…\(Int(ReadingLimits.maximumSide)) points")
        }
        size = CGSize(width: width, height: height)
        frameRate = try root.required("fr").number()
        guard frameRate > 0, frameRate <= 1000 else {
            throw root["fr"]!.error("a frame rate of \(frameRate) is not usable")
        }
        startFrame = try root.required("ip").number()
        endFrame = try root.required("op").number()
        guard endFrame > startFrame, endFrame - startFrame <= ReadingLimits.maximumFrames else {
            throw root["op"]!.error("the frames \(startFrame)…\(endFrame) are not a usable range")
        }
        name = try root.string("nm") ?? ""
        version = (try? root.string("v")) ?? ""
        layers = try LayerModel.layers(reading: try root.required("layers"))
        var assets: [String: AssetModel] = [:]
        var assetLayers: [String: (node: JSONNode, layers: [LayerModel])] = [:]
        for asset in try root["assets"]?.elements() ?? [] {
            let id = try asset.required("id").string()
            if let layersNode = asset["layers"] {
                let layers = try LayerModel.layers(reading: layersNode)
                assets[id] = .precomposition(layers: layers)
                assetLayers[id] = (asset, layers)
            } else {
                assets[id] = try Self.image(reading: asset, folder: folder)
            }
        }
        if root["chars"] != nil || root["fonts"] != nil {
            root.warn("text is not drawn yet (glyphs and fonts are read past)")
        }
        self.assets = assets
        try Self.checkReferences(
            layers: layers, path: "layers", assets: assets, assetLayers: assetLayers, context: context)
        warnings = context.warnings
    }

    private static func describe(_ error: Error) -> String {
        let nsError = error as NSError
        return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    }

    /// An image asset: embedded (`data:` URL in `p`) or a file beside the animation (`u` + `p`).
    private static func image(reading asset: JSONNode, folder: URL?) throws(LottieError) -> AssetModel {
        let width = try asset.number("w", default: 0)
        let height = try asset.number("h", default: 0)
        let name = try asset.string("p") ?? ""
        var data: Data?
        if name.hasPrefix("data:"), let comma = name.firstIndex(of: ",") {
            data = Data(base64Encoded: String(name[name.index(after: comma)...]), options: .ignoreUnknownCharacters)
            if data == nil { throw asset["p"]!.error("the embedded image is not valid base64") }
        } else if let folder {
            let relative = (try asset.string("u") ?? "") + name
            let url = folder.appendingPathComponent(relative)
            guard !relative.contains(".."), let bytes = try? Data(contentsOf: url) else {
                asset.warn("the image \(relative) is missing and is not drawn")
                return .image(nil, width: width, height: height)
            }
            data = bytes
        }
        guard let data, let source = CGImageSourceCreateWithData(data, nil),
            let image = CGImageSourceCreateImageAtIndex(source, 0, nil)
        else {
            asset.warn("the image cannot be decoded and is not drawn")
            return .image(nil, width: width, height: height)
        }
        return .image(image, width: width, height: height)
    }

    /// Every precomposition and image a layer names exists, and precompositions do not contain
    /// themselves.
    private static func checkReferences(
        layers: [LayerModel], path: String, assets: [String: AssetModel],
        assetLayers: [String: (node: JSONNode, layers: [LayerModel])], context: ReadingContext,
        visiting: [String] = []
    ) throws(LottieError) {
        guard visiting.count <= ReadingLimits.maximumDepth else {
            throw LottieError(
                file: context.file, path: path,
                message: "precompositions nest deeper than \(ReadingLimits.maximumDepth)")
        }
        for layer in layers {
            switch layer.content {
            case .precomposition(let id, _, _, _):
                guard let asset = assetLayers[id] else {
                    throw LottieError(
                        file: context.file, path: "\(layer.path).refId",
                        message: "no precomposition asset has the id \"\(id)\"")
                }
                if visiting.contains(id) {
                    throw LottieError(
                        file: context.file, path: "\(layer.path).refId",
                        message:
                            "the precomposition \"\(id)\" contains itself (\((visiting + [id]).joined(separator: " → ")))"
                    )
                }
                try checkReferences(
                    layers: asset.layers, path: asset.node.path, assets: assets, assetLayers: assetLayers,
                    context: context,
                    visiting: visiting + [id])
            case .image(let id):
                guard case .image = assets[id] else {
                    throw LottieError(
                        file: context.file, path: "\(layer.path).refId", message: "no image asset has the id \"\(id)\"")
                }
            default:
                break
            }
        }
    }
}
