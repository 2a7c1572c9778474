import Foundation
import OpenQuartzCore
import OpenQuartzCoreScenes

/// What the page sends: small JSON text messages.
///
///     {"type": "frame", "time": 1.25, "request": 7, "have": 6}
///                                                      draw the scene at 1.25 s; the page shows
///                                                      frame 6 (0: none), so a delta will do
///     {"type": "state", "name": "Unlock", "time": 1.25} enter a state at 1.25 s
///     {"type": "swipe", "progress": 0.71, "time": 1.25} hold the unlock swipe (Locked → Unlock)
///                                                      71 % of the way, from 1.25 s
///     {"type": "select", "path": "0.2"}                show that layer's values ("" for none)
///
/// Nothing in them names a file: the server only ever reads the one it was started with.
public enum ClientMessage: Equatable, Sendable {
    case frame(time: Double, request: UInt32, have: UInt32 = 0)
    case state(name: String, time: Double)
    case swipe(progress: Double, time: Double)
    case select(path: String?)

    /// The most a message may hold, in bytes; longer ones are ignored.
    static let maximumLength = 4096

    /// Parses a message, or says in a few words why it is not one.
    public static func parse(_ text: String) -> Result<ClientMessage, MalformedMessage> {
        guard text.utf8.count <= maximumLength else {
            return .failure(MalformedMessage("longer than \(maximumLength) bytes"))
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            return .failure(MalformedMessage("not a JSON object"))
        }
        let time = (object["time"] as? NSNumber)?.doubleValue
        switch object["type"] as? String {
        case "frame":
            guard let time, time.isFinite, time >= 0, time <= 86_400 else {
                return .failure(MalformedMessage("a frame needs a time from 0 to 86400 seconds"))
            }
            let request = (object["request"] as? NSNumber)?.uint32Value ?? 0
            let have = (object["have"] as? NSNumber)?.uint32Value ?? 0
            return .success(.frame(time: time, request: request, have: have))
        case "state":
            guard let name = object["name"] as? String, !name.isEmpty, let time, time.isFinite, time >= 0,
                time <= 86_400
            else {
                return .failure(MalformedMessage("a state change needs a name and a time from 0 to 86400 seconds"))
            }
            return .success(.state(name: name, time: time))
        case "swipe":
            guard let progress = (object["progress"] as? NSNumber)?.doubleValue, progress >= 0, progress <= 1,
                let time, time.isFinite, time >= 0, time <= 86_400
            else {
                return .failure(MalformedMessage("a swipe needs a progress from 0 to 1 and a time from 0 to 86400 seconds"))
            }
            return .success(.swipe(progress: progress, time: time))
        case "select":
            guard let path = object["path"] as? String else {
                return .failure(MalformedMessage("a selection needs a path"))
            }
            return .success(.select(path: path.isEmpty ? nil : path))
        default:
            return .failure(MalformedMessage("no known type"))
        }
    }
}

/// Why a message from the page was ignored.
public struct MalformedMessage: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// What the server sends besides frames: JSON text messages with a `type`.
enum PreviewMessage {
    /// A layer of the tree panel, in tree order; `depth` indents it.
    struct TreeRow: Encodable {
        let path: String
        let depth: Int
        let className: String
        let name: String?
        let id: String?
    }

    private struct Scene: Encodable {
        let type = "scene"
        let name: String
        let width: Double
        let height: Double
        let scale: Double
        let duration: Double
        /// A Lottie animation's frames a second and first frame (`fr`, `ip`), by which the page
        /// steps and names frames; absent for other scenes.
        let frameRate: Double?
        let startFrame: Double?
        let states: [String]
        let state: String?
        let tree: [TreeRow]
    }

    private struct Notice: Encodable {
        let type: String
        let message: String?
    }

    /// The scene's description, sent when a tab's scene is built and after each reload.
    @MainActor
    static func scene(name: String, scene: OpenQuartzCoreScenes.Scene, scale: CGFloat, state: String?, tree: [TreeRow])
        -> String
    {
        encode(
            Scene(
                name: name, width: Double(scene.size.width), height: Double(scene.size.height), scale: Double(scale),
                duration: scene.duration, frameRate: scene.definition.animation?.frameRate,
                startFrame: scene.definition.animation?.startFrame, states: scene.stateNames, state: state, tree: tree))
    }

    /// The file no longer loads (or a request made no sense): shown on the page until the next
    /// good reload.
    static func error(_ message: String) -> String {
        encode(Notice(type: "error", message: message))
    }

    /// The file changed and loaded: the page asks for a frame to see it.
    static let reloaded = encode(Notice(type: "reloaded", message: nil))

    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(value) else { return #"{"type":"error","message":"unencodable"}"# }
        return String(decoding: data, as: UTF8.self)
    }
}
