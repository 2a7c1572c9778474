import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

/// A layer that masks to its bounds is not clipped when its sublayers paint only within them
/// (`LayerPainter.sublayersLieWithin(_:radius:of:)`): turned, as Lottie's precompositions
/// often are, its clip is not whole pixels, and everything inside would be composited through
/// the clip's polygon. The picture is the content's own, as the clip would have cut nothing.
@Suite struct ClipShortcutTests {
    /// A turned 80 × 60 layer that masks to its bounds, over a blue one, holding a filled
    /// ellipse, a Lottie-style gradient fill (a padded gradient masked by its path) and a
    /// translucent square; `reach` moves the ellipse out by that many points.
    func frame(reach: CGFloat = 0, clips: Bool = true) -> (pixels: [UInt8], leftOut: Int) {
        withManualClock { _ in
            let root = MaskShortcutTests.root()
            let clip = CALayer()
            clip.frame = CGRect(x: 20.3, y: 15.6, width: 80, height: 60)
            clip.transform = CATransform3DMakeRotation(0.4, 0, 0, 1)
            clip.masksToBounds = clips
            root.addSublayer(clip)
            let ellipse = CAShapeLayer()
            ellipse.frame = clip.bounds
            ellipse.path = CGPath(ellipseIn: CGRect(x: 4 - reach, y: 6, width: 40, height: 30), transform: nil)
            ellipse.fillColor = CGColor(red: 1, green: 0.8, blue: 0, alpha: 1)
            clip.addSublayer(ellipse)
            let gradient = MaskShortcutTests.paddedGradient()
            gradient.type = .radial
            gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
            gradient.endPoint = CGPoint(x: 0.51, y: 0.51)
            gradient.colors = [
                CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0.4, alpha: 1),
            ]
            let path = CAShapeLayer()
            path.frame = gradient.bounds
            path.path = CGPath(ellipseIn: CGRect(x: 1040, y: 1020, width: 34, height: 34), transform: nil)
            path.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            gradient.mask = path
            clip.addSublayer(gradient)
            let square = CALayer()
            square.frame = CGRect(x: 30, y: 20, width: 30, height: 30)
            square.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            square.cornerRadius = 6
            square.opacity = 0.5
            square.addSublayer(CALayer())
            clip.addSublayer(square)
            let renderer = render(root, scale: 2)
            return (renderer.premultipliedBGRA, renderer.resources.clipsLeftOutCount)
        }
    }

    @Test func contentWithinTheBoundsIsNotClipped() {
        let (free, leftOut) = frame()
        let (unclipped, none) = frame(clips: false)
        #expect((leftOut, none) == (1, 0))
        let largest = largestDifference(free, unclipped)
        #expect(largest == 0, "pixels differ by up to \(largest) levels")
        let yellow = stride(from: 0, to: free.count, by: 4).filter { free[$0 + 2] > 200 && free[$0 + 1] > 160 }.count
        #expect(yellow > 2000, "\(yellow) pixels of the ellipse")
    }

    @Test func contentReachingOutIsClipped() {
        let (pixels, leftOut) = frame(reach: 10)
        let (unclipped, _) = frame(reach: 10, clips: false)
        #expect(leftOut == 0)
        // Point (24.25, 20.75) of the root is (−3, 21) in the turned layer: 3 points left of
        // its bounds, inside the moved ellipse. Unclipped it shows the ellipse; clipped, the
        // background.
        let offset = (41 * 240 + 48) * 4
        #expect(
            pixels[offset] > 200 && pixels[offset + 2] < 80, "the background: \(Array(pixels[offset..<offset + 4]))")
        #expect(unclipped[offset + 2] > 200, "the ellipse: \(Array(unclipped[offset..<offset + 4]))")
    }
}
