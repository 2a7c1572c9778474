import Foundation
import OpenLottie

/// Lottie documents made for the expression tests: 30 frames a second, frames 0 to 60, a
/// 100-point square composition, and layers whose properties carry the expressions.
enum ExpressionFixture {
    /// A shape layer `name` (index `index`) with a transform whose members are given as JSON
    /// (`"r": {...}`), the others static: anchor (0, 0), position (50, 50), scale 100 %,
    /// rotation 0, opacity 100.
    static func layer(
        _ name: String, index: Int, _ members: [String: String] = [:], extra: String = "", start: Double = 0
    ) -> String {
        var transform = [
            "a": #"{"a":0,"k":[0,0,0]}"#, "p": #"{"a":0,"k":[50,50,0]}"#, "s": #"{"a":0,"k":[100,100,100]}"#,
            "r": #"{"a":0,"k":0}"#, "o": #"{"a":0,"k":100}"#,
        ]
        for (key, value) in members { transform[key] = value }
        let ks = transform.keys.sorted().map { "\"\($0)\":\(transform[$0]!)" }.joined(separator: ",")
        return #"{"ty":4,"ind":\#(index),"nm":"\#(name)","ip":0,"op":60,"st":\#(start),"ks":{\#(ks)},"#
            + #""shapes":[{"ty":"rc","nm":"Box","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","nm":"Fill","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]\#(extra)}"#
    }

    /// A property of value `value` (JSON) with the expression `code`.
    static func expression(_ code: String, value: String = "0") -> String {
        let quoted = String(data: try! JSONSerialization.data(withJSONObject: code, options: .fragmentsAllowed), encoding: .utf8)!
        return #"{"a":0,"k":\#(value),"x":\#(quoted)}"#
    }

    /// A keyframed property: `keys` as (frame, value JSON) pairs, straight between them.
    static func keyframes(_ keys: [(Double, String)], expression code: String? = nil) -> String {
        let list = keys.enumerated().map { index, key in
            index == keys.count - 1
                ? #"{"t":\#(key.0),"s":\#(key.1)}"#
                : #"{"t":\#(key.0),"s":\#(key.1),"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}}"#
        }.joined(separator: ",")
        guard let code else { return #"{"a":1,"k":[\#(list)]}"# }
        let quoted = String(data: try! JSONSerialization.data(withJSONObject: code, options: .fragmentsAllowed), encoding: .utf8)!
        return #"{"a":1,"k":[\#(list)],"x":\#(quoted)}"#
    }

    static func document(_ layers: [String], extra: String = "") -> Data {
        Data(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100\#(extra),"layers":[\#(layers.joined(separator: ","))]}"#.utf8)
    }

    /// The complete engine's layer for `layers`.
    static func drawn(_ layers: [String], extra: String = "") throws -> LottieAnimationLayer {
        try LottieAnimation(data: document(layers, extra: extra)).makeLayer(configuration: LottieConfiguration(renderingEngine: .complete))
    }

    /// The rotation of layer `name` at `frame` after its expression.
    static func rotation(_ code: String, frame: Double, keys: [(Double, String)]? = nil, others: [String] = [],
                         extra: String = "") throws -> Double? {
        let property = keys.map { keyframes($0, expression: code) } ?? expression(code)
        let layer = try drawn([Self.layer("Subject", index: 1, ["r": property])] + others, extra: extra)
        return (layer.getValue(for: AnimationKeypath(keypath: "Subject.Transform.Rotation"), atFrame: frame) as? CGFloat)
            .map(Double.init)
    }

    /// The position of layer `Subject` at `frame` after the expression `code` on it.
    static func position(_ code: String, frame: Double, others: [String] = [], members: [String: String] = [:]) throws -> CGPoint? {
        var transform = members
        transform["p"] = expression(code, value: "[50,50,0]")
        let layer = try drawn([Self.layer("Subject", index: 1, transform)] + others)
        return layer.getValue(for: AnimationKeypath(keypath: "Subject.Transform.Position"), atFrame: frame) as? CGPoint
    }

    /// The baked document of `layers`, as Foundation reads JSON.
    static func baked(_ layers: [String], extra: String = "") throws -> (json: [String: Any], warnings: [LottieWarning]) {
        let baked = try LottieAnimation(data: document(layers, extra: extra)).bakingExpressions()
        return (try JSONSerialization.jsonObject(with: baked.json) as! [String: Any], baked.warnings)
    }
}
