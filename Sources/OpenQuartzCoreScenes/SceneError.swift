/// What stops a scene from being made: a scene name the gallery does not have, a document that
/// does not load, a state the document lacks. The description is one line for the user.
public struct SceneError: Error, CustomStringConvertible, Equatable {
    public let description: String

    public init(_ description: String) { self.description = description }

    static func unknownScene(_ name: String, known: [String]) -> SceneError {
        SceneError("there is no scene called '\(name)'; the scenes are: \(known.joined(separator: ", "))")
    }
}
