import Foundation

extension LottieAnimation {
    /// The warnings about the fonts the complete engine sets text in: one for each font of
    /// `fonts.list` that text without glyphs in the file uses and that is neither in
    /// `configuration`'s font folders nor installed, naming it and the family set in its place
    /// (fontconfig's nearest). Empty when every font is found, and for the other engines,
    /// which draw such text with `CATextLayer`.
    ///
    ///     for warning in animation.fontWarnings(configuration: configuration) { print(warning) }
    ///     // fonts.list[0]: the font "Brand Sans" (BrandSans-Bold) is in no font folder and
    ///     // not installed: its text is set in "DejaVu Sans"
    public func fontWarnings(configuration: LottieConfiguration = .shared) -> [LottieWarning] {
        guard renderingEngine(for: configuration.renderingEngine) == .complete else { return [] }
        // Fontconfig is only asked when some text needs a font: its set-up reads every
        // configuration file, a few milliseconds an animation without text never pays.
        let names = fontNamesOfTextWithoutGlyphs()
        guard !names.isEmpty else { return [] }
        let installed = InstalledFonts.forFolders(configuration.fontFolders)
        var warnings: [LottieWarning] = []
        var seen: Set<String> = []
        for name in names {
            guard let font = fonts.fonts[name] ?? fonts.first, seen.insert(font.name).inserted,
                let match = installed.match(font.request), !match.isFamily
            else { continue }
            let looked = configuration.fontFolders.isEmpty ? "not installed" : "in no font folder and not installed"
            warnings.append(
                LottieWarning(
                    path: font.path,
                    message: "the font \"\(font.face.family)\" (\(font.name)) is \(looked): its text is set in "
                        + "\"\(match.face.family)\""))
        }
        return warnings
    }

    /// The font names the text documents of the animation's shown text layers give, where the
    /// file has no glyphs for them, in the order of the layers and then the assets.
    private func fontNamesOfTextWithoutGlyphs() -> [String] {
        var names: [String] = []
        func collect(_ layers: [LayerModel]) {
            for layer in layers where !layer.isHidden {
                guard case .text(let text) = layer.content else { continue }
                for keyframe in text.documents.keyframes where fonts.glyphFont(named: keyframe.value.fontName) == nil {
                    names.append(keyframe.value.fontName)
                }
            }
        }
        collect(layers)
        for id in assets.keys.sorted() {
            if case .precomposition(let layers) = assets[id] { collect(layers) }
        }
        return names
    }
}
