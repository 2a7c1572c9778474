import OpenUIKit
import SnapshotTesting

/// The tests' way to the diffing of a sheet of frames without rendering a layer's frames first:
/// they check that a failure names the frames that differ.
extension Diffing where Value == UIImage {
    /// The frame-by-frame diffing of a sheet of frames at `times`.
    package static func imageDiffingForTests(times: [Double]) -> Diffing {
        imageDiffing(precision: 1, perceptualPrecision: 1, scale: 1, frameTimes: times)
    }
}
