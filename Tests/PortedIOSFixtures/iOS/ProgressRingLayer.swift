import UIKit

/// A ring whose progress animates as a layer property: @NSManaged, redrawn for each value,
/// animated implicitly from the presentation value.
public class ProgressRingLayer: CALayer {
    @NSManaged public var progress: CGFloat
    @NSManaged public var ringColor: CGColor?

    public override class func needsDisplay(forKey key: String) -> Bool {
        if key == #keyPath(progress) {
            return true
        }
        return super.needsDisplay(forKey: key)
    }

    public override func action(forKey event: String) -> CAAction? {
        if event == #keyPath(ProgressRingLayer.progress) {
            let animation = CABasicAnimation(keyPath: event)
            animation.timingFunction = CAMediaTimingFunction(name: .linear)
            animation.duration = 1
            animation.fromValue = presentation()?.progress ?? progress
            return animation
        }
        return super.action(forKey: event)
    }

    public override func draw(in ctx: CGContext) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        ctx.setStrokeColor(ringColor ?? UIColor.systemBlue.cgColor)
        ctx.setLineWidth(4)
        ctx.addArc(center: center, radius: bounds.width / 2 - 4, startAngle: -.pi / 2,
                   endAngle: -.pi / 2 + 2 * .pi * progress, clockwise: false)
        ctx.strokePath()
    }
}
