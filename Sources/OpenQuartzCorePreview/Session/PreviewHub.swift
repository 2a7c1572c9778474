import Foundation
import OpenQuartzCore

/// What the tabs share: the source of scenes, how many times the file has reloaded, the
/// last load error, and a way to tell every open tab about a reload.
@MainActor
final class PreviewHub {
    let source: PreviewSource
    /// Raised after each change of the watched file that loads; a tab builds its scene again
    /// when its scene is older.
    private(set) var generation = 0
    /// The message of the last load that failed, until one succeeds; shown on every page.
    private(set) var loadError: String?
    private var listeners: [ObjectIdentifier: @Sendable (String) -> Void] = [:]
    private let log: @Sendable (String) -> Void

    init(source: PreviewSource, log: @escaping @Sendable (String) -> Void) {
        self.source = source
        self.log = log
    }

    /// How many tabs are open.
    var tabCount: Int { listeners.count }

    /// Adds a tab that `send` sends text messages to; it gets the current error at once.
    func attach(_ owner: AnyObject, send: @escaping @Sendable (String) -> Void) {
        listeners[ObjectIdentifier(owner)] = send
        if let loadError { send(PreviewMessage.error(loadError)) }
        resumeTabCountWaiters()
    }

    func detach(_ owner: AnyObject) {
        listeners[ObjectIdentifier(owner)] = nil
        resumeTabCountWaiters()
    }

    private var tabCountWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Returns once exactly `count` tabs are open.
    func waitUntilTabCount(is count: Int) async {
        guard tabCount != count else { return }
        await withCheckedContinuation { tabCountWaiters.append((count, $0)) }
    }

    private func resumeTabCountWaiters() {
        let count = tabCount
        tabCountWaiters.removeAll { waiter in
            guard waiter.count == count else { return false }
            waiter.continuation.resume()
            return true
        }
    }

    /// Loads the source again after its file changed: on success every tab builds its scene
    /// again at its own time; on failure every tab keeps its scene and shows the error.
    func reload() {
        do {
            _ = try source.load()
            generation += 1
            loadError = nil
            log("Reloaded \(source.name).")
            for send in listeners.values { send(PreviewMessage.reloaded) }
        } catch {
            let message = "\(error)"
            loadError = message
            log("\(source.name) no longer loads, keeping the last good scene: \(message)")
            for send in listeners.values { send(PreviewMessage.error(message)) }
        }
    }

    /// Checks that the source loads when the server starts, so that a broken file is a
    /// one-line error before anything is served.
    func checkLoads() throws {
        _ = try source.load()
    }
}
