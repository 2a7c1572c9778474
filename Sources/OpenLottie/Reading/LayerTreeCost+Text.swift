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
        }
    }
}
