import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Wall and CPU seconds of one child process, its own descendants (ffmpeg) included.
public struct ChildCost: Sendable {
    public var wall: Double
    public var cpu: Double

    public init(wall: Double, cpu: Double) {
        self.wall = wall
        self.cpu = cpu
    }
}

/// The implementations of the peer export, each run as a process of its own.
public enum PeerImplementation: String, CaseIterable, Sendable {
    case ours, thorvg, rlottie, cairo, blend2d
}

/// Runs the implementations as child processes and measures them: `posix_spawn`, then
/// `wait4`, whose `rusage` holds the child's user and system time and that of every
/// descendant it waited for (ffmpeg, Python's and Swift's threads included).
public struct PeerRunner: Sendable {
    /// The Benchmarks package directory, found from this file's path at build time.
    public static let benchmarksDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// How to start ours: a command and environment that end in ``PeerScene/exportOurs``.
    public let ours:
        @Sendable (_ count: Int, _ width: Int, _ height: Int) -> (arguments: [String], environment: [String: String])

    public init(
        ours:
            @escaping @Sendable (_ count: Int, _ width: Int, _ height: Int) -> (
                arguments: [String], environment: [String: String]
            )
    ) {
        self.ours = ours
    }

    /// Builds the C reference and installs the Python players when missing
    /// (`Scripts/peer-setup.sh`, quiet when all is present).
    public static func prepare() throws {
        let script = benchmarksDirectory.appendingPathComponent("Scripts/peer-setup.sh").path
        let cost = try run(["/bin/bash", script], environment: [:])
        _ = cost
    }

    /// One export of the scene by `implementation`.
    public func export(_ implementation: PeerImplementation, count: Int, width: Int, height: Int) throws -> ChildCost {
        let size = ["\(count)", "\(width)", "\(height)"]
        let directory = Self.benchmarksDirectory.path
        switch implementation {
        case .ours:
            let command = ours(count, width, height)
            return try Self.run(command.arguments, environment: command.environment)
        case .cairo:
            return try Self.run(["\(directory)/CReference/peers", "export"] + size, environment: [:])
        case .thorvg, .rlottie, .blend2d:
            return try Self.run(
                ["/usr/bin/env", "python3", "\(directory)/Scripts/peer_lottie.py", "export", implementation.rawValue]
                    + size, environment: [:])
        }
    }

    /// Runs `arguments` (the first an absolute path) with this process's environment plus
    /// `environment`; throws unless it exits with 0.
    public static func run(_ arguments: [String], environment: [String: String]) throws -> ChildCost {
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, arguments[0], nil, nil, argv, envp)
        guard spawned == 0 else { throw PeerError("could not start \(arguments[0]): error \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw PeerError("wait4 failed for \(arguments[0]): \(errno)") }
        }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        guard status == 0 else { throw PeerError("\(arguments.joined(separator: " ")) failed (status \(status))") }
        return ChildCost(wall: wall, cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }

    /// The thread CPU milliseconds a frame Blend2D takes to draw the scene alone, one thread,
    /// over `frames` frames (`peer_lottie.py time-scene`, its own `process_time`).
    public static func blend2DDrawPerFrame(count: Int, width: Int, height: Int, frames: Int) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", benchmarksDirectory.appendingPathComponent("Scripts/peer_lottie.py").path, "time-scene",
            "blend2d", "\(count)", "\(width)", "\(height)", "\(frames)",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, let seconds = Double(text) else {
            throw PeerError("Blend2D could not draw the scene (is blend2d-py installed? Scripts/peer-setup.sh)")
        }
        return seconds * 1000 / Double(frames)
    }

    /// One round: every implementation in turn, starting at `round`'s place in the list so
    /// that no implementation always runs first.
    public func round(_ round: Int, count: Int, width: Int, height: Int) throws -> [PeerImplementation: ChildCost] {
        let all = PeerImplementation.allCases
        var costs: [PeerImplementation: ChildCost] = [:]
        for offset in 0..<all.count {
            let implementation = all[(round + offset) % all.count]
            costs[implementation] = try export(implementation, count: count, width: width, height: height)
        }
        return costs
    }
}

public struct PeerError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
