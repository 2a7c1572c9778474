import OpenUIKit
import QuartzTestSupport
import Testing

@MainActor
@Suite("UIButton: titles and images per state, the system button's highlight", .serialized)
struct ButtonTests {
    @Test func titlesFallBackToTheNormalStateAndSizeTheButton() throws {
        let button = UIButton(type: .system)
        #expect(button.titleLabel?.text == nil && button.imageView == nil)
        button.setTitle("Save", for: .normal)
        button.setTitle("Saving", for: .disabled)
        #expect(button.currentTitle == "Save" && button.title(for: .highlighted) == "Save")
        #expect(button.titleLabel?.font.pointSize == 15)
        let label = try #require(button.titleLabel)
        #expect(button.intrinsicContentSize == label.intrinsicContentSize)
        button.contentEdgeInsets = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
        #expect(button.intrinsicContentSize.width == label.intrinsicContentSize.width + 32)
        button.isEnabled = false
        #expect(button.currentTitle == "Saving" && label.text == "Saving")
        #expect(abs((label.textColor.cgColor.alpha) - 0.35) < 1e-9, "dimmed: no disabled colour set")
        #expect(UIButton(type: .custom).titleColor(for: .normal) == .white)
        #expect(button.titleColor(for: .normal) == button.tintColor, "a system button's title is its tint")
    }

    /// A system button's title dims while pressed; lifting inside triggers its primary action.
    @Test func aSystemButtonDimsWhilePressedAndRunsItsPrimaryAction() throws {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.makeKeyAndVisible()
        var saved = 0
        let button = UIButton(primaryAction: UIAction(title: "Save") { _ in saved += 1 })
        button.frame = CGRect(x: 100, y: 100, width: 120, height: 44)
        window.addSubview(button)
        button.layoutIfNeeded()
        let label = try #require(button.titleLabel)
        #expect(label.text == "Save")
        #expect(abs(label.frame.midX - 60) < 1e-9 && abs(label.frame.midY - 22) < 1e-9, "centred")
        let finger = window.touchDown(at: CGPoint(x: 150, y: 120))
        #expect(button.isHighlighted && abs(label.alpha - 0.2) < 1e-6, "the layer keeps the opacity as a Float")
        window.liftTouch(finger)
        #expect(!button.isHighlighted && label.alpha == 1)
        #expect(saved == 1)
    }
}

/// Xcode's literals and `awakeFromNib`, which iOS files use around their animations.
@MainActor
@Suite("Literals and nib hooks")
struct LiteralTests {
    @Test func colourLiteralsAreSRGBColours() {
        let color: UIColor = #colorLiteral(red: 1, green: 0.5, blue: 0, alpha: 1)
        #expect(color == UIColor(red: 1, green: 0.5, blue: 0, alpha: 1))
    }

    @Test func awakeFromNibCanBeOverridden() {
        final class Card: UIView {
            var awoke = false
            override func awakeFromNib() {
                super.awakeFromNib()
                awoke = true
            }
        }
        let card = Card(frame: .zero)
        #expect(!card.awoke, "no nibs here: never called")
        card.awakeFromNib()
        #expect(card.awoke)
    }
}

@MainActor
@Suite("UIActivityIndicatorView: the spinning animation", .serialized)
struct ActivityIndicatorTests {
    /// Each bar fades from 1 to 0.3 over a second, an eighth of a second after the one before:
    /// the fade is on the bar the replicator copies.
    @Test func theSpinnerFadesItsBarsRoundOnceASecond() throws {
        try withManualClock { clock in
            let spinner = UIActivityIndicatorView(style: .large)
            #expect(spinner.bounds.size == CGSize(width: 37, height: 37) && spinner.isHidden)
            spinner.layoutIfNeeded()
            spinner.startAnimating()
            #expect(spinner.isAnimating && !spinner.isHidden)
            CATransaction.flush()
            let spokes = try #require(spinner.layer.sublayers?.first as? CAReplicatorLayer)
            #expect(spokes.instanceCount == 8 && spokes.instanceDelay == 0.125)
            let bar = try #require(spokes.sublayers?.first)
            let fade = try #require(bar.animation(forKey: "spinning") as? CABasicAnimation)
            #expect(fade.duration == 1 && fade.repeatCount == .infinity)
            clock.advance(by: 0.5)
            #expect(abs(Double(bar.presentation()?.opacity ?? 0) - 0.65) < 1e-6, "half way from 1 to 0.3")
            clock.advance(by: 1)
            #expect(abs(Double(bar.presentation()?.opacity ?? 0) - 0.65) < 1e-6, "once a second, again")
            spinner.stopAnimating()
            #expect(spinner.isHidden && bar.animation(forKey: "spinning") == nil)
            spinner.hidesWhenStopped = false
            #expect(!spinner.isHidden)
        }
    }

    /// A subclass lays its title and image out by overriding the content rectangles, as on iOS.
    @Test func aSubclassPlacesTheTitleThroughTitleRect() {
        final class StackedButton: UIButton {
            override func titleRect(forContentRect contentRect: CGRect) -> CGRect {
                CGRect(x: contentRect.minX, y: contentRect.maxY - 20, width: contentRect.width, height: 20)
            }
            override func contentRect(forBounds bounds: CGRect) -> CGRect { bounds.insetBy(dx: 10, dy: 5) }
        }
        let button = StackedButton(type: .custom)
        button.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
        button.setTitle("Send", for: .normal)
        button.layoutIfNeeded()
        #expect(button.titleLabel?.frame == CGRect(x: 10, y: 55, width: 100, height: 20))
        #expect(button.contentRect(forBounds: button.bounds) == CGRect(x: 10, y: 5, width: 100, height: 70))
    }
}
