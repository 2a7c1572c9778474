import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// How far an export has come.
public struct CAMovieExportProgress: Equatable, Sendable {
    /// Frames written so far.
    public let framesDone: Int
    /// Frames of the whole export.
    public let frameCount: Int
}
