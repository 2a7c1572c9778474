import Foundation

/// The file formats this module decodes, recognised from their first bytes (never from a
/// file name).
enum ImageFormat: Sendable, Equatable {
    case png, jpeg, webP, gif

    /// The format whose signature `data` starts with, or `nil`.
    init?(sniffing data: Data) {
        func starts(with signature: [UInt8], at offset: Int = 0) -> Bool {
            guard data.count >= offset + signature.count else { return false }
            let start = data.startIndex + offset
            return data[start..<start + signature.count].elementsEqual(signature)
        }
        if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(with: Array("RIFF".utf8)) && starts(with: Array("WEBP".utf8), at: 8) {
            self = .webP
        } else if starts(with: Array("GIF87a".utf8)) || starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else {
            return nil
        }
    }

    /// The uniform type identifier ImageIO reports for the format.
    var typeIdentifier: String {
        switch self {
        case .png: "public.png"
        case .jpeg: "public.jpeg"
        case .webP: "org.webmproject.webp"
        case .gif: "com.compuserve.gif"
        }
    }
}
