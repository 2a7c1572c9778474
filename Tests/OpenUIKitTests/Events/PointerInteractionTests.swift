import OpenUIKit
import QuartzTestSupport
import Testing

/// A delegate that splits its view into a left and a right region and logs what it is told.
@MainActor
private final class HalvesDelegate: UIPointerInteractionDelegate {
    var log: [String] = []
    var requests: [CGPoint] = []
    var fadesOnEnter = false
    var completions = 0

    func pointerInteraction(
        _ interaction: UIPointerInteraction, regionFor request: UIPointerRegionRequest, defaultRegion: UIPointerRegion
    ) -> UIPointerRegion? {
        requests.append(request.location)
        let bounds = defaultRegion.rect
        let left = request.location.x < bounds.midX
        let half = CGRect(x: left ? 0 : bounds.midX, y: 0, width: bounds.width / 2, height: bounds.height)
        return UIPointerRegion(rect: half, identifier: left ? "left" : "right")
    }

    func pointerInteraction(_ interaction: UIPointerInteraction, styleFor region: UIPointerRegion) -> UIPointerStyle? {
        UIPointerStyle(shape: .roundedRect(region.rect), constrainedAxes: .vertical)
    }

    func pointerInteraction(
        _ interaction: UIPointerInteraction, willEnter region: UIPointerRegion,
        animator: any UIPointerInteractionAnimating
    ) {
        log.append("enter \(region.identifier!)")
        if fadesOnEnter, let view = interaction.view {
            animator.addAnimations { view.alpha = 0.5 }
            animator.addCompletion { _ in self.completions += 1 }
        }
    }

    func pointerInteraction(
        _ interaction: UIPointerInteraction, willExit region: UIPointerRegion,
        animator: any UIPointerInteractionAnimating
    ) {
        log.append("exit \(region.identifier!)")
    }
}

@MainActor
@Suite struct PointerInteractionTests {
    private func scene() -> (UIWindow, UIView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let view = UIView(frame: CGRect(x: 100, y: 100, width: 200, height: 100))
        window.addSubview(view)
        window.makeKeyAndVisible()
        return (window, view)
    }

    @Test func aViewKeepsItsInteractionsAndAnInteractionOneView() {
        let (window, view) = scene()
        let interaction = UIPointerInteraction(delegate: nil)
        view.addInteraction(interaction)
        view.addInteraction(interaction)
        #expect(view.interactions.count == 1 && interaction.view === view)
        window.addInteraction(interaction)
        #expect(view.interactions.isEmpty && window.interactions.count == 1 && interaction.view === window)
        window.removeInteraction(interaction)
        #expect(window.interactions.isEmpty && interaction.view == nil)
    }

    @Test func regionsAreEnteredAndLeftAsThePointerMoves() throws {
        let (window, view) = scene()
        let delegate = HalvesDelegate()
        let interaction = UIPointerInteraction(delegate: delegate)
        view.addInteraction(interaction)
        window.movePointer(to: CGPoint(x: 150, y: 150))
        #expect(delegate.requests == [CGPoint(x: 50, y: 50)], "the location is in the view's coordinates")
        #expect(delegate.log == ["enter left"])
        let region = try #require(interaction.activeRegion)
        #expect(region.rect == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(interaction.activeStyle?.constrainedAxes == .vertical)
        // Within the same region nothing is entered again.
        window.movePointer(to: CGPoint(x: 160, y: 170))
        #expect(delegate.log == ["enter left"])
        window.movePointer(to: CGPoint(x: 250, y: 150))
        #expect(delegate.log == ["enter left", "exit left", "enter right"])
        // Off the view, the region is left.
        window.movePointer(to: CGPoint(x: 20, y: 20))
        #expect(delegate.log == ["enter left", "exit left", "enter right", "exit right"])
        #expect(interaction.activeRegion == nil && interaction.activeStyle == nil)
        // A disabled interaction takes no part; removing one leaves its region.
        interaction.isEnabled = false
        window.movePointer(to: CGPoint(x: 150, y: 150))
        #expect(delegate.log.count == 4)
        interaction.isEnabled = true
        window.movePointer(to: CGPoint(x: 150, y: 150))
        view.removeInteraction(interaction)
        #expect(delegate.log.suffix(2) == ["enter left", "exit left"])
    }

    @Test func withoutADelegateTheRegionIsTheBoundsAndTheEffectAutomatic() throws {
        let (window, view) = scene()
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        view.addSubview(child)
        let interaction = UIPointerInteraction(delegate: nil)
        view.addInteraction(interaction)
        // Over a subview without an interaction, the superview's applies.
        window.movePointer(to: CGPoint(x: 115, y: 115))
        #expect(interaction.activeRegion?.rect == view.bounds)
        let style = try #require(interaction.activeStyle)
        guard case .automatic(let preview) = style.effect else {
            Issue.record("expected the automatic effect, got \(String(describing: style.effect))")
            return
        }
        #expect(preview.view === view && preview.target?.container === window)
        window.removePointer()
        #expect(interaction.activeRegion == nil)
    }

    @Test func theAnimatorsAnimationsRunInAQuarterSecondEaseInOut() {
        withManualClock { clock in
            let (window, view) = scene()
            let delegate = HalvesDelegate()
            delegate.fadesOnEnter = true
            view.addInteraction(UIPointerInteraction(delegate: delegate))
            window.movePointer(to: CGPoint(x: 150, y: 150))
            #expect(view.alpha == 0.5)
            clock.advance(by: 0.125)
            // Half-way through an ease-in-out curve is half-way in value.
            let opacity = Double(view.layer.presentation()?.opacity ?? 0)
            #expect(abs(opacity - 0.75) < 0.01, "opacity \(opacity)")
            #expect(delegate.completions == 0)
            clock.advance(by: 0.15)
            #expect(delegate.completions == 1)
        }
    }

    @Test func stylesAndEffectsKeepWhatTheyAreGiven() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let hover = UIPointerStyle(effect: .hover(UITargetedPreview(view: view), prefersShadow: true))
        guard case .hover(let preview, let tint, let shadow, let scaled) = hover.effect else {
            Issue.record("expected a hover effect")
            return
        }
        #expect(preview.view === view && tint == .overlay && shadow && scaled)
        #expect(UIPointerStyle.hidden().isHidden && !UIPointerStyle.system().isHidden)
        guard case .roundedRect(_, let radius) = UIPointerShape.roundedRect(view.bounds) else { return }
        #expect(radius == UIPointerShape.defaultCornerRadius)
        #expect(UIKeyModifierFlags.command.rawValue == 1 << 20)
    }
}
