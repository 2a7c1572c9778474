import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// A renderer's tree skips the general lane's animations under a layer an animation hides
/// (`RenderTree.skipsHiddenSubtrees`), as Lottie's in and out points hide precompositions.
@Suite("Render tree: animations under a hidden layer")
struct RenderTreeHiddenSubtreeTests {
    /// A group hidden from 1 s to 2 s (a discrete `hidden` animation in a group, as Lottie's),
    /// with a child whose transform's x translation moves 100 points a second in a group.
    private static func tree(clock: CAManualClock) -> (root: CALayer, group: CALayer, child: CALayer) {
        let root = CALayer()
        let group = CALayer()
        let child = CALayer()
        root.addSublayer(group)
        group.addSublayer(child)
        CATransaction.flush()
        let hide = CAKeyframeAnimation(keyPath: "hidden")
        hide.values = [false, true, false]
        hide.keyTimes = [0, NSNumber(value: 1.0 / 3), NSNumber(value: 2.0 / 3), 1]
        hide.calculationMode = .discrete
        hide.duration = 3
        group.add(grouped(hide), forKey: "hidden")
        let move = CAKeyframeAnimation(keyPath: "transform.translation.x")
        move.values = [0.0, 300.0]
        move.duration = 3
        child.add(grouped(move), forKey: "move")
        CATransaction.flush()
        return (root, group, child)
    }

    private static func grouped(_ animation: CAAnimation) -> CAAnimationGroup {
        let group = CAAnimationGroup()
        group.animations = [animation]
        group.duration = 3
        group.fillMode = .both
        group.isRemovedOnCompletion = false
        return group
    }

    private static func translation(_ tree: RenderTree, of layer: CALayer) -> Double {
        Double((tree.presentationValue(of: layer, forKeyPath: "transform.translation.x") as? CGFloat) ?? .nan)
    }

    @Test func aHiddenLayersSubtreeKeepsItsLastValuesWhileHidden() {
        withManualClock { clock in
            let (root, group, child) = Self.tree(clock: clock)
            let tree = RenderTree(roots: [root])
            tree.skipsHiddenSubtrees = true
            #expect(tree.laneCounts.general == 2, "both grouped: the general lane")
            tree.evaluate(at: 0.5)
            expectClose(Self.translation(tree, of: child), 50, within: 1e-9)
            tree.evaluate(at: 1.5)
            #expect(tree.presentationValue(of: group, forKeyPath: "hidden") as? Bool == true)
            expectClose(Self.translation(tree, of: child), 50, within: 1e-9, "not evaluated under the hidden group")
            tree.evaluate(at: 2.5)
            #expect(tree.presentationValue(of: group, forKeyPath: "hidden") as? Bool == false)
            expectClose(Self.translation(tree, of: child), 250, within: 1e-9, "evaluated again once shown")
        }
    }

    @Test func byDefaultEveryValueIsEvaluated() {
        withManualClock { clock in
            let (root, _, child) = Self.tree(clock: clock)
            let tree = RenderTree(roots: [root])
            tree.evaluate(at: 1.5)
            expectClose(Self.translation(tree, of: child), 150, within: 1e-9)
        }
    }
}
