import Foundation

/// An animation of one layer property, named by a key path: Apple's `CAPropertyAnimation`.
open class CAPropertyAnimation: CAAnimation {
    /// Creates an animation of the property at `path` (`"position"`, `"transform.rotation.z"`…).
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    package struct PropertyStorage {
        var keyPath: String?
        var isAdditive = false
        var isCumulative = false
        var valueFunction: CAValueFunction?
        /// `keyPath` already resolved against a layer class (default actions know their
        /// property), so adding the animation to a layer of that class skips parsing it.
        var resolvedPath: (path: LayerKeyPath, layerClass: ObjectIdentifier)?
        /// Made by the action search's own last step (`CALayer.implicitAnimation(forKey:)`):
        /// Core Animation's implicit animation, which a layer never committed does not run.
        var isImplicitDefault = false
    }

    @exclusivity(unchecked) package final var property = PropertyStorage()

    /// The key path of the animated property.
    open var keyPath: String? {
        get { property.keyPath }
        set {
            property.keyPath = newValue
            property.resolvedPath = nil
        }
    }

    /// Whether the animated value is added to the value underneath (the model value, or what
    /// earlier animations made of it) instead of replacing it.
    open var isAdditive: Bool {
        get { property.isAdditive }
        set { property.isAdditive = newValue }
    }

    /// Whether each repetition starts where the previous one ended.
    open var isCumulative: Bool {
        get { property.isCumulative }
        set { property.isCumulative = newValue }
    }

    /// A function that turns the interpolated number(s) into the property's value, such as a
    /// rotation matrix for `transform`.
    open var valueFunction: CAValueFunction? {
        get { property.valueFunction }
        set { property.valueFunction = newValue }
    }

    override package func copyState(to copy: CAAnimation) {
        super.copyState(to: copy)
        unsafeDowncast(copy, to: CAPropertyAnimation.self).property = property
    }

    override package func subclassFields() -> [(String, String)] {
        var fields: [(String, String)] = []
        if isAdditive { fields.append(("additive", "1")) }
        if isCumulative { fields.append(("cumulative", "1")) }
        if let valueFunction { fields.append(("valueFunction", valueFunction.name.rawValue)) }
        return fields
    }

    /// `keyPath = …` closes Apple's debug description.
    package var keyPathField: [(String, String)] {
        keyPath.map { [("keyPath", $0)] } ?? []
    }

    override package func animationPropertyValue(forKey key: String) -> Any? {
        switch key {
        case "keyPath": keyPath
        case "additive": isAdditive
        case "cumulative": isCumulative
        case "valueFunction": valueFunction
        default: super.animationPropertyValue(forKey: key)
        }
    }

    override package func setAnimationProperty(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "keyPath": keyPath = value as? String
        case "additive": isAdditive = (value as? Bool) ?? false
        case "cumulative": isCumulative = (value as? Bool) ?? false
        case "valueFunction": valueFunction = value as? CAValueFunction
        default: return super.setAnimationProperty(value, forKey: key)
        }
        return true
    }
}

/// Interpolates a property between two values: Apple's `CABasicAnimation`.
///
/// `CABasicAnimation.h` defines what the three values mean together: from+to, from+by
/// (to = from + by), by+to (from = to − by), from alone (to the current presentation value),
/// to alone (from the current presentation value), by alone (from the current value to the
/// current value + by), and none (from the previous presentation value to the current one —
/// what implicit animations use).
open class CABasicAnimation: CAPropertyAnimation {
    package struct ValueStorage {
        var fromValue: Any?
        var toValue: Any?
        var byValue: Any?
    }

    @exclusivity(unchecked) package final var values = ValueStorage()

    /// The start value (an `NSNumber`, `NSValue`, `CGPoint`, `CGColor`… matching the property).
    open var fromValue: Any? {
        get { values.fromValue }
        set { values.fromValue = newValue }
    }

    /// The end value.
    open var toValue: Any? {
        get { values.toValue }
        set { values.toValue = newValue }
    }

    /// A relative value.
    open var byValue: Any? {
        get { values.byValue }
        set { values.byValue = newValue }
    }

    override package func copyState(to copy: CAAnimation) {
        super.copyState(to: copy)
        unsafeDowncast(copy, to: CABasicAnimation.self).values = values
    }

    override package func subclassFields() -> [(String, String)] {
        var fields: [(String, String)] = []
        if let fromValue { fields.append(("fromValue", describeAnimationValue(fromValue))) }
        if let toValue { fields.append(("toValue", describeAnimationValue(toValue))) }
        if let byValue { fields.append(("byValue", describeAnimationValue(byValue))) }
        return fields + super.subclassFields() + keyPathField
    }

    override package func animationPropertyValue(forKey key: String) -> Any? {
        switch key {
        case "fromValue": fromValue
        case "toValue": toValue
        case "byValue": byValue
        default: super.animationPropertyValue(forKey: key)
        }
    }

    override package func setAnimationProperty(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "fromValue": fromValue = value
        case "toValue": toValue = value
        case "byValue": byValue = value
        default: return super.setAnimationProperty(value, forKey: key)
        }
        return true
    }
}
