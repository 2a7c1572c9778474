import OpenUIKit
import QuartzTestSupport
import Testing

@MainActor
@Suite("Views: properties, hierarchy, layout, colours and images")
struct ViewHierarchyTests {
    @Test func eachViewPropertyReadsAndWritesItsLayer() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.layer.delegate === view)
        #expect(view.layer.position == CGPoint(x: 60, y: 45))
        #expect(view.layer.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        view.center = CGPoint(x: 1, y: 2)
        #expect(view.layer.position == CGPoint(x: 1, y: 2))
        view.bounds.origin = CGPoint(x: 5, y: 5)
        #expect(view.layer.bounds.origin == CGPoint(x: 5, y: 5))
        view.transform = CGAffineTransform(scaleX: 2, y: 3)
        #expect(CATransform3DGetAffineTransform(view.layer.transform) == CGAffineTransform(scaleX: 2, y: 3))
        #expect(view.transform == CGAffineTransform(scaleX: 2, y: 3))
        view.alpha = 0.25
        #expect(view.layer.opacity == 0.25)
        view.backgroundColor = .orange
        #expect(view.layer.backgroundColor == CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        #expect(view.backgroundColor == .orange)
        view.isHidden = true
        #expect(view.layer.isHidden)
        view.clipsToBounds = true
        #expect(view.layer.masksToBounds)
        view.layer.opacity = 0.75
        #expect(view.alpha == 0.75, "reading goes to the layer too")
    }

    @Test func subviewsMirrorTheLayerTree() {
        let root = UIView(frame: .zero)
        let (a, b, c) = (UIView(frame: .zero), UIView(frame: .zero), UIView(frame: .zero))
        root.addSubview(a)
        root.addSubview(b)
        root.insertSubview(c, belowSubview: b)
        #expect(root.subviews == [a, c, b])
        #expect(root.layer.sublayers?.map { $0 } == [a.layer, c.layer, b.layer])
        root.bringSubviewToFront(a)
        #expect(root.subviews == [c, b, a])
        root.sendSubviewToBack(b)
        #expect(root.subviews == [b, c, a])
        root.insertSubview(a, aboveSubview: b)
        #expect(root.subviews == [b, a, c])
        root.insertSubview(b, at: 99)
        #expect(root.subviews == [a, c, b], "the index is clamped")
        c.removeFromSuperview()
        #expect(c.superview == nil && root.subviews == [a, b])
        #expect(root.layer.sublayers?.count == 2)
        c.tag = 7
        a.addSubview(c)
        #expect(root.viewWithTag(7) === c)
        #expect(c.isDescendant(of: root))
    }

    @Test func newSizesAndSubviewsMarkTheViewForLayout() {
        final class Counting: UIView {
            var layouts = 0
            override func layoutSubviews() { layouts += 1 }
        }
        let view = Counting(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.layoutIfNeeded()
        let afterInit = view.layouts
        view.center = CGPoint(x: 50, y: 50)
        view.layoutIfNeeded()
        #expect(view.layouts == afterInit, "moving does not need layout")
        view.bounds.size = CGSize(width: 20, height: 10)
        view.layoutIfNeeded()
        #expect(view.layouts == afterInit + 1)
        view.addSubview(UIView(frame: .zero))
        view.layoutIfNeeded()
        #expect(view.layouts == afterInit + 2)
        view.setNeedsLayout()
        view.layoutIfNeeded()
        view.layoutIfNeeded()
        #expect(view.layouts == afterInit + 3, "once per request")
    }

    @Test func adoptingAnAncestorTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let parent = UIView(frame: .zero)
                let child = UIView(frame: .zero)
                parent.addSubview(child)
                child.addSubview(parent)
            }
        }
    }

    @Test func insertingNextToAViewThatIsNoSubviewTrapsNamingTheMethod() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let parent = UIView(frame: .zero)
                parent.insertSubview(UIView(frame: .zero), belowSubview: UIView(frame: .zero))
            }
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("insertSubview(_:belowSubview:)"), "\(message)")
        #expect(message.contains("is not a subview of"), "\(message)")
    }

    @Test func insertingAboveAndBelowPlacesNextToTheSibling() {
        let parent = UIView(frame: .zero)
        let (a, b, c, d) = (UIView(frame: .zero), UIView(frame: .zero), UIView(frame: .zero), UIView(frame: .zero))
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, aboveSubview: a)
        parent.insertSubview(d, belowSubview: a)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [d, a, c, b].map(ObjectIdentifier.init))
        // A subview moved next to a sibling counts its place without itself.
        parent.insertSubview(d, aboveSubview: b)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [a, c, b, d].map(ObjectIdentifier.init))
        #expect(parent.layer.sublayers?.map(ObjectIdentifier.init) == [a, c, b, d].map { ObjectIdentifier($0.layer) })
    }

    @Test func coloursHaveUIKitsComponents() {
        var (red, green, blue, alpha): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        UIColor.darkGray.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
        expectClose(red, 1.0 / 3, within: 1e-12)
        #expect(green == red && blue == red && alpha == 1)
        #expect(UIColor.purple.cgColor.components == [0.5, 0, 0.5, 1])
        #expect(UIColor.red.withAlphaComponent(0.5).cgColor.alpha == 0.5)
        #expect(UIColor(white: 1, alpha: 1) == .white)
    }

    @Test func imageSizeIsInPoints() throws {
        let pixels = try #require(CGImage(width: 4, height: 2, rgbaPixels: Array(repeating: 255, count: 32)))
        #expect(UIImage(cgImage: pixels).size == CGSize(width: 4, height: 2))
        #expect(UIImage(cgImage: pixels, scale: 2, orientation: .up).size == CGSize(width: 2, height: 1))
    }

    @Test func aHundredThousandDeepHierarchyIsBuiltLaidOutAndFreed() {
        withManualClock { _ in
            weak var weakDeepest: UIView?
            do {
                let top = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                var deepest = top
                for _ in 0..<100_000 {
                    let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                    deepest.addSubview(view)
                    deepest = view
                }
                weakDeepest = deepest
                top.layoutIfNeeded()
                #expect(deepest.superview != nil)
            }
            CATransaction.flush()  // the implicit transaction holds the layers it changed until then
            #expect(weakDeepest == nil)
        }
    }

    @Test func anchorPointScaleFactorMaskAndExchangingSubviews() {
        withManualClock { clock in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            view.contentScaleFactor = 2
            #expect(view.layer.contentsScale == 2)
            let mask = UIView(frame: view.bounds)
            view.mask = mask
            #expect(view.layer.mask === mask.layer && view.mask === mask && mask.superview == nil)
            view.mask = nil
            #expect(view.layer.mask == nil)

            let subviews = (0..<4).map { _ in UIView(frame: .zero) }
            subviews.forEach(view.addSubview)
            view.exchangeSubview(at: 0, withSubviewAt: 3)
            #expect(view.subviews.map { ObjectIdentifier($0) } == [3, 1, 2, 0].map { ObjectIdentifier(subviews[$0]) })
            #expect(view.layer.sublayers?.first === subviews[3].layer, "the layers follow")

            CATransaction.flush()
            UIView.animate(withDuration: 1) { view.anchorPoint = CGPoint(x: 0, y: 0) }
            #expect(view.layer.anchorPoint == .zero)
            #expect(view.layer.animation(forKey: "anchorPoint") != nil, "in UIKit's table of keys blocks animate")
            clock.advance(to: 2)
        }
    }

    @Test func timingParametersComeFromACoderAndSubclass() throws {
        final class Named: UICubicTimingParameters {
            let name = "snappy"
        }
        let coder = NSKeyedArchiver(requiringSecureCoding: false)
        let archived = try #require(UICubicTimingParameters(coder: coder))
        #expect(archived.controlPoint1 == UICubicTimingParameters().controlPoint1)
        #expect(UISpringTimingParameters(coder: coder) != nil)
        let named = Named(animationCurve: .linear)
        #expect(named.name == "snappy" && named.animationCurve == .linear, "subclassable, as UIKit's are")
    }

    @Test func traitCollectionsMergeTheTraitsEachSpecifies() {
        let merged = UITraitCollection(traitsFrom: [
            UITraitCollection(displayScale: 2), UITraitCollection(userInterfaceStyle: .dark),
            UITraitCollection(horizontalSizeClass: .compact), UITraitCollection(displayScale: 3),
        ])
        #expect(merged.displayScale == 3 && merged.userInterfaceStyle == .dark)
        #expect(merged.horizontalSizeClass == .compact && merged.verticalSizeClass == .unspecified)
        #expect(UITraitCollection().displayScale == 0)
    }
}
