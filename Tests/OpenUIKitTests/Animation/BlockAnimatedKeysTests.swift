import OpenUIKit
import QuartzTestSupport
import Testing

/// A view backed by a shape layer, as views that draw a path are.
final class ShapeBackedView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }
}

/// Which of a view's layer properties animate inside `UIView.animate`, which add, and what a
/// layer without a view does there: UIKit's tables, not every property `CALayer.h` marks
/// Animatable.
@MainActor
@Suite("Keys that view blocks animate", .serialized)
struct BlockAnimatedKeysTests {
    private func committedView() -> UIView {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        CATransaction.flush()
        return view
    }

    /// The basic animations a block adds to the view's layer for `change`, by key path.
    private func animations(of view: UIView, after change: @escaping () -> Void) -> [String: CABasicAnimation] {
        UIView.animate(withDuration: 1, animations: change)
        var found: [String: CABasicAnimation] = [:]
        for key in view.layer.animationKeys() ?? [] {
            if let animation = view.layer.animation(forKey: key) as? CABasicAnimation, let keyPath = animation.keyPath {
                found[keyPath] = animation
            }
        }
        return found
    }

    @Test(arguments: [
        "opacity", "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "shadowOpacity", "shadowColor",
        "shadowOffset", "shadowRadius", "transform", "sublayerTransform", "zPosition", "anchorPoint", "contentsRect",
    ])
    func aPropertyUIKitAnimatesAnimatesInABlock(_ key: String) {
        withManualClock { _ in
            let view = committedView()
            let added = animations(of: view) { view.layer.setValue(Self.changedValue(for: key), forKey: key) }
            #expect(!added.isEmpty, "\(key) animates inside a block")
            #expect(added.values.allSatisfy { $0.duration == 1 }, "with the block's duration")
        }
    }

    @Test(arguments: ["contents", "masksToBounds", "isHidden", "contentsScale", "shouldRasterize", "isDoubleSided"])
    func aPropertyUIKitDoesNotAnimateChangesAtOnceInABlock(_ key: String) throws {
        try withManualClock { clock in
            let view = committedView()
            UIView.animate(withDuration: 1) { view.layer.setValue(Self.changedValue(for: key), forKey: key) }
            #expect(view.layer.animationKeys() == nil, "\(key) gets no animation, not even an implicit one")
            clock.advance(to: 0.1)
            let shown = try #require(view.layer.presentation())
            #expect(String(describing: shown.value(forKey: key)) == String(describing: view.layer.value(forKey: key)))
        }
    }

    @Test func aKeyOutsideUIKitsTableDoesNotAnimateInAKeyframeBlockEither() {
        withManualClock { _ in
            let view = committedView()
            UIView.animateKeyframes(withDuration: 1, delay: 0) {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) {
                    view.layer.masksToBounds = true
                    view.alpha = 0.5
                }
            }
            #expect(view.layer.animation(forKey: "masksToBounds") == nil, "no implicit animation slips through")
            #expect(view.layer.animationKeys()?.contains { $0.hasPrefix("opacity") } == true)
        }
    }

    @Test func aLayerSubclassesOwnKeyDoesNotAnimateInABlock() {
        withManualClock { _ in
            let view = ShapeBackedView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            CATransaction.flush()
            let shape = view.layer as! CAShapeLayer
            let added = animations(of: view) {
                shape.strokeEnd = 0.5
                shape.lineDashPattern = [2, 2]
            }
            #expect(Set(added.keys) == ["strokeEnd"], "strokeEnd is in UIKit's table; lineDashPattern is not")
        }
    }

    @Test func positionAndCornerRadiusAddButTransformAndOpacityDoNot() throws {
        try withManualClock { _ in
            let view = committedView()
            let added = animations(of: view) {
                view.center = CGPoint(x: 80, y: 50)
                view.layer.cornerRadius = 10
                view.transform = CGAffineTransform(scaleX: 2, y: 2)
                view.alpha = 0.5
                view.backgroundColor = .red
            }
            let move = try #require(added["position"])
            #expect(move.isAdditive && move.fromValue as? CGPoint == CGPoint(x: -30, y: 0))
            let corner = try #require(added["cornerRadius"])
            #expect(corner.isAdditive && corner.fromValue as? CGFloat == -10 && corner.toValue as? CGFloat == 0)
            for key in ["transform", "opacity", "backgroundColor"] {
                let animation = try #require(added[key])
                #expect(!animation.isAdditive, "\(key) animates from the old value to the new")
                #expect(animation.toValue == nil)
            }
            #expect((added["transform"]?.fromValue as? CATransform3D).map(CATransform3DIsIdentity) == true)
        }
    }

    @Test func boundsAnimateAsSizeAndOriginOnlyWhereTheOriginMoved() throws {
        try withManualClock { clock in
            let view = committedView()
            var added = animations(of: view) { view.bounds.size = CGSize(width: 60, height: 140) }
            #expect(Set(added.keys) == ["bounds.size", "position"] || Set(added.keys) == ["bounds.size"])
            let size = try #require(added["bounds.size"])
            #expect(size.isAdditive && size.fromValue as? CGSize == CGSize(width: 40, height: -40))
            #expect(size.toValue as? CGSize == .zero)
            clock.advance(to: 0.5)
            let halfway = try #require(view.layer.presentation()).bounds.size
            expectClose(halfway.width, 80, within: 1e-6)
            expectClose(halfway.height, 120, within: 1e-6)

            view.layer.removeAllAnimations()
            added = animations(of: view) { view.bounds.origin = CGPoint(x: 10, y: 0) }
            let origin = try #require(added["bounds.origin"])
            #expect(origin.isAdditive && origin.fromValue as? CGPoint == CGPoint(x: -10, y: 0))
            #expect(added["bounds.size"]?.fromValue as? CGSize == .zero, "the size part is always there")
        }
    }

    @Test func aBlockReplacesARunningAnimationThatDoesNotAdd() throws {
        try withManualClock { clock in
            let view = committedView()
            let explicit = CABasicAnimation(keyPath: "position")
            explicit.fromValue = CGPoint(x: 0, y: 0)
            explicit.duration = 10
            view.layer.add(explicit, forKey: "position")
            clock.advance(to: 1)
            let added = animations(of: view) { view.center = CGPoint(x: 150, y: 50) }
            let move = try #require(added["position"])
            #expect(!move.isAdditive, "a running absolute animation of the key makes the block's absolute too")
            #expect(move.fromValue as? CGPoint == CGPoint(x: 50, y: 50), "from the old model value")
            #expect(view.layer.animationKeys() == ["position"], "it took the explicit animation's place")
        }
    }

    @Test func withoutBeginFromCurrentStateAFadeStartsFromTheOldModelValue() throws {
        try withManualClock { clock in
            let view = committedView()
            UIView.animate(withDuration: 1) { view.alpha = 0 }
            clock.advance(to: 0.5)
            UIView.animate(withDuration: 1) { view.alpha = 1 }
            CATransaction.flush()
            let restarted = try #require(view.layer.presentation()).opacity
            #expect(restarted == 0, "UIKit starts from the model's 0")

            clock.advance(to: 2.5)
            UIView.animate(withDuration: 1) { view.alpha = 0 }
            clock.advance(to: 3)
            let shown = try #require(view.layer.presentation()).opacity
            UIView.animate(withDuration: 1, delay: 0, options: .beginFromCurrentState) { view.alpha = 1 }
            CATransaction.flush()
            expectClose(Double(try #require(view.layer.presentation()).opacity), Double(shown), within: 1e-6)
        }
    }

    @Test func aShapeBackedViewAnimatesItsPathInABlock() {
        withManualClock { _ in
            let view = ShapeBackedView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            CATransaction.flush()
            let shape = view.layer as! CAShapeLayer
            let added = animations(of: view) {
                shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
                shape.fillColor = UIColor.red.cgColor
            }
            #expect(Set(added.keys) == ["path", "fillColor"])
            #expect(added["path"]?.duration == 1)
        }
    }

    @Test func aLayerWithoutAViewAnimatesImplicitlyInsideAndOutsideBlocks() throws {
        try withManualClock { clock in
            let view = committedView()
            let sublayer = CALayer()
            view.layer.addSublayer(sublayer)
            CATransaction.flush()
            UIView.animate(withDuration: 2) {
                sublayer.opacity = 0
                sublayer.contents = CGImage.solid(width: 2, height: 2)
            }
            CATransaction.flush()
            let inside = try #require(sublayer.animation(forKey: "opacity") as? CABasicAnimation)
            #expect(inside.duration == 0.25, "its own implicit animation, with the transaction's duration (UIKit does not set it)")
            #expect(!(inside.delegate is UIViewAnimationState), "not one of the block's")
            #expect(sublayer.animation(forKey: "contents") != nil, "every Animatable property, not UIKit's table")
            clock.advance(to: 3)
            #expect(sublayer.animationKeys() == nil)

            sublayer.opacity = 1
            CATransaction.flush()
            let outside = try #require(sublayer.animation(forKey: "opacity"))
            #expect(outside.duration == 0.25, "and outside a block, Core Animation's 0.25 s")
        }
    }

    /// A value of `key`'s own type that differs from the default.
    private static func changedValue(for key: String) -> Any {
        switch key {
        case "opacity", "shadowOpacity": Float(0.5)
        case "cornerRadius", "borderWidth", "shadowRadius", "zPosition", "contentsScale": CGFloat(7)
        case "backgroundColor", "borderColor", "shadowColor": UIColor.red.cgColor
        case "shadowOffset": CGSize(width: 4, height: 4)
        case "transform", "sublayerTransform": CATransform3DMakeScale(2, 2, 1)
        case "anchorPoint": CGPoint(x: 0, y: 0)
        case "contentsRect": CGRect(x: 0, y: 0, width: 0.5, height: 0.5)
        case "contents": CGImage.solid(width: 2, height: 2)
        default: true
        }
    }
}

extension CGImage {
    /// A small opaque image to set as contents.
    fileprivate static func solid(width: Int, height: Int) -> CGImage {
        let bytes = [UInt8](repeating: 255, count: width * height * 4)
        return CGImage(width: width, height: height, rgbaPixels: bytes)!
    }
}
