import Foundation

/// Which edges of a layer are antialiased when it is transformed: Apple's
/// `CAEdgeAntialiasingMask`.
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    /// The edge bits.
    public let rawValue: UInt32

    /// Wraps edge bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The edge at minimum x. Apple's `kCALayerLeftEdge`.
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1 << 0)
    /// The edge at maximum x. Apple's `kCALayerRightEdge`.
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 1 << 1)
    /// The edge at minimum y. Apple's `kCALayerBottomEdge`.
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 1 << 2)
    /// The edge at maximum y. Apple's `kCALayerTopEdge`.
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 1 << 3)

    /// All four edges: the default.
    static let all: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge]

    /// The mask a key-value write gives: a mask, or its raw value 0…15.
    init(keyValue value: Any?) {
        self.init(fourBitKeyValue: value, key: "edgeAntialiasingMask")
    }
}

/// The pixel format of what a layer draws: Apple's `CALayerContentsFormat` (iOS 10).
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// 8 bits a channel, RGBA: the default.
    public static let RGBA8Uint = CALayerContentsFormat(rawValue: "RGBA8")
    /// 16-bit floats a channel, RGBA (extended range).
    public static let RGBA16Float = CALayerContentsFormat(rawValue: "RGBAh")
    /// 8 bits of grey.
    public static let gray8Uint = CALayerContentsFormat(rawValue: "Gray8")
}

extension CALayer {
    /// How a layer's extended-range content is tone mapped (iOS 18's `CAToneMapMode`).
    public struct ToneMapMode: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The system decides: the default.
        public static let automatic = ToneMapMode(rawValue: "automatic")
        /// Never tone mapped.
        public static let never = ToneMapMode(rawValue: "never")
        /// Tone mapped where the display supports it.
        public static let ifSupported = ToneMapMode(rawValue: "ifSupported")
    }
}

/// How a layer's `contents` image is sampled when drawn larger or smaller than its pixels:
/// Apple's `CALayerContentsFilter`.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    /// The filter's name, as Core Animation spells it (`"linear"`, `"nearest"`, `"trilinear"`).
    public var rawValue: String { name.string(among: Self.names) }
    public init(rawValue: String) { name = PackedName(rawValue, among: Self.names) }

    private let name: PackedName
    private static let names = ["linear", "nearest", "trilinear"]

    /// Each pixel blends the four image pixels around it (the default).
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    /// Each pixel takes the nearest image pixel: sharp, blocky scaling, as for pixel art.
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// Linear, between levels of a mipmap when minifying; drawn as linear here.
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}
