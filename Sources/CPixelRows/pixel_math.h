#ifndef PIXEL_MATH_H
#define PIXEL_MATH_H

// The pixel arithmetic CPixelRows' files share: pixman's rounding of products of bytes, on one
// pixel, four, and sixteen bytes at a time.

#include <stdint.h>
#include <string.h>

typedef float float4 __attribute__((ext_vector_type(4)));
typedef int int4 __attribute__((ext_vector_type(4)));
typedef uint32_t uint4 __attribute__((ext_vector_type(4)));

// Every byte of x times a (at most 255) over 255, rounded as pixman's UN8x4_MUL_UN8: two
// bytes at a time in 16-bit lanes, which cannot carry into each other.
static inline uint32_t multiply(uint32_t x, uint32_t a) {
    uint32_t even = (x & 0x00ff00ffu) * a + 0x00800080u;
    even = ((even + ((even >> 8) & 0x00ff00ffu)) >> 8) & 0x00ff00ffu;
    uint32_t odd = ((x >> 8) & 0x00ff00ffu) * a + 0x00800080u;
    odd = (odd + ((odd >> 8) & 0x00ff00ffu)) & 0xff00ff00u;
    return even | odd;
}

static inline uint4 multiply4(uint4 x, uint4 a) {
    uint4 even = (x & 0x00ff00ffu) * a + 0x00800080u;
    even = ((even + ((even >> 8) & 0x00ff00ffu)) >> 8) & 0x00ff00ffu;
    uint4 odd = ((x >> 8) & 0x00ff00ffu) * a + 0x00800080u;
    odd = (odd + ((odd >> 8) & 0x00ff00ffu)) & 0xff00ff00u;
    return even | odd;
}

// A premultiplied pixel over another: its bytes never sum past 255.
static inline uint32_t over(uint32_t s, uint32_t d) { return s + multiply(d, 255u - (s >> 24)); }

typedef uint8_t uchar16 __attribute__((ext_vector_type(16)));
typedef uint8_t uchar4 __attribute__((ext_vector_type(4)));
typedef uint16_t ushort16 __attribute__((ext_vector_type(16)));

// Every byte of BYTES (uchar16) times its lane's factor in FACTORS (ushort16) over 255,
// rounded as pixman rounds, sixteen bytes at once. A macro: a function taking 256-bit vectors
// would change the calling convention without AVX.
#define MULTIPLY_BYTES(bytes, factors)                                                                  \
    ({                                                                                                \
        ushort16 t_ = __builtin_convertvector((bytes), ushort16) * (factors) + (ushort16)128;         \
        __builtin_convertvector((t_ + (t_ >> 8)) >> 8, uchar16);                                      \
    })

#endif
