import Foundation

/// Text layers, as `TextLayerBuilder` makes them: a layer a document, in it a layer a line
/// and, for text drawn from glyphs, at most two a character (its stroke and its fill); with
/// several documents, each document's visibility animation.
///
/// Counted without knowing which text has glyphs, as if all of it had: an estimate above the
/// work, never below it. The characters are counted as UTF-8 bytes (at least one a
/// character), which a string knows without walking it.
extension LayerTreeCost {
    mutating func addText(_ text: TextModel) {
        let documents = text.documents.keyframes
        for (index, keyframe) in documents.enumerated() {
            let characters = Double(keyframe.value.text.utf8.count)
            // The document's layer, a line a character at most (and one more), two a character.
            addLayers(2 + 3 * characters)
            if documents.count > 1 { add(text.visibility(ofDocument: index)) }
            if !text.animators.isEmpty {
                // Each character's transform, opacity and colours, sampled while the animators
                // move: every sample works out every animator's share for it (and, with
                // tracking, for the characters of its line before it).
                var one = LayerTreeCost(frames: frames, isTimeRemapped: isTimeRemapped)
                let tracks = text.animators.contains { $0.tracking != nil }
                one.addCombined(
                    text.animatorTimings, sampled: true,
                    weight: Double(text.animators.count) * (tracks ? characters : 1))
                add(one, times: 5 * characters)
            }
        }
    }
}

extension TextModel {
    /// The timings of every value the animators have.
    var animatorTimings: [PropertyTiming] {
        animators.flatMap { animator -> [PropertyTiming] in
            let selector = animator.selector
            let scalars = [
                selector.start, selector.end, selector.offset, selector.amount, selector.easeHigh, selector.easeLow,
                selector.smoothness,
            ] + [animator.rotation, animator.skew, animator.skewAxis, animator.opacity, animator.strokeWidth,
                animator.tracking].compactMap { $0 }
            let vectors = [animator.position, animator.anchor, animator.scale, animator.fillColor, animator.strokeColor]
                .compactMap { $0 }
            return scalars.map(PropertyTiming.init) + vectors.map(PropertyTiming.init)
        }
    }
}
