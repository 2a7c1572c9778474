/// Premultiplied BGRA8 (the renderer's pixels, Cairo's ARGB32 on a little-endian machine) to
/// straight RGBA8, `pixels` pixels from `source` to `target`: swaps blue and red and undoes the
/// premultiplication, rounding to nearest, a pixel (a 32-bit word) at a time. An opaque or clear
/// pixel, most of a frame, is a byte swap without a division. Every straight-RGBA view of a
/// frame (`CARenderedFrame.rgba`, images, the preview's frames) converts through it.
public func convertPremultipliedBGRAToStraightRGBA(
    _ source: UnsafeRawPointer, into target: UnsafeMutableRawPointer, pixels: Int
) {
    for index in 0..<pixels {
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
}
