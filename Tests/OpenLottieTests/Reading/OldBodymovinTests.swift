import Foundation
import OpenLottie
import Testing

/// Files Bodymovin wrote before 4.4.18 kept a path's closed flag on its shape item (`closed`)
/// and not in the path (`c`); lottie-web moves it into the path for such files, lottie-ios
/// reads only `c`.
@Suite struct OldBodymovinTests {
    /// A 100 × 100 file of version `version`: a red stroke, 4 points wide, along the open
    /// path (10, 10) → (90, 10) → (90, 90), whose shape item says `closed`: true.
    static func openTriangle(version: String, closedOnItem: Bool = true) -> Data {
        let path =
            #"{"ty":"sh","closed":\#(closedOnItem),"ks":{"a":0,"k":{"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[10,10],[90,10],[90,90]]}}}"#
        let stroke = #"{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":1,"lj":1}"#
        let layer =
            #"{"ty":4,"ip":0,"op":30,"st":0,"ks":{},"shapes":[{"ty":"gr","it":[\#(path),\#(stroke),{"ty":"tr"}]}]}"#
        return Data(#"{"v":"\#(version)","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[\#(layer)]}"#.utf8)
    }

    /// The closing edge runs from (90, 90) back to (10, 10): (50, 50) is on it.
    static func closingEdge(_ data: Data, engine: RenderingEngineOption) throws -> [Int] {
        try EffectAndMatteTests.pixel(data, engine: engine, 50, 50)
    }

    @Test func theShapeItemsClosedFlagClosesThePathInFilesBefore4_4_18() throws {
        for version in ["4.4.10", "4.1.0", "3.5.8"] {
            let pixel = try Self.closingEdge(Self.openTriangle(version: version), engine: .complete)
            ValueProviderTests.expectPixel(pixel, [255, 0, 0, 255], "version \(version): the closing edge is stroked")
        }
        let open = try Self.closingEdge(Self.openTriangle(version: "4.4.10", closedOnItem: false), engine: .complete)
        #expect(open[3] == 0, "closed: false leaves it open: \(open)")
    }

    @Test func newerFilesAndLottieIOSsEnginesReadOnlyThePathsOwnFlag() throws {
        for version in ["4.4.18", "5.7.4", "", "beta"] {
            let pixel = try Self.closingEdge(Self.openTriangle(version: version), engine: .complete)
            #expect(pixel[3] == 0, "version \"\(version)\": open as its path says: \(pixel)")
        }
        for engine in [RenderingEngineOption.coreAnimation, .mainThread] {
            let pixel = try Self.closingEdge(Self.openTriangle(version: "4.4.10"), engine: engine)
            #expect(pixel[3] == 0, "\(engine): open, as lottie-ios reads it: \(pixel)")
        }
        let stroked = try Self.closingEdge(Self.openTriangle(version: "4.4.10"), engine: .complete)
        #expect(stroked[3] == 255, "the top edge's test is not vacuous")
        let animation = try LottieAnimation(data: Self.openTriangle(version: "4.4.10"))
        #expect(animation.features.contains { $0.feature == .closedOnShapeItem })
        #expect(animation.warnings(for: .coreAnimation).contains { $0.message.contains("closed flag") })
        #expect(!animation.warnings(for: .complete).contains { $0.message.contains("closed flag") })
    }
}
