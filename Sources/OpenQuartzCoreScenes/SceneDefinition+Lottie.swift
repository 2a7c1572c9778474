import Foundation
import OpenCoreGraphics
import OpenLottie
import OpenQuartzCore

extension SceneDefinition {
    /// The extensions that name a Lottie file: Bodymovin JSON and dotLottie packages.
    public static let lottieExtensions = ["json", "lottie"]

    /// Whether `argument` names an existing Lottie file: a `.json` or `.lottie` file, not a
    /// folder. The commands take anything else as a CAML document or a scene name.
    public static func isLottieFile(_ argument: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), !isDirectory.boolValue
        else { return false }
        return lottieExtensions.contains(URL(fileURLWithPath: argument).pathExtension.lowercased())
    }

    /// The Lottie animation at `path` (Bodymovin JSON, or the animation a dotLottie package
    /// starts with) as a scene of the animation's size and length: its `LottieAnimationLayer`
    /// playing once from the first frame on the scene's clock, so that at time `t` it shows
    /// frame `ip + t · fr`, and the last frame from the scene's end on. The layer lays the animation out in any bounds (aspect fit, centred):
    /// ``Scene/layOut(toFill:)`` makes it fill a picture of another size. What reading skipped
    /// is in ``SceneDefinition/animation``'s `warnings`. With `loops` above 1 it plays that
    /// many times in a row, and the scene is that many times as long. `values` (value
    /// providers, images, texts, a viewport: `LottieValues`) are set on the layer before it
    /// plays. `animationID` chooses the animation of a dotLottie package (the one its manifest
    /// starts with when nil), `theme` one of its themes; `slots` fill the file's slots.
    /// `configuration` chooses the rendering engine.
    ///
    /// - Throws: ``SceneError`` with the reader's `file: json.path: message` (for a dotLottie
    ///   package, `file: entry: json.path: message`).
    @MainActor
    public static func lottie(
        at path: String, loops: Int = 1, values: LottieValues? = nil, animationID: String? = nil,
        theme: String? = nil, slots: LottieSlots? = nil, configuration: LottieConfiguration = .shared
    ) throws(SceneError) -> SceneDefinition {
        require(loops >= 1, "a Lottie scene plays at least once; got \(loops) loops")
        let url = URL(fileURLWithPath: path)
        let animation: LottieAnimation
        do {
            // The values' slots over the ones given apart.
            let allSlots = LottieSlots.layered(values?.slots, on: slots)
            animation = try LottieAnimation(contentsOf: url, animationID: animationID, theme: theme, slots: allSlots)
        } catch {
            throw SceneError(error.description)
        }
        return lottie(
            animation, named: url.lastPathComponent, path: path, loops: loops, values: values,
            configuration: configuration)
    }

    /// A scene of `animation`, read already (a batch of variants reads its file once), as
    /// ``lottie(at:loops:values:animationID:theme:slots:configuration:)`` makes one; `name`
    /// names the scene, `path` is said in its summary.
    @MainActor
    public static func lottie(
        _ animation: LottieAnimation, named name: String, path: String, loops: Int = 1, values: LottieValues? = nil,
        configuration: LottieConfiguration = .shared
    ) -> SceneDefinition {
        require(loops >= 1, "a Lottie scene plays at least once; got \(loops) loops")
        return SceneDefinition(
            name: name, summary: "The Lottie animation \(path).", size: animation.size,
            duration: animation.duration * Double(loops), posterTime: animation.duration / 2, animation: animation,
            build: { _ in
                // Not committed yet, so nothing here animates implicitly.
                let layer = animation.makeLayer(
                    configuration: configuration, values: values,
                    loopMode: loops == 1 ? .playOnce : .repeat(Float(loops)))
                layer.position = CGPoint(x: animation.size.width / 2, y: animation.size.height / 2)
                return layer
            })
    }

    /// The scene time at which a Lottie scene shows `frame`: `(frame − ip) / fr`, 0 for a
    /// frame before the first (the scene starts there); nil for a scene or a CAML document.
    /// Frames past the end (`op`) show the last frame.
    public func time(atFrame frame: Double) -> CFTimeInterval? {
        guard let animation else { return nil }
        return max(0, (frame - animation.startFrame) / animation.frameRate)
    }

    /// The frame a Lottie scene shows at scene time `time`: `ip + t · fr`, held at the last
    /// frame (`op`) from the end on; nil for a scene or a CAML document.
    public func frame(atTime time: CFTimeInterval) -> Double? {
        guard let animation else { return nil }
        return min(max(animation.startFrame + time * animation.frameRate, animation.startFrame), animation.endFrame)
    }
}
