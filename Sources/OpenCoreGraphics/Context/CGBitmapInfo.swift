import Foundation

/// How a bitmap's pixels hold alpha: Apple's `CGImageAlphaInfo`, the low bits of a
/// ``CGBitmapInfo``.
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// No alpha.
    case none = 0
    /// Alpha last, the colour components multiplied by it (RGBA).
    case premultipliedLast = 1
    /// Alpha first, the colour components multiplied by it (ARGB).
    case premultipliedFirst = 2
    /// Alpha last, not multiplied in.
    case last = 3
    /// Alpha first, not multiplied in.
    case first = 4
    /// A byte that is ignored last (RGBX).
    case noneSkipLast = 5
    /// A byte that is ignored first (XRGB).
    case noneSkipFirst = 6
    /// Alpha alone.
    case alphaOnly = 7
}

/// How a bitmap's pixels are laid out: its alpha (``CGImageAlphaInfo`` in the low bits), its
/// byte order and whether components are floats. Apple's `CGBitmapInfo`.
public struct CGBitmapInfo: OptionSet, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The bits that hold a ``CGImageAlphaInfo``.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// Components are floats.
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    /// The bits that hold the byte order.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// The default byte order: big-endian, components in the order their names say.
    public static let byteOrderDefault = CGBitmapInfo([])
    /// 16-bit little-endian words.
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    /// 32-bit little-endian words: `premultipliedFirst` is BGRA in memory.
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    /// 16-bit big-endian words.
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    /// 32-bit big-endian words.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)

    /// This machine's order for 32-bit words (little-endian on every machine Swift runs on
    /// Linux): what Apple's `CGBitmapInfo.byteOrder32Host` is.
    public static let byteOrder32Host = byteOrder32Little

    /// The alpha the bits name, nil for a value no case has.
    public var alphaInfo: CGImageAlphaInfo? {
        CGImageAlphaInfo(rawValue: rawValue & Self.alphaInfoMask.rawValue)
    }

    /// A bitmap info of `alpha` with no other bits set.
    public init(alphaInfo alpha: CGImageAlphaInfo) {
        self.init(rawValue: alpha.rawValue)
    }
}

/// Where each component of a bitmap context's pixels lies: 4 bytes of RGB with alpha or an
/// ignored byte, or 1 byte of gray. The formats iOS code asks bitmap contexts for; others are
/// refused, as Apple's `CGBitmapContextCreate` refuses what it does not support.
struct BitmapLayout: Equatable {
    /// Bytes a pixel.
    let bytesPerPixel: Int
    /// The byte offsets of red, green, blue and alpha in a 4-byte pixel (alpha nil when the
    /// byte is ignored).
    let red: Int, green: Int, blue: Int
    let alpha: Int?

    /// The layout for `bitmapInfo` in `space` at `bitsPerComponent`, nil when unsupported.
    init?(space: CGColorSpace, bitsPerComponent: Int, bitmapInfo: UInt32) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        guard bitsPerComponent == 8, !info.contains(.floatComponents), let alphaInfo = info.alphaInfo else {
            return nil
        }
        let order = info.intersection(.byteOrderMask)
        switch space.model {
        case .monochrome:
            guard alphaInfo == .none, order == .byteOrderDefault || order == .byteOrder32Big else { return nil }
            (bytesPerPixel, red, green, blue, alpha) = (1, 0, 0, 0, nil)
        case .rgb:
            // Components in the order their names say: R G B A, or A R G B.
            let alphaFirst: Bool
            let hasAlpha: Bool
            switch alphaInfo {
            case .premultipliedLast: (alphaFirst, hasAlpha) = (false, true)
            case .premultipliedFirst: (alphaFirst, hasAlpha) = (true, true)
            case .noneSkipLast: (alphaFirst, hasAlpha) = (false, false)
            case .noneSkipFirst: (alphaFirst, hasAlpha) = (true, false)
            default: return nil
            }
            var offsets = alphaFirst ? [1, 2, 3, 0] : [0, 1, 2, 3]
            switch order {
            case .byteOrderDefault, .byteOrder32Big: break
            case .byteOrder32Little: offsets = offsets.map { 3 - $0 }
            default: return nil
            }
            bytesPerPixel = 4
            (red, green, blue) = (offsets[0], offsets[1], offsets[2])
            alpha = hasAlpha ? offsets[3] : nil
        }
    }
}
