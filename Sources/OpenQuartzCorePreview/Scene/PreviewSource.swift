import Foundation
import OpenQuartzCore
import OpenQuartzCoreScenes

/// Where a preview's scenes come from: a loader the server calls once per tab and again after
/// each change of the watched file, and the file to watch.
public struct PreviewSource: Sendable {
    /// The name shown on the page: the file's name or the scene's.
    public let name: String
    /// The file or folder whose changes reload the scene; nil for a built-in scene.
    public let watchedPath: String?
    /// Makes a new scene at media time 0 on a clock of its own (`SceneDefinition.start()`).
    /// Throws when the file no longer loads: the error's description (for a CAML document,
    /// `file:line:column: message`) is shown on the page.
    public let load: @MainActor @Sendable () throws -> Scene

    /// A source of scenes made by `load`, reloaded when `watchedPath` changes.
    public init(
        name: String, watchedPath: String? = nil, load: @escaping @MainActor @Sendable () throws -> Scene
    ) {
        self.name = name
        self.watchedPath = watchedPath
        self.load = load
    }
}
