import Foundation
import OpenCoreGraphics

/// The model values of every `CALayer` property, in one value so that a presentation copy
/// takes them over in a single assignment.
package struct LayerStorage {
    /// What the renderer draws: geometry, visibility, style, contents placing, shadow.
    package var drawn = DrawnValues()
    // Contents
    package var contents: Any?
    package var minificationFilterBias: Float = 0
    package var compositingFilter: Any?
    package var filters: [Any]?
    package var backgroundFilters: [Any]?
    // Rasterizing and compositing hints
    package var rasterizationScale: CGFloat = 1
    package var shouldRasterize = false
    package var isOpaque = false
    package var allowsGroupOpacity = true
    package var allowsEdgeAntialiasing = false
    package var needsDisplayOnBoundsChange = false
    package var drawsAsynchronously = false
    package var edgeAntialiasingMask = CAEdgeAntialiasingMask.all
    package var contentsFormat = CALayerContentsFormat.RGBA8Uint
    package var wantsExtendedDynamicRangeContent = false
    package var toneMapMode = CALayer.ToneMapMode.automatic
    // Identity
    package var name: String?
    // Timing (a layer is a timing node for its animations and sublayers)
    /// `CAMediaTiming.h`: a layer's duration defaults to infinity (an animation's to 0).
    package var timing = MediaTimingStorage(duration: .infinity)
    // Values set for keys no property declares (key-value coding's custom properties)
    package var customValues: [String: Any] = [:]

    package init() {}
}

/// How a layer's `contents` image is placed in its bounds.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    /// The gravity's name, as Core Animation spells it (`"resize"`, `"topLeft"`, …).
    public var rawValue: String { name.string(among: Self.names) }
    public init(rawValue: String) { name = PackedName(rawValue, among: Self.names) }

    private let name: PackedName
    private static let names = [
        "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight", "resize",
        "resizeAspect", "resizeAspectFill",
    ]

    public static let center = CALayerContentsGravity(rawValue: "center")
    public static let top = CALayerContentsGravity(rawValue: "top")
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    public static let left = CALayerContentsGravity(rawValue: "left")
    public static let right = CALayerContentsGravity(rawValue: "right")
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    /// Stretches the image to fill the bounds (the default).
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// Fits the whole image, keeping its aspect ratio.
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// Fills the bounds, keeping the aspect ratio and cropping.
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}
