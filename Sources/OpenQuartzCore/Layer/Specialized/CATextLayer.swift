import Foundation
import OpenCoreGraphics

/// A layer that lays out and draws a plain or attributed string: Apple's `CATextLayer`.
///
/// `fontSize` and `foregroundColor` animate implicitly; the other properties switch at once.
///
///     let label = CATextLayer()
///     label.string = "Hello"
///     label.font = "Helvetica-Bold"   // a font name
///     label.fontSize = 24
///     label.alignmentMode = .center
///
/// Differences from Apple: there is no Core Text on Linux, so `font` holds what you give it
/// — a font name `String` is what the renderer understands — and defaults to the name
/// `"Helvetica"` where Apple answers a Helvetica font object.
open class CATextLayer: CALayer {
    package var textStorage = TextLayerStorage()

    /// Creates a text layer with Apple's defaults: no string, 36-point white Helvetica.
    public override init() {
        super.init()
    }

    /// Creates a copy of `layer` for the presentation tree, text properties included.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let text = layer as? CATextLayer { textStorage = text.textStorage }
    }

    /// Creates a layer from an archive (nothing is decoded: Apple's defaults), or the copy
    /// `CALayer` makes for the presentation tree, text properties included.
    public required init?(coder: NSCoder) {
        if let text = (coder as? LayerCreationCoder)?.model as? CATextLayer { textStorage = text.textStorage }
        super.init(coder: coder)
    }

    override package class var propertyTable: LayerPropertyTable { textLayerPropertyTable }

    /// The text drawn: a `String` or an `NSAttributedString`. Defaults to nil.
    open var string: Any? {
        get { textStorage.string }
        set { changeValue(TextLayerPropertyDescriptors.string) { textStorage.string = newValue } }
    }

    /// The font of a plain string: a font name `String` here (Apple also takes a `CTFont` or
    /// a `CGFont`). Defaults to `"Helvetica"`. Ignored for attributed strings.
    open var font: Any? {
        get { textStorage.font }
        set { changeValue(TextLayerPropertyDescriptors.font) { textStorage.font = newValue } }
    }

    /// The point size of a plain string's font. Defaults to 36. Animatable.
    open var fontSize: CGFloat {
        get { textStorage.fontSize }
        set { changeValue(TextLayerPropertyDescriptors.fontSize) { textStorage.fontSize = newValue } }
    }

    /// The colour of a plain string's text. Defaults to opaque white. Animatable.
    open var foregroundColor: CGColor? {
        get { textStorage.foregroundColor }
        set { changeValue(TextLayerPropertyDescriptors.foregroundColor) { textStorage.foregroundColor = newValue } }
    }

    /// Whether the text wraps to fit the bounds. Defaults to false. Key-value coding key
    /// `"wrapped"`.
    open var isWrapped: Bool {
        get { textStorage.isWrapped }
        set { changeValue(TextLayerPropertyDescriptors.wrapped) { textStorage.isWrapped = newValue } }
    }

    /// Where text that does not fit is cut short. Defaults to `.none`.
    open var truncationMode: CATextLayerTruncationMode {
        get { textStorage.truncationMode }
        set { changeValue(TextLayerPropertyDescriptors.truncationMode) { textStorage.truncationMode = newValue } }
    }

    /// How lines are aligned in the bounds. Defaults to `.natural`.
    open var alignmentMode: CATextLayerAlignmentMode {
        get { textStorage.alignmentMode }
        set { changeValue(TextLayerPropertyDescriptors.alignmentMode) { textStorage.alignmentMode = newValue } }
    }

    /// Whether glyph positions may be rounded to whole subpixels when drawing. Defaults to
    /// false.
    open var allowsFontSubpixelQuantization: Bool {
        get { textStorage.allowsFontSubpixelQuantization }
        set {
            changeValue(TextLayerPropertyDescriptors.allowsFontSubpixelQuantization) {
                textStorage.allowsFontSubpixelQuantization = newValue
            }
        }
    }
}

/// Where a `CATextLayer` cuts short text that does not fit its bounds: Apple's
/// `CATextLayerTruncationMode`, whose raw values are Core Animation's strings.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Core Animation spells it (`"none"`, `"start"`, `"end"`, `"middle"`).
    public let rawValue: String

    /// Wraps a truncation mode's name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Text is not truncated (the default). Apple's `kCATruncationNone`.
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// The start of the line gives way to an ellipsis. Apple's `kCATruncationStart`.
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// The end of the line gives way to an ellipsis. Apple's `kCATruncationEnd`.
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    /// The middle of the line gives way to an ellipsis. Apple's `kCATruncationMiddle`.
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

/// How a `CATextLayer` aligns its lines in its bounds: Apple's `CATextLayerAlignmentMode`,
/// whose raw values are Core Animation's strings.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Core Animation spells it (`"natural"`, `"left"`, `"right"`,
    /// `"center"`, `"justified"`).
    public let rawValue: String

    /// Wraps an alignment mode's name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Aligned as the script reads: left for left-to-right text (the default). Apple's
    /// `kCAAlignmentNatural`.
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    /// Flush left. Apple's `kCAAlignmentLeft`.
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    /// Flush right. Apple's `kCAAlignmentRight`.
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    /// Centred. Apple's `kCAAlignmentCenter`.
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Flush on both sides, except the last line of a paragraph. Apple's
    /// `kCAAlignmentJustified`.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// The model values `CATextLayer` adds, with the defaults `CATextLayer.h` documents.
package struct TextLayerStorage: SubclassLayerStorage {
    package var string: Any?
    package var font: Any? = "Helvetica"
    package var fontSize: CGFloat = 36
    package var foregroundColor: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    package var isWrapped = false
    package var truncationMode = CATextLayerTruncationMode.none
    package var alignmentMode = CATextLayerAlignmentMode.natural
    package var allowsFontSubpixelQuantization = false

    package init() {}
}

/// The properties of `CATextLayer.h`, whose Animatable marks they follow.
/// Each is described once here: the table is made of them, and each setter changes its own.
enum TextLayerPropertyDescriptors {
    static let text = SubclassPropertyBuilder(storage: \CATextLayer.textStorage)
    static let string = text.object("string", \.string)
    static let font = text.object("font", \.font)
    static let fontSize = text.number("fontSize", \.fontSize).rendered(as: .fontSize)
    static let foregroundColor = text.color("foregroundColor", \.foregroundColor).rendered(as: .foregroundColor)
    static let wrapped = text.bool("wrapped", \.isWrapped)
    static let truncationMode = text.constant("truncationMode", \.truncationMode)
    static let alignmentMode = text.constant("alignmentMode", \.alignmentMode)
    static let allowsFontSubpixelQuantization = text.bool(
        "allowsFontSubpixelQuantization", \.allowsFontSubpixelQuantization)

    static let all: [LayerProperty] = [
        string, font, fontSize, foregroundColor, wrapped, truncationMode, alignmentMode, allowsFontSubpixelQuantization,
    ]
}

/// `CALayer`'s properties and these.
let textLayerPropertyTable = LayerPropertyTable(TextLayerPropertyDescriptors.all, inheriting: layerPropertyTable)
