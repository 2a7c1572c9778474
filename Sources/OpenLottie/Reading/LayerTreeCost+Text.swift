import Foundation

/// Text layers, as `TextLayerBuilder` makes them: a layer a document, in it a layer a line
/// and, for text drawn from glyphs, at most two a character (its stroke and its fill); with
/// several documents, each document's visibility animation. Text animators cost no keyframes:
/// each character works its state out at the frame drawn (``FrameLetterLayer``).
///
/// Counted without knowing which text has glyphs, as if all of it had: an estimate above the
/// work, never below it. The characters are counted as Unicode scalars (a character is one
/// or more of them).
extension LayerTreeCost {
    mutating func addText(_ text: TextModel) {
        let documents = text.documents.keyframes
        for (index, keyframe) in documents.enumerated() {
            let characters = Double(keyframe.value.text.unicodeScalars.count)
            // The document's layer, a line a character at most (and one more), two a character.
            addLayers(2 + 3 * characters)
            if documents.count > 1 { add(text.visibility(ofDocument: index)) }
        }
    }
}
