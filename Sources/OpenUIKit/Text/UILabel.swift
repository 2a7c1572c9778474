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

/// A view that shows text: Apple's `UILabel`, drawn by the renderer's text (a `CATextLayer`
/// inside the label's layer), centred vertically in the bounds as UIKit centres it.
///
/// The label sizes itself to its text (``intrinsicContentSize``, rounded up to whole points as
/// UIKit rounds it): one line, or with ``numberOfLines`` other than 1, the lines the text
/// breaks into at ``preferredMaxLayoutWidth`` (else at the label's width). Attributed text is
/// shown as its characters in the label's font and colour. Fonts: see ``UIFont``.
@preconcurrency @MainActor
open class UILabel: UIView {
    private let textLayer = CATextLayer()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        layer.addSublayer(textLayer)
        updateTextLayer()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
        layer.addSublayer(textLayer)
        updateTextLayer()
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
    open var adjustsFontSizeToFitWidth = false
    open var minimumScaleFactor: CGFloat = 0

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
    /// the bounds) and gives it the label's text and settings, without animating.
    private func updateTextLayer() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let height = min(textSize(width: bounds.width).height, bounds.height)
        textLayer.frame = CGRect(
            x: 0, y: ((bounds.height - height) / 2).rounded(.down), width: bounds.width, height: height)
        textLayer.string = text
        textLayer.font = font.fontName
        textLayer.fontSize = font.pointSize
        textLayer.foregroundColor = (isEnabled ? textColor : textColor.withAlphaComponent(0.5)).cgColor
        textLayer.isWrapped = numberOfLines != 1
        textLayer.contentsScale = layer.contentsScale
        textLayer.truncationMode = lineBreakMode.truncationMode
        textLayer.alignmentMode = textAlignment.alignmentMode
    }
}
