import Foundation

/// Haptic feedback: Apple's `UIFeedbackGenerator`. There is no Taptic Engine here; each
/// generator records what it was asked to do, in order, in ``occurrences``, so that a test can
/// check that a control or an animation asked for the feedback it should.
@preconcurrency @MainActor
open class UIFeedbackGenerator: NSObject {
    /// What a generator was asked for.
    public enum Occurrence: Hashable, Sendable {
        /// `prepare()`.
        case prepared
        /// An impact of `style` at `intensity` (0…1).
        case impact(UIImpactFeedbackGenerator.FeedbackStyle, intensity: CGFloat)
        /// A notification's feedback.
        case notification(UINotificationFeedbackGenerator.FeedbackType)
        /// A selection's change.
        case selectionChanged
    }

    /// Everything the generator was asked for, first first.
    public private(set) var occurrences: [Occurrence] = []

    /// Readies the engine for feedback soon after (recorded).
    open func prepare() { occurrences.append(.prepared) }

    func record(_ occurrence: Occurrence) { occurrences.append(occurrence) }
}

/// Feedback for an impact: Apple's `UIImpactFeedbackGenerator`.
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    /// How heavy the impact feels: Apple's `UIImpactFeedbackGenerator.FeedbackStyle`.
    public enum FeedbackStyle: Int, Sendable {
        case light, medium, heavy, soft, rigid
    }

    /// The generator's style.
    public let style: FeedbackStyle

    /// A generator of `style` impacts (`.medium` by default).
    public init(style: FeedbackStyle = .medium) {
        self.style = style
        super.init()
    }

    /// An impact at full intensity.
    open func impactOccurred() { impactOccurred(intensity: 1) }

    /// An impact at `intensity`, clamped to 0…1 as UIKit does.
    open func impactOccurred(intensity: CGFloat) {
        record(.impact(style, intensity: min(max(intensity.isNaN ? 0 : intensity, 0), 1)))
    }
}

/// Feedback for a task's outcome: Apple's `UINotificationFeedbackGenerator`.
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    /// A notification's outcome: Apple's `UINotificationFeedbackGenerator.FeedbackType`.
    public enum FeedbackType: Int, Sendable {
        case success, warning, error
    }

    /// Feedback for a notification of `notificationType`.
    open func notificationOccurred(_ notificationType: FeedbackType) { record(.notification(notificationType)) }
}

/// Feedback for a changed selection: Apple's `UISelectionFeedbackGenerator`.
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    /// The selection changed.
    open func selectionChanged() { record(.selectionChanged) }
}
