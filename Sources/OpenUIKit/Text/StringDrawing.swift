import Foundation
import TextMeasurement

// UIKit's string drawing: `"text".draw(at:withAttributes:)`, `size(withAttributes:)`,
// `boundingRect(with:options:attributes:context:)`, and the same on NSString and
// NSAttributedString. Text is drawn into the current context (`UIGraphicsGetCurrentContext()`,
// as in `draw(_:)` or a `UIGraphicsImageRenderer` block) by the renderer's text, in the face
// `UIFont` maps the font to. The attributes read: `.font` (Helvetica 12 when absent, UIKit's
// default), `.foregroundColor` (black), `.backgroundColor` (filled behind the text's box), and
// a paragraph style's `alignment` and `lineBreakMode`; others are kept and not drawn. An
// attributed string is drawn with the attributes of its first character.

extension NSAttributedString.Key {
    /// A `UIFont`.
    public static let font = NSAttributedString.Key("NSFont")
    /// A `UIColor` for the text.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// A `UIColor` behind the text.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// An `NSParagraphStyle`.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// Extra space between characters (kept, not drawn).
    public static let kern = NSAttributedString.Key("NSKern")
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
}

/// How lines of drawn text are laid out: Apple's `NSParagraphStyle` (alignment and line
/// breaking are drawn; the spacings are kept).
open class NSParagraphStyle: NSObject, @unchecked Sendable {
    // `@unchecked Sendable` as Apple's: the immutable class is never changed after it is made.
    public internal(set) var alignment = NSTextAlignment.natural
    public internal(set) var lineBreakMode = NSLineBreakMode.byWordWrapping
    public internal(set) var lineSpacing: CGFloat = 0
    public internal(set) var paragraphSpacing: CGFloat = 0

    public static let `default` = NSParagraphStyle()
}

/// The mutable paragraph style.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    open override var alignment: NSTextAlignment {
        get { super.alignment }
        set { super.alignment = newValue }
    }
    open override var lineBreakMode: NSLineBreakMode {
        get { super.lineBreakMode }
        set { super.lineBreakMode = newValue }
    }
    open override var lineSpacing: CGFloat {
        get { super.lineSpacing }
        set { super.lineSpacing = newValue }
    }
    open override var paragraphSpacing: CGFloat {
        get { super.paragraphSpacing }
        set { super.paragraphSpacing = newValue }
    }
}

/// How `boundingRect(with:options:…)` measures: Apple's `NSStringDrawingOptions`. With
/// `.usesLineFragmentOrigin` the text wraps to the given width; without it, one line.
public struct NSStringDrawingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// Apple's `NSStringDrawingContext`: accepted, its scale factors unused.
open class NSStringDrawingContext: NSObject {
    open var minimumScaleFactor: CGFloat = 0
    open private(set) var actualScaleFactor: CGFloat = 1
    open private(set) var totalBounds = CGRect.zero
}

/// The attributes string drawing reads, with UIKit's defaults.
private struct DrawingAttributes {
    let font: UIFont
    let color: UIColor
    let background: UIColor?
    let alignment: NSTextAlignment
    let lineBreakMode: NSLineBreakMode

    init(_ attributes: [NSAttributedString.Key: Any]?) {
        font = attributes?[.font] as? UIFont ?? UIFont(name: "Helvetica", size: 12)!
        color = attributes?[.foregroundColor] as? UIColor ?? .black
        background = attributes?[.backgroundColor] as? UIColor
        let style = attributes?[.paragraphStyle] as? NSParagraphStyle
        alignment = style?.alignment ?? .natural
        lineBreakMode = style?.lineBreakMode ?? .byWordWrapping
    }

    func size(of string: String, width: CGFloat?) -> CGSize {
        TextMetrics.size(of: string, fontName: font.fontName, fontSize: font.pointSize, width: width)
    }

    /// Draws `string` in `rect` of the current context (nothing when there is none).
    func draw(_ string: String, in rect: CGRect, wraps: Bool) {
        guard let context = UIGraphicsGetCurrentContext(), !string.isEmpty else { return }
        if let background {
            context.setFillColor(background.cgColor)
            context.fill(CGRect(origin: rect.origin, size: size(of: string, width: wraps ? rect.width : nil)))
        }
        let layer = CATextLayer()
        layer.frame = CGRect(origin: .zero, size: rect.size)
        layer.string = string
        layer.font = font.fontName
        layer.fontSize = font.pointSize
        layer.foregroundColor = color.cgColor
        layer.isWrapped = wraps
        layer.truncationMode = lineBreakMode.truncationMode
        layer.alignmentMode = alignment.alignmentMode
        context.saveGState()
        context.translateBy(x: rect.minX, y: rect.minY)
        layer.render(in: context)
        context.restoreGState()
    }
}

extension String {
    /// The size of the text on one line per paragraph.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        DrawingAttributes(attrs).size(of: self, width: nil)
    }

    /// Draws the text from `point` (its top left), one line per paragraph.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        let attributes = DrawingAttributes(attrs)
        attributes.draw(self, in: CGRect(origin: point, size: attributes.size(of: self, width: nil)), wraps: false)
    }

    /// Draws the text in `rect`, wrapped to its width and clipped to it.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        DrawingAttributes(attrs).draw(self, in: rect, wraps: true)
    }

    /// The box the text takes: wrapped to `size.width` with `.usesLineFragmentOrigin`, else on
    /// one line; at the origin.
    public func boundingRect(
        with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
        context: NSStringDrawingContext?
    ) -> CGRect {
        let wraps = options.contains(.usesLineFragmentOrigin)
        return CGRect(
            origin: .zero, size: DrawingAttributes(attributes).size(of: self, width: wraps ? size.width : nil))
    }
}

extension NSString {
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        String(describing: self).size(withAttributes: attrs)
    }

    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        String(describing: self).draw(at: point, withAttributes: attrs)
    }

    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        String(describing: self).draw(in: rect, withAttributes: attrs)
    }

    public func boundingRect(
        with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
        context: NSStringDrawingContext?
    ) -> CGRect {
        String(describing: self).boundingRect(with: size, options: options, attributes: attributes, context: context)
    }
}

extension NSAttributedString {
    private var firstAttributes: [NSAttributedString.Key: Any] {
        length > 0 ? attributes(at: 0, effectiveRange: nil) : [:]
    }

    public func size() -> CGSize {
        string.size(withAttributes: firstAttributes)
    }

    public func draw(at point: CGPoint) {
        string.draw(at: point, withAttributes: firstAttributes)
    }

    public func draw(in rect: CGRect) {
        string.draw(in: rect, withAttributes: firstAttributes)
    }

    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?)
        -> CGRect
    {
        string.boundingRect(with: size, options: options, attributes: firstAttributes, context: context)
    }
}
