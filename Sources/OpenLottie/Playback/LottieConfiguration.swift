import Foundation
import Synchronization

/// How an animation is drawn, as lottie-ios's `LottieConfiguration`: which rendering engine
/// draws it.
///
///     let layer = LottieAnimationLayer(
///         animation: animation, configuration: LottieConfiguration(renderingEngine: .mainThread))
///
/// ``shared`` is the configuration layers take when none is given; setting it changes the
/// layers made afterwards, as in lottie-ios.
public struct LottieConfiguration: Equatable, Sendable {
    /// The rendering engine, ``RenderingEngineOption/automatic`` by default.
    public var renderingEngine: RenderingEngineOption
    /// Folders of font files (TrueType, OpenType, collections) that the complete engine looks
    /// in first for the fonts of text the file has no glyphs for, before the fonts installed
    /// on the machine (found by fontconfig). Empty by default.
    public var fontFolders: [URL]

    public init(renderingEngine: RenderingEngineOption = .automatic, fontFolders: [URL] = []) {
        self.renderingEngine = renderingEngine
        self.fontFolders = fontFolders
    }

    private static let sharedStorage = Mutex(LottieConfiguration())

    /// The configuration of layers made without one (``RenderingEngineOption/automatic``
    /// until set).
    public static var shared: LottieConfiguration {
        get { sharedStorage.withLock { $0 } }
        set { sharedStorage.withLock { $0 = newValue } }
    }
}

/// One of lottie-ios's two rendering engines, or the Lottie format as After Effects defines it.
public enum RenderingEngine: String, CaseIterable, Equatable, Sendable {
    /// lottie-ios's Main Thread engine: every property computed at the frame shown, and
    /// drawn with Core Graphics. Trims cut the paths themselves (filled shapes included), and
    /// a group's trims and paints reach the paths of the groups inside it.
    case mainThread
    /// lottie-ios's Core Animation engine: the properties' keyframes become `CAAnimation`s
    /// that Core Animation plays. Trims become `strokeStart` and `strokeEnd`, so they cut
    /// strokes only.
    case coreAnimation
    /// The Lottie format as After Effects defines it and lottie-web, its reference player,
    /// plays it: the file's expressions evaluated (``LottieAnimation/evaluatingExpressions()``),
    /// trims cutting the paths themselves, as the Main Thread engine does. What a designer saw;
    /// not an engine of lottie-ios's, so ``RenderingEngineOption/automatic`` never picks it.
    case complete
}

/// Which rendering engine draws an animation, as lottie-ios's `RenderingEngineOption`.
public enum RenderingEngineOption: Hashable, Sendable {
    /// The Core Animation engine when it draws the whole animation (its compatibility check,
    /// ``LottieAnimation/coreAnimationCompatibilityIssues()``, finds nothing), else the Main
    /// Thread engine.
    case automatic
    /// The engine given, whatever the animation holds.
    case specific(RenderingEngine)

    /// The Main Thread engine.
    public static var mainThread: RenderingEngineOption { .specific(.mainThread) }
    /// The Core Animation engine.
    public static var coreAnimation: RenderingEngineOption { .specific(.coreAnimation) }
    /// The complete engine: the file as After Effects and lottie-web show it.
    public static var complete: RenderingEngineOption { .specific(.complete) }
}

extension RenderingEngineOption: CustomStringConvertible {
    /// How the command line names the option: `automatic`, `main-thread`, `core-animation`,
    /// `complete`.
    public var description: String {
        switch self {
        case .automatic: "automatic"
        case .specific(.mainThread): "main-thread"
        case .specific(.coreAnimation): "core-animation"
        case .specific(.complete): "complete"
        }
    }

    /// The option the command line names `name` (`automatic`, `main-thread`, `core-animation`,
    /// `complete`;
    /// lottie-ios's names `mainThread` and `coreAnimation` too); nil for any other name.
    public init?(name: String) {
        switch name {
        case "automatic": self = .automatic
        case "main-thread", "mainThread": self = .mainThread
        case "core-animation", "coreAnimation": self = .coreAnimation
        case "complete": self = .complete
        default: return nil
        }
    }
}
