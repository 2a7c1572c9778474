import ArgumentParser
import Foundation
import OpenCAML
import OpenQuartzCore
import OpenQuartzCoreScenes

extension StateTimeline {
    /// Parses `NAME[,NAME@SECONDS[~SWIPE]]…`.
    ///
    /// - Throws: `ValidationError` saying what is wrong and how to write it.
    static func parse(_ text: String) throws -> StateTimeline {
        let example = "for example --states Locked,Unlock@1.5,Locked@4 (or Unlock@1.5~0.6 for a swipe of 0.6 s)"
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = items.first, !first.isEmpty else {
            throw ValidationError("--states needs the initial state's name first, \(example); got '\(text)'")
        }
        guard !first.contains("@") else {
            throw ValidationError(
                "--states: the first entry is the initial state, set at 0 s without a transition; "
                    + "write it without @TIME (got '\(first)'), \(example)")
        }
        var changes: [Change] = []
        for item in items.dropFirst() {
            guard let at = item.lastIndex(of: "@") else {
                throw ValidationError(
                    "--states: each state after the first needs @SECONDS, the time it is entered; got '\(item)', "
                        + example)
            }
            let name = item[..<at].trimmingCharacters(in: .whitespaces)
            let when = item[item.index(after: at)...].split(separator: "~", omittingEmptySubsequences: false)
            let timeText = when[0].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else {
                throw ValidationError("--states: '\(item)' names no state before @, \(example)")
            }
            guard let time = Double(timeText), time.isFinite, time >= 0, time <= 3600 else {
                throw ValidationError(
                    "--states: the time in '\(item)' must be a number of seconds from 0 to 3600; got '\(timeText)'")
            }
            var swipe: Double?
            if when.count > 1 {
                let swipeText = when[1...].joined(separator: "~").trimmingCharacters(in: .whitespaces)
                guard when.count == 2, let length = Double(swipeText), length.isFinite, length > 0, length <= 3600
                else {
                    throw ValidationError(
                        "--states: the swipe after ~ in '\(item)' must be a number of seconds above 0, at most 3600; "
                            + "got '\(swipeText)'")
                }
                swipe = length
            }
            if let previous = changes.last, time < previous.time {
                throw ValidationError(
                    "--states: the changes must be in time order; '\(item)' comes after "
                        + "'\(previous.name)@\(shortNumber(previous.time))'")
            }
            changes.append(Change(name: name, time: time, swipe: swipe))
        }
        return StateTimeline(initial: first, changes: changes)
    }
}

/// The `--states` option of `render`, `frame` and `inspect`.
struct StatesOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A CAML document's states over time: the initial state, then NAME@SECONDS for each change "
                + "(e.g. Locked,Unlock@1.5,Locked@4); NAME@SECONDS~LENGTH follows a swipe of LENGTH seconds, "
                + "as iOS's unlock swipe moves a wallpaper (e.g. Locked,Unlock@1.5~0.6).",
            valueName: "state,state@time[~swipe],…"))
    var states: String?

    /// The parsed timeline, nil without `--states`.
    func timeline() throws -> StateTimeline? {
        try states.map(StateTimeline.parse)
    }

    /// Checks the timeline's syntax, and that `scene` (the command's argument) is a document.
    func validate(for scene: String) throws {
        guard states != nil else { return }
        _ = try timeline()
        try Self.requireDocument(scene, for: "--states")
    }

    /// Checks that `scene` is a CAML document, which `option` needs.
    static func requireDocument(_ scene: String, for option: String) throws {
        guard SceneDefinition.packageType(of: scene) != nil else {
            let what = SceneDefinition.isLottieFile(scene) ? "the Lottie file" : "the scene"
            throw ValidationError(
                "\(option) applies to CAML documents (.caml, .ca, .tendies), not to \(what) '\(scene)'")
        }
    }
}
