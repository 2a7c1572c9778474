import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

/// A tree as deep as a user cares to build renders, on the calling thread for a frame and on
/// the workers for many.
@Suite("Rendering deep trees")
struct DeepTreeRenderingTests {
    /// A white root 20 points square with a chain of `depth` layers under it, each covering
    /// its superlayer; the deepest is red.
    static func chain(depth: Int) -> CALayer {
        let top = root(side: 20)
        let deepest = addChain(depth: depth, under: top, side: 20)
        deepest.backgroundColor = red
        return top
    }

    @Test func aHundredThousandDeepTreeRendersInOneFrame() {
        withManualClock { _ in
            let tree = Self.chain(depth: 100_000)
            let renderer = render(tree)
            #expect(renderer.image.pixel(x: 10, y: 10) == redPixel)
        }
    }

    @Test func aDeepTreeRendersOnTheFrameWorkers() throws {
        try withManualClock { _ in
            let tree = Self.chain(depth: 20_000)
            let renderer = CAFrameRenderer(width: 20, height: 20)
            var colours: [[Int]] = []
            try renderer.render(tree, atTimes: [0, 0.5]) { _ in } deliver: { frame in
                colours.append(frame.image.pixel(x: 10, y: 10))
            }
            #expect(colours == [redPixel, redPixel])
        }
    }
}
