import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// Text animators on text drawn from glyphs, as lottie-web's `TextAnimatorProperty` applies
/// them (the complete engine): each character takes from every animator the share its range
/// selector gives it — by the character's unit (character, character without spaces, word or
/// line), the selector's start, end and offset (percent of the units, or unit counts), its
/// shape, easing, smoothness and amount — of the animator's anchor, scale, skew, rotation,
/// opacity, colours, stroke width and position (in that order, about the character's centre
/// moved by the anchor alignment) and of its tracking, which moves the characters after it.
/// Each letter's layers work their state out at the frame drawn (``FrameLetterLayer``).
struct TextAnimation: Sendable {
    let animators: [TextAnimator]
    let document: TextDocument
    let alignment: CGPoint

    /// A character of the text, line by line.
    struct Letter: Sendable {
        var line: Int
        var advance: Double
        /// Whether it starts its line.
        var startsLine: Bool
        /// Its unit's index, for each animator.
        var units: [Int]
    }

    let letters: [Letter]
    /// How many units each animator's selector counts.
    let unitCounts: [Int]

    /// The characters of `lines` (as ``GlyphLayout`` placed them), numbered as lottie-web
    /// numbers them: the line breaks between lines are characters of no unit when counting
    /// characters, and end a word or a line.
    init(animators: [TextAnimator], document: TextDocument, alignment: CGPoint, lines: [GlyphLayout.Line]) {
        self.animators = animators
        self.document = document
        self.alignment = alignment
        // Every character with a line break between lines, as lottie-web's letters are.
        var entries: [(character: Character?, line: Int, advance: Double, startsLine: Bool)] = []
        for (index, line) in lines.enumerated() {
            if index > 0 { entries.append((nil, index, 0, false)) }
            for (position, placed) in line.characters.enumerated() {
                entries.append((placed.character, index, placed.advance, position == 0))
            }
        }
        var units = [[Int]](repeating: [], count: entries.count)
        var counts: [Int] = []
        for animator in animators {
            var unit = 0
            for (index, entry) in entries.enumerated() {
                units[index].append(unit)
                let isBreak = entry.character == nil
                let isLast = index == entries.count - 1
                let counts =
                    switch animator.selector.basedOn {
                    case 2: !isBreak && entry.character != " "
                    case 3: isBreak || entry.character == " " || isLast
                    case 4: isBreak || isLast
                    default: !isBreak
                    }
                if counts { unit += 1 }
            }
            counts.append(unit)
        }
        unitCounts = counts
        letters = entries.indices.compactMap { index in
            let entry = entries[index]
            guard entry.character != nil else { return nil }
            return Letter(line: entry.line, advance: entry.advance, startsLine: entry.startsLine, units: units[index])
        }
    }

    /// How many values each animator contributes to ``values(atFrame:)``.
    private static let valuesPerAnimator = 18

    /// Every animator's values at `frame`, in the order ``state(ofLetter:values:trackingOffset:)``
    /// reads them: 0 for a number and no components for a vector the animator does not have.
    func values(atFrame frame: Double) -> [Any] {
        var values: [Any] = []
        values.reserveCapacity(animators.count * Self.valuesPerAnimator)
        func number(_ group: KeyframeGroup<Double>?) { values.append(group?.value(at: frame) ?? 0.0) }
        func vector(_ group: KeyframeGroup<LottieVector>?) {
            values.append(group?.value(at: frame) ?? LottieVector([]))
        }
        for animator in animators {
            let selector = animator.selector
            number(selector.start)
            number(selector.end)
            number(selector.offset)
            number(selector.amount)
            number(selector.easeHigh)
            number(selector.easeLow)
            number(selector.smoothness)
            vector(animator.position)
            vector(animator.anchor)
            vector(animator.scale)
            number(animator.rotation)
            number(animator.skew)
            number(animator.skewAxis)
            number(animator.opacity)
            vector(animator.fillColor)
            vector(animator.strokeColor)
            number(animator.strokeWidth)
            number(animator.tracking)
        }
        return values
    }

    /// The share of animator `index`'s properties the letter at `unit` takes, from the
    /// selector's values at one frame (lottie-web's `TextSelectorProperty.getMult`).
    func share(ofAnimator index: Int, unit: Int, values: ArraySlice<Any>) -> Double {
        let selector = animators[index].selector
        let total = unitCounts[index]
        guard total > 0 else { return 0 }
        let first = values.startIndex
        func number(_ offset: Int) -> Double { values[first + offset] as? Double ?? 0 }
        let divisor = selector.countsIndices ? 1 : 100 / Double(total)
        let offset = number(2) / divisor
        var s = number(0) / divisor + offset
        var e = number(1) / divisor + offset
        if s > e { swap(&s, &e) }
        let (easeHigh, easeLow) = (number(4), number(5))
        let easing = UnitBezier(
            x1: easeLow > 0 ? easeLow / 100 : 0, y1: easeLow > 0 ? 0 : -easeLow / 100,
            x2: easeHigh > 0 ? 1 - easeHigh / 100 : 1, y2: easeHigh > 0 ? 1 : 1 + easeHigh / 100)
        let index = Double(unit)
        var share: Double
        switch selector.shape {
        case .rampUp:
            share = e == s ? (index >= e ? 1 : 0) : max(0, min(0.5 / (e - s) + (index - s) / (e - s), 1))
        case .rampDown:
            share = e == s ? (index >= e ? 0 : 1) : 1 - max(0, min(0.5 / (e - s) + (index - s) / (e - s), 1))
        case .triangle:
            if e == s {
                share = 0
            } else {
                share = max(0, min(0.5 / (e - s) + (index - s) / (e - s), 1))
                share = share < 0.5 ? share * 2 : 1 - 2 * (share - 0.5)
            }
        case .round:
            if e == s {
                share = 0
            } else {
                let along = min(max(0, index + 0.5 - s), e - s)
                let half = (e - s) / 2
                let x = along - half
                share = (max(0, 1 - x * x / (half * half))).squareRoot()
            }
        case .smooth:
            share = e == s ? 0 : (1 + cos(.pi + 2 * .pi * min(max(0, index + 0.5 - s), e - s) / (e - s))) / 2
        case .square:
            share = 0
            if index >= s.rounded(.down) {
                share = max(0, min(index - s < 0 ? min(e, 1) - (s - index) : e - index, 1))
            }
        }
        share = easing.sampleY(easing.parameter(forX: share))
        let smoothness = number(6)
        if smoothness != 100 {
            let width = max(smoothness / 100, 1e-8)
            let low = 0.5 - 0.5 * width
            share = share < low ? 0 : min((share - low) / width, 1)
        }
        return share * number(3) / 100
    }

    /// A letter's drawing at one frame: its transform (in points, applied after the glyph's
    /// scale, about its start on the baseline), opacity, fill and stroke colours and stroke
    /// width, as 24 numbers to be sampled and interpolated.
    func state(ofLetter letterIndex: Int, values: [Any], trackingOffset: Double) -> LottieVector {
        let letter = letters[letterIndex]
        let count = animators.count
        func slice(_ animator: Int) -> ArraySlice<Any> {
            values[(animator * Self.valuesPerAnimator)..<((animator + 1) * Self.valuesPerAnimator)]
        }
        func value(_ animator: Int, _ offset: Int) -> Any { values[animator * Self.valuesPerAnimator + offset] }
        func vector(_ animator: Int, _ offset: Int) -> LottieVector? {
            let vector = value(animator, offset) as? LottieVector
            return vector?.components.isEmpty == false ? vector : nil
        }
        let shares = (0..<count).map { share(ofAnimator: $0, unit: letter.units[$0], values: slice($0)) }

        let center = letter.advance / 2 + alignment.x * letter.advance * 0.005
        let lift = alignment.y * 1.2 * document.size * 0.714 * 0.01
        var matrix = CATransform3DMakeTranslation(-center, -lift, 0)
        func then(_ next: CATransform3D) { matrix = CATransform3DConcat(matrix, next) }
        for index in 0..<count {
            guard let anchor = vector(index, 8) else { continue }
            then(CATransform3DMakeTranslation(-anchor.x * shares[index], -anchor.y * shares[index], 0))
        }
        for index in 0..<count {
            guard let scale = vector(index, 9) else { continue }
            let m = shares[index]
            then(CATransform3DMakeScale(1 + (scale.x / 100 - 1) * m, 1 + (scale.y / 100 - 1) * m, 1))
        }
        var opacity = 1.0
        var fill = document.fillColor.map { Self.normalized($0) }
        var stroke = document.strokeColor.map { Self.normalized($0) }
        var strokeWidth = document.strokeWidth
        for index in 0..<count {
            let m = shares[index]
            let animator = animators[index]
            if animator.skew != nil {
                let skew = -(value(index, 11) as? Double ?? 0) * m * .pi / 180
                let axis = (value(index, 12) as? Double ?? 0) * m * .pi / 180
                var shear = CATransform3DIdentity
                shear.m21 = tan(skew)
                then(CATransform3DMakeRotation(axis, 0, 0, 1))
                then(shear)
                then(CATransform3DMakeRotation(-axis, 0, 0, 1))
            }
            if animator.rotation != nil {
                then(CATransform3DMakeRotation((value(index, 10) as? Double ?? 0) * m * .pi / 180, 0, 0, 1))
            }
            if animator.opacity != nil { opacity += ((value(index, 13) as? Double ?? 100) / 100 * m - opacity) * m }
            if animator.strokeWidth != nil { strokeWidth += (value(index, 16) as? Double ?? 0) * m }
            if let target = vector(index, 15), let current = stroke {
                let goal = Self.normalized(target, scale: animator.strokeColor?.colorScale)
                stroke = (0..<3).map { current[$0] + (goal[$0] - current[$0]) * m }
            }
            if let target = vector(index, 14), let current = fill {
                let goal = Self.normalized(target, scale: animator.fillColor?.colorScale)
                fill = (0..<3).map { current[$0] + (goal[$0] - current[$0]) * m }
            }
        }
        for index in 0..<count {
            guard let position = vector(index, 7) else { continue }
            then(CATransform3DMakeTranslation(position.x * shares[index], position.y * shares[index], 0))
        }
        then(CATransform3DMakeTranslation(trackingOffset + center, lift, 0))
        return LottieVector(
            ThreeDScene.entries(of: matrix).components + [opacity] + (fill ?? [0, 0, 0]) + (stroke ?? [0, 0, 0])
                + [max(strokeWidth, 0)])
    }

    /// How far the animators' tracking moves each letter: the tracking every letter of its
    /// line up to it takes (but the line's first, on left-justified text), and for centred and
    /// right-justified text the share of the line's whole tracking that keeps it in place.
    /// Worked out line by line in one pass.
    func trackingOffsets(values: [Any]) -> [Double] {
        var offsets = [Double](repeating: 0, count: letters.count)
        let tracking = animators.indices.filter { animators[$0].tracking != nil }
        guard !tracking.isEmpty else { return offsets }
        func amount(_ animator: Int) -> Double { values[animator * Self.valuesPerAnimator + 17] as? Double ?? 0 }
        let taken = letters.map { letter in
            tracking.reduce(0) { sum, animator in
                let slice = values[(animator * Self.valuesPerAnimator)..<((animator + 1) * Self.valuesPerAnimator)]
                return sum + amount(animator) * share(ofAnimator: animator, unit: letter.units[animator], values: slice)
            }
        }
        var lineStart = 0
        while lineStart < letters.count {
            var lineEnd = lineStart
            while lineEnd < letters.count, letters[lineEnd].line == letters[lineStart].line { lineEnd += 1 }
            var running = 0.0
            for index in lineStart..<lineEnd {
                if !(letters[index].startsLine && document.justification == .left) { running += taken[index] }
                offsets[index] = running
            }
            if document.justification != .left {
                let factor = document.justification == .center ? -0.5 : -1
                var lineOffset = taken[lineStart..<lineEnd].reduce(0, +) * factor
                if lineOffset != 0, document.justification == .center {
                    lineOffset += tracking.reduce(0) { $0 + amount($1) * factor }
                }
                for index in lineStart..<lineEnd { offsets[index] += lineOffset }
            }
            lineStart = lineEnd
        }
        return offsets
    }

    /// A colour's red, green and blue from 0 to 1 (files write 0…1, the oldest 0…255).
    private static func normalized(_ color: LottieVector, scale: Double? = nil) -> [Double] {
        let factor = scale ?? (color[0] > 1 || color[1] > 1 || color[2] > 1 ? 1.0 / 255 : 1)
        return [color[0] * factor, color[1] * factor, color[2] * factor]
    }

    /// Every letter's state at `frame` (``state(ofLetter:values:trackingOffset:)``), the animators' values
    /// read once for all of them.
    func states(atFrame frame: Double) -> [LottieVector] {
        let values = values(atFrame: frame)
        let offsets = trackingOffsets(values: values)
        return letters.indices.map { state(ofLetter: $0, values: values, trackingOffset: offsets[$0]) }
    }

    /// Makes the layers of letter `index` (its fill layer, and the stroke drawn under it when
    /// there is one), which draw its glyph scaled by `scale`, follow `states` at every frame
    /// drawn. Only what some animator changes is set.
    func animate(
        letter index: Int, fillLayer: FrameLetterLayer?, strokeLayer: FrameLetterLayer?, scale: Double,
        states: LetterStates, context: AnimationContext
    ) {
        let changesOpacity = animators.contains { $0.opacity != nil }
        let changesFill = animators.contains { $0.fillColor != nil }
        let changesStroke = animators.contains { $0.strokeColor != nil || $0.strokeWidth != nil }
        for layer in [fillLayer, strokeLayer].compactMap({ $0 }) {
            layer.follow(
                context, glyphScale: scale, changesOpacity: changesOpacity, changesFill: changesFill,
                changesStroke: changesStroke
            ) { frame in states.state(ofLetter: index, atFrame: frame) }
        }
    }
}
