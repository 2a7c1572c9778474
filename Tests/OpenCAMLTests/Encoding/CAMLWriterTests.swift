import CAMLTestSupport
import Foundation
import OpenCoreGraphics
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenCAML

/// Writes `package` as a `.ca` bundle and as a `.caml` file, reads both back, and expects the
/// same tree from each, and the same bytes when what was read is written again. Answers the
/// package read from the bundle and the `.caml` text.
@discardableResult
func expectRoundTrip(
    _ package: CAPackage, _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation
) throws -> (fromBundle: CAPackage, document: String) {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = folder.appendingPathComponent("out.ca")
    let file = folder.appendingPathComponent("out.caml")
    try package.write(to: bundle, type: kCAPackageTypeCAMLBundle, options: nil)
    try package.write(to: file, type: kCAPackageTypeCAMLFile, options: nil)
    let fromBundle = try CAPackage(contentsOf: bundle, type: kCAPackageTypeCAMLBundle, options: nil)
    let fromFile = try CAPackage(contentsOf: file, type: kCAPackageTypeCAMLFile, options: nil)
    // Only what the document itself warned about (a dangling target) may be warned about again.
    #expect(
        fromBundle.warnings.count <= package.warnings.count, "\(comment) \(fromBundle.warnings)",
        sourceLocation: sourceLocation)
    expectSameCAMLTree(fromBundle, package, "\(comment) .ca:", sourceLocation: sourceLocation)
    // A lone file says the package is y down by flipping the root.
    let differences = CAMLTreeFacts(tree: fromFile.rootLayer, ids: fromFile.layerIDs)
        .differences(from: CAMLTreeFacts(tree: package.rootLayer, ids: package.layerIDs))
        .filter { !(package.isGeometryFlipped && $0.hasPrefix("root.geometryFlipped:")) }
    #expect(differences.isEmpty, "\(comment) .caml: \(differences.prefix(10))", sourceLocation: sourceLocation)
    let first = try package.bundleFiles().files
    let again = try fromBundle.bundleFiles().files
    #expect(first.map(\.path) == again.map(\.path), sourceLocation: sourceLocation)
    for (one, other) in zip(first, again) {
        #expect(
            one.data == other.data, "\(comment) \(one.path) differs when written again", sourceLocation: sourceLocation)
    }
    #expect(
        fromFile.encode(placement: .inline).document == package.encode(placement: .inline).document,
        "\(comment) the .caml differs when written again", sourceLocation: sourceLocation)
    let document = try String(contentsOf: bundle.appendingPathComponent("main.caml"), encoding: .utf8)
    return (fromBundle, document)
}

/// Runs `body` on a manual clock with actions disabled, so that building a tree adds no
/// implicit animations, and commits it.
func buildingTree<Result>(_ body: () throws -> Result) rethrows -> Result {
    try withManualClock { _ in
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        return try body()
    }
}

@Suite struct CAMLWriterTests {
    @Test func everyLayerClassWritesEveryNonDefaultProperty() throws {
        try buildingTree {
            let root = CALayer()
            root.bounds = CGRect(x: -10, y: 0, width: 390, height: 844)
            root.position = CGPoint(x: 195, y: 422)
            root.anchorPoint = CGPoint(x: 0.25, y: 1)
            root.anchorPointZ = 3
            root.zPosition = 2
            root.transform = CATransform3DMakeRotation(.pi / 3, 0, 0, 1)
            root.sublayerTransform = CATransform3DMakeScale(0.5, 0.5, 1)
            root.backgroundColor = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
            root.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            root.borderWidth = 2.5
            root.cornerRadius = 12
            root.cornerCurve = .continuous
            root.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
            root.masksToBounds = true
            root.isGeometryFlipped = true
            root.isDoubleSided = false
            root.opacity = 0.35
            root.name = "Root \"Layer\" <1> & co"
            root.shadowColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            root.shadowOpacity = 0.5
            root.shadowOffset = CGSize(width: 2, height: -3)
            root.shadowRadius = 4
            root.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 30, height: 20), transform: nil)
            root.contentsRect = CGRect(x: 0.5, y: 0.4736842105263, width: 1, height: 1)
            root.contentsCenter = CGRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8)
            root.contentsScale = 2
            root.contentsGravity = .resizeAspectFill
            root.speed = 1.5
            root.timeOffset = 0.25
            root.beginTime = 1e-100
            root.fillMode = .both
            root.repeatCount = .infinity
            root.autoreverses = true

            let transformLayer = CATransformLayer()
            transformLayer.opacity = 1
            root.addSublayer(transformLayer)

            let shape = CAShapeLayer()
            shape.path = CGPath(
                roundedRect: CGRect(x: 0, y: 0, width: 40, height: 30), cornerWidth: 5, cornerHeight: 5, transform: nil)
            shape.fillColor = nil
            shape.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
            shape.lineWidth = 3
            shape.lineDashPattern = [4, 2.5]
            shape.lineDashPhase = 1
            shape.lineCap = .round
            shape.lineJoin = .bevel
            shape.miterLimit = 4
            shape.fillRule = .evenOdd
            shape.strokeStart = 0.1
            shape.strokeEnd = 0.9
            transformLayer.addSublayer(shape)

            let gradient = CAGradientLayer()
            gradient.colors = [
                CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 0.25),
            ]
            gradient.locations = [0, 0.75]
            gradient.startPoint = CGPoint(x: 0, y: 0)
            gradient.endPoint = CGPoint(x: 1, y: 1)
            gradient.type = .radial
            root.addSublayer(gradient)

            let text = CATextLayer()
            text.string = "Two\nlines\twith \"quotes\" & <tags>"
            text.font = "DejaVu Sans"
            text.fontSize = 17
            text.foregroundColor = CGColor(red: 0, green: 0.5, blue: 0, alpha: 1)
            text.isWrapped = true
            text.alignmentMode = .center
            text.truncationMode = .end
            root.addSublayer(text)

            let replicator = CAReplicatorLayer()
            replicator.instanceCount = 5
            replicator.instanceDelay = 0.1
            replicator.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
            replicator.instanceColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
            replicator.instanceRedOffset = -0.1
            replicator.instanceAlphaOffset = -0.2
            replicator.preservesDepth = true
            replicator.addSublayer(CALayer())
            root.addSublayer(replicator)

            let scroll = CAScrollLayer()
            scroll.scrollMode = .horizontally
            scroll.bounds = CGRect(x: 40, y: 0, width: 50, height: 50)
            root.addSublayer(scroll)

            let tiled = CATiledLayer()
            tiled.tileSize = CGSize(width: 64, height: 32)
            tiled.levelsOfDetail = 4
            root.addSublayer(tiled)

            let mask = CAShapeLayer()
            mask.path = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
            root.mask = mask

            let (read, document) = try expectRoundTrip(CAPackage(rootLayer: root), "every class")
            #expect(
                read.rootLayer.sublayers?.map { "\(type(of: $0))" } == [
                    "CATransformLayer", "CAGradientLayer", "CATextLayer", "CAReplicatorLayer", "CAScrollLayer",
                    "CATiledLayer",
                ])
            #expect((read.rootLayer.sublayers?.dropLast().last as? CAScrollLayer)?.scrollMode == .horizontally)
            let readTiled = try #require(read.rootLayer.sublayers?.last as? CATiledLayer)
            #expect(readTiled.tileSize == CGSize(width: 64, height: 32) && readTiled.levelsOfDetail == 4)
            #expect(document.contains(#"<CAScrollLayer scrollMode="horizontally""#))
            // A subclass's own properties come before CALayer's, each group in name order.
            #expect(document.contains(#"<CAShapeLayer fillColor="" fillRule="even-odd" lineCap="round""#))
            #expect(document.contains(#"<mask type="CAShapeLayer" path="#))
            // A translucent colour is an element with opacity; an opaque one an attribute.
            #expect(document.contains(#"<backgroundColor opacity="0.4" value="0.1 0.2 0.3"/>"#))
            #expect(document.contains(#"borderColor="1 1 1""#))
            #expect(document.contains(#"opacity="0.35""#))
            #expect(document.contains(#"transform="rotate(60deg)""#))
            #expect(document.contains(#"string="Two&#10;lines&#9;with &quot;quotes&quot; &amp; &lt;tags&gt;""#))
        }
    }

    /// Filters as CAML wallpapers write them (`<filters><CAFilter filter="colorContrast" …/>`)
    /// and the contents filters read back as they were, and are written again the same.
    @Test func filtersAndContentsFiltersReadBack() throws {
        let package = try loadCAML(
            camlHeader + """
                <CALayer bounds="0 0 100 100" magnificationFilter="nearest">
                  <filters><CAFilter filter="colorContrast" name="Contrast 1" enabled="true" inputAmount="1.2"/>\
                <CAFilter filter="gaussianBlur" name="blur" enabled="false" inputRadius="8"/></filters>
                  <backgroundFilters><CAFilter filter="colorSaturate" name="s" enabled="true" inputAmount="0.5"/>\
                </backgroundFilters>
                </CALayer></caml>
                """)
        #expect(package.warnings.isEmpty, "\(package.warnings)")
        let root = package.rootLayer
        #expect(root.magnificationFilter == .nearest && root.minificationFilter == .linear)
        let filters = try #require(root.filters as? [CAFilter])
        #expect(filters.map(\.type) == ["colorContrast", "gaussianBlur"])
        #expect(filters.map(\.name) == ["Contrast 1", "blur"])
        #expect(filters.map(\.isEnabled) == [true, false])
        #expect(filters[0].value(forKey: "inputAmount") as? Double == 1.2)
        #expect(filters[1].value(forKey: "inputRadius") as? Double == 8)
        #expect((root.backgroundFilters?.first as? CAFilter)?.type == "colorSaturate")
        let (read, document) = try expectRoundTrip(package, "filters")
        #expect((read.rootLayer.filters as? [CAFilter])?.map(\.name) == ["Contrast 1", "blur"])
        #expect(document.contains(#"<CAFilter filter="gaussianBlur" name="blur" enabled="false" inputRadius="8"/>"#))
        #expect(document.contains(#"magnificationFilter="nearest""#))
    }

    @Test func animationsKeepEveryTimingProperty() throws {
        try buildingTree {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
            let layer = CALayer()
            root.addSublayer(layer)

            let basic = CABasicAnimation(keyPath: "backgroundColor")
            basic.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
            basic.toValue = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            basic.beginTime = 1e-100
            basic.duration = 2.5
            basic.speed = 2
            basic.timeOffset = 0.5
            basic.repeatCount = 3.5
            basic.autoreverses = true
            basic.fillMode = .both
            basic.isRemovedOnCompletion = false
            basic.timingFunction = CAMediaTimingFunction(controlPoints: 0.29712, -0.0052251, 0.24359, 0.99619)
            basic.isAdditive = true
            basic.isCumulative = true
            layer.add(basic, forKey: "colour")

            let transform = CABasicAnimation(keyPath: "transform")
            transform.byValue = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
            transform.valueFunction = nil
            transform.repeatDuration = .infinity
            transform.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            layer.add(transform, forKey: "animation-2")

            let rotation = CABasicAnimation(keyPath: "transform")
            rotation.valueFunction = CAValueFunction(name: .rotateZ)
            rotation.fromValue = 0
            rotation.toValue = Double.pi
            layer.add(rotation, forKey: nil)

            let keyframe = CAKeyframeAnimation(keyPath: "position")
            keyframe.values = [CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 772), CGPoint(x: 100.5, y: 0)]
            keyframe.keyTimes = [0, 0.2293158405593, 1]
            keyframe.timingFunctions = [
                CAMediaTimingFunction(name: .easeIn),
                CAMediaTimingFunction(controlPoints: 0.88669, -0.015013, 0.61462, 1.01),
            ]
            keyframe.calculationMode = .cubic
            keyframe.tensionValues = [0, 0.5, -0.5]
            keyframe.continuityValues = [0.1, 0, 0]
            keyframe.biasValues = [0, 0, 1]
            keyframe.duration = 1
            layer.add(keyframe, forKey: "move")

            let along = CAKeyframeAnimation(keyPath: "position")
            along.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80), transform: nil)
            along.rotationMode = .rotateAutoReverse
            along.calculationMode = .paced
            layer.add(along, forKey: "orbit")

            let spring = CASpringAnimation(keyPath: "transform.scale.xy")
            spring.fromValue = 0.5
            spring.mass = 2
            spring.stiffness = 300
            spring.damping = 50
            spring.initialVelocity = -1.5
            spring.allowsOverdamping = true
            spring.duration = spring.settlingDuration
            layer.add(spring, forKey: "pop")

            let group = CAAnimationGroup()
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = Float(0.25)
            let hide = CAKeyframeAnimation(keyPath: "hidden")
            hide.values = [true, false, true]
            hide.calculationMode = .discrete
            let corners = CABasicAnimation(keyPath: "bounds.size.width")
            corners.toValue = 120
            group.animations = [fade, hide, corners]
            group.duration = 4
            layer.add(group, forKey: "group")

            let transition = CATransition()
            transition.type = .push
            transition.subtype = .fromLeft
            transition.startProgress = 0.25
            transition.endProgress = 0.75
            transition.duration = 1
            layer.add(transition, forKey: nil)

            let (read, document) = try expectRoundTrip(CAPackage(rootLayer: root), "animations")
            let keys = TransactionLock.shared.withLock {
                read.rootLayer.sublayers![0].attachedAnimations.map { $0.key ?? "-" }
            }
            #expect(keys == ["colour", "animation-2", "-", "move", "orbit", "pop", "group", "transition"])
            #expect(document.contains(#"<p key="animation-2" type="CABasicAnimation""#))
            #expect(
                document.contains(#"<animation type="CABasicAnimation" keyPath="transform" valueFunction="rotateZ""#))
            #expect(document.contains(#"timingFunction="0.29712 -0.0052251 0.24359 0.99619""#))
            #expect(document.contains(#"<type value="push"/>"#))
            #expect(
                document.contains(
                    #"<p key="pop" type="CASpringAnimation" allowsOverdamping="1" damping="50" mass="2" stiffness="300" velocity="-1.5" keyPath="transform.scale.xy""#
                ))
        }
    }

    @Test func statesAndTransitionsKeepTheirTargetsAndFlags() throws {
        try buildingTree {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            let glyph = CALayer()
            glyph.name = "glyph"
            let other = CAShapeLayer()
            root.addSublayer(glyph)
            root.addSublayer(other)
            let on = CAState(name: "On")
            on.elements = [
                CAStateSetValue(target: glyph, keyPath: "opacity", value: 0.5),
                CAStateSetValue(target: glyph, keyPath: "position.y", value: 20),
                CAStateSetValue(
                    target: other, keyPath: "fillColor", value: CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)),
                CAStateSetValue(target: glyph, keyPath: "hidden", value: true),
                CAStateSetValue(target: glyph, keyPath: "transform", value: CATransform3DMakeScale(2, 2, 1)),
            ]
            on.isInitial = true
            let off = CAState(name: "Off")
            off.basedOn = "On"
            off.isEnabled = false
            off.isLocked = true
            off.nextDelay = 2
            off.previousDelay = 0.5
            let empty = CAState(name: "empty")
            root.states = [on, off, empty]
            let toOn = CAStateTransition(fromState: "*", toState: "On")
            let spring = CASpringAnimation()
            spring.damping = 22
            spring.stiffness = 300
            spring.beginTime = 0.5
            let disabled = CAStateTransitionElement(key: "opacity", target: glyph, animation: CABasicAnimation())
            disabled.isEnabled = false
            toOn.elements = [
                CAStateTransitionElement(key: "position.y", target: glyph, animation: spring), disabled,
                CAStateTransitionElement(key: "fillColor", target: other, animation: nil),
            ]
            root.stateTransitions = [toOn, CAStateTransition(fromState: "On", toState: "Off")]

            let (read, document) = try expectRoundTrip(CAPackage(rootLayer: root), "states")
            // Targets without ids get Apple's #N ids, in tree order.
            #expect(read.layerIDs[ObjectIdentifier(read.rootLayer.sublayers![0])] == "#1")
            #expect(read.layerIDs[ObjectIdentifier(read.rootLayer.sublayers![1])] == "#2")
            #expect(document.contains(##"<LKStateSetValue targetId="#1" keyPath="opacity">"##))
            #expect(document.contains(#"<value type="real" value="0.5"/>"#))
            #expect(document.contains(##"<LKStateTransitionElement key="opacity" targetId="#1" enabled="false">"##))
            #expect(document.contains(#"<LKState name="empty">"#) && document.contains("<elements/>"))
            #expect(
                document.contains(
                    #"<LKState name="Off" basedOn="On" enabled="0" locked="1" nextDelay="2" previousDelay="0.5">"#))
        }
    }

    @Test func documentsKeepTheirIDsAndPackageValues() throws {
        let bundle = try temporaryFolder().appendingPathComponent("doc.ca")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        let index = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>rootDocument</key><string>scene.caml</string>
            <key>documentWidth</key><real>390</real><key>documentHeight</key><real>844</real>
            <key>geometryFlipped</key><true/>
            <key>publishedObjectNames</key><array><string>b</string><string>a</string></array>
            </dict></plist>
            """
        try Data(index.utf8).write(to: bundle.appendingPathComponent("index.xml"))
        let document =
            camlHeader + """
                <CALayer id="Background 1" name="a" bounds="0 0 100 50"><sublayers>
                  <CALayer id="1757764249431" name="b"/>
                </sublayers>
                <states><LKState name="s"><elements>
                  <LKStateSetValue targetId="1757764249431" keyPath="opacity"><value type="integer" value="0"/></LKStateSetValue>
                </elements></LKState></states>
                </CALayer></caml>
                """
        try Data(document.utf8).write(to: bundle.appendingPathComponent("scene.caml"))
        try withManualClock { _ in
            let package = try CAPackage(contentsOf: bundle, type: kCAPackageTypeCAMLBundle, options: nil)
            let (read, written) = try expectRoundTrip(package, "ids")
            #expect(read.documentSize == CGSize(width: 390, height: 844))
            #expect(read.isGeometryFlipped)
            #expect(read.publishedObjectNames == ["b", "a"])
            #expect(written.contains(#"<CALayer id="Background 1""#))
            #expect(written.contains(#"targetId="1757764249431""#))
        }
    }

    @Test func aYDownPackageIsFlippedInIndexOrOnTheRootOfALoneFile() throws {
        try buildingTree {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
            let package = CAPackage(rootLayer: root)
            #expect(!package.isGeometryFlipped)
            package.isGeometryFlipped = true
            let folder = try temporaryFolder()
            let bundle = folder.appendingPathComponent("flipped.ca")
            try package.write(to: bundle, type: kCAPackageTypeCAMLBundle, options: nil)
            let index = try String(contentsOf: bundle.appendingPathComponent("index.xml"), encoding: .utf8)
            #expect(index.contains("<key>geometryFlipped</key>") && index.contains("<true/>"))
            let fromBundle = try CAPackage(contentsOf: bundle, type: kCAPackageTypeCAMLBundle, options: nil)
            #expect(fromBundle.isGeometryFlipped && !fromBundle.rootLayer.isGeometryFlipped)
            let file = folder.appendingPathComponent("flipped.caml")
            try package.write(to: file, type: kCAPackageTypeCAMLFile, options: nil)
            let fromFile = try CAPackage(contentsOf: file, type: kCAPackageTypeCAMLFile, options: nil)
            #expect(fromFile.isGeometryFlipped && fromFile.rootLayer.isGeometryFlipped)
        }
    }

    @Test func theDocumentFollowsApplesLayout() {
        buildingTree {
            var layer = CALayer()
            let root = layer
            for _ in 0..<4 {
                let next = CALayer()
                layer.addSublayer(next)
                layer = next
            }
            layer.name = "deep"
            let text = String(decoding: CAPackage(rootLayer: root).encode(placement: .inline).document, as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines[0] == #"<?xml version="1.0" encoding="UTF-8"?>"#)
            #expect(lines[1] == "")
            #expect(lines[2] == #"<caml xmlns="http://www.apple.com/CoreAnimation/1.0">"#)
            #expect(lines[3] == "  <CALayer>")
            #expect(lines[4] == "    <sublayers>")
            // Eight columns are a tab: depth 4 is one tab, depth 5 a tab and two spaces.
            #expect(lines[5] == "      <CALayer>")
            #expect(lines[6] == "\t<sublayers>")
            #expect(lines[7] == "\t  <CALayer>")
            #expect(text.hasSuffix("</caml>\n"))
            #expect(text.contains(#"<CALayer name="deep"/>"#))
        }
    }

    @Test func writingTheSameTreeTwiceGivesTheSameBytes() throws {
        try buildingTree { () throws -> Void in
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 10.1, height: 1 / 3)
            root.addSublayer(CATextLayer())
            let package = CAPackage(rootLayer: root)
            #expect(package.encode(placement: .inline).document == package.encode(placement: .inline).document)
            let index = try package.indexData()
            #expect(try index == package.indexData())
        }
    }
}

extension CAMLWriterTests {
    /// When things happen is written to read back exactly: a Lottie file converted with held
    /// keyframes sampled at every tenth of a frame has a key time at the very moment a picture
    /// is asked for (frame 720.5 of 1,441 at 60 fps), and a duration read back a hair apart
    /// showed the sample before it.
    @Test func keyTimesAndTimingReadBackExactly() throws {
        let duration = 1441.0 / 60
        let keyTimes = [0, 720.4 / 1441, 720.5 / 1441, 1]
        let package = buildingTree {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            let held = CAKeyframeAnimation(keyPath: "opacity")
            held.values = [0, 0.25, 0.5]
            held.keyTimes = keyTimes.map { NSNumber(value: $0) }
            held.calculationMode = .discrete
            held.duration = duration
            held.beginTime = 1.0 / 3
            held.timeOffset = 0.1 + 0.2
            root.add(held, forKey: "held")
            return CAPackage(rootLayer: root)
        }
        let (read, _) = try expectRoundTrip(package)
        let held = try #require(read.rootLayer.animation(forKey: "held") as? CAKeyframeAnimation)
        #expect(held.duration == duration)
        #expect(held.beginTime == 1.0 / 3)
        #expect(held.timeOffset == 0.1 + 0.2)
        #expect(held.keyTimes?.map(\.doubleValue) == keyTimes)
    }
}
