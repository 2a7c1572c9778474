import Foundation

/// What a run of a program gave back.
public struct ChildProcessRun: Sendable {
    public let status: Int32
    public let output: String
    public let error: String
}

/// The program `name` built next to the test binary (an executable target of the package).
public func builtExecutable(_ name: String) -> URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
}

/// Runs the program at `executable`, in `environment` when given (this process's otherwise);
/// returns its exit status, standard output and standard error.
public func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) throws
    -> ChildProcessRun
{
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Standard error is read on its own thread, so that neither pipe can fill up and stall.
    let errorReader = ErrorReader(error.fileHandleForReading)
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errorReader.wait()
    process.waitUntilExit()
    return ChildProcessRun(
        status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
        error: String(decoding: err, as: UTF8.self))
}

/// Reads a file handle to its end on a thread of its own.
private final class ErrorReader: @unchecked Sendable {
    // `@unchecked Sendable`: `data` is written by the thread before the semaphore is signalled
    // and read only after waiting on it.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
