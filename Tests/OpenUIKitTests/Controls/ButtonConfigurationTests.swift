import Foundation
import OpenQuartzCoreRenderer
import OpenUIKit
import QuartzTestSupport
import Testing

/// iOS 15's button configurations: styles, insets, corners, updates.
@MainActor
@Suite("UIButton.Configuration: styles, insets, corners, update handlers", .serialized)
struct ButtonConfigurationTests {
    /// A button with `configuration`, sized to its content and laid out.
    private func sizedButton(_ configuration: UIButton.Configuration) -> UIButton {
        let button = UIButton(configuration: configuration)
        button.frame = CGRect(origin: .zero, size: button.intrinsicContentSize)
        button.layoutIfNeeded()
        return button
    }

    @Test func directionalEdgesHaveUIKitsRawValues() {
        #expect(NSDirectionalRectEdge.top.rawValue == 1 && NSDirectionalRectEdge.leading.rawValue == 2)
        #expect(NSDirectionalRectEdge.bottom.rawValue == 4 && NSDirectionalRectEdge.trailing.rawValue == 8)
        #expect(NSDirectionalRectEdge.all.rawValue == 15)
    }

    /// The title of a configuration is the normal state's title; a filled button is the tint
    /// behind a white title, with medium corners.
    @Test func aFilledButtonIsTheTintBehindAWhiteTitle() throws {
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Save"
        let button = UIButton(configuration: configuration)
        #expect(button.buttonType == .system)
        #expect(button.title(for: .normal) == "Save" && button.titleLabel?.text == "Save")
        #expect(button.configuration?.title == "Save")
        #expect(button.layer.backgroundColor == button.tintColor.cgColor)
        #expect(button.titleColor(for: .normal) == UIColor.white)
        #expect(button.titleLabel?.textColor == UIColor.white)
        #expect(button.layer.cornerRadius == 6)
        #expect(button.titleLabel?.font.pointSize == 17, "body, at the medium size")
        // A new tint colours the background again.
        button.tintColor = .systemRed
        #expect(button.layer.backgroundColor == UIColor.systemRed.cgColor)
    }

    @Test func eachStyleHasItsColours() {
        func button(_ configuration: UIButton.Configuration) -> UIButton {
            var configuration = configuration
            configuration.title = "Go"
            return UIButton(configuration: configuration)
        }
        let tint = UIColor.systemBlue
        let tinted = button(.tinted())
        #expect(tinted.layer.backgroundColor == tint.withAlphaComponent(0.15).cgColor)
        #expect(tinted.titleColor(for: .normal) == tint)
        let gray = button(.gray())
        #expect(gray.layer.backgroundColor == UIColor.systemGray5.cgColor && gray.titleColor(for: .normal) == tint)
        let plain = button(.plain())
        #expect(plain.layer.backgroundColor == nil && plain.titleColor(for: .normal) == tint)
        #expect(button(.borderedProminent()).layer.backgroundColor == tint.cgColor)
        var red = UIButton.Configuration.filled()
        red.baseBackgroundColor = .systemRed
        red.baseForegroundColor = .black
        let redButton = button(red)
        #expect(redButton.layer.backgroundColor == UIColor.systemRed.cgColor)
        #expect(redButton.titleColor(for: .normal) == UIColor.black)
        var outlined = UIButton.Configuration.plain()
        outlined.background.backgroundColor = .yellow
        outlined.background.strokeColor = .green
        outlined.background.strokeWidth = 2
        let outlinedButton = button(outlined)
        #expect(outlinedButton.layer.backgroundColor == UIColor.yellow.cgColor, "the background's colour wins")
        #expect(outlinedButton.layer.borderColor == UIColor.green.cgColor && outlinedButton.layer.borderWidth == 2)
    }

    @Test func theCornerStyleRoundsTheLayer() {
        let radii: [(UIButton.Configuration.CornerStyle, CGFloat)] = [
            (.small, 4), (.medium, 6), (.dynamic, 6), (.large, 10),
        ]
        for (style, radius) in radii {
            var configuration = UIButton.Configuration.filled()
            configuration.cornerStyle = style
            #expect(UIButton(configuration: configuration).layer.cornerRadius == radius, "\(style)")
        }
        var fixed = UIButton.Configuration.filled()
        fixed.cornerStyle = .fixed
        fixed.background.cornerRadius = 3
        #expect(UIButton(configuration: fixed).layer.cornerRadius == 3)
    }

    /// A capsule's radius is half the height, kept so as the button is laid out.
    @Test func aCapsuleIsRoundedByHalfItsHeight() {
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Follow"
        configuration.cornerStyle = .capsule
        let button = UIButton(configuration: configuration)
        button.frame = CGRect(x: 0, y: 0, width: 120, height: 44)
        button.layoutIfNeeded()
        #expect(button.layer.cornerRadius == 22)
        button.frame = CGRect(x: 0, y: 0, width: 120, height: 50)
        button.layoutIfNeeded()
        #expect(button.layer.cornerRadius == 25)
    }

    /// The content insets are the button's content edge insets: the title starts 12 points in
    /// at the medium size (leading is left).
    @Test func theContentInsetsPlaceTheTitle() throws {
        var configuration = UIButton.Configuration.plain()
        configuration.title = "Next"
        #expect(configuration.contentInsets == NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12))
        var button = sizedButton(configuration)
        #expect(button.contentEdgeInsets == UIEdgeInsets(top: 7, left: 12, bottom: 7, right: 12))
        var label = try #require(button.titleLabel)
        expectClose(label.frame.minX, 12, within: 0.5)
        expectClose(label.frame.minY, 7, within: 0.5)
        expectClose(button.bounds.width, label.frame.width + 24, within: 0.5)

        configuration.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 30, bottom: 4, trailing: 8)
        button = sizedButton(configuration)
        label = try #require(button.titleLabel)
        expectClose(label.frame.minX, 30, within: 0.5)
        expectClose(button.bounds.width, label.frame.width + 38, within: 0.5)

        configuration.setDefaultContentInsets()
        configuration.buttonSize = .large
        #expect(configuration.contentInsets.leading == 20)
        configuration.buttonSize = .small
        #expect(configuration.contentInsets == NSDirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10))
    }

    /// The image goes before the title with the padding between them, or after it, or above.
    @Test func theImageIsPlacedWithItsPadding() throws {
        var configuration = UIButton.Configuration.plain()
        configuration.title = "Add"
        configuration.image = UIImage(systemName: "plus")
        configuration.imagePadding = 8
        var button = sizedButton(configuration)
        var image = try #require(button.imageView).frame
        var title = try #require(button.titleLabel).frame
        expectClose(image.minX, 12, within: 0.5)
        expectClose(title.minX, image.maxX + 8, within: 0.5)
        expectClose(image.width, 17, within: 0.5, "a body-sized symbol")

        configuration.imagePlacement = .trailing
        button = sizedButton(configuration)
        image = try #require(button.imageView).frame
        title = try #require(button.titleLabel).frame
        expectClose(title.minX, 12, within: 0.5)
        expectClose(image.minX, title.maxX + 8, within: 0.5)

        configuration.imagePlacement = .top
        button = sizedButton(configuration)
        image = try #require(button.imageView).frame
        title = try #require(button.titleLabel).frame
        expectClose(image.minY, 7, within: 0.5)
        expectClose(title.minY, image.maxY + 8, within: 0.5)
        expectClose(button.bounds.height, image.height + 8 + title.height + 14, within: 0.5)
    }

    /// A filled button's symbol is white: the image view's tint is the foreground.
    @Test func aFilledButtonsSymbolIsWhite() throws {
        var configuration = UIButton.Configuration.filled()
        configuration.image = UIImage(systemName: "plus")
        let button = UIButton(configuration: configuration)
        let imageView = try #require(button.imageView)
        #expect(imageView.tintColor == UIColor.white)
        let shown = try #require(imageView.layer.contents as? CGImage)
        #expect(shown.pixel(x: shown.width / 2, y: shown.height / 2) == [255, 255, 255, 255])
    }

    /// A configuration's preferred symbol configuration, and a state's, size the symbol.
    @Test func preferredSymbolConfigurationsSizeTheSymbol() throws {
        var configuration = UIButton.Configuration.plain()
        configuration.image = UIImage(systemName: "star")
        configuration.preferredSymbolConfigurationForImage = UIImage.SymbolConfiguration(pointSize: 34)
        let configured = UIButton(configuration: configuration)
        try expectClose(#require(configured.imageView?.image).size.width, 34, within: 0.5)

        let button = UIButton(type: .system)
        button.setImage(UIImage(systemName: "star"), for: .normal)
        expectClose(button.intrinsicContentSize.width, 17, within: 0.5)
        let large = UIImage.SymbolConfiguration(scale: .large)
        button.setPreferredSymbolConfiguration(large, forImageIn: .normal)
        #expect(button.preferredSymbolConfigurationForImage(in: .highlighted) == large, "the normal state's")
        try expectClose(#require(button.imageView?.image).size.width, 21.93, within: 0.5)
        expectClose(button.intrinsicContentSize.width, 21.93, within: 0.5)
        try expectClose(#require(button.currentImage).size.width, 17, within: 0.5, "the image set is kept")
    }

    /// The update handler runs at the layout after `setNeedsUpdateConfiguration()` (setting it
    /// asks for one, and so does a change of state); requests before a layout are one update.
    @Test func theUpdateHandlerRunsAtTheNextLayout() {
        let button = UIButton(configuration: .plain())
        button.frame = CGRect(x: 0, y: 0, width: 120, height: 44)
        button.layoutIfNeeded()
        var updates = 0
        button.configurationUpdateHandler = { button in
            updates += 1
            var configuration = button.configuration
            configuration?.title = button.isHighlighted ? "Pressed" : "Idle"
            button.configuration = configuration
        }
        #expect(updates == 0, "not before the layout")
        button.layoutIfNeeded()
        #expect(updates == 1 && button.titleLabel?.text == "Idle")
        button.layoutIfNeeded()
        #expect(updates == 1, "once per request")
        button.setNeedsUpdateConfiguration()
        button.setNeedsUpdateConfiguration()
        button.layoutIfNeeded()
        #expect(updates == 2, "two requests, one update")
        button.isHighlighted = true
        button.layoutIfNeeded()
        #expect(updates == 3 && button.currentTitle == "Pressed")
        button.automaticallyUpdatesConfiguration = false
        button.isHighlighted = false
        button.layoutIfNeeded()
        #expect(updates == 3, "no update for a change of state")
    }

    /// A subclass's `updateConfiguration()` runs first, then the handler.
    @Test func aSubclassUpdatesItsConfiguration() {
        final class ToggleButton: UIButton {
            var calls: [String] = []
            override func updateConfiguration() {
                super.updateConfiguration()
                calls.append("update")
                var configuration = self.configuration
                configuration?.title = isSelected ? "On" : "Off"
                self.configuration = configuration
            }
        }
        let button = ToggleButton(configuration: .tinted())
        button.configurationUpdateHandler = { button in (button as? ToggleButton)?.calls.append("handler") }
        button.layoutIfNeeded()
        #expect(button.calls == ["update", "handler"] && button.currentTitle == "Off")
        button.isSelected = true
        button.layoutIfNeeded()
        #expect(button.currentTitle == "On")
    }

    /// The primary action's title stands in for a configuration without one, and runs on a tap.
    @Test func thePrimaryActionGivesTheTitle() {
        var runs = 0
        let button = UIButton(configuration: .filled(), primaryAction: UIAction(title: "Send") { _ in runs += 1 })
        #expect(button.currentTitle == "Send")
        button.sendActions(for: .primaryActionTriggered)
        #expect(runs == 1)
        var titled = UIButton.Configuration.filled()
        titled.title = "Mine"
        let action = UIAction(title: "Send") { _ in }
        #expect(UIButton(configuration: titled, primaryAction: action).currentTitle == "Mine")
    }

    /// The activity indicator stands where the image goes while asked for.
    @Test func theActivityIndicatorReplacesTheImage() throws {
        try withManualClock { _ in
            var configuration = UIButton.Configuration.filled()
            configuration.title = "Upload"
            configuration.image = UIImage(systemName: "arrow.up")
            configuration.showsActivityIndicator = true
            let button = UIButton(configuration: configuration)
            let spinner = try #require(button.subviews.compactMap { $0 as? UIActivityIndicatorView }.first)
            #expect(spinner.isAnimating && spinner.color == UIColor.white)
            #expect(button.imageView?.isHidden == true)
            button.frame = CGRect(origin: .zero, size: button.intrinsicContentSize)
            button.layoutIfNeeded()
            expectClose(spinner.frame.minX, 12, within: 0.5)
            configuration.showsActivityIndicator = false
            button.configuration = configuration
            #expect(spinner.superview == nil && !spinner.isAnimating)
            #expect(button.imageView?.isHidden == false)
        }
    }

    /// Titles and subtitles read back as set; configurations compare by value.
    @Test func configurationsAreValues() {
        var configuration = UIButton.Configuration.gray()
        configuration.subtitle = "Details"
        #expect(configuration.subtitle == "Details")
        #expect(configuration.attributedSubtitle.map { String($0.characters) } == "Details")
        configuration.attributedTitle = AttributedString("Title")
        #expect(configuration.title == "Title")
        #expect(UIButton.Configuration.filled() == UIButton.Configuration.filled())
        #expect(UIButton.Configuration.filled() != UIButton.Configuration.plain())
        #expect(configuration.cornerStyle == .dynamic && configuration.buttonSize == .medium)
        #expect(configuration.imagePlacement == .leading && configuration.imagePadding == 0)
    }
}
