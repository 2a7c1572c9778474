#include "CPixelRows.h"

#include <string.h>

// Premultiplied BGRA to straight RGBA, eight pixels at a time where all eight are opaque or all
// clear (most of a frame: a byte swap, or zeros), else a pixel at a time with the division.

typedef uint32_t oqc_words8 __attribute__((vector_size(32)));

static inline uint32_t straight_pixel(uint32_t pixel) {
    uint32_t alpha = pixel >> 24;
    if (alpha == 255) return (pixel & 0xFF00FF00u) | ((pixel & 0xFFu) << 16) | ((pixel >> 16) & 0xFFu);
    if (alpha == 0) return 0;
    uint32_t blue = ((pixel & 0xFFu) * 255 + alpha / 2) / alpha;
    uint32_t green = ((pixel >> 8 & 0xFFu) * 255 + alpha / 2) / alpha;
    uint32_t red = ((pixel >> 16 & 0xFFu) * 255 + alpha / 2) / alpha;
    if (blue > 255) blue = 255;
    if (green > 255) green = 255;
    if (red > 255) red = 255;
    return (alpha << 24) | (blue << 16) | (green << 8) | red;
}

void oqc_straight_rgba(const void *source, void *target, long pixels) {
    const uint8_t *from = source;
    uint8_t *to = target;
    long index = 0;
    for (; index + 8 <= pixels; index += 8) {
        oqc_words8 block;
        memcpy(&block, from + index * 4, sizeof block);
        oqc_words8 alphas = block >> 24;
        uint32_t all = alphas[0] & alphas[1] & alphas[2] & alphas[3] & alphas[4] & alphas[5] & alphas[6] & alphas[7];
        uint32_t any = alphas[0] | alphas[1] | alphas[2] | alphas[3] | alphas[4] | alphas[5] | alphas[6] | alphas[7];
        if (all == 255) {
            oqc_words8 swapped = (block & 0xFF00FF00u) | ((block & 0xFFu) << 16) | ((block >> 16) & 0xFFu);
            memcpy(to + index * 4, &swapped, sizeof swapped);
        } else if (any == 0) {
            memset(to + index * 4, 0, sizeof block);
        } else {
            for (int lane = 0; lane < 8; lane++) {
                uint32_t pixel = straight_pixel(block[lane]);
                memcpy(to + (index + lane) * 4, &pixel, 4);
            }
        }
    }
    for (; index < pixels; index++) {
        uint32_t pixel;
        memcpy(&pixel, from + index * 4, 4);
        pixel = straight_pixel(pixel);
        memcpy(to + index * 4, &pixel, 4);
    }
}
