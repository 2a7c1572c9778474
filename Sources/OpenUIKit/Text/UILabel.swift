import Foundation
import TextMeasurement

/// How text lines up in its box: Apple's `NSTextAlignment` (`natural` is left: text is taken
/// to run left to right).
public enum NSTextAlignment: Int, Sendable {
    case left = 0, center, right, justified, natural
}

/// How a line too long for its box ends: Apple's `NSLineBreakMode`.
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle

    /// Where a text layer cuts the line.
    var truncationMode: CATextLayerTruncationMode {
        switch self {
        case .byTruncatingHead: .start
        case .byTruncatingMiddle: .middle
        case .byTruncatingTail: .end
        default: .none
        }
    }
}

extension NSTextAlignment {
    /// A text layer's alignment (`natural` is left).
    var alignmentMode: CATextLayerAlignmentMode {
        switch self {
        case .left, .natural: .left
        case .center: .center
        case .right: .right
        case .justified: .justified
        }
    }
}

/// How a label places text it shrank to fit: UIKit's `UIBaselineAdjustment`, with its raw
/// values.
public enum UIBaselineAdjustment: Int, Sendable {
    /// The baseline stays where the full-size text's would be (UIKit's default).
    case alignBaselines = 0
    /// The middle of the line stays in the middle of the label.
    case alignCenters = 1
    /// The top of the line stays where the full-size text's top would be.
    case none = 2
}

/// A view that shows text: Apple's `UILabel`, drawn by the renderer's text (a `CATextLayer`
/// inside the label's layer), centred vertically in the bounds as UIKit centres it.
///
/// The label sizes itself to its text (``intrinsicContentSize``, rounded up to whole points as
/// UIKit rounds it): one line, or with ``numberOfLines`` other than 1, the lines the text
/// breaks into at ``preferredMaxLayoutWidth`` (else at the label's width). Attributed text is
/// shown as its characters in the label's font and colour. Fonts: see ``UIFont``.
///
/// With a ``shadowColor`` the text is drawn a second time under itself, in that colour, moved
/// by ``shadowOffset`` (a second text layer, below the first). While ``isHighlighted`` the
/// text is in ``highlightedTextColor`` when there is one. A one-line label with
/// ``adjustsFontSizeToFitWidth`` draws text wider than its bounds in a smaller font, down to
/// ``minimumScaleFactor`` of its size, placed as ``baselineAdjustment`` says; its intrinsic
/// size stays the full-size text's.
@preconcurrency @MainActor
open class UILabel: UIView, UIContentSizeCategoryAdjusting {
    private let textLayer = CATextLayer()
    /// The text again, in the shadow colour: made when a shadow colour is first set.
    private var shadowLayer: CATextLayer?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        layer.addSublayer(textLayer)
        updateTextLayer()
        drawsSubclassContent()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
        layer.addSublayer(textLayer)
        updateTextLayer()
        drawsSubclassContent()
    }

    /// The text shown; nil shows nothing.
    open var text: String? {
        didSet { textChanged() }
    }

    /// The text with attributes; shown as its characters in ``font`` and ``textColor``.
    open var attributedText: NSAttributedString? {
        get { text.map { NSAttributedString(string: $0) } }
        set { text = newValue?.string }
    }

    /// 17-point system font by default.
    open var font: UIFont! = .systemFont(ofSize: 17) {
        didSet {
            if font == nil { font = .systemFont(ofSize: 17) }
            textChanged()
        }
    }

    /// Black by default (UIKit's `label` colour in the light appearance).
    open var textColor: UIColor! = .black {
        didSet {
            if textColor == nil { textColor = .black }
            updateTextLayer()
        }
    }

    open var textAlignment = NSTextAlignment.natural {
        didSet { updateTextLayer() }
    }

    /// The most lines shown: 1 by default, 0 for as many as the text needs.
    open var numberOfLines = 1 {
        didSet {
            guard numberOfLines >= 0 else {
                fatalError("UILabel.numberOfLines must not be negative; got \(numberOfLines)")
            }
            textChanged()
        }
    }

    open var lineBreakMode = NSLineBreakMode.byTruncatingTail {
        didSet { updateTextLayer() }
    }

    /// The width a multi-line label's text breaks at for its intrinsic size (0: the label's
    /// width).
    open var preferredMaxLayoutWidth: CGFloat = 0 {
        didSet { invalidateIntrinsicContentSize() }
    }

    open var isEnabled = true {
        didSet { updateTextLayer() }
    }

    /// Whether a one-line label shrinks text wider than its bounds (off by default): the font
    /// is scaled down until the line fits, not below ``minimumScaleFactor`` of its size.
    open var adjustsFontSizeToFitWidth = false {
        didSet { updateTextLayer() }
    }
    /// The smallest scale ``adjustsFontSizeToFitWidth`` shrinks the font to; 0, the default,
    /// is the font's own size (the text is not shrunk), as UIKit documents it.
    open var minimumScaleFactor: CGFloat = 0 {
        didSet { updateTextLayer() }
    }
    /// Where shrunk text goes: its baseline where the full-size text's would be
    /// (`.alignBaselines`, the default), its middle in the middle (`.alignCenters`), or its
    /// top where the full-size text's top would be (`.none`).
    open var baselineAdjustment = UIBaselineAdjustment.alignBaselines {
        didSet { updateTextLayer() }
    }
    /// Whether the font follows the content size category (stored; nothing here changes the
    /// font with it).
    open var adjustsFontForContentSizeCategory = false

    /// The colour of the text's shadow: nil (the default) draws none.
    open var shadowColor: UIColor? {
        didSet { updateTextLayer() }
    }
    /// How far the shadow is moved from the text: (0, -1) by default, as UIKit's.
    open var shadowOffset = CGSize(width: 0, height: -1) {
        didSet { updateTextLayer() }
    }

    /// The text's colour while ``isHighlighted`` (nil, the default: ``textColor``).
    open var highlightedTextColor: UIColor? {
        didSet { updateTextLayer() }
    }
    /// Whether the text is drawn in ``highlightedTextColor`` (false by default).
    open var isHighlighted = false {
        didSet { updateTextLayer() }
    }

    /// Whether the text layers show the text; a text field's label hides them and draws its
    /// text through the field's `drawText(in:)` instead.
    var showsTextLayers = true {
        didSet { updateTextLayer() }
    }

    // MARK: Accessibility

    /// A label is an element, named by its text, static text (and not enabled while
    /// ``isEnabled`` is off), unless told otherwise.
    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityLabel: String? { text }
    override var defaultAccessibilityTraits: UIAccessibilityTraits {
        isEnabled ? UIAccessibilityTraits.staticText : [.staticText, .notEnabled]
    }

    // MARK: Size

    private func textSize(width: CGFloat?) -> CGSize {
        guard let text, !text.isEmpty else { return .zero }
        let size = TextMetrics.size(
            of: text, fontName: font.fontName, fontSize: font.pointSize, width: numberOfLines == 1 ? nil : width,
            maximumLines: numberOfLines)
        return CGSize(width: size.width.rounded(.up), height: size.height.rounded(.up))
    }

    open override var intrinsicContentSize: CGSize {
        let width: CGFloat? =
            preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : (bounds.width > 0 ? bounds.width : nil)
        return textSize(width: numberOfLines == 1 ? nil : width)
    }

    /// The text's size with its lines broken to `size.width`.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        textSize(width: size.width > 0 ? size.width : nil)
    }

    // MARK: The text layer

    private func textChanged() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        updateTextLayer()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        updateTextLayer()
    }

    /// Puts the text layer where the lines go (centred vertically, as tall as the lines or
    /// the bounds) and gives it the label's text and settings, and the shadow layer the same
    /// moved by the shadow's offset, without animating.
    private func updateTextLayer() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let drawnFont = fittedFont()
        let frame = textFrame(drawnIn: drawnFont)
        let normal: UIColor = textColor
        let shown = isHighlighted ? (highlightedTextColor ?? normal) : normal
        configure(textLayer, frame: frame, font: drawnFont, color: shown)
        textLayer.isHidden = !showsTextLayers || drawsThroughContent
        if drawsThroughContent { layer.setNeedsDisplay() }
        if let shadowColor, showsTextLayers, !drawsThroughContent {
            let shadow = shadowLayer ?? makeShadowLayer()
            configure(
                shadow, frame: frame.offsetBy(dx: shadowOffset.width, dy: shadowOffset.height), font: drawnFont,
                color: shadowColor)
            shadow.isHidden = false
        } else if let shadowLayer {
            shadowLayer.isHidden = true
            shadowLayer.string = nil
        }
    }

    /// Gives `target` the label's text and settings, in `font` and `color` (at half its alpha
    /// while the label is not enabled), at `frame`.
    private func configure(_ target: CATextLayer, frame: CGRect, font: UIFont, color: UIColor) {
        target.frame = frame
        target.string = text
        target.font = font.fontName
        target.fontSize = font.pointSize
        target.foregroundColor = (isEnabled ? color : color.withAlphaComponent(0.5)).cgColor
        target.isWrapped = numberOfLines != 1
        target.contentsScale = layer.contentsScale
        target.truncationMode = lineBreakMode.truncationMode
        target.alignmentMode = textAlignment.alignmentMode
    }

    // MARK: Drawing (overridable, as on iOS)

    /// A subclass may draw its text its own way (``drawText(in:)``, ``draw(_:)``): its
    /// content is drawn from the start, as UIKit draws every label's.
    private func drawsSubclassContent() {
        if type(of: self) != UILabel.self { layer.setNeedsDisplay() }
    }

    /// Whether the text is drawn into the label's own content rather than shown by its text
    /// layers: from the label's first display on (a ``setNeedsDisplay()``, or a subclass's
    /// first commit), as UIKit labels always draw.
    private var drawsThroughContent = false

    /// Draws the text in `rect` of the current context: centred vertically in it, as the text
    /// layers place it in the bounds, with the shadow under it when there is one. The label's
    /// ``draw(_:)`` calls it with the bounds; a subclass overrides it to draw the text its own
    /// way, or calls `super` with another rectangle (an inset one, for padding).
    open func drawText(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let text, !text.isEmpty, rect.width > 0, rect.height > 0
        else { return }
        let drawnFont = fittedFont()
        let frame = textFrame(drawnIn: drawnFont, in: rect)
        let normal: UIColor = textColor
        var pieces: [(CGRect, UIColor)] = []
        if let shadowColor {
            pieces.append((frame.offsetBy(dx: shadowOffset.width, dy: shadowOffset.height), shadowColor))
        }
        pieces.append((frame, isHighlighted ? (highlightedTextColor ?? normal) : normal))
        for (pieceFrame, color) in pieces {
            let piece = CATextLayer()
            configure(piece, frame: CGRect(origin: .zero, size: pieceFrame.size), font: drawnFont, color: color)
            context.saveGState()
            context.translateBy(x: pieceFrame.minX, y: pieceFrame.minY)
            piece.render(in: context)
            context.restoreGState()
        }
    }

    /// The rectangle the text takes in `bounds`, its lines limited to `numberOfLines` (0: as
    /// many as it needs): at the bounds' origin, as wide and tall as the text, not larger than
    /// the bounds.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        guard let text, !text.isEmpty else { return CGRect(origin: bounds.origin, size: .zero) }
        let size = TextMetrics.size(
            of: text, fontName: font.fontName, fontSize: font.pointSize, width: numberOfLines == 1 ? nil : bounds.width,
            maximumLines: numberOfLines)
        return CGRect(
            x: bounds.minX, y: bounds.minY, width: min(size.width.rounded(.up), bounds.width),
            height: min(size.height.rounded(.up), bounds.height))
    }

    /// Draws the text through ``drawText(in:)`` with the bounds.
    open override func draw(_ rect: CGRect) {
        drawText(in: bounds)
    }

    /// The label's content is drawn: from now on the content shows the text, and the text
    /// layers hide.
    open override func draw(_ layer: CALayer, in ctx: CGContext) {
        if !drawsThroughContent, showsTextLayers {
            drawsThroughContent = true
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            textLayer.isHidden = true
            shadowLayer?.isHidden = true
            CATransaction.commit()
        }
        super.draw(layer, in: ctx)
    }

    /// The shadow's text layer, made below the text's.
    private func makeShadowLayer() -> CATextLayer {
        let made = CATextLayer()
        layer.insertSublayer(made, below: textLayer)
        shadowLayer = made
        return made
    }

    /// The font the text is drawn in: ``font``, or, on a one-line label that
    /// ``adjustsFontSizeToFitWidth`` with a ``minimumScaleFactor``, whose text is wider than
    /// the bounds, the font scaled down until the line fits (not below the factor).
    private func fittedFont() -> UIFont {
        let font: UIFont = self.font
        guard adjustsFontSizeToFitWidth, numberOfLines == 1, minimumScaleFactor > 0, bounds.width > 0,
            let text, !text.isEmpty
        else { return font }
        let smallest = font.pointSize * min(minimumScaleFactor, 1)
        var size = font.pointSize
        // A line's width grows about in proportion to the size: a few proportional steps find
        // the size that fits, however the faces' hinting rounds.
        for _ in 0..<4 {
            let width = TextMetrics.size(of: text, fontName: font.fontName, fontSize: size).width
            guard width > bounds.width, size > smallest else { break }
            size = max(smallest, size * bounds.width / width)
        }
        return size < font.pointSize ? font.withSize(size) : font
    }

    /// Where the text goes in `area` (the bounds, from the origin, by default): centred
    /// vertically, as tall as the lines or the area. Text in a shrunk font is one line as tall
    /// as that font's, placed by ``baselineAdjustment`` from where the full-size line would be.
    private func textFrame(drawnIn drawnFont: UIFont, in area: CGRect? = nil) -> CGRect {
        let area = area ?? CGRect(origin: .zero, size: bounds.size)
        let height = min(textSize(width: area.width).height, area.height)
        let top = area.minY + ((area.height - height) / 2).rounded(.down)
        let font: UIFont = self.font
        guard drawnFont.pointSize < font.pointSize, let text else {
            return CGRect(x: area.minX, y: top, width: area.width, height: height)
        }
        let shrunk = TextMetrics.size(of: text, fontName: drawnFont.fontName, fontSize: drawnFont.pointSize)
        let shrunkHeight = min(shrunk.height.rounded(.up), area.height)
        let y: CGFloat =
            switch baselineAdjustment {
            case .alignBaselines: top + font.ascender - drawnFont.ascender
            case .alignCenters: area.minY + ((area.height - shrunkHeight) / 2).rounded(.down)
            case .none: top
            }
        return CGRect(x: area.minX, y: y, width: area.width, height: shrunkHeight)
    }
}
