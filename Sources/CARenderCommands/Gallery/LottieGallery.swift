import Foundation
import OpenQuartzCoreScenes

/// `carender gallery --lottie DIR`: a card for every Lottie file (`.json`, `.lottie`) under a
/// folder, found in its subfolders too, each animation playing once, fitted into
/// ``CAMLGallery/largestSide`` points; a file that does not read gets a card with the error.
enum LottieGallery {
    /// The Lottie files under `folder`, in path order, each read (or not).
    ///
    /// - Throws: ``CommandError`` when `folder` is not a folder.
    @MainActor
    static func animations(under folder: String) throws -> [CAMLGalleryDocument] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandError("--lottie needs a folder to search for .json and .lottie files; '\(folder)' is not one.")
        }
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        var found: [URL] = []
        if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) {
            for case let url as URL in walker where SceneDefinition.isLottieFile(url.path) {
                found.append(url)
            }
        }
        return CAMLGallery.cardNames(for: found, under: root, prefix: "lottie-").map { url, title, stem in
            do {
                let animation = try SceneDefinition.lottie(at: url.path)
                return CAMLGalleryDocument(
                    title: title, fileStem: stem,
                    outcome: .scene(
                        fitted(animation, title: title), states: [], warnings: animation.animation?.warnings.count ?? 0)
                )
            } catch {
                return CAMLGalleryDocument(title: title, fileStem: stem, outcome: .failed("\(error)"))
            }
        }
    }

    /// `scene` named `title`, its size fitted into ``CAMLGallery/largestSide`` points: the
    /// animation fills the picture it is rendered into.
    @MainActor
    private static func fitted(_ scene: SceneDefinition, title: String) -> SceneDefinition {
        let fit = min(1, CAMLGallery.largestSide / max(scene.size.width, scene.size.height, 1))
        let size = CGSize(width: (scene.size.width * fit).rounded(), height: (scene.size.height * fit).rounded())
        let animation =
            scene.animation.map {
                "\(Int($0.size.width)) × \(Int($0.size.height)) points at \(shortNumber($0.frameRate)) fps, frames \(shortNumber($0.startFrame))–\(shortNumber($0.endFrame))"
            } ?? ""
        return SceneDefinition(
            name: title, summary: "The Lottie animation \(title): \(animation).", size: size,
            duration: scene.duration, posterTime: scene.posterTime, animation: scene.animation, build: scene.build)
    }
}
