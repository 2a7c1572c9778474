// An iOS test class isolated to the main actor, as Swift 6 test code often is since UIKit's
// types are. Linux's XCTest finds tests by casting each method to `() -> ()`, which a
// main-actor method is not: the whole test binary stops before running anything ("Could not
// cast value of type '(…) -> @MainActor () -> ()'"). The one edit that lets the file run:
// `async` on each test method. An async test runs on the main actor as iOS runs it.
import OpenQuartzCoreSnapshotTesting
import XCTest

@MainActor
final class MainActorTestClassTests: XCTestCase {
    func testAScreenLaysOutOnTheMainActor() async {
        XCTAssertTrue(Thread.isMainThread)
        let screen = SettingsScreen()
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = screen
        window.makeKeyAndVisible()
        screen.view.layoutIfNeeded()
        // The bar sits under the iPhone 13's 47 points of status bar.
        XCTAssertEqual(screen.view.subviews.first?.frame, CGRect(x: 0, y: 47, width: 390, height: 56))
    }
}
