import Foundation
import OpenCoreGraphics

/// A text layer's content: the text documents it shows, each from its keyframe's frame on.
///
/// A text document never blends into the next: its keyframes are holds (the text, its size
/// and its colours change at once), as After Effects and the Lottie players show them.
struct TextModel: Sendable {
    var documents: KeyframeGroup<TextDocument>
    /// The text animators (`a`), which the complete engine draws on text drawn from glyphs.
    var animators: [TextAnimator] = []
    /// Where each character's anchor sits from its centre (`m.a`), percent of its width and
    /// of 1.2 × 0.714 em (lottie-web's units), first values.
    var anchorAlignment = CGPoint.zero

    /// When document `index` shows, as `hidden` holds (1 hidden, 0 shown): from its frame to
    /// the next document's; the first also before its frame, the last also after it.
    func visibility(ofDocument index: Int) -> KeyframeGroup<Double> {
        let keyframes = documents.keyframes
        var visibility: [Keyframe<Double>] = []
        if index > 0 { visibility.append(Keyframe(time: keyframes[index - 1].time, value: 1, isHold: true)) }
        visibility.append(Keyframe(time: keyframes[index].time, value: 0, isHold: true))
        if index + 1 < keyframes.count {
            visibility.append(Keyframe(time: keyframes[index + 1].time, value: 1, isHold: true))
        }
        return KeyframeGroup(keyframes: visibility)
    }
}

/// One text document (`t.d.k[i].s`): the characters, their font and size, their colours, and
/// how the lines are laid out.
struct TextDocument: Interpolatable {
    enum Justification: Sendable {
        case left, right, center
    }

    /// The characters, capitals already applied (`ca`); lines end at `\r`, `\n` or `\u{3}`.
    var text: String
    /// The font's name (`f`): a `fonts.list` entry's `fName`.
    var fontName: String
    /// Points (`s`); the glyphs in `chars` are drawn at 100.
    var size: Double
    /// `fc`, nil for text that is not filled.
    var fillColor: LottieVector?
    /// `sc`, nil for text that is not stroked.
    var strokeColor: LottieVector?
    /// `sw`, in points.
    var strokeWidth: Double
    /// `of`: whether the stroke is drawn over the fill rather than under it.
    var strokeOverFill: Bool
    var justification: Justification
    /// `tr`, in thousandths of an em.
    var tracking: Double
    /// `lh`: points from one baseline to the next.
    var lineHeight: Double
    /// `ls`: points the baselines are raised by.
    var baselineShift: Double
    /// Paragraph text's box (`ps`, `sz`): its top left corner and its size; nil for point text.
    var box: CGRect?
    /// Where the document is in the file, for warnings.
    var path: String

    /// The points between one character's start and the next one's besides the character's
    /// own width: `tracking` thousandths of an em.
    var trackingOffset: Double { tracking * size / 1000 }

    /// Text documents do not blend: the earlier one holds until the later one's frame.
    func interpolated(to other: TextDocument, amount: Double) -> TextDocument {
        amount < 1 ? self : other
    }

    /// Whether `character` ends a line: After Effects writes `\r`, other tools `\n`, `\r\n` or
    /// the end-of-text control character.
    static func endsLine(_ character: Character) -> Bool {
        character == "\r" || character == "\n" || character == "\r\n" || character == "\u{3}"
    }

    /// The text's lines, without the characters that end them.
    var lines: [[Character]] {
        var lines: [[Character]] = [[]]
        for character in text {
            if Self.endsLine(character) {
                lines.append([])
            } else {
                lines[lines.count - 1].append(character)
            }
        }
        return lines
    }
}

/// A text animator (`t.a[i]`): the properties it changes (`a`) and the range selector that
/// says how much of them each character takes (`s`), as After Effects and lottie-web apply
/// them.
struct TextAnimator: Sendable {
    struct Selector: Sendable {
        enum Shape: Int {
            case square = 1, rampUp, rampDown, triangle, round, smooth
        }
        /// What a unit of the range is (`b`): 1 characters, 2 characters without spaces, 3
        /// words, 4 lines.
        var basedOn: Int
        var shape: Shape
        /// Whether start, end and offset count units (`r` 2) rather than percent of them.
        var countsIndices: Bool
        var start: KeyframeGroup<Double>
        var end: KeyframeGroup<Double>
        var offset: KeyframeGroup<Double>
        /// Percent.
        var amount: KeyframeGroup<Double>
        /// Percent (`xe`, `ne`): the selector's easing.
        var easeHigh: KeyframeGroup<Double>
        var easeLow: KeyframeGroup<Double>
        /// Percent (`sm`).
        var smoothness: KeyframeGroup<Double>
    }

    var selector: Selector
    var position: KeyframeGroup<LottieVector>?
    var anchor: KeyframeGroup<LottieVector>?
    /// Percent.
    var scale: KeyframeGroup<LottieVector>?
    /// Degrees.
    var rotation: KeyframeGroup<Double>?
    var skew: KeyframeGroup<Double>?
    var skewAxis: KeyframeGroup<Double>?
    /// Percent.
    var opacity: KeyframeGroup<Double>?
    var fillColor: KeyframeGroup<LottieVector>?
    var strokeColor: KeyframeGroup<LottieVector>?
    var strokeWidth: KeyframeGroup<Double>?
    /// Points added after each character it selects (lottie-web's units).
    var tracking: KeyframeGroup<Double>?
}
