// A snapshot test written for iOS, as iOS projects write them with swift-snapshot-testing.
// Only the import lines differ from the iOS file: `import UIKit` and `import SnapshotTesting`
// became the one import below (which brings both).
import OpenQuartzCoreSnapshotTesting
import XCTest

/// A rounded badge with a coloured dot, drawn in `draw(_:)` and with layers.
final class BadgeView: UIView {
    let dot = CAShapeLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor(red: 0.96, green: 0.96, blue: 0.98, alpha: 1)
        layer.cornerRadius = 12
        layer.borderWidth = 2
        layer.borderColor = UIColor.systemBlue.cgColor
        dot.fillColor = UIColor.systemGreen.cgColor
        layer.addSublayer(dot)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        dot.frame = CGRect(x: 12, y: bounds.midY - 6, width: 12, height: 12)
        dot.path = UIBezierPath(ovalIn: dot.bounds).cgPath
    }

    override func draw(_ rect: CGRect) {
        UIColor.systemBlue.setFill()
        UIBezierPath(
            roundedRect: CGRect(x: 32, y: bounds.midY - 4, width: bounds.width - 48, height: 8), cornerRadius: 4
        )
        .fill()
    }
}

final class BadgeViewSnapshotTests: XCTestCase {
    func testBadge() {
        let view = BadgeView(frame: CGRect(x: 0, y: 0, width: 160, height: 44))
        assertSnapshot(of: view, as: .image)
    }

    func testBadgeAtAnotherSizeWithTolerance() {
        let view = BadgeView(frame: .zero)
        assertSnapshot(of: view, as: .image(precision: 0.98, size: CGSize(width: 100, height: 32)))
    }

    func testBadgeWithTraits() {
        let view = BadgeView(frame: CGRect(x: 0, y: 0, width: 60, height: 24))
        assertSnapshot(of: view, as: .image(drawHierarchyInKeyWindow: false, traits: .init(displayScale: 2)))
    }

    func testBadgeLayerAtTwiceTheScale() {
        let view = BadgeView(frame: CGRect(x: 0, y: 0, width: 80, height: 30))
        view.layoutIfNeeded()
        assertSnapshot(of: view.layer, as: .image(scale: 2))
    }

    func testDrawingWithAnImageRenderer() {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 64, height: 64))
        let image = renderer.image { context in
            UIColor.white.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 64, height: 64))
            UIColor.systemRed.setFill()
            UIBezierPath(ovalIn: CGRect(x: 8, y: 8, width: 48, height: 48)).fill()
            UIColor.black.setStroke()
            let cross = UIBezierPath()
            cross.move(to: CGPoint(x: 16, y: 32))
            cross.addLine(to: CGPoint(x: 48, y: 32))
            cross.lineWidth = 3
            cross.stroke()
        }
        assertSnapshot(of: image, as: .image(perceptualPrecision: 0.98))
    }
}
