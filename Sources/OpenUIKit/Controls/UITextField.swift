import Foundation

/// One line of editable text: UIKit's `UITextField`.
///
/// There is no keyboard here: text arrives through `UIKeyInput`'s ``insertText(_:)`` and
/// ``deleteBackward()``, which a test calls as iOS's keyboard would — each change asked of the
/// delegate (`textField(_:shouldChangeCharactersIn:replacementString:)`), then `.editingChanged`
/// sent and `textDidChangeNotification` posted; inserting `"\n"` is the return key
/// (`textFieldShouldReturn(_:)`, `.editingDidEndOnExit`). A tap, or `becomeFirstResponder()`,
/// begins editing (`.editingDidBegin`, the delegate told) and shows the caret, a 2-point bar in
/// the tint colour at the end of the text; `resignFirstResponder()` (or a view's
/// `endEditing(_:)`) ends it. The text is drawn in a label (UIKit's `UITextFieldLabel`)
/// placed at ``textRect(forBounds:)`` (``editingRect(forBounds:)`` while editing,
/// ``placeholderRect(forBounds:)`` while empty), through the field's ``drawText(in:)`` — or
/// ``drawPlaceholder(in:)``, in the placeholder grey — called with the label's bounds; secure
/// entry draws a bullet a character. The rectangle and drawing methods can be overridden, for
/// padding or a look of one's own, as on iOS.
@preconcurrency @MainActor
open class UITextField: UIControl, UIKeyInput, UIContentSizeCategoryAdjusting {
    /// The border drawn around the field.
    public enum BorderStyle: Int, Sendable {
        case none, line, bezel, roundedRect
    }

    /// When an overlay view (the clear button, `leftView`, `rightView`) shows.
    public enum ViewMode: Int, Sendable {
        case never, whileEditing, unlessEditing, always
    }

    /// How editing ended, for `textFieldDidEndEditing(_:reason:)`.
    public enum DidEndEditingReason: Int, Sendable {
        case committed, cancelled
    }

    private let label = UITextFieldLabel()
    private let caret = UIView()
    private var editing = false

    open weak var delegate: (any UITextFieldDelegate)?

    /// The text (never nil when read: an empty field's is "").
    open var text: String? {
        get { storedText }
        set {
            storedText = newValue ?? ""
            contentChanged()
        }
    }
    private var storedText = ""

    /// The text as an attributed string in the field's font and colour.
    open var attributedText: NSAttributedString? {
        get { NSAttributedString(string: storedText) }
        set { text = newValue?.string }
    }

    /// The grey text shown while the field is empty.
    open var placeholder: String? { didSet { contentChanged() } }
    open var attributedPlaceholder: NSAttributedString? {
        get { placeholder.map { NSAttributedString(string: $0) } }
        set { placeholder = newValue?.string }
    }
    open var font: UIFont? = .systemFont(ofSize: 17) { didSet { contentChanged() } }
    open var textColor: UIColor? = .label { didSet { contentChanged() } }
    open var textAlignment = NSTextAlignment.natural { didSet { contentChanged() } }
    open var borderStyle = BorderStyle.none { didSet { updateBorder() } }
    /// An image behind the text, stretched over the bounds (in place of the border).
    open var background: UIImage? { didSet { updateBorder() } }
    open var clearButtonMode = ViewMode.never
    open var leftView: UIView? {
        didSet { replaceOverlay(oldValue, leftView) }
    }
    open var leftViewMode = ViewMode.never { didSet { setNeedsLayout() } }
    open var rightView: UIView? {
        didSet { replaceOverlay(oldValue, rightView) }
    }
    open var rightViewMode = ViewMode.never { didSet { setNeedsLayout() } }
    /// Whether each character is drawn as a bullet.
    open var isSecureTextEntry = false { didSet { contentChanged() } }
    /// Whether beginning to edit empties the field.
    open var clearsOnBeginEditing = false
    /// Kept for code that sets it; the label shrinks its text to fit when on.
    open var adjustsFontSizeToFitWidth = false
    open var minimumFontSize: CGFloat = 0
    /// Whether the font follows the content size category (stored; nothing here changes the
    /// font with it).
    open var adjustsFontForContentSizeCategory = false

    // The keyboard's traits (`UITextInputTraits`), kept for code that sets them.
    open var keyboardType = UIKeyboardType.default
    open var returnKeyType = UIReturnKeyType.default
    open var autocapitalizationType = UITextAutocapitalizationType.sentences
    open var autocorrectionType = UITextAutocorrectionType.default
    open var spellCheckingType = UITextSpellCheckingType.default
    open var keyboardAppearance = UIKeyboardAppearance.default
    open var textContentType: UITextContentType?
    open var enablesReturnKeyAutomatically = false
    /// A view in place of the keyboard (kept).
    open var inputView: UIView?
    /// A view above the keyboard (kept).
    open var inputAccessoryView: UIView?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        label.field = self
        label.showsTextLayers = false
        label.isUserInteractionEnabled = false
        addSubview(label)
        caret.isUserInteractionEnabled = false
        caret.isHidden = true
        addSubview(caret)
        contentChanged()
    }

    // MARK: Editing

    /// Whether the field is being edited.
    open var isEditing: Bool { editing }

    open override var canBecomeFirstResponder: Bool { isEnabled }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !editing else { return true }
        guard delegate?.textFieldShouldBeginEditing(self) ?? true, super.becomeFirstResponder() else { return false }
        editing = true
        if clearsOnBeginEditing { storedText = "" }
        contentChanged()
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        endEditing(asking: true)
    }

    /// Ends editing, asking the delegate first unless forced (`endEditing(true)`).
    func endEditing(asking: Bool) -> Bool {
        guard editing else { return super.resignFirstResponder() }
        guard !asking || delegate?.textFieldShouldEndEditing(self) ?? true, super.resignFirstResponder() else {
            return false
        }
        editing = false
        contentChanged()
        delegate?.textFieldDidEndEditing(self, reason: .committed)
        sendActions(for: .editingDidEnd)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        if isTouchInside { becomeFirstResponder() }
    }

    // MARK: UIKeyInput

    open var hasText: Bool { !storedText.isEmpty }

    /// Types `text` at the end of the field, as the keyboard does; `"\n"` is the return key.
    open func insertText(_ text: String) {
        guard editing else { return }
        if text == "\n" {
            if delegate?.textFieldShouldReturn(self) ?? true { sendActions(for: .editingDidEndOnExit) }
            return
        }
        replace(NSRange(location: (storedText as NSString).length, length: 0), with: text)
    }

    /// Deletes the last character, as the keyboard's delete key does.
    open func deleteBackward() {
        guard editing, !storedText.isEmpty else { return }
        let whole = storedText as NSString
        let last = whole.rangeOfComposedCharacterSequence(at: whole.length - 1)
        replace(last, with: "")
    }

    /// A change the delegate may refuse; then `.editingChanged` and the notification.
    private func replace(_ range: NSRange, with replacement: String) {
        guard delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: replacement) ?? true
        else { return }
        storedText = (storedText as NSString).replacingCharacters(in: range, with: replacement)
        contentChanged()
        delegate?.textFieldDidChangeSelection(self)
        sendActions(for: .editingChanged)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }

    // MARK: Drawing

    /// The text as drawn: a bullet a character with secure entry.
    private var shownText: String {
        isSecureTextEntry ? String(repeating: "•", count: storedText.count) : storedText
    }

    private func contentChanged() {
        let showsPlaceholder = storedText.isEmpty
        label.text = showsPlaceholder ? placeholder : shownText
        label.font = font ?? .systemFont(ofSize: 17)
        label.textColor = showsPlaceholder ? .placeholderText : (textColor ?? .label)
        label.textAlignment = textAlignment
        label.showsPlaceholder = showsPlaceholder
        label.setNeedsDisplay()
        caret.isHidden = !editing
        caret.backgroundColor = tintColor
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private func updateBorder() {
        layer.borderWidth = 0
        layer.cornerRadius = 0
        if background != nil {
            layer.contents = background?.cgImage
            return
        }
        layer.contents = nil
        switch borderStyle {
        case .none:
            break
        case .line:
            layer.borderWidth = 1
            layer.borderColor = UIColor.black.cgColor
        case .bezel:
            layer.borderWidth = 1
            layer.borderColor = UIColor.systemGray.cgColor
        case .roundedRect:
            layer.borderWidth = 1 / max(UIScreen.main.scale, 1)
            layer.borderColor = UIColor.systemGray4.cgColor
            layer.cornerRadius = 5
            if backgroundColor == nil { backgroundColor = .systemBackground }
        }
        setNeedsLayout()
    }

    private func replaceOverlay(_ old: UIView?, _ new: UIView?) {
        old?.removeFromSuperview()
        if let new { addSubview(new) }
        setNeedsLayout()
    }

    private func shows(_ mode: ViewMode) -> Bool {
        switch mode {
        case .never: false
        case .always: true
        case .whileEditing: editing
        case .unlessEditing: !editing
        }
    }

    /// The inset of the text from the border: 7 points for a rounded rect (UIKit's), 2 for
    /// the line and bezel styles.
    private var textInset: CGFloat {
        switch borderStyle {
        case .none: 0
        case .line, .bezel: 2
        case .roundedRect: 7
        }
    }

    // MARK: Drawing the text (overridable, as on iOS)

    /// Draws the text (a bullet a character with secure entry) in `rect`: in the field's font,
    /// colour and alignment, on one line centred vertically, cut with an ellipsis where too
    /// long. The field's label calls it with its bounds — the size of ``textRect(forBounds:)``,
    /// or ``editingRect(forBounds:)`` while editing — while it draws, the label's context the
    /// current one (`UIGraphicsGetCurrentContext()`). A subclass overrides it to draw the text
    /// its own way, or calls `super` with another rectangle.
    open func drawText(in rect: CGRect) {
        drawLine(shownText, in: rect, color: textColor ?? .label)
    }

    /// Draws the placeholder in `rect` as ``drawText(in:)`` draws the text, in the placeholder
    /// grey; called instead of it while the field is empty and has a placeholder, with the
    /// label's bounds (the size of ``placeholderRect(forBounds:)``). A subclass that shows its
    /// own placeholder overrides it to draw nothing.
    open func drawPlaceholder(in rect: CGRect) {
        drawLine(placeholder ?? "", in: rect, color: .placeholderText)
    }

    /// Draws `string` on one line centred vertically in `rect` of the current context.
    private func drawLine(_ string: String, in rect: CGRect, color: UIColor) {
        guard let context = UIGraphicsGetCurrentContext(), !string.isEmpty, rect.width > 0, rect.height > 0
        else { return }
        let font = self.font ?? .systemFont(ofSize: 17)
        let height = min(font.lineHeight.rounded(.up), rect.height)
        let line = CATextLayer()
        line.frame = CGRect(x: 0, y: 0, width: rect.width, height: height)
        line.string = string
        line.font = font.fontName
        line.fontSize = font.pointSize
        line.foregroundColor = color.cgColor
        line.isWrapped = false
        line.truncationMode = .end
        line.alignmentMode = textAlignment.alignmentMode
        context.saveGState()
        context.translateBy(x: rect.minX, y: rect.minY + (rect.height - height) / 2)
        line.render(in: context)
        context.restoreGState()
    }

    // MARK: Rectangles (overridable, as on iOS)

    /// The rectangle the border is drawn in: the bounds (the border is the layer's).
    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// Where the clear button goes: a 19-point square centred vertically, 5 points in from the
    /// right edge (UIKit's button's size). No clear button is drawn here, so nothing places
    /// one there, and the text's rectangle does not make room for it.
    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.maxX - 24, y: bounds.midY - 9.5, width: 19, height: 19)
    }

    open func textRect(forBounds bounds: CGRect) -> CGRect {
        var rect = bounds.insetBy(dx: textInset, dy: 0)
        if leftView != nil, shows(leftViewMode) {
            let side = leftViewRect(forBounds: bounds)
            rect.size.width -= side.maxX - rect.minX
            rect.origin.x = side.maxX
        }
        if rightView != nil, shows(rightViewMode) {
            rect.size.width = max(0, rightViewRect(forBounds: bounds).minX - rect.minX)
        }
        return rect
    }

    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    open func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        let size = leftView?.frame.size ?? .zero
        return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    open func rightViewRect(forBounds bounds: CGRect) -> CGRect {
        let size = rightView?.frame.size ?? .zero
        return CGRect(
            x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        leftView?.isHidden = !shows(leftViewMode)
        rightView?.isHidden = !shows(rightViewMode)
        if let leftView { leftView.frame = leftViewRect(forBounds: bounds) }
        if let rightView { rightView.frame = rightViewRect(forBounds: bounds) }
        let area =
            storedText.isEmpty
            ? placeholderRect(forBounds: bounds)
            : editing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
        // The label covers the whole rectangle; drawText(in:) centres the line in it.
        label.frame = area
        label.setNeedsDisplay()
        let typed =
            storedText.isEmpty
            ? 0
            : min(
                label.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: area.height)).width,
                area.width)
        let lineHeight = (font ?? .systemFont(ofSize: 17)).lineHeight
        caret.frame = CGRect(x: area.minX + typed, y: area.midY - lineHeight / 2, width: 2, height: lineHeight)
    }

    /// As tall as a line of the font and the border's insets (a 17-point rounded field is 34
    /// points tall, as on iOS); as wide as the text.
    open override var intrinsicContentSize: CGSize {
        let font = self.font ?? .systemFont(ofSize: 17)
        let width = label.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: font.lineHeight)).width
        let vertical: CGFloat = borderStyle == .roundedRect ? 7 : (borderStyle == .none ? 0 : 2)
        return CGSize(width: width + 2 * textInset, height: ceil(font.lineHeight) + 2 * vertical)
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        caret.backgroundColor = tintColor
    }

    // MARK: Notification names

    public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")
    public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")
}

/// The label a text field's text is drawn in: UIKit's `UITextFieldLabel`, whose text layers
/// are hidden; it draws through its field's `drawText(in:)` or `drawPlaceholder(in:)`, with
/// its bounds, so that a subclass of the field decides what is drawn. Its `text` and
/// `textColor` are what the field shows (they size the field and place the caret).
final class UITextFieldLabel: UILabel {
    weak var field: UITextField?
    /// Whether the field is empty: the placeholder, if any, is drawn.
    var showsPlaceholder = false

    override func draw(_ rect: CGRect) {
        guard let field else { return }
        if !showsPlaceholder {
            field.drawText(in: bounds)
        } else if let placeholder = field.placeholder, !placeholder.isEmpty {
            field.drawPlaceholder(in: bounds)
        }
    }
}

/// What a text field asks and tells: UIKit's `UITextFieldDelegate`, every method optional.
@preconcurrency @MainActor
public protocol UITextFieldDelegate: AnyObject {
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    func textFieldDidBeginEditing(_ textField: UITextField)
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    func textFieldDidEndEditing(_ textField: UITextField)
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason)
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String)
        -> Bool
    func textFieldDidChangeSelection(_ textField: UITextField)
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    /// Calls ``textFieldDidEndEditing(_:)``, as UIKit does when only that one is implemented.
    public func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
        textFieldDidEndEditing(textField)
    }
    public func textField(
        _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool { true }
    public func textFieldDidChangeSelection(_ textField: UITextField) {}
    public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}

/// Typing into a responder: UIKit's `UIKeyInput`.
@preconcurrency @MainActor
public protocol UIKeyInput: AnyObject {
    var hasText: Bool { get }
    func insertText(_ text: String)
    func deleteBackward()
}

// The keyboard's traits, kept by the fields that have them.
public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress
    case decimalPad, twitter, webSearch, asciiCapableNumberPad
}

public enum UIReturnKeyType: Int, Sendable {
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

public enum UITextAutocapitalizationType: Int, Sendable {
    case none, words, sentences, allCharacters
}

public enum UITextAutocorrectionType: Int, Sendable {
    case `default`, no, yes
}

public enum UITextSpellCheckingType: Int, Sendable {
    case `default`, no, yes
}

public enum UIKeyboardAppearance: Int, Sendable {
    case `default`, dark, light
}

/// What a field's content is (`.emailAddress`, `.password`, …): UIKit's `UITextContentType`.
public struct UITextContentType: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let name = UITextContentType(rawValue: "name")
    public static let username = UITextContentType(rawValue: "username")
    public static let password = UITextContentType(rawValue: "password")
    public static let newPassword = UITextContentType(rawValue: "new-password")
    public static let oneTimeCode = UITextContentType(rawValue: "one-time-code")
    public static let emailAddress = UITextContentType(rawValue: "email")
    public static let telephoneNumber = UITextContentType(rawValue: "tel")
    public static let URL = UITextContentType(rawValue: "url")
}

extension UIView {
    /// Ends the editing of the first responder in this view's hierarchy (the field resigns);
    /// `force` makes it resign even when its delegate says no, as UIKit does. Answers whether
    /// a field resigned.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        guard let field = firstEditingField(in: self) else { return false }
        return field.endEditing(asking: !force)
    }

    private func firstEditingField(in view: UIView) -> UITextField? {
        if let field = view as? UITextField, field.isEditing { return field }
        for subview in view.subviews {
            if let found = firstEditingField(in: subview) { return found }
        }
        return nil
    }
}
