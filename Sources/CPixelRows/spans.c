#include "CPixelRows.h"
#include "pixel_math.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

// Both widths must give the same bytes: no fused multiply-adds where one has them and the
// other has not.
#pragma clang fp contract(off)

// The running winding's coverage level (0 to 255) by the fill's rule: its magnitude clamped to
// 1 (non-zero) or folded by twos (even-odd), in 255ths rounded.
static inline uint32_t level_of(float sum, int even_odd) {
    float magnitude = sum < 0 ? -sum : sum;
    if (even_odd) {
        magnitude = magnitude - 2.0f * __builtin_floorf(magnitude * 0.5f);
        if (magnitude > 1) magnitude = 2 - magnitude;
    } else if (magnitude > 1) {
        magnitude = 1;
    }
    return (uint32_t)(magnitude * 255.0f + 0.5f);
}

// A row's cells the edges touched, as one or two ranges in order (`range` holds the first and
// last cell of the edges going down, then of those going up; -1 for none): the number of ranges.
static inline int touched_cells(const int32_t *range, long *bounds) {
    long a0 = range[0], a1 = range[1], b0 = range[2], b1 = range[3];
    if (a1 < 0) {
        a0 = b0;
        a1 = b1;
        b1 = -1;
    }
    if (a1 < 0) return 0;
    if (b1 >= 0) {
        if (b0 < a0) {
            long s0 = a0, s1 = a1;
            a0 = b0;
            a1 = b1;
            b0 = s0;
            b1 = s1;
        }
        if (b0 <= a1 + 1) {
            a1 = a1 > b1 ? a1 : b1;
            b1 = -1;
        }
    }
    bounds[0] = a0;
    bounds[1] = a1;
    bounds[2] = b0;
    bounds[3] = b1;
    return b1 >= 0 ? 2 : 1;
}

void oqc_span_clear_ranges(int32_t *ranges, long rows) {
    for (long row = 0; row < rows; row++) {
        ranges[4 * row] = INT32_MAX;
        ranges[4 * row + 1] = -1;
        ranges[4 * row + 2] = INT32_MAX;
        ranges[4 * row + 3] = -1;
    }
}

// Four cells at a time (fewer at the end, as if followed by empty cells): their running sums by
// two shifted additions, then the colour through each pixel's level over the target.
static void cells_by_four(uint32_t *line, float *cells, long count, float *sum, uint32_t pixel, int even_odd) {
    float running = *sum;
    uint32_t four[4] = {pixel, pixel, pixel, pixel};
    uchar16 colour;
    memcpy(&colour, four, sizeof colour);
    const float4 zero = 0;
    for (long x = 0; x < count; x += 4) {
        long n = count - x < 4 ? count - x : 4;
        float4 c = 0;
        memcpy(&c, cells + x, (size_t)n * sizeof(float));
        memset(cells + x, 0, (size_t)n * sizeof(float));
        c += __builtin_shufflevector(zero, c, 0, 4, 5, 6);
        c += __builtin_shufflevector(zero, c, 0, 1, 4, 5);
        float4 sums = c + running;
        running = n == 4 ? sums.w : sums[n - 1];
        float4 magnitude = __builtin_elementwise_abs(sums);
        if (even_odd) {
            magnitude = magnitude - 2.0f * __builtin_elementwise_floor(magnitude * 0.5f);
            magnitude = __builtin_elementwise_min(magnitude, 2.0f - magnitude);
        } else {
            magnitude = __builtin_elementwise_min(magnitude, (float4)1.0f);
        }
        int4 levels = __builtin_convertvector(magnitude * 255.0f + 0.5f, int4);
        if (__builtin_reduce_max(levels) == 0) continue;
        uchar4 small = __builtin_convertvector(levels, uchar4);
        uchar16 level_bytes = __builtin_shufflevector(small, small, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3);
        uchar16 source = MULTIPLY_BYTES(colour, __builtin_convertvector(level_bytes, ushort16));
        uchar16 keep = (uchar16)255 - __builtin_shufflevector(source, source, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15);
        uchar16 target = 0;
        memcpy(&target, line + x, (size_t)n * 4);
        target = MULTIPLY_BYTES(target, __builtin_convertvector(keep, ushort16)) + source;
        memcpy(line + x, &target, (size_t)n * 4);
    }
    *sum = running;
}

#if defined(__x86_64__)
#define AVX2 __attribute__((target("avx2")))

// Every byte of `x` times its pixel's factor over 255, rounded as pixman rounds; `factors`
// holds each pixel's factor in both of its 16-bit halves. (t + t >> 8) >> 8 is the high half of
// t × 257.
AVX2 static inline __m256i byte_products(__m256i x, __m256i factors) {
    const __m256i half = _mm256_set1_epi16(128);
    const __m256i spread = _mm256_set1_epi16(257);
    __m256i even = _mm256_mullo_epi16(_mm256_and_si256(x, _mm256_set1_epi16(0x00ff)), factors);
    __m256i odd = _mm256_mullo_epi16(_mm256_srli_epi16(x, 8), factors);
    even = _mm256_mulhi_epu16(_mm256_add_epi16(even, half), spread);
    odd = _mm256_mulhi_epu16(_mm256_add_epi16(odd, half), spread);
    return _mm256_or_si256(even, _mm256_slli_epi16(odd, 8));
}

// Each 32-bit lane's factor (at most 255) in both its 16-bit halves.
AVX2 static inline __m256i spread_factors(__m256i factors) {
    return _mm256_or_si256(factors, _mm256_slli_epi32(factors, 16));
}

AVX2 static inline __m256i lanes_below(long count) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)count), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

// Eight cells at a time, as two blocks of four in order: the same sums, to the bit, as
// `cells_by_four`.
AVX2 static void cells_by_eight(uint32_t *line, float *cells, long count, float *sum, uint32_t pixel, int even_odd) {
    __m256 running = _mm256_set1_ps(*sum);
    const __m256i colour = _mm256_set1_epi32((int)pixel);
    const __m256 magnitude_bits = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
    for (long x = 0; x < count; x += 8) {
        __m256i mask = lanes_below(count - x);
        __m256 c = _mm256_maskload_ps(cells + x, mask);
        _mm256_maskstore_ps(cells + x, mask, _mm256_setzero_ps());
        c = _mm256_add_ps(c, _mm256_castsi256_ps(_mm256_slli_si256(_mm256_castps_si256(c), 4)));
        c = _mm256_add_ps(c, _mm256_castsi256_ps(_mm256_slli_si256(_mm256_castps_si256(c), 8)));
        __m256 first = _mm256_add_ps(c, running);
        __m256 carried = _mm256_blend_ps(running, _mm256_permutevar8x32_ps(first, _mm256_set1_epi32(3)), 0xf0);
        __m256 sums = _mm256_add_ps(c, carried);
        long last = count - x < 8 ? count - x - 1 : 7;
        running = _mm256_permutevar8x32_ps(sums, _mm256_set1_epi32((int)last));
        __m256 magnitude = _mm256_and_ps(sums, magnitude_bits);
        if (even_odd) {
            __m256 pairs = _mm256_floor_ps(_mm256_mul_ps(magnitude, _mm256_set1_ps(0.5f)));
            magnitude = _mm256_sub_ps(magnitude, _mm256_mul_ps(_mm256_set1_ps(2.0f), pairs));
            magnitude = _mm256_min_ps(magnitude, _mm256_sub_ps(_mm256_set1_ps(2.0f), magnitude));
        } else {
            magnitude = _mm256_min_ps(magnitude, _mm256_set1_ps(1.0f));
        }
        __m256i levels = _mm256_cvttps_epi32(
            _mm256_add_ps(_mm256_mul_ps(magnitude, _mm256_set1_ps(255.0f)), _mm256_set1_ps(0.5f)));
        levels = _mm256_and_si256(levels, mask);
        if (_mm256_testz_si256(levels, levels)) continue;
        __m256i source = byte_products(colour, spread_factors(levels));
        __m256i keep = _mm256_sub_epi32(_mm256_set1_epi32(255), _mm256_srli_epi32(source, 24));
        __m256i target = _mm256_maskload_epi32((const int *)(line + x), mask);
        target = _mm256_add_epi8(byte_products(target, spread_factors(keep)), source);
        _mm256_maskstore_epi32((int *)(line + x), mask, target);
    }
    *sum = _mm_cvtss_f32(_mm256_castps256_ps128(running));
}

// One premultiplied pixel over `count` pixels, eight at a time.
AVX2 static void over_solid_by_eight(uint32_t *line, long count, uint32_t pixel) {
    const __m256i colour = _mm256_set1_epi32((int)pixel);
    uint32_t keep = 255u - (pixel >> 24);
    long x = 0;
    if (keep == 0) {
        for (; x + 8 <= count; x += 8) _mm256_storeu_si256((__m256i *)(line + x), colour);
    } else {
        const __m256i factors = _mm256_set1_epi32((int)(keep | keep << 16));
        for (; x + 8 <= count; x += 8) {
            __m256i target = _mm256_loadu_si256((const __m256i *)(line + x));
            _mm256_storeu_si256((__m256i *)(line + x), _mm256_add_epi8(byte_products(target, factors), colour));
        }
    }
    if (x < count) {
        __m256i mask = lanes_below(count - x);
        __m256i target = _mm256_maskload_epi32((const int *)(line + x), mask);
        target = keep == 0 ? colour : _mm256_add_epi8(byte_products(target, _mm256_set1_epi32((int)(keep | keep << 16))), colour);
        _mm256_maskstore_epi32((int *)(line + x), mask, target);
    }
}
#endif

// One premultiplied pixel over `count` pixels, four at a time.
static void over_solid_by_four(uint32_t *line, long count, uint32_t pixel) {
    if (pixel >> 24 == 255u) {
        for (long x = 0; x < count; x++) line[x] = pixel;
        return;
    }
    oqc_over_solid(line, count, pixel);
}

// The rows of a filled polygon's box, with either width's blocks: between the touched cells the
// coverage is constant and the colour is blended at that one level.
__attribute__((always_inline)) static inline void resolve_rows(
    float *area, const int32_t *ranges, long box_width, long box_height, uint32_t *pixels, long row_pixels,
    uint32_t pixel, int even_odd, int wide) {
    long stride = box_width + 2;
    for (long row = 0; row < box_height; row++) {
        long bounds[4];
        int runs = touched_cells(ranges + 4 * row, bounds);
        if (runs == 0) continue;
        float *cells = area + row * stride;
        uint32_t *line = pixels + row * row_pixels;
        if (row + 8 < box_height) {
            const char *ahead = (const char *)(line + 8 * row_pixels);
            for (long offset = 0; offset < box_width * 4; offset += 64) __builtin_prefetch(ahead + offset, 1);
        }
        float sum = 0;
        long x = bounds[0];
        for (int run = 0; run < runs; run++) {
            long start = bounds[2 * run], end = bounds[2 * run + 1];
            if (x < start && sum != 0) {
                uint32_t level = level_of(sum, even_odd);
                if (level > 0) {
                    uint32_t source = level == 255u ? pixel : multiply(pixel, level);
#if defined(__x86_64__)
                    if (wide) {
                        over_solid_by_eight(line + x, start - x, source);
                    } else
#endif
                    {
                        over_solid_by_four(line + x, start - x, source);
                    }
                }
            }
            // The cell past the box's last pixel only carries cover.
            long drawn = end < box_width - 1 ? end : box_width - 1;
            long cell = start;
            if (drawn >= start) {
#if defined(__x86_64__)
                if (wide) {
                    cells_by_eight(line + start, cells + start, drawn - start + 1, &sum, pixel, even_odd);
                } else
#endif
                {
                    cells_by_four(line + start, cells + start, drawn - start + 1, &sum, pixel, even_odd);
                }
                cell = drawn + 1;
            }
            for (; cell <= end; cell++) {
                sum += cells[cell];
                cells[cell] = 0;
            }
            x = end + 1;
        }
    }
}

#if defined(__x86_64__)
AVX2 static void resolve_rows_by_eight(
    float *area, const int32_t *ranges, long box_width, long box_height, uint32_t *pixels, long row_pixels,
    uint32_t pixel, int even_odd) {
    resolve_rows(area, ranges, box_width, box_height, pixels, row_pixels, pixel, even_odd, 1);
}
#endif

int oqc_span_wide_blocks(void) {
#if defined(__x86_64__)
    return __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

void oqc_span_resolve_solid(
    float *area, const int32_t *ranges, long box_width, long box_height, uint32_t *pixels, long row_pixels,
    uint32_t pixel, int even_odd, int wide) {
#if defined(__x86_64__)
    if (wide && __builtin_cpu_supports("avx2")) {
        resolve_rows_by_eight(area, ranges, box_width, box_height, pixels, row_pixels, pixel, even_odd);
        return;
    }
#endif
    resolve_rows(area, ranges, box_width, box_height, pixels, row_pixels, pixel, even_odd, 0);
}
