/// Premultiplied BGRA8 (the renderer's pixels, Cairo's ARGB32 on a little-endian machine) to
/// straight RGBA8, `pixels` pixels from `source` to `target`: swaps blue and red and undoes the
/// premultiplication, rounding to nearest, a pixel (a 32-bit word) at a time. An opaque or clear
/// pixel, most of a frame, is a byte swap without a division. Every straight-RGBA view of a
/// frame (`CARenderedFrame.rgba`, images, the preview's frames) converts through it.
public func convertPremultipliedBGRAToStraightRGBA(
    _ source: UnsafeRawPointer, into target: UnsafeMutableRawPointer, pixels: Int
) {
    // Two pixels at a time where both are clear or both opaque (a 64-bit word, no branch a
    // pixel); else each as it is.
    var index = 0
    while index + 1 < pixels {
        let pair = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: index * 4, as: UInt64.self))
        let alphas = pair & 0xFF00_0000_FF00_0000
        if alphas == 0 {
            target.storeBytes(of: UInt64(0), toByteOffset: index * 4, as: UInt64.self)
        } else if alphas == 0xFF00_0000_FF00_0000 {
            let swapped =
                (pair & 0xFF00_FF00_FF00_FF00) | ((pair & 0x0000_00FF_0000_00FF) << 16)
                | ((pair >> 16) & 0x0000_00FF_0000_00FF)
            target.storeBytes(of: swapped.littleEndian, toByteOffset: index * 4, as: UInt64.self)
        } else {
            straightenPixel(at: index, from: source, into: target)
            straightenPixel(at: index + 1, from: source, into: target)
        }
        index += 2
    }
    if index < pixels { straightenPixel(at: index, from: source, into: target) }
}

@inline(__always)
private func straightenPixel(at index: Int, from source: UnsafeRawPointer, into target: UnsafeMutableRawPointer) {
    // Little-endian: BGRA bytes read as 0xAARRGGBB; RGBA bytes are 0xAABBGGRR.
    let pixel = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
    let alpha = pixel >> 24
    let straight: UInt32
    if alpha == 255 {
        straight = (pixel & 0xFF00_FF00) | ((pixel & 0xFF) << 16) | ((pixel >> 16) & 0xFF)
    } else if alpha == 0 {
        straight = 0
    } else {
        func channel(_ shift: UInt32) -> UInt32 {
            min(255, (((pixel >> shift) & 0xFF) * 255 + alpha / 2) / alpha)
        }
        straight = (alpha << 24) | (channel(0) << 16) | (channel(8) << 8) | channel(16)
    }
    target.storeBytes(of: straight.littleEndian, toByteOffset: index * 4, as: UInt32.self)
}
