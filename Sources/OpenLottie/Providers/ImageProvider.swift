import Foundation
import OpenCoreGraphics
import OpenImageIO
import OpenQuartzCore

/// An image asset of an animation, as an image provider is asked for it.
public struct ImageAsset: Equatable, Sendable {
    /// The asset's id (`id`), which image layers name (`refId`).
    public let id: String
    /// The file name, or the whole `data:` URL of an embedded image (`p`).
    public let name: String
    /// The folder the file is in (`u`), often empty.
    public let directory: String
    /// The size the animation draws the image at, in points (`w`, `h`).
    public let width: Double
    public let height: Double

    public init(id: String, name: String, directory: String = "", width: Double, height: Double) {
        self.id = id
        self.name = name
        self.directory = directory
        self.width = width
        self.height = height
    }
}

/// Gives the pictures of an animation's image assets, as lottie-ios's image providers do: set
/// on ``LottieAnimationLayer/imageProvider``, it replaces the images the file brought for
/// every asset (an answer of nil draws nothing there).
public protocol AnimationImageProvider: Sendable {
    /// The picture of `asset`, or nil to draw nothing.
    func imageForAsset(asset: ImageAsset) -> CGImage?
    /// How the picture fills the asset's `width` × `height`: `.resize` (the default) stretches
    /// it; `.resizeAspectFill` covers it keeping the picture's proportions, centred, the
    /// overflow clipped only by the animation's bounds.
    func contentsGravity(for asset: ImageAsset) -> CALayerContentsGravity
}

extension AnimationImageProvider {
    public func contentsGravity(for asset: ImageAsset) -> CALayerContentsGravity { .resize }
}

/// Images from a folder, by lottie-ios's `FilepathImageProvider` rules: an embedded image
/// (`data:` URL) is decoded; otherwise the file `name` in the folder, else `directory` +
/// `name` there.
public struct FilepathImageProvider: AnimationImageProvider {
    public let filepath: URL
    public let gravity: CALayerContentsGravity

    public init(filepath: URL, contentsGravity: CALayerContentsGravity = .resize) {
        self.filepath = filepath
        gravity = contentsGravity
    }

    public func imageForAsset(asset: ImageAsset) -> CGImage? {
        if let embedded = ImageDecoding.embedded(asset.name) { return embedded }
        for relative in [asset.name, asset.directory + asset.name] where !relative.contains("..") {
            let url = filepath.appendingPathComponent(relative)
            if let image = ImageDecoding.file(url, maximumSize: ReadingLimits.standard.maximumFileSize) {
                return image
            }
        }
        return nil
    }

    public func contentsGravity(for asset: ImageAsset) -> CALayerContentsGravity { gravity }
}

/// Decoding the images an animation names.
enum ImageDecoding {
    /// The image of a `data:` URL (`data:image/png;base64,…`), nil when `name` is not one or
    /// does not decode.
    static func embedded(_ name: String) -> CGImage? {
        guard let data = embeddedData(name) else { return nil }
        return decode(data)
    }

    /// The bytes of a `data:` URL; nil when `name` is not one or is not base64.
    static func embeddedData(_ name: String) -> Data? {
        guard name.hasPrefix("data:"), let comma = name.firstIndex(of: ",") else { return nil }
        return Data(base64Encoded: String(name[name.index(after: comma)...]), options: .ignoreUnknownCharacters)
    }

    /// The first image in `data` (PNG, JPEG, WebP, GIF's first frame…), nil when it decodes to none.
    static func decode(_ data: Data) -> CGImage? {
        guard let source = CGImageSourceCreateWithData(data, nil) else { return nil }
        return CGImageSourceCreateImageAtIndex(source, 0, nil)
    }

    /// The image in the regular file at `url`, nil when there is none, it is larger than
    /// `maximumSize` bytes, or it does not decode.
    static func file(_ url: URL, maximumSize: Int) -> CGImage? {
        guard let bytes = regularFileData(url, maximumSize: maximumSize) else { return nil }
        return decode(bytes)
    }

    /// The bytes of the regular file at `url` (not `/dev/zero`, which never ends, nor a pipe,
    /// which may never answer), nil when there is none or it is larger than `maximumSize`.
    static func regularFileData(_ url: URL, maximumSize: Int) -> Data? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular,
            (attributes?[.size] as? Int ?? 0) <= maximumSize
        else { return nil }
        return try? Data(contentsOf: url)
    }
}
