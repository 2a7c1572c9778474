import Foundation

/// Small CAML documents that between them use every construct the reader knows (FORMAT.md
/// §13): the seeds of a fuzzing run (Scripts/fuzz-caml.sh) and the starting points of the
/// mutation test (Tests/OpenCAMLTests/CAMLMutationTests.swift).
enum CAMLSeedDocuments {
    static let header = #"<?xml version="1.0" encoding="UTF-8"?><caml xmlns="http://www.apple.com/CoreAnimation/1.0">"#

    /// A one-pixel PNG, for `data:` URI contents.
    static let pixelPNG =
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

    /// The documents by a short name (used for the seed files' names).
    static let all: [(name: String, text: String)] = [
        ("properties", properties), ("transforms", transforms), ("classes", classes),
        ("animations", animations), ("states", states), ("references", references), ("editor", editor),
    ]

    /// Properties as attributes and as child elements, colours, `<p key>`, key-path attributes.
    static let properties =
        header + """
            <CALayer id="root" name="Root" bounds="0 0 390 844" position="195 422" anchorPoint="0.5 0.5"
              opacity="0.75" zPosition="2" cornerRadius="12" masksToBounds="1" geometryFlipped="0"
              backgroundColor="1 0 0" borderWidth="2" contentsRect="0 0 1 1" contentsGravity="resizeAspect"
              speed="1" beginTime="1e-100" timeOffset="0" hidden="false" transform.rotation.z="0.25">
              <borderColor opacity="0.5" value="0 0 1"/>
              <opacity value="0.5"/>
              <p key="cornerRadius" value="4"/>
              <sublayerTransform value="scale(1, 1, 1)"/>
              <sublayers>
                <CALayer name="Child" bounds="-10 -10 40 40" position="50 772" allowsEdgeAntialiasing="1"
                  allowsGroupOpacity="1" contentsFormat="RGBA8" cornerCurve="circular" maskedCorners="3"/>
              </sublayers>
            </CALayer></caml>
            """

    /// Every transform function, the matrix forms and the empty identity.
    static let transforms =
        header + """
            <CALayer bounds="0 0 100 100" transform="perspective(500) translate(10, 20, 30) rotate(45deg) rotate(30deg, 0, 1, 0) rotate(0.5rad, 1, 0, 0) shearYZ(5deg) shearXZ(10deg) shearXY(15deg) scale(0.5, 2, 1)">
              <sublayers>
                <CALayer transform="" position="1 2"/>
                <CALayer transform="scale(2)" transform.scale.x="3" transform.translation.y="4"/>
                <CALayer transform="matrix(1 0 0 0 0 1 0 0 0 0 1 0 5 6 7 1)"/>
                <CALayer transform="matrix(1 0.5 0 1 3 4)" affineTransform="matrix(1 0 0 1 2 3)"/>
                <CATransformLayer opacity="0.5"><sublayers><CALayer transform="rotate(90deg)"/></sublayers></CATransformLayer>
              </sublayers>
            </CALayer></caml>
            """

    /// Shape, gradient, text, replicator and emitter layers, and image contents.
    static let classes =
        header + """
            <CALayer bounds="0 0 200 200"><sublayers>
              <CAShapeLayer id="shape" bounds="0 0 20 20" path="0 0 m 10 0 l 10 10 5 12 5 0 c 0 5 2 2 q h"
                fillColor="0 1 0" lineWidth="2"><strokeColor opacity="0" value="0 0 0"/></CAShapeLayer>
              <CAGradientLayer startPoint="0 0" endPoint="1 1" type="axial">
                <colors><CGColor value="1 0 0"/><CGColor value="0 0 1" opacity="0.5"/></colors>
                <locations><real value="0"/><real value="1"/></locations>
              </CAGradientLayer>
              <CATextLayer fontSize="20" string="Hi" alignmentMode="center" wrapped="1"><foregroundColor value="1 1 1"/></CATextLayer>
              <CAReplicatorLayer instanceCount="3" instanceDelay="0.1" instanceTransform="translate(10, 0, 0)"/>
              <CAEmitterLayer emitterMode="points" emitterShape="point" emitterPosition="10 10" birthRate="1">
                <emitterCells><CAEmitterCell birthRate="5" lifetime="2" velocity="10" name="spark"/></emitterCells>
              </CAEmitterLayer>
              <CALayer bounds="0 0 1 1"><contents type="CGImage" src="data:image/png;base64,\(pixelPNG)"/></CALayer>
              <CALayer><contents><CGImage src="assets/missing.png"/></contents></CALayer>
              <CALayer><filters><CAFilter filter="colorContrast" name="c" enabled="true" inputAmount="1"/></filters></CALayer>
            </sublayers></CALayer></caml>
            """

    /// Basic, keyframe, spring and group animations with every timing property.
    static let animations =
        header + """
            <CALayer bounds="0 0 100 100" position="50 50"><animations>
              <animation type="CABasicAnimation" keyPath="opacity" fromValue="0" toValue="1" duration="2"
                beginTime="0.5" repeatCount="inf" autoreverses="1" speed="2" timeOffset="0.25" fillMode="both"
                removedOnCompletion="0" timingFunction="easeInEaseOut" additive="0" cumulative="0"/>
              <p key="animation-2" type="CAKeyframeAnimation" keyPath="position" calculationMode="cubic" duration="1"
                repeatDuration="inf">
                <values><CGPoint value="0 0"/><CGPoint value="50 50"/><CGPoint value="100 0"/></values>
                <keyTimes><real value="0"/><real value="0.229"/><integer value="1"/></keyTimes>
                <timingFunctions><CAMediaTimingFunction value="0.29712 -0.0052251 0.24359 0.99619"/>
                  <CAMediaTimingFunction value="linear"/></timingFunctions>
              </p>
              <animation type="CASpringAnimation" keyPath="transform.rotation.z" fromValue="0" toValue="6.283185307179586"
                damping="50" mass="2" stiffness="300" velocity="0" mica_autorecalculatesDuration="1"/>
              <animation type="CAAnimationGroup" duration="3"><animations>
                <CABasicAnimation keyPath="bounds.size.width" byValue="10"/>
                <CAKeyframeAnimation keyPath="hidden" calculationMode="discrete">
                  <values><integer value="0"/><integer value="1"/></values>
                </CAKeyframeAnimation>
              </animations></animation>
              <animation type="CAKeyframeAnimation" keyPath="position" path="0 0 m 100 100 l" duration="1"/>
            </animations></CALayer></caml>
            """

    /// A wallpaper's state machine: three states, `*→S` and `S→*` transitions with springs.
    static let states =
        header + """
            <CALayer name="Root" bounds="0 0 390 844">
              <states>
                <LKState name="Locked"><elements>
                  <LKStateSetValue targetId="logo" keyPath="position.y"><value type="integer" value="545"/></LKStateSetValue>
                  <LKStateSetValue targetId="logo" keyPath="opacity"><value type="real" value="1"/></LKStateSetValue>
                </elements></LKState>
                <LKState name="Unlock" basedOn="Locked"><elements>
                  <LKStateSetValue targetId="logo" keyPath="position.y"><value type="integer" value="142"/></LKStateSetValue>
                  <LKStateSetValue targetId="logo" keyPath="transform.rotation.z"><value type="real" value="-180"/></LKStateSetValue>
                  <LKStateSetValue targetId="#missing" keyPath="opacity" value="0"/>
                </elements></LKState>
                <LKState name="Sleep" basedOn="" nextDelay="1" initial="0"><elements>
                  <LKStateSetValue targetId="Glyph" keyPath="hidden" value="1"/>
                  <LKStateSetValue targetId="logo" keyPath="bounds.size.width" value="20"/>
                </elements></LKState>
                <LKState name="disconnected"/>
              </states>
              <stateTransitions>
                <LKStateTransition fromState="*" toState="Unlock"><elements>
                  <LKStateTransitionElement key="position.y" targetId="logo">
                    <animation type="CASpringAnimation" damping="50" mass="2" stiffness="300" velocity="0"
                      duration="1.2" fillMode="backwards" beginTime="1e-100"/>
                  </LKStateTransitionElement>
                  <LKStateTransitionElement keyPath="transform.rotation.z" targetId="logo">
                    <animation type="CABasicAnimation" duration="0.5" autoreverses="1" repeatCount="2"/>
                  </LKStateTransitionElement>
                </elements></LKStateTransition>
                <LKStateTransition fromState="Unlock" toState="*"><elements>
                  <LKStateTransitionElement key="hidden" targetId="Glyph" enabled="false">
                    <animation><CABasicAnimation keyPath="opacity" duration="1"/></animation>
                  </LKStateTransitionElement>
                </elements></LKStateTransition>
                <LKStateTransition fromState="Locked" toState="Sleep"><elements>
                  <LKStateTransitionElement key="bounds.size.width" targetId="logo">
                    <animation type="CAKeyframeAnimation" duration="1" repeatDuration="2" speed="2">
                      <values><real value="0"/><real value="20"/></values></animation>
                  </LKStateTransitionElement>
                </elements></LKStateTransition>
                <LKStateTransition fromState="*" toState="*"/>
              </stateTransitions>
              <sublayers>
                <CALayer id="logo" name="Logo" position="195 545" bounds="0 0 100 100"/>
                <CALayer name="Glyph" position="5 5"/>
              </sublayers>
            </CALayer></caml>
            """

    /// Ids, `object=` references (to a layer, an ancestor, an animation), masks, duplicates.
    static let references =
        header + """
            <CALayer id="#1" bounds="0 0 100 100"><sublayers>
              <CALayer id="#2" name="A"><mask><CAShapeLayer id="#m" path="0 0 m 5 5 l h"/></mask></CALayer>
              <CALayer id="#2" name="Duplicate"/>
              <p key="x" type="CALayer" object="#2"/>
              <CALayer object="#1"/>
              <CALayer object="#nowhere"/>
            </sublayers>
            <animations>
              <animation id="anim" type="CABasicAnimation" keyPath="opacity" toValue="0"/>
              <p key="again" object="anim"/>
              <animation type="CAMatchMoveAnimation" additive="1" targetsSuperlayer="1" usesNormalizedCoordinates="0">
                <sourceLayer object="#1"/><sourcePoints><CGPoint value="0 0"/></sourcePoints><animationType/>
              </animation>
            </animations></CALayer></caml>
            """

    /// Editor data, comments, unknown elements and attributes, `LK` names and an `o` object.
    static let editor = """
        <caml xmlns="http://www.apple.com/CoreAnimation/1.0">
        <!-- made by hand -->
        <o type="CALayer" bounds="0 0 10 10" unknownAttribute="x" caplayKind="y">
          <scriptComponents/>
          <scriptObject src="assets/Root_Layer.js" relativePath="/assets/Root_Layer.js"/>
          <modules type="NSArray"/>
          <style><wallpaperBackgroundAssetNames type="NSArray"/></style>
          <unknownElement value="1"/>
          <sublayers><CABackdropLayer/><NotAClass/></sublayers>
        </o></caml>
        """
}
