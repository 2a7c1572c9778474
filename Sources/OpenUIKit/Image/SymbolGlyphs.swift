import Foundation

/// The glyphs symbol images are drawn with: simple strokes and fills standing for the SF
/// Symbols of the same names, whose artwork cannot ship here.
///
/// Each glyph fills a square of `side` points, black on clear, its lines `lineWidth` wide with
/// round caps and joins; a filled shape is as large as its outline, stroke included. A name
/// without a glyph of its own is drawn as a rounded-square outline (``UIImage/init(systemName:)``
/// gives an image for every name).
enum SymbolGlyphs {
    /// The names drawn as themselves.
    enum Glyph: String, CaseIterable {
        case xmark
        case checkmark
        case plus
        case minus
        case chevronLeft = "chevron.left"
        case chevronRight = "chevron.right"
        case chevronUp = "chevron.up"
        case chevronDown = "chevron.down"
        case circle
        case circleFill = "circle.fill"
        case square
        case squareFill = "square.fill"
        case xmarkCircleFill = "xmark.circle.fill"
        case checkmarkCircleFill = "checkmark.circle.fill"
        case playFill = "play.fill"
        case pauseFill = "pause.fill"
        case heart
        case heartFill = "heart.fill"
        case star
        case starFill = "star.fill"
        case arrowLeft = "arrow.left"
        case arrowRight = "arrow.right"
        case arrowUp = "arrow.up"
        case arrowDown = "arrow.down"
        case ellipsis
        case line3Horizontal = "line.3.horizontal"
    }

    /// Draws the glyph called `name` (a rounded-square outline for a name without one) into the
    /// current context (``UIGraphicsGetCurrentContext()``), in black, in the square from the
    /// origin to (`side`, `side`).
    static func draw(_ name: String, side: CGFloat, lineWidth: CGFloat) {
        UIColor.black.setFill()
        UIColor.black.setStroke()
        let pen = Pen(side: side, lineWidth: lineWidth)
        guard let glyph = Glyph(rawValue: name) else {
            pen.stroke(UIBezierPath(roundedRect: pen.box, cornerRadius: pen.box.width * 0.25))
            return
        }
        draw(glyph, with: pen)
    }

    private static func draw(_ glyph: Glyph, with pen: Pen) {
        switch glyph {
        case .xmark: pen.stroke(xmark(pen))
        case .checkmark: pen.stroke(checkmark(pen))
        case .plus:
            pen.stroke(pen.lines([[(0.5, 0.08), (0.5, 0.92)], [(0.08, 0.5), (0.92, 0.5)]]))
        case .minus: pen.stroke(pen.lines([[(0.08, 0.5), (0.92, 0.5)]]))
        case .chevronRight: pen.stroke(chevron(pen, quarterTurns: 0))
        case .chevronDown: pen.stroke(chevron(pen, quarterTurns: 1))
        case .chevronLeft: pen.stroke(chevron(pen, quarterTurns: 2))
        case .chevronUp: pen.stroke(chevron(pen, quarterTurns: 3))
        case .circle: pen.stroke(UIBezierPath(ovalIn: pen.box))
        case .circleFill: pen.fill(UIBezierPath(ovalIn: pen.outer))
        case .square: pen.stroke(UIBezierPath(roundedRect: pen.box, cornerRadius: pen.box.width * 0.15))
        case .squareFill: pen.fill(UIBezierPath(roundedRect: pen.outer, cornerRadius: pen.outer.width * 0.18))
        case .xmarkCircleFill:
            pen.fill(UIBezierPath(ovalIn: pen.outer))
            pen.clear(pen.inner.lines([[(0.3, 0.3), (0.7, 0.7)], [(0.7, 0.3), (0.3, 0.7)]]))
        case .checkmarkCircleFill:
            pen.fill(UIBezierPath(ovalIn: pen.outer))
            pen.clear(pen.inner.lines([[(0.28, 0.52), (0.44, 0.68), (0.72, 0.34)]]))
        case .playFill:
            pen.fill(pen.polygon([(0.18, 0.06), (0.94, 0.5), (0.18, 0.94)]))
        case .pauseFill:
            let bar = pen.box.width * 0.06
            pen.fill(UIBezierPath(roundedRect: pen.rect(0.14, 0.06, 0.26, 0.88), cornerRadius: bar))
            pen.fill(UIBezierPath(roundedRect: pen.rect(0.6, 0.06, 0.26, 0.88), cornerRadius: bar))
        case .heart: pen.stroke(heart(pen))
        case .heartFill: pen.fill(heart(pen.expanded))
        case .star: pen.stroke(star(pen))
        case .starFill: pen.fill(star(pen.expanded))
        case .arrowRight: pen.stroke(arrow(pen, quarterTurns: 0))
        case .arrowDown: pen.stroke(arrow(pen, quarterTurns: 1))
        case .arrowLeft: pen.stroke(arrow(pen, quarterTurns: 2))
        case .arrowUp: pen.stroke(arrow(pen, quarterTurns: 3))
        case .ellipsis:
            let radius = max(pen.lineWidth * 1.1, pen.box.width * 0.08)
            for x in [0.14, 0.5, 0.86] as [CGFloat] {
                let center = pen.point(x, 0.5)
                pen.fill(
                    UIBezierPath(
                        ovalIn: CGRect(
                            x: center.x - radius, y: center.y - radius, width: radius * 2, height: radius * 2)))
            }
        case .line3Horizontal:
            pen.stroke(pen.lines(([0.2, 0.5, 0.8] as [CGFloat]).map { y in [(0.06, y), (0.94, y)] }))
        }
    }

    // MARK: The shapes

    private static func xmark(_ pen: Pen) -> UIBezierPath {
        pen.lines([[(0.1, 0.1), (0.9, 0.9)], [(0.9, 0.1), (0.1, 0.9)]])
    }

    private static func checkmark(_ pen: Pen) -> UIBezierPath {
        pen.lines([[(0.06, 0.56), (0.36, 0.86), (0.94, 0.14)]])
    }

    /// A chevron pointing right, turned clockwise by quarter turns.
    private static func chevron(_ pen: Pen, quarterTurns: Int) -> UIBezierPath {
        pen.lines([[(0.32, 0.06), (0.7, 0.5), (0.32, 0.94)]], quarterTurns: quarterTurns)
    }

    /// An arrow pointing right, turned clockwise by quarter turns.
    private static func arrow(_ pen: Pen, quarterTurns: Int) -> UIBezierPath {
        pen.lines(
            [[(0.06, 0.5), (0.94, 0.5)], [(0.56, 0.12), (0.94, 0.5), (0.56, 0.88)]], quarterTurns: quarterTurns)
    }

    private static func heart(_ pen: Pen) -> UIBezierPath {
        let path = UIBezierPath()
        func curve(to end: (CGFloat, CGFloat), _ control1: (CGFloat, CGFloat), _ control2: (CGFloat, CGFloat)) {
            path.addCurve(
                to: pen.point(end.0, end.1), controlPoint1: pen.point(control1.0, control1.1),
                controlPoint2: pen.point(control2.0, control2.1))
        }
        path.move(to: pen.point(0.5, 0.94))
        curve(to: (0, 0.34), (0.28, 0.76), (0, 0.58))  // the left side, up to the left lobe
        curve(to: (0.5, 0.2), (0, 0.02), (0.4, 0))  // over the left lobe into the dip
        curve(to: (1, 0.34), (0.6, 0), (1, 0.02))  // over the right lobe
        curve(to: (0.5, 0.94), (1, 0.58), (0.72, 0.76))  // down to the point
        path.close()
        return path
    }

    /// A five-pointed star, its top point up, centred in the box.
    private static func star(_ pen: Pen) -> UIBezierPath {
        let outer: CGFloat = 0.5
        let inner = outer * 0.45
        // The star reaches from `outer` above its centre to cos 36° × `outer` below it.
        let center = (x: CGFloat(0.5), y: 0.5 + outer * (1 - cos(CGFloat.pi / 5)) / 2)
        let points = (0..<10).map { index -> (CGFloat, CGFloat) in
            let angle = -CGFloat.pi / 2 + CGFloat(index) * CGFloat.pi / 5
            let radius = index.isMultiple(of: 2) ? outer : inner
            return (center.x + radius * cos(angle), center.y + radius * sin(angle))
        }
        return pen.polygon(points)
    }
}

/// Where a glyph is drawn: a square inset so that round caps stay inside the image, in which
/// glyphs are given in unit coordinates (0 to 1 across, y down).
private struct Pen {
    /// The square the glyph's lines run in.
    let box: CGRect
    let lineWidth: CGFloat

    init(side: CGFloat, lineWidth: CGFloat) {
        let margin = lineWidth / 2 + side * 0.04
        self.init(
            box: CGRect(x: 0, y: 0, width: side, height: side).insetBy(dx: margin, dy: margin), lineWidth: lineWidth)
    }

    private init(box: CGRect, lineWidth: CGFloat) {
        self.box = box
        self.lineWidth = lineWidth
    }

    /// The box grown by half a line: where the outside of a stroked outline ends, and so where
    /// a filled shape ends.
    var outer: CGRect { box.insetBy(dx: -lineWidth / 2, dy: -lineWidth / 2) }

    /// The same pen over ``outer``: a filled shape drawn with it is as large as the outline.
    var expanded: Pen { Pen(box: outer, lineWidth: lineWidth) }

    /// The same pen over the box shrunk by a line: a shape cut out of a filled one with it.
    var inner: Pen { Pen(box: box.insetBy(dx: lineWidth / 2, dy: lineWidth / 2), lineWidth: lineWidth) }

    /// The point at unit coordinates (`x`, `y`) of the box.
    func point(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
        CGPoint(x: box.minX + x * box.width, y: box.minY + y * box.height)
    }

    /// The rectangle at unit coordinates of the box.
    func rect(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) -> CGRect {
        CGRect(
            x: box.minX + x * box.width, y: box.minY + y * box.height, width: width * box.width,
            height: height * box.height)
    }

    /// Open polylines through points in unit coordinates, each turned clockwise about the
    /// centre by `quarterTurns` quarter turns.
    func lines(_ polylines: [[(CGFloat, CGFloat)]], quarterTurns: Int = 0) -> UIBezierPath {
        let path = UIBezierPath()
        for polyline in polylines {
            for (index, (x, y)) in polyline.enumerated() {
                let next = turned(x, y, quarterTurns)
                if index == 0 { path.move(to: next) } else { path.addLine(to: next) }
            }
        }
        return path
    }

    /// A closed polygon through points in unit coordinates.
    func polygon(_ points: [(CGFloat, CGFloat)]) -> UIBezierPath {
        let path = lines([points])
        path.close()
        return path
    }

    /// The point at unit coordinates (`x`, `y`) turned clockwise on screen about the box's
    /// centre: a quarter turn takes (x, y) to (1 − y, x), right to down.
    private func turned(_ x: CGFloat, _ y: CGFloat, _ quarterTurns: Int) -> CGPoint {
        var unit = (x: x, y: y)
        for _ in 0..<((quarterTurns % 4 + 4) % 4) { unit = (x: 1 - unit.y, y: unit.x) }
        return point(unit.x, unit.y)
    }

    /// Strokes `path` with the pen's line, round caps and joins.
    func stroke(_ path: UIBezierPath) {
        style(path).stroke()
    }

    /// Fills `path`.
    func fill(_ path: UIBezierPath) {
        path.fill()
    }

    /// Clears what `path`'s stroke covers: the cut-out of a filled glyph.
    func clear(_ path: UIBezierPath) {
        style(path).stroke(with: .clear, alpha: 1)
    }

    private func style(_ path: UIBezierPath) -> UIBezierPath {
        path.lineWidth = lineWidth
        path.lineCapStyle = .round
        path.lineJoinStyle = .round
        return path
    }
}
