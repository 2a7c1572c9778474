import Foundation

/// Where the tests write their files: one folder per test process in the temporary directory,
/// `openquartzcore-tests-<pid>`, removed with everything in it when the process exits, so a run
/// leaves nothing behind in the temporary directory. A process that crashes keeps its folder.
///
///     let bundle = try ScratchSpace.makeFolder("caml").appendingPathComponent("doc.ca")
public enum ScratchSpace {
    /// A new empty folder named `<prefix>-<UUID>` in this process's scratch space. It stays
    /// until the process exits, so a program a test starts can still write into it.
    public static func makeFolder(_ prefix: String) throws -> URL {
        let folder = try preparedRoot.get().appendingPathComponent(
            "\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        return folder
    }
}

/// The process's scratch folder. A global rather than a property of the first caller, because
/// the exit handler is a C function pointer and cannot capture it.
private let scratchRoot = FileManager.default.temporaryDirectory.appendingPathComponent(
    "openquartzcore-tests-\(getpid())", isDirectory: true)

/// The scratch folder, created on first use, when the process also arranges to remove it at
/// exit; or why it could not be created. Global initialisers run once, whichever thread asks.
private let preparedRoot: Result<URL, any Error> = {
    do {
        try FileManager.default.createDirectory(at: scratchRoot, withIntermediateDirectories: true)
    } catch {
        return .failure(error)
    }
    atexit { try? FileManager.default.removeItem(at: scratchRoot) }
    return .success(scratchRoot)
}()
