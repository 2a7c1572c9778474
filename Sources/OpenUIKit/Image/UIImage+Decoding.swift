import Foundation
import OpenImageIO

extension UIImage {
    /// Decodes the first image of a PNG, JPEG, WebP or GIF file's bytes, at scale 1; `nil` when
    /// the data is not such an image or is corrupt, as UIKit.
    ///
    ///     let icon = UIImage(data: try Data(contentsOf: url))
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// Decodes the first image of a PNG, JPEG, WebP or GIF file's bytes with a scale (pixels
    /// per point); `nil` when the data is not such an image or is corrupt. A scale that is not
    /// a finite number above 0 traps, naming it.
    public convenience init?(data: Data, scale: CGFloat) {
        guard let source = CGImageSourceCreateWithData(data, nil),
            let image = CGImageSourceCreateImageAtIndex(source, 0, nil)
        else { return nil }
        self.init(cgImage: image, scale: scale, orientation: .up)
    }

    /// Decodes the image file at `path`, with the scale its name gives (`icon@2x.png` is 2,
    /// `icon@3x~ipad.png` 3, otherwise 1), as UIKit; `nil` when the file cannot be read or
    /// decoded. The format is told from the bytes, not the extension.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data, scale: Self.scale(inFileName: path))
    }

    /// The scale a file name declares with UIKit's `@2x`/`@3x` suffix before the extension
    /// and any `~device` modifier.
    static func scale(inFileName path: String) -> CGFloat {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let base = name.split(separator: "~", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard let at = base.lastIndex(of: "@"), base.hasSuffix("x"),
            let scale = Int(base[base.index(after: at)..<base.index(before: base.endIndex)]), scale > 0
        else { return 1 }
        return CGFloat(scale)
    }
}
