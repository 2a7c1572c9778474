import Foundation
import OpenCAML
import OpenQuartzCore
import OpenQuartzCoreRenderer
import OpenQuartzCoreScenes

/// What `carender convert` reads: a CAML document, or a built-in scene. (A `.tendies` package
/// would be a case of its own, loaded through `CAPackage` with its package type.)
enum CAMLSource {
    case document(path: String, type: String)
    case scene(SceneDefinition)

    /// The document or scene `argument` names.
    @MainActor
    static func named(_ argument: String) throws -> CAMLSource {
        if let type = SceneDefinition.packageType(of: argument) { return .document(path: argument, type: type) }
        if SceneDefinition.isLottieFile(argument) {
            return .scene(try commandError { try SceneDefinition.lottie(at: argument) })
        }
        return .scene(try BuiltInScenes.named(argument))
    }

    /// The package to write, with notes on what it leaves out, made on a clock at media time 0
    /// (so animations that start when added keep a begin time of 0). A scene is its tree at its
    /// start, what code draws rendered into `contents` images, marked y down as it was built.
    @MainActor
    func package() throws -> (package: CAPackage, notes: [String], keep: AnyObject?) {
        let clock = CAManualClock()
        return try CAClock.$current.withValue(clock) {
            switch self {
            case .document(let path, let type):
                do {
                    let package = try CAPackage(contentsOf: URL(fileURLWithPath: path), type: type, options: nil)
                    return (package, package.warnings.map { "\(path): \($0)" }, nil)
                } catch {
                    throw CommandError("\(error)")
                }
            case .scene(let scene):
                let scene = scene.start(on: clock)
                let made = scene.makeCAMLPackage()
                return (made.package, made.notes, scene)
            }
        }
    }
}

/// Writes CAML files the way `carender` writes every output (see ``CAOutputFile``): a `.caml`
/// or `.tendies` file through a temporary file renamed over the target; a `.ca` bundle through a temporary
/// folder beside it that takes the target's place. An interruption removes the temporary file
/// or folder, and a failure leaves the target as it was.
enum CAMLOutputWriter {
    /// The package type for `path`'s extension, or nil when it is not `.caml`, `.ca` or
    /// `.tendies`.
    static func packageType(of path: String) -> String? {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "caml": kCAPackageTypeCAMLFile
        case "ca": kCAPackageTypeCAMLBundle
        case "tendies": kCAPackageTypeTendies
        default: nil
        }
    }

    /// Writes `package` to `path` as its extension says; answers the writer's warnings and
    /// the number of image files a bundle got.
    static func write(_ package: CAPackage, to path: String) throws -> (warnings: [String], assets: Int) {
        let url = URL(fileURLWithPath: path)
        let single: (data: Data, warnings: [String])?
        do {
            switch packageType(of: path) {
            case kCAPackageTypeCAMLFile?:
                let encoded = package.encode(placement: .inline)
                single = (encoded.document, encoded.warnings)
            case kCAPackageTypeTendies?: single = try package.tendiesArchive(for: url)
            default: single = nil
            }
        } catch {
            throw CommandError("cannot write '\(path)': \(error.message).")
        }
        if let single {
            try CAOutputFile(path).write(single.data)
            return (single.warnings, 0)
        }
        let files: (files: [CAMLImageAssets.File], warnings: [String])
        let output: CAMLBundleOutput
        do {
            output = try CAMLBundleOutput(target: url)
            files = try package.bundleFiles()
        } catch {
            throw CommandError("cannot write '\(path)': \(error.message).")
        }
        let folder = output.temporaryFolderCandidate()
        do {
            _ = try CAExportCleanup.trackFolder(folder.path) { try output.makeTemporaryFolder(at: folder) }
            do {
                try output.fill(folder, with: files.files)
                try CAExportCleanup.untrackFolder(folder.path) { try output.replaceTarget(with: folder) }
            } catch {
                CAExportCleanup.untrackFolder(folder.path) { CAMLBundleOutput.removeFolder(folder) }
                throw error
            }
        } catch let error as CAMLError {
            throw CommandError("cannot write '\(path)': \(error.message).")
        }
        return (files.warnings, files.files.count - 2)
    }
}
