import Foundation
import Synchronization

/// Draws recorded operations into pixels: `draw(operations, from, pixels, width, height)`
/// draws `operations[from...]` (the ones before only setting the state they set) onto
/// `pixels`, premultiplied RGBA8 rows from the top. The renderer installs it when it is
/// linked (OpenQuartzCoreRenderer), since drawing needs Cairo and this module is Foundation
/// alone.
package typealias BitmapRasterizer =
    @Sendable (_ operations: [CGContext.Operation], _ from: Int, _ pixels: inout [UInt8], _ width: Int, _ height: Int)
    -> Void

/// The pixels behind a bitmap context and how far its recording has been drawn into them.
final class BitmapStore {
    let width: Int
    let height: Int
    let bytesPerRow: Int
    let layout: BitmapLayout
    let info: UInt32
    let space: CGColorSpace
    /// The caller's buffer, or one of the context's own.
    let data: UnsafeMutableRawPointer
    let ownsData: Bool
    /// How many of the context's operations are in the pixels.
    var drawnCount = 0

    init(
        data: UnsafeMutableRawPointer, ownsData: Bool, width: Int, height: Int, bytesPerRow: Int,
        layout: BitmapLayout, info: UInt32, space: CGColorSpace
    ) {
        self.data = data
        self.ownsData = ownsData
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.layout = layout
        self.info = info
        self.space = space
    }

    deinit {
        if ownsData { data.deallocate() }
    }

    /// The pixels as premultiplied RGBA8, rows from the top (the buffer's first row is the
    /// top of the picture, as Core Graphics lays bitmaps out).
    func premultipliedRGBA() -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let bytes = data.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            for x in 0..<width {
                let source = bytes + y * bytesPerRow + x * layout.bytesPerPixel
                let target = (y * width + x) * 4
                pixels[target] = source[layout.red]
                pixels[target + 1] = source[layout.green]
                pixels[target + 2] = source[layout.blue]
                pixels[target + 3] = layout.alpha.map { source[$0] } ?? 255
            }
        }
        return pixels
    }

    /// Writes premultiplied RGBA8 pixels back in the buffer's layout: gray as the luminance,
    /// an ignored byte as 255.
    func store(_ pixels: [UInt8]) {
        let bytes = data.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            for x in 0..<width {
                let target = bytes + y * bytesPerRow + x * layout.bytesPerPixel
                let source = (y * width + x) * 4
                if layout.bytesPerPixel == 1 {
                    target[0] = grayLevel(red: pixels[source], green: pixels[source + 1], blue: pixels[source + 2])
                    continue
                }
                target[layout.red] = pixels[source]
                target[layout.green] = pixels[source + 1]
                target[layout.blue] = pixels[source + 2]
                let alphaOffset = layout.alpha ?? (6 - layout.red - layout.green - layout.blue)
                target[alphaOffset] = layout.alpha == nil ? 255 : pixels[source + 3]
            }
        }
    }
}

extension CGContext {
    /// The rasterizer the renderer installs; nil until a module that draws is loaded.
    private static let installedRasterizer = Mutex<BitmapRasterizer?>(nil)

    /// Installs the function that draws bitmap contexts' recordings into their pixels.
    package static func installRasterizer(_ rasterizer: @escaping BitmapRasterizer) {
        installedRasterizer.withLock { $0 = rasterizer }
    }

    /// Creates a bitmap context: drawing into it lands in `data` (or, for nil, a buffer of the
    /// context's own), `width × height` pixels, rows `bytesPerRow` apart (0: packed). The
    /// origin is at the bottom left and y goes up, as in every Core Graphics bitmap context.
    ///
    /// Supported, as iOS code asks for them: 8 bits a component, RGB with
    /// `premultipliedLast`, `premultipliedFirst`, `noneSkipLast` or `noneSkipFirst` in the
    /// default, 32-bit big or 32-bit little byte order (`premultipliedFirst` with
    /// `byteOrder32Little` is BGRA), and gray with no alpha. Any other combination returns
    /// nil, as Apple's does for what it does not support; so do sizes that are not positive
    /// and rows too short for their pixels.
    ///
    ///     let context = CGContext(
    ///         data: nil, width: 200, height: 100, bitsPerComponent: 8, bytesPerRow: 0,
    ///         space: CGColorSpaceCreateDeviceRGB(),
    ///         bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    ///     context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
    ///     context.fill(CGRect(x: 0, y: 0, width: 50, height: 50))   // the bottom-left corner
    ///     let image = context.makeImage()
    ///
    /// Differences from Apple: what is drawn reaches the pixels when they are read — by
    /// ``makeImage()``, ``data`` or ``flush()`` — and only in a program that links the
    /// renderer (OpenQuartzCoreRenderer, which `OpenUIKit` and the snapshot-testing product
    /// bring); without it the pixels stay as they were.
    public convenience init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: UInt32
    ) {
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15,
            let layout = BitmapLayout(space: space, bitsPerComponent: bitsPerComponent, bitmapInfo: bitmapInfo)
        else { return nil }
        let packed = width * layout.bytesPerPixel
        let rowBytes = bytesPerRow == 0 ? packed : bytesPerRow
        guard rowBytes >= packed else { return nil }
        let buffer: UnsafeMutableRawPointer
        if let data {
            buffer = data
        } else {
            buffer = UnsafeMutableRawPointer.allocate(byteCount: rowBytes * height, alignment: 16)
            buffer.initializeMemory(as: UInt8.self, repeating: 0, count: rowBytes * height)
        }
        self.init(size: CGSize(width: width, height: height), scale: 1)
        bitmap = BitmapStore(
            data: buffer, ownsData: data == nil, width: width, height: height, bytesPerRow: rowBytes, layout: layout,
            info: bitmapInfo, space: space)
        // Core Graphics' bitmap space: the origin at the bottom left, y up.
        state.transform = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height))
    }

    /// The pixel buffer of a bitmap context, holding everything drawn so far; nil for other
    /// contexts.
    public var data: UnsafeMutableRawPointer? {
        drawIntoBitmap()
        return bitmap?.data
    }

    /// A bitmap context's width in pixels; 0 for other contexts.
    public var width: Int { bitmap?.width ?? 0 }
    /// A bitmap context's height in pixels; 0 for other contexts.
    public var height: Int { bitmap?.height ?? 0 }
    /// The bytes between the starts of two rows of a bitmap context; 0 for other contexts.
    public var bytesPerRow: Int { bitmap?.bytesPerRow ?? 0 }
    /// Bits a component of a bitmap context (8); 0 for other contexts.
    public var bitsPerComponent: Int { bitmap == nil ? 0 : 8 }
    /// Bits a pixel of a bitmap context; 0 for other contexts.
    public var bitsPerPixel: Int { (bitmap?.layout.bytesPerPixel ?? 0) * 8 }
    /// A bitmap context's layout; empty for other contexts.
    public var bitmapInfo: CGBitmapInfo { CGBitmapInfo(rawValue: bitmap?.info ?? 0) }
    /// A bitmap context's alpha; `.none` for other contexts.
    public var alphaInfo: CGImageAlphaInfo { bitmapInfo.alphaInfo ?? .none }
    /// A bitmap context's colour space; nil for other contexts.
    public var colorSpace: CGColorSpace? { bitmap?.space }

    /// Draws what has been recorded into a bitmap context's pixels.
    public func flush() {
        drawIntoBitmap()
    }

    /// An image of a bitmap context's pixels as they are now; nil for other contexts. The
    /// image is a copy: later drawing does not change it.
    public func makeImage() -> CGImage? {
        drawIntoBitmap()
        guard let bitmap else { return nil }
        var pixels = bitmap.premultipliedRGBA()
        Self.unpremultiply(&pixels)
        return CGImage(width: bitmap.width, height: bitmap.height, rgbaPixels: pixels)
    }

    /// Draws the operations recorded since the last time into the pixels, once a renderer is
    /// there to draw them.
    private func drawIntoBitmap() {
        guard let bitmap, bitmap.drawnCount < operations.count,
            let rasterize = Self.installedRasterizer.withLock({ $0 })
        else { return }
        var pixels = bitmap.premultipliedRGBA()
        rasterize(operations, bitmap.drawnCount, &pixels, bitmap.width, bitmap.height)
        bitmap.store(pixels)
        bitmap.drawnCount = operations.count
    }

    /// Premultiplied RGBA8 to straight, in place.
    private static func unpremultiply(_ pixels: inout [UInt8]) {
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = Int(pixels[index + 3])
            guard alpha > 0, alpha < 255 else { continue }
            for channel in 0..<3 {
                pixels[index + channel] = UInt8(min(255, (Int(pixels[index + channel]) * 255 + alpha / 2) / alpha))
            }
        }
    }
}
