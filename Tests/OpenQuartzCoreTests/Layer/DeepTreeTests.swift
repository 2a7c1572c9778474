import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// Trees far deeper than any screen shows: every walk over a tree whose depth a user chooses
/// must use an explicit stack, or a deep enough tree overflows the thread's stack.
@Suite("Deep layer trees")
struct DeepTreeTests {
    static let depth = 100_000

    /// A chain of `depth` layers under a new root; the deepest is returned with the root.
    static func chain(depth: Int) -> (root: CALayer, deepest: CALayer) {
        let root = CALayer()
        return (root, addChain(depth: depth, under: root))
    }

    @Test func aHundredThousandDeepTreeIsBuiltAnimatedPresentedAndFreed() throws {
        try withManualClock { clock in
            weak var weakRoot: CALayer?
            do {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                let (root, deepest) = Self.chain(depth: Self.depth)
                root.speed = 2  // a timing chain through every ancestor
                CATransaction.commit()
                weakRoot = root
                // The deepest layer's animations run in its own time, twice media time.
                deepest.position = CGPoint(x: 100, y: 0)
                CATransaction.flush()
                clock.advance(by: 0.0625)
                let presented = try #require(deepest.presentation())
                #expect(presented.position.x > 0 && presented.position.x < 100)
                #expect(abs(deepest.convertTime(1, from: nil) - 2) < 1e-9)
                #expect(abs(deepest.convertTime(2, to: nil) - 1) < 1e-9)
                var layer: CALayer? = deepest
                while let current = layer {
                    current.setNeedsLayout()
                    layer = current.superlayer
                }
                root.layoutIfNeeded()
                #expect(!deepest.needsLayout())
                let tree = RenderTree(roots: [root])
                #expect(tree.layerCount == Self.depth + 1)
                tree.evaluate(at: clock.now)
                clock.advance(by: 1)
                #expect(abs(try #require(deepest.presentation()).position.x - 100) < 1e-9)
                _ = root.presentation()
            }
            #expect(weakRoot == nil, "the tree is freed")
        }
    }

    @Test func freeingADeepTreeDoesNotRecurse() {
        weak var weakDeepest: CALayer?
        do {
            let (root, deepest) = Self.chain(depth: Self.depth)
            weakDeepest = deepest
            _ = root
        }
        CATransaction.flush()  // the implicit transaction holds the layers it changed until then
        #expect(weakDeepest == nil)
    }

    @Test func aDeepTreeCanBeMovedUnderANewRoot() {
        let (root, deepest) = Self.chain(depth: Self.depth)
        let top = CALayer()
        top.addSublayer(root)  // the new parent walks up nothing: no cycle to look for
        #expect(deepest.superlayer != nil)
        #expect(root.superlayer === top)
    }
}
