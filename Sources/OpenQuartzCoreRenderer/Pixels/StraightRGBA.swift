import CPixelRows

/// Premultiplied BGRA8 (the renderer's pixels, Cairo's ARGB32 on a little-endian machine) to
/// straight RGBA8, `pixels` pixels from `source` to `target`: swaps blue and red and undoes the
/// premultiplication, rounding to nearest. Eight opaque or eight clear pixels in a row, most
/// of a frame, are a byte swap or zeros without a division (`oqc_straight_rgba`, in C for its
/// vector types). Every straight-RGBA view of a frame (`CARenderedFrame.rgba`, images, the
/// preview's frames) converts through it.
public func convertPremultipliedBGRAToStraightRGBA(
    _ source: UnsafeRawPointer, into target: UnsafeMutableRawPointer, pixels: Int
) {
    oqc_straight_rgba(source, target, pixels)
}
