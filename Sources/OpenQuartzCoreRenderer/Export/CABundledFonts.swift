import Foundation

/// The fonts a portable release brings (`Scripts/release.sh`): DejaVu, which text falls back
/// to, in `share/openquartzcore/fonts` beside `bin/` or `lib/`, with a `fonts.conf` that adds
/// them to the system's fonts. A machine without fontconfig's configuration package has no
/// fonts at all otherwise.
public enum CABundledFonts {
    /// The release's `fonts.conf` for a binary in `folder` (`bin/` or `lib/`), when it is there.
    public static func configuration(besideBinaryIn folder: URL) -> URL? {
        let file = folder.deletingLastPathComponent().appendingPathComponent("share/openquartzcore/fonts.conf")
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }

    /// Makes fontconfig read the release's `fonts.conf` for a binary in `folder`, unless
    /// `FONTCONFIG_FILE` already names a configuration or the binary is not in a release.
    /// Call it before anything draws text: fontconfig reads its configuration once.
    public static func use(besideBinaryIn folder: URL) {
        guard ProcessInfo.processInfo.environment["FONTCONFIG_FILE"] == nil,
            let file = configuration(besideBinaryIn: folder)
        else { return }
        setenv("FONTCONFIG_FILE", file.path, 1)
    }

    /// The folder of the running executable.
    public static var executableFolder: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    }
}
