import OpenQuartzCore

// Seed 002's CATransition, one scene per public type. Seed 002 itself uses the private
// `pageUnCurl`, which is drawn as a fade here; `carender experiments` prints it.

@MainActor
func fadeTransitionScene(_ timeline: SceneTimeline) -> CALayer {
    transitionScene(.fade, subtype: nil, timeline)
}

@MainActor
func moveInTransitionScene(_ timeline: SceneTimeline) -> CALayer {
    transitionScene(.moveIn, subtype: .fromTop, timeline)
}

@MainActor
func pushTransitionScene(_ timeline: SceneTimeline) -> CALayer {
    transitionScene(.push, subtype: .fromRight, timeline)
}

@MainActor
func revealTransitionScene(_ timeline: SceneTimeline) -> CALayer {
    transitionScene(.reveal, subtype: .fromBottom, timeline)
}

/// A "page" in a clipping "screen": blue with a round badge. At 0.4 s one transaction turns it
/// orange, swaps the badge for a square one and adds a 1 s transition of `type`, with actions
/// disabled so that the transition alone animates the change.
@MainActor
private func transitionScene(
    _ type: CATransitionType, subtype: CATransitionSubtype?, _ timeline: SceneTimeline
) -> CALayer {
    let root = canvas(CGSize(width: 240, height: 120))
    let screen = CALayer()
    screen.frame = CGRect(x: 40, y: 15, width: 160, height: 90)
    screen.cornerRadius = 10
    screen.masksToBounds = true
    screen.backgroundColor = shade
    root.addSublayer(screen)
    let page = CALayer()
    page.frame = screen.bounds
    page.backgroundColor = ink
    screen.addSublayer(page)
    let center = CGPoint(x: page.bounds.midX, y: page.bounds.midY)
    let badge = square(44, at: center, paper, in: page)
    badge.cornerRadius = 22
    timeline.at(0.4) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        page.backgroundColor = accent
        let newBadge = CALayer()
        newBadge.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        newBadge.position = center
        newBadge.backgroundColor = paper
        newBadge.cornerRadius = 6
        page.replaceSublayer(badge, with: newBadge)
        let transition = CATransition()
        transition.type = type
        transition.subtype = subtype
        transition.duration = 1
        page.add(transition, forKey: kCATransition)
        CATransaction.commit()
    }
    return root
}
