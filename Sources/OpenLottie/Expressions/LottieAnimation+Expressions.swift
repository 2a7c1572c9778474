import Foundation

/// A file's bytes and how it was read, kept for evaluating its expressions.
struct ExpressionSource: Sendable {
    let data: Data
    let name: String
    let slots: [LottieSlots]
    let limits: ReadingLimits
}

extension LottieAnimation {
    /// Whether the file carries After Effects expressions (`x` on its properties), which the
    /// ``RenderingEngine/complete`` engine evaluates and lottie-ios's engines ignore.
    public var hasExpressions: Bool { expressionSource != nil }

    /// This animation with its expressions evaluated (in JavaScriptCore, as lottie-web and After
    /// Effects evaluate them) into keyframes at every frame drawn: what the
    /// ``RenderingEngine/complete`` engine draws. Its ``warnings`` name each expression that
    /// throws or runs past the limits (it keeps its keyframes), then the reader's own. The
    /// animation itself for a file without expressions. Made once; later calls answer the same.
    public func evaluatingExpressions() -> LottieAnimation {
        guard let source = expressionSource else { return self }
        if let made = expressionsEvaluated.withLock({ $0 }) { return made }
        let made = bakedAnimation(from: source)
        return expressionsEvaluated.withLock { kept in
            if let kept { return kept }
            kept = made
            return made
        }
    }

    /// The file's Bodymovin JSON with its expressions replaced by keyframes at every frame they
    /// were evaluated at (`carender convert --bake-expressions`), and what went wrong; empty for
    /// a file without expressions (``hasExpressions``). lottie-ios, lottie-android and rlottie
    /// then play what After Effects shows.
    public func bakingExpressions() -> (json: Data, warnings: [LottieWarning]) {
        guard let source = expressionSource else { return (Data(), []) }
        let baked = ExpressionBaking.bake(
            String(decoding: source.data, as: UTF8.self), totalTimeLimit: source.limits.maximumExpressionSeconds)
        return (Data(baked.document.utf8), baked.warnings)
    }

    private func bakedAnimation(from source: ExpressionSource) -> LottieAnimation {
        let baked = bakingExpressions()
        let images = assets.filter { if case .image = $0.value { true } else { false } }
        do {
            return try LottieAnimation(
                reading: baked.json, name: source.name, images: .embeddedOnly, slots: source.slots,
                limits: source.limits, decoded: images, evaluation: baked.warnings)
        } catch {
            // The runtime writes only keyframes a reader takes; should one not read, the file
            // is drawn with its keyframes.
            return self
        }
    }
}
