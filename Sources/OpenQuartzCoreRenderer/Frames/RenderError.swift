import CCairo
import Foundation
import OpenQuartzCore

/// What can go wrong turning pixels into files and back.
public enum RenderError: Error, CustomStringConvertible, Equatable {
    /// Cairo could not encode the PNG.
    case encoding(String)
    /// A PNG file could not be read.
    case decoding(path: String, reason: String)

    public var description: String {
        switch self {
        case .encoding(let reason): "could not encode the frame as PNG: \(reason)"
        case .decoding(let path, let reason): "could not read the PNG file \(path): \(reason)"
        }
    }
}
