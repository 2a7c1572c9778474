import Foundation

/// What bar button items and tab bar items share: UIKit's abstract `UIBarItem`, the superclass
/// of ``UIBarButtonItem`` and ``UITabBarItem`` — a title, an image, whether the item is enabled,
/// a tag, the title's text attributes per control state and an accessibility label.
///
/// A change of ``title``, ``image``, ``isEnabled`` or the text attributes redraws the bar
/// showing the item, as before the class existed. The text attributes' `.font` and
/// `.foregroundColor` are drawn — a navigation bar's and a toolbar's buttons take the `.normal`
/// font and each state's colour, a tab bar's titles those of `.normal` (of `.selected`, when
/// set, for the selected tab) — and the other keys are kept.
/// ``landscapeImagePhone``, ``largeContentSizeImage`` and the insets are kept: the screen here
/// is a portrait iPhone and there is no large content viewer.
@preconcurrency @MainActor
open class UIBarItem: NSObject {
    open var title: String? { didSet { changed() } }
    open var image: UIImage? { didSet { changed() } }
    /// The image for landscape iPhones (kept; nothing here is landscape).
    open var landscapeImagePhone: UIImage?
    /// The image the large content viewer shows (kept; there is no such viewer).
    open var largeContentSizeImage: UIImage?
    /// Insets of the image (kept; the image is drawn centred).
    open var imageInsets = UIEdgeInsets.zero
    /// Insets of the landscape image (kept).
    open var landscapeImagePhoneInsets = UIEdgeInsets.zero
    /// Insets of the large content image (kept).
    open var largeContentSizeImageInsets = UIEdgeInsets.zero
    open var isEnabled = true { didSet { changed() } }
    open var tag = 0

    /// What VoiceOver would read for the item; given to the button a navigation bar or a
    /// toolbar makes for a bar button item (whose own default, its title, stands when this is
    /// nil). Tab bar buttons keep their own.
    open var accessibilityLabel: String? { didSet { changed() } }
    /// What activating the item does, read after a pause; given to a bar button item's button.
    open var accessibilityHint: String? { didSet { changed() } }
    /// A name for UI tests to find the item's button by; given to a bar button item's button.
    open var accessibilityIdentifier: String? { didSet { changed() } }

    /// The title's attributes per control state, by the state's raw value.
    private var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]

    public override init() {
        super.init()
    }

    /// Sets the attributes of the title (`.font`, `.foregroundColor`, …) for `state`.
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        titleAttributes[state.rawValue] = attributes
        changed()
    }

    /// The attributes set for `state` (nil when none were).
    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        titleAttributes[state.rawValue]
    }

    /// The states that have title attributes, for the bars that draw them.
    var statesWithTitleAttributes: [UIControl.State] {
        titleAttributes.keys.sorted().map { UIControl.State(rawValue: $0) }
    }

    /// Tells the bar showing the item that it changed; the subclasses override it.
    func changed() {}
}
