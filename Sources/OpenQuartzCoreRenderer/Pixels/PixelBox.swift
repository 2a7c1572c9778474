import Foundation
import OpenQuartzCore

/// A rectangle of whole device pixels: `minX..<maxX` × `minY..<maxY`.
struct PixelBox: Equatable {
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int

    static let empty = PixelBox(minX: 0, minY: 0, maxX: 0, maxY: 0)

    var isEmpty: Bool { minX >= maxX || minY >= maxY }

    /// The pixels it holds (of a box that is not empty).
    var area: Int { (maxX - minX) * (maxY - minY) }

    func union(_ other: PixelBox) -> PixelBox {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelBox(
            minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
            maxY: max(maxY, other.maxY))
    }

    func intersection(_ other: PixelBox) -> PixelBox {
        let box = PixelBox(
            minX: max(minX, other.minX), minY: max(minY, other.minY), maxX: min(maxX, other.maxX),
            maxY: min(maxY, other.maxY))
        return box.isEmpty ? .empty : box
    }
}

extension PixelBox {
    /// The whole pixels that `rect` covers through `transform`, and `margin` more all round;
    /// nil when it does not land on finite pixels. `.null` covers none.
    init?(covering rect: CGRect, through transform: CGAffineTransform, margin: Int) {
        guard !rect.isNull else {
            self = .empty
            return
        }
        // The four corners, each x and y a sum of the rectangle's two extents' shares (no array:
        // this runs for every layer every frame).
        let (a, b, c, d) = (Double(transform.a), Double(transform.b), Double(transform.c), Double(transform.d))
        let (left, right) = (Double(rect.minX), Double(rect.maxX))
        let (top, bottom) = (Double(rect.minY), Double(rect.maxY))
        let (xFromLeft, xFromRight) = (a * left, a * right)
        let (xFromTop, xFromBottom) = (c * top, c * bottom)
        let (yFromLeft, yFromRight) = (b * left, b * right)
        let (yFromTop, yFromBottom) = (d * top, d * bottom)
        let (tx, ty) = (Double(transform.tx), Double(transform.ty))
        let minX = min(xFromLeft, xFromRight) + min(xFromTop, xFromBottom) + tx
        let maxX = max(xFromLeft, xFromRight) + max(xFromTop, xFromBottom) + tx
        let minY = min(yFromLeft, yFromRight) + min(yFromTop, yFromBottom) + ty
        let maxY = max(yFromLeft, yFromRight) + max(yFromTop, yFromBottom) + ty
        guard abs(minX) < 1e7, abs(maxX) < 1e7, abs(minY) < 1e7, abs(maxY) < 1e7 else { return nil }
        self.init(
            minX: Int(minX.rounded(.down)) - margin, minY: Int(minY.rounded(.down)) - margin,
            maxX: Int(maxX.rounded(.up)) + margin, maxY: Int(maxY.rounded(.up)) + margin)
    }
}
