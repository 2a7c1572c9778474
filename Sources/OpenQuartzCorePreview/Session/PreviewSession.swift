import Foundation
import NIOCore
import OpenQuartzCore
import OpenQuartzCoreRenderer
import OpenQuartzCoreScenes

/// One browser tab's scene: its own tree on its own clock, its own renderer (whose caches
/// last between frames), the states the page chose and when, and the layer it selected.
/// It lives as long as the tab's WebSocket; closing the tab frees all of it.
///
/// Time is the page's: each frame request names its media time. A manual clock only moves
/// forward, so a request for an earlier time builds the scene again and replays the page's
/// state changes up to that time.
@MainActor
final class PreviewSession {
    /// A state the page entered, and the media time it entered it at.
    struct StateChange: Equatable {
        let name: String
        let time: CFTimeInterval
        /// For the unlock slider: the swipe from Locked into `name` held at this progress.
        var heldAt: Double? = nil
    }

    /// What answers one frame request, in the order it is sent.
    struct FrameOutput: Sendable {
        /// Text messages to send before the frame: the scene's description when it was built
        /// (again), the selected layer's values.
        var texts: [String] = []
        /// The picture (see ``FrameEncoding``); nil when there is no scene to draw.
        var frame: ByteBuffer?
    }

    private let hub: PreviewHub
    private let scale: CGFloat
    private var scene: (Scene)?
    private var renderer: CARenderer?
    private var rendererPixels = (width: 0, height: 0)
    /// The reload the scene was built after, to know when to build it again.
    private var builtGeneration = -1
    private var changes: [StateChange] = []
    /// How many of `changes` the current tree has made.
    private var appliedChanges = 0
    private var selectedPath: LayerPath?
    private let allocator = ByteBufferAllocator()
    /// The tab's frame messages: deltas against the last frame the page has.
    private let encoder = FrameEncoder()

    init(hub: PreviewHub, scale: CGFloat) {
        self.hub = hub
        self.scale = scale
    }

    /// The states the page entered, in time order: for the tests.
    var stateChanges: [StateChange] { changes }

    /// Renders the scene at `time`, building it first when the file changed, when there is no
    /// scene yet, or when `time` is before the clock. The frame is a delta against frame
    /// `pageHas` when the page has the last frame sent (see ``FrameEncoder``).
    func frame(at time: CFTimeInterval, request: UInt32, skipped: UInt32, pageHas: UInt32 = 0) -> FrameOutput {
        var output = FrameOutput()
        let time = max(0, time)
        if builtGeneration != hub.generation || scene == nil {
            if rebuild() {
                // A new scene: the page gets it whole.
                encoder.sendsFullFrameNext = true
                output.texts.append(sceneDescription())
            } else if scene == nil {
                // The scene never loaded; the page shows the hub's error.
                return output
            }
        } else if let scene, time < scene.clock.now {
            // Going back: build again; when the file no longer loads, draw the last good tree
            // at the earlier time without rewinding its clock.
            _ = rebuild()
        }
        guard let scene else { return output }
        CAClock.$current.withValue(scene.clock) {
            advance(scene, to: time)
        }
        let renderer = renderer(for: scene)
        CAClock.$current.withValue(scene.clock) {
            renderer.layer = scene.root
            renderer.beginFrame(atTime: time)
            renderer.render()
            renderer.endFrame()
            if let selectedPath, let layer = selectedPath.layer(in: scene.root) {
                output.texts.append(LayerValues.message(for: layer, path: selectedPath, time: time))
            }
        }
        let (width, height) = rendererPixels
        output.frame = renderer.withPremultipliedBGRA { pixels, bytesPerRow in
            encoder.encode(
                pixels: pixels, bytesPerRow: bytesPerRow, width: width, height: height, time: time,
                request: request, skipped: skipped, pageHas: pageHas, drawnRows: renderer.lastDrawnRows,
                allocator: allocator)
        }
        return output
    }

    /// Enters the state called `name` at media time `time`: the changes the page made after
    /// that time are forgotten, and the scene's transition runs from where the scene is then.
    /// Answers an error message for the page when the scene has no such state.
    func enterState(_ name: String, at time: CFTimeInterval) -> String? {
        if scene == nil { _ = rebuild() }
        guard let scene else { return nil }
        guard scene.stateNames.contains(name) else {
            return PreviewMessage.error("the scene has no state called '\(name)'")
        }
        let time = max(0, time)
        changes.removeAll { $0.time > time }
        changes.append(StateChange(name: name, time: time))
        appliedChanges = min(appliedChanges, changes.count - 1)
        if time < scene.clock.now {
            _ = rebuild()
        }
        return nil
    }

    /// Holds the unlock swipe, from the state `Locked` to `Unlock`, at `progress` from media
    /// time `time` on: what the page's unlock slider sends. A held swipe replaces the one held
    /// before it, so that dragging the slider does not pile up changes. Answers an error
    /// message for the page when the scene lacks either state.
    func holdSwipe(at progress: Double, from time: CFTimeInterval) -> String? {
        if scene == nil { _ = rebuild() }
        guard let scene else { return nil }
        guard scene.stateNames.contains("Locked"), scene.stateNames.contains("Unlock") else {
            return PreviewMessage.error("the unlock swipe needs the states Locked and Unlock")
        }
        let time = max(0, time)
        changes.removeAll { $0.time > time }
        if changes.last?.heldAt != nil { changes.removeLast() }
        changes.append(StateChange(name: "Unlock", time: time, heldAt: progress))
        appliedChanges = min(appliedChanges, changes.count - 1)
        if time < scene.clock.now {
            _ = rebuild()
        }
        return nil
    }

    /// Selects the layer at `path` for the values panel; nil clears the selection.
    func select(_ path: LayerPath?) {
        selectedPath = path
    }

    /// Builds the scene again, at time 0 with none of the page's states entered (the next
    /// frame moves it on); false, keeping the old one, when the source no longer loads. A tab
    /// whose scene never loaded gets no frame: the page asks again after the next reload.
    private func rebuild() -> Bool {
        let generation = hub.generation
        guard let fresh = try? hub.source.load() else { return false }
        scene = fresh
        builtGeneration = generation
        appliedChanges = 0
        if let selectedPath, selectedPath.layer(in: fresh.root) == nil { self.selectedPath = nil }
        return true
    }

    /// Moves `scene`'s clock to `time`, entering the page's states at their times on the way.
    private func advance(_ scene: Scene, to time: CFTimeInterval) {
        while appliedChanges < changes.count, changes[appliedChanges].time <= time {
            let change = changes[appliedChanges]
            scene.advance(to: change.time)
            if let progress = change.heldAt {
                scene.holdSwipe(from: "Locked", to: change.name, progress: progress)
            } else {
                scene.setState(named: change.name, transitionSpeed: 1)
            }
            CATransaction.flush()
            appliedChanges += 1
        }
        scene.advance(to: time)
    }

    /// The renderer for `scene`'s size, made again when the size changes.
    private func renderer(for scene: Scene) -> CARenderer {
        let width = max(1, Int((scene.size.width * scale).rounded()))
        let height = max(1, Int((scene.size.height * scale).rounded()))
        if let renderer, rendererPixels == (width, height) {
            renderer.bounds = CGRect(origin: scene.root.frame.origin, size: scene.size)
            return renderer
        }
        let renderer = CARenderer(width: width, height: height, scale: scale)
        renderer.bounds = CGRect(origin: scene.root.frame.origin, size: scene.size)
        self.renderer = renderer
        rendererPixels = (width, height)
        return renderer
    }

    /// The `scene` message: the name, size, timeline, states and layer tree.
    private func sceneDescription() -> String {
        guard let scene else { return PreviewMessage.error("no scene") }
        return PreviewMessage.scene(
            name: hub.source.name, scene: scene, scale: scale, state: changes.last?.name,
            tree: LayerPath.tree(of: scene.root, ids: scene.layerID(of:)))
    }
}
