import Foundation
import OpenQuartzCore

/// A scene the preview plays: a layer tree whose animations start at media time 0 on a manual
/// clock of its own. A session builds one per browser tab, and builds it again when the page
/// goes back in time (a manual clock only moves forward) or the file changes.
///
/// The session moves the clock and changes states inside `CAClock.$current.withValue(clock)`.
@MainActor
public protocol PreviewScene: AnyObject {
    /// The root of the tree, drawn at the origin.
    var root: CALayer { get }
    /// The canvas in points.
    var size: CGSize { get }
    /// How long the page's timeline runs, in seconds.
    var duration: CFTimeInterval { get }
    /// The clock the tree's animations run on, at 0 when the scene is made.
    var clock: CAManualClock { get }
    /// The names of the scene's states, each once; empty for a scene without states.
    var stateNames: [String] { get }
    /// Moves the clock forward to `time`, making the scene's own timed changes on the way.
    func advance(to time: CFTimeInterval)
    /// Enters the state called `name` now, animating with the scene's transitions at
    /// `transitionSpeed` (0 jumps).
    func setState(named name: String, transitionSpeed: Float)
    /// The id a document gives `layer`, nil when it has none.
    func layerID(of layer: CALayer) -> String?
}

extension PreviewScene {
    public var stateNames: [String] { [] }
    public func setState(named name: String, transitionSpeed: Float) {}
    public func layerID(of layer: CALayer) -> String? { nil }
}

/// Where a preview's scenes come from: a loader the server calls once per tab and again after
/// each change of the watched file, and the file to watch.
public struct PreviewSource: Sendable {
    /// The name shown on the page: the file's name or the demo's.
    public let name: String
    /// The file or folder whose changes reload the scene; nil for a built-in scene.
    public let watchedPath: String?
    /// Makes a new scene at media time 0. Throws when the file no longer loads: the error's
    /// description (for a CAML document, `file:line:column: message`) is shown on the page.
    public let load: @MainActor @Sendable () throws -> any PreviewScene

    /// A source of scenes made by `load`, reloaded when `watchedPath` changes.
    public init(
        name: String, watchedPath: String? = nil, load: @escaping @MainActor @Sendable () throws -> any PreviewScene
    ) {
        self.name = name
        self.watchedPath = watchedPath
        self.load = load
    }
}
