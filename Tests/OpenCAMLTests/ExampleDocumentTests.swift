import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenCAML

/// `Examples/Sunrise.ca`, the project's own example wallpaper that the README shows: it loads
/// without a warning, and unlocking raises the sun on a spring and fades the time.
@Suite struct ExampleDocumentTests {
    static let sunrise = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/Sunrise.ca")

    @Test func sunriseLoadsCleanAndUnlocks() throws {
        try withManualClock { clock in
            let package = try CAPackage(contentsOf: Self.sunrise, type: kCAPackageTypeCAMLBundle, options: nil)
            #expect(package.warnings.isEmpty, "\(package.warnings)")
            let root = package.rootLayer
            #expect((root.states ?? []).map(\.name) == ["Locked", "Unlock"])
            let sun = try #require(package.publishedObject(withName: "Sun") as? CALayer)
            let time = try #require(package.publishedObject(withName: "Time") as? CATextLayer)
            let controller = CAStateController(layer: root)
            controller.setState(root.state(withName: "Locked"), of: root, transitionSpeed: 0)
            CATransaction.flush()
            expectClose(sun.position.y, 120, within: 1e-9)
            controller.setState(root.state(withName: "Unlock"), of: root, transitionSpeed: 1)
            CATransaction.flush()
            #expect(sun.position.y == 470, "the model takes the new state at once")
            clock.advance(by: 0.2)
            let rising = try #require(sun.presentation()).position.y
            #expect(rising > 120 && rising < 470, "on its way: \(rising)")
            // Half of the 0.4 s fade: easeOut (0, 0, 0.58, 1) has covered 0.6846 of it.
            expectClose(Double(try #require(time.presentation()).opacity), 1 - 0.6846, within: 0.002)
            clock.advance(by: 3)
            expectClose(try #require(sun.presentation()).position.y, 470, within: 0.5)
            expectClose(Double(try #require(time.presentation()).opacity), 0, within: 1e-6)
        }
    }
}
