import Foundation
import LottieTestSupport
import OpenLottie
import Testing

/// lottie-ios's compatibility check: what its Core Animation engine reports it does not draw,
/// with the place in the file.
@Suite struct CompatibilityTests {
    static func shapes(_ items: String) -> Data {
        let layer = #"{"ty":4,"nm":"L","ind":1,"ip":0,"op":30,"st":0,"ks":{},"shapes":[{"ty":"gr","nm":"G","it":["#
        let text = #"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":["# + layer + items + "]}]}]}"
        return Data(text.utf8)
    }

    static let rectangle = #"{"ty":"rc","s":{"a":0,"k":[40,40]},"p":{"a":0,"k":[50,50]},"r":{"a":0,"k":0}}"#
    static let path = #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[10,0],[10,10]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}}}"#
    static let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
    static let stroke = #"{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2}}"#
    static let trim = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":0}}"#
    static let corners = #"{"ty":"rd","r":{"a":0,"k":5}}"#

    @Test func trimsOnFillsAndRoundedCornersOnCombinedShapesAreReportedWithTheirPlaces() throws {
        let trimmedFill = try LottieAnimation(data: Self.shapes([Self.rectangle, Self.fill, Self.trim].joined(separator: ",")))
        #expect(
            trimmedFill.coreAnimationCompatibilityIssues().map(\.description) == [
                "layers[0].shapes[0].it[1]: The Core Animation rendering engine doesn't currently support applying "
                    + "trims to filled shapes (only stroked shapes)."
            ])
        let trimmedStroke = try LottieAnimation(
            data: Self.shapes([Self.rectangle, Self.stroke, Self.trim].joined(separator: ",")))
        #expect(trimmedStroke.coreAnimationCompatibilityIssues().isEmpty, "trims on strokes are drawn")
        let combined = try LottieAnimation(
            data: Self.shapes([Self.path, Self.path, Self.corners, Self.fill].joined(separator: ",")))
        #expect(
            combined.coreAnimationCompatibilityIssues().map(\.description) == [
                "layers[0].shapes[0].it[2]: Rounded corners support is not currently implemented for combined shape items"
            ])
    }

    @Test func everySampleOfTheCoreAnimationCorpusIsSupported() throws {
        guard LottieCorpus.isPresent(for: "the compatibility of the Lottie corpus") else { return }
        for sample in try LottieCorpus.samples() {
            let issues = try LottieAnimation(contentsOf: sample.url).coreAnimationCompatibilityIssues()
            #expect(issues.isEmpty, "\(sample.name): \(issues)")
        }
    }

    @Test func theMainThreadSamplesOfTheExtendedCorpusAreReported() throws {
        guard ExtendedLottieCorpus.isPresent(for: "the compatibility of the extended corpus") else { return }
        let folder = ExtendedLottieCorpus.folder.appendingPathComponent("samples")
        for (name, message) in [
            ("Issues-issue_1125.json", "applying trims to filled shapes"),
            ("Issues-pr_2478.json", "Rounded corners support is not currently implemented"),
            // The trim beside a group applies to the filled paths of the groups inside it.
            ("Issues-issue_2130.json", "applying trims to filled shapes"),
            // lottie-ios counts 406 layers over 193 frames, and 3,670 over 1,001.
            ("Issues-issue_2330.json", "layers with time remapping (398 layers over 193 frames)"),
            ("Issues-pr_2286.json", "layers with time remapping (3678 layers over 1001 frames)"),
        ] {
            let issues = try LottieAnimation(contentsOf: folder.appendingPathComponent(name))
                .coreAnimationCompatibilityIssues()
            #expect(issues.contains { $0.message.contains(message) }, "\(name): \(issues)")
        }
    }
}
