import Foundation
import OpenUIKit
import QuartzTestSupport
import Testing

@MainActor
final class FieldLog: NSObject, UITextFieldDelegate {
    var entries: [String] = []
    var refuseDigits = false

    func textFieldDidBeginEditing(_ textField: UITextField) { entries.append("didBegin") }
    func textFieldDidEndEditing(_ textField: UITextField) { entries.append("didEnd") }
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        entries.append("shouldReturn")
        textField.resignFirstResponder()
        return true
    }
    func textField(
        _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool {
        entries.append("change \(range.location),\(range.length) \"\(string)\"")
        return !(refuseDigits && string.contains { $0.isNumber })
    }
}

@MainActor
@Suite("Text fields: editing, typing through UIKeyInput, the delegate, events", .serialized)
struct TextFieldTests {
    private func field() -> (UIWindow, UITextField) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 200))
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 300, height: 34))
        field.borderStyle = .roundedRect
        field.placeholder = "Email"
        window.addSubview(field)
        field.layoutIfNeeded()
        return (window, field)
    }

    private func label(in field: UITextField) -> UILabel? {
        field.subviews.compactMap { $0 as? UILabel }.first
    }

    /// A tap begins editing; typed text asks the delegate, changes the text and sends
    /// `.editingChanged`; the return key asks `textFieldShouldReturn`, which resigns.
    @Test func typingAsksTheDelegateAndSendsEvents() {
        let (window, field) = field()
        let log = FieldLog()
        field.delegate = log
        var events: [String] = []
        field.addAction(UIAction { _ in events.append("began") }, for: .editingDidBegin)
        field.addAction(UIAction { _ in events.append("changed \(field.text ?? "")") }, for: .editingChanged)
        field.addAction(UIAction { _ in events.append("ended") }, for: .editingDidEnd)
        #expect(label(in: field)?.text == "Email" && label(in: field)?.textColor == .placeholderText)
        window.liftTouch(window.touchDown(at: CGPoint(x: 100, y: 37)))
        #expect(field.isEditing && field.isFirstResponder)
        field.insertText("ab")
        field.insertText("c")
        field.deleteBackward()
        #expect(field.text == "ab" && field.hasText)
        #expect(label(in: field)?.text == "ab" && label(in: field)?.textColor == .label)
        field.insertText("\n")
        #expect(!field.isEditing)
        #expect(
            log.entries == [
                "didBegin", "change 0,0 \"ab\"", "change 2,0 \"c\"", "change 2,1 \"\"", "shouldReturn", "didEnd",
            ])
        #expect(events == ["began", "changed ab", "changed abc", "changed ab", "ended"])
        field.insertText("x")
        #expect(field.text == "ab", "nothing is typed into a field that is not editing")
    }

    @Test func theDelegateCanRefuseAChange() {
        let (window, field) = field()
        let log = FieldLog()
        log.refuseDigits = true
        field.delegate = log
        field.becomeFirstResponder()
        field.insertText("a1")
        field.insertText("b")
        #expect(field.text == "b")
        final class Count: @unchecked Sendable { var value = 0 }
        let posted = Count()
        let observer = NotificationCenter.default.addObserver(
            forName: UITextField.textDidChangeNotification, object: field, queue: nil
        ) { _ in posted.value += 1 }
        defer { NotificationCenter.default.removeObserver(observer) }
        field.insertText("c")
        #expect(posted.value == 1)
        #expect(window.endEditing(true) && !field.isEditing)
    }

    /// Secure entry draws bullets; the caret shows while editing at the end of the text, 7
    /// points in from a rounded rect's edge.
    @Test func secureTextAndTheCaret() throws {
        let (_, field) = field()
        field.isSecureTextEntry = true
        field.becomeFirstResponder()
        field.insertText("pass")
        field.layoutIfNeeded()
        #expect(label(in: field)?.text == "••••" && field.text == "pass")
        let caret = try #require(field.subviews.first { $0.frame.width == 2 && !$0.isHidden })
        let typedWidth = try #require(label(in: field)).sizeThatFits(CGSize(width: 1000, height: 100)).width
        #expect(abs(caret.frame.minX - (7 + typedWidth)) < 1e-9)
        #expect(field.intrinsicContentSize.height == 34, "a 17-point rounded field is 34 points tall")
        field.resignFirstResponder()
        #expect(caret.isHidden)
    }

    /// A subclass pads its text by overriding the rectangles, as iOS code does.
    @Test func overriddenRectanglesPlaceTheText() {
        final class Padded: UITextField {
            override func textRect(forBounds bounds: CGRect) -> CGRect { bounds.insetBy(dx: 12, dy: 0) }
        }
        let field = Padded(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        field.text = "Hi"
        field.layoutIfNeeded()
        #expect(label(in: field)?.frame.minX == 12 && label(in: field)?.frame.width == 176)
    }

    /// The field's picture at scale 1.
    private func picture(of view: UIView) -> CGImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(bounds: view.bounds, format: format).image { context in
            view.layer.render(in: context.cgContext)
        }.cgImage!
    }

    /// The columns (left, right) that have ink of any colour (the placeholder grey is 30 %
    /// opaque).
    private func inkColumns(_ image: CGImage) -> ClosedRange<Int>? {
        let columns = (0..<image.width).filter { x in
            (0..<image.height).contains { y in image.pixel(x: x, y: y)[3] > 20 }
        }
        guard let first = columns.first, let last = columns.last else { return nil }
        return first...last
    }

    /// The text and the placeholder are drawn through `drawText(in:)` and
    /// `drawPlaceholder(in:)`, called with the label's bounds (the size of the rectangle the
    /// field's rectangle methods give), which a subclass overrides — here to draw no
    /// placeholder, as TextFieldEffects' fields do, and to pad the text.
    @Test func theTextAndPlaceholderAreDrawnThroughOverridableMethods() throws {
        final class Custom: UITextField {
            var placeholderRects: [CGRect] = []
            var textRects: [CGRect] = []
            override func drawPlaceholder(in rect: CGRect) { placeholderRects.append(rect) }
            override func drawText(in rect: CGRect) {
                textRects.append(rect)
                super.drawText(in: rect)
            }
            override func textRect(forBounds bounds: CGRect) -> CGRect { bounds.insetBy(dx: 20, dy: 4) }
        }
        let plain = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        plain.placeholder = "Name"
        plain.layoutIfNeeded()
        let field = Custom(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        field.placeholder = "Name"
        field.layoutIfNeeded()
        CATransaction.flush()
        #expect(inkColumns(picture(of: plain)) != nil, "the plain field draws its placeholder")
        #expect(field.placeholderRects.last == CGRect(x: 0, y: 0, width: 160, height: 32))
        #expect(field.textRects.isEmpty)
        #expect(inkColumns(picture(of: field)) == nil, "the override draws no placeholder")

        field.text = "Ada"
        field.layoutIfNeeded()
        CATransaction.flush()
        #expect(field.textRects.last == CGRect(x: 0, y: 0, width: 160, height: 32))
        #expect(label(in: field)?.frame == CGRect(x: 20, y: 4, width: 160, height: 32))
        let columns = try #require(inkColumns(picture(of: field)))
        #expect(columns.lowerBound >= 20 && columns.upperBound < 180, "the text is in its rectangle: \(columns)")
        #expect(label(in: field)?.text == "Ada", "the label still holds what is shown")
    }

    @Test func theClearButtonAndBorderRectangles() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        #expect(field.clearButtonRect(forBounds: field.bounds) == CGRect(x: 176, y: 10.5, width: 19, height: 19))
        #expect(field.borderRect(forBounds: field.bounds) == field.bounds)
        #expect(!field.adjustsFontForContentSizeCategory)
    }
}
