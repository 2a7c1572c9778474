#include "CPixelRows.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

// Y′CbCr 4:2:0 from premultiplied BGRA: the fixed-point sums of `oqc_ycbcr_matrix`, one pixel (or
// one 2 × 2 block) at a time, or eight (or eight blocks) at a time with AVX2. Both do the same
// 32-bit integer operations, so they give the same bytes.

static inline uint8_t luma_of(const struct oqc_ycbcr_matrix *m, uint32_t pixel) {
    int32_t red = (int32_t)(pixel >> 16 & 0xFF), green = (int32_t)(pixel >> 8 & 0xFF), blue = (int32_t)(pixel & 0xFF);
    return (uint8_t)((m->y_r * red + m->y_g * green + m->y_b * blue + m->luma_offset) >> m->fraction_bits);
}

// Cb and Cr of the mean of four pixels. Red and blue add up side by side in the two 16-bit halves
// of one word (four components of at most 255 cannot carry into red), green in the bits between.
static inline void chroma_of(
    const struct oqc_ycbcr_matrix *m, uint32_t p00, uint32_t p01, uint32_t p10, uint32_t p11, uint8_t *cb,
    uint8_t *cr) {
    uint32_t red_blue = (p00 & 0xFF00FFu) + (p01 & 0xFF00FFu) + (p10 & 0xFF00FFu) + (p11 & 0xFF00FFu);
    uint32_t greens = (p00 & 0xFF00u) + (p01 & 0xFF00u) + (p10 & 0xFF00u) + (p11 & 0xFF00u);
    int32_t red = (int32_t)(red_blue >> 16), green = (int32_t)(greens >> 8), blue = (int32_t)(red_blue & 0xFFFF);
    // The sums are four times the mean: two more bits to shift away.
    int shift = m->fraction_bits + 2;
    *cb = (uint8_t)((m->cb_r * red + m->cb_g * green + m->cb_b * blue + m->chroma_offset) >> shift);
    *cr = (uint8_t)((m->cr_r * red + m->cr_g * green + m->cr_b * blue + m->chroma_offset) >> shift);
}

static void luma_row(const struct oqc_ycbcr_matrix *m, const uint32_t *row, long from, long count, uint8_t *luma) {
    for (long x = from; x < count; x++) luma[x] = luma_of(m, row[x]);
}

// The blocks of pairs from `from` on; an odd last column's pixels count twice, for the missing
// neighbour.
static void chroma_row(
    const struct oqc_ycbcr_matrix *m, const uint32_t *row0, const uint32_t *row1, long from, long width, uint8_t *cb,
    uint8_t *cr) {
    long pairs = width / 2;
    for (long pair = from; pair < pairs; pair++) {
        long x = 2 * pair;
        chroma_of(m, row0[x], row0[x + 1], row1[x], row1[x + 1], cb + pair, cr + pair);
    }
    if (width % 2 == 1) {
        long x = width - 1;
        chroma_of(m, row0[x], row0[x], row1[x], row1[x], cb + pairs, cr + pairs);
    }
}

#if defined(__x86_64__)
#define AVX2 __attribute__((target("avx2")))

// The weighted sum of eight pixels' components, before the shift.
AVX2 static inline __m256i weighted(__m256i red, __m256i green, __m256i blue, __m256i kr, __m256i kg, __m256i kb,
                                    __m256i offset) {
    __m256i sum = _mm256_add_epi32(_mm256_mullo_epi32(red, kr), _mm256_mullo_epi32(green, kg));
    return _mm256_add_epi32(_mm256_add_epi32(sum, _mm256_mullo_epi32(blue, kb)), offset);
}

// Luma of 32 pixels at a time; the number of pixels done.
AVX2 static long luma_row_by_eight(const struct oqc_ycbcr_matrix *m, const uint32_t *row, long count, uint8_t *luma) {
    const __m256i bytes = _mm256_set1_epi32(0xFF);
    const __m256i kr = _mm256_set1_epi32(m->y_r), kg = _mm256_set1_epi32(m->y_g), kb = _mm256_set1_epi32(m->y_b);
    const __m256i offset = _mm256_set1_epi32(m->luma_offset);
    const __m128i shift = _mm_cvtsi32_si128(m->fraction_bits);
    // packs and packus interleave the 128-bit halves: this puts the four blocks back in order.
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    long x = 0;
    for (; x + 32 <= count; x += 32) {
        __m256i y[4];
        for (int block = 0; block < 4; block++) {
            __m256i pixels = _mm256_loadu_si256((const __m256i *)(row + x + 8 * block));
            __m256i red = _mm256_and_si256(_mm256_srli_epi32(pixels, 16), bytes);
            __m256i green = _mm256_and_si256(_mm256_srli_epi32(pixels, 8), bytes);
            __m256i blue = _mm256_and_si256(pixels, bytes);
            y[block] = _mm256_sra_epi32(weighted(red, green, blue, kr, kg, kb, offset), shift);
        }
        __m256i words = _mm256_packs_epi32(y[0], y[1]), more = _mm256_packs_epi32(y[2], y[3]);
        __m256i packed = _mm256_permutevar8x32_epi32(_mm256_packus_epi16(words, more), order);
        _mm256_storeu_si256((__m256i *)(luma + x), packed);
    }
    return x;
}

// Cb and Cr of eight blocks at a time; the number of blocks done.
AVX2 static long chroma_row_by_eight(
    const struct oqc_ycbcr_matrix *m, const uint32_t *row0, const uint32_t *row1, long pairs, uint8_t *cb,
    uint8_t *cr) {
    const __m256i red_blue_mask = _mm256_set1_epi32(0xFF00FF), green_mask = _mm256_set1_epi32(0xFF00);
    const __m256i low = _mm256_set1_epi32(0xFFFF);
    const __m256i cb_r = _mm256_set1_epi32(m->cb_r), cb_g = _mm256_set1_epi32(m->cb_g);
    const __m256i cb_b = _mm256_set1_epi32(m->cb_b), cr_r = _mm256_set1_epi32(m->cr_r);
    const __m256i cr_g = _mm256_set1_epi32(m->cr_g), cr_b = _mm256_set1_epi32(m->cr_b);
    const __m256i offset = _mm256_set1_epi32(m->chroma_offset);
    const __m128i shift = _mm_cvtsi32_si128(m->fraction_bits + 2);
    long pair = 0;
    for (; pair + 8 <= pairs; pair += 8) {
        const uint32_t *top = row0 + 2 * pair, *bottom = row1 + 2 * pair;
        __m256i a0 = _mm256_loadu_si256((const __m256i *)top), a1 = _mm256_loadu_si256((const __m256i *)(top + 8));
        __m256i b0 = _mm256_loadu_si256((const __m256i *)bottom);
        __m256i b1 = _mm256_loadu_si256((const __m256i *)(bottom + 8));
        // Each column's two rows, then each pair of columns (hadd works within 128-bit halves:
        // the permutation puts the blocks back in order).
        __m256i rb0 = _mm256_add_epi32(_mm256_and_si256(a0, red_blue_mask), _mm256_and_si256(b0, red_blue_mask));
        __m256i rb1 = _mm256_add_epi32(_mm256_and_si256(a1, red_blue_mask), _mm256_and_si256(b1, red_blue_mask));
        __m256i g0 = _mm256_add_epi32(_mm256_and_si256(a0, green_mask), _mm256_and_si256(b0, green_mask));
        __m256i g1 = _mm256_add_epi32(_mm256_and_si256(a1, green_mask), _mm256_and_si256(b1, green_mask));
        __m256i red_blue = _mm256_permute4x64_epi64(_mm256_hadd_epi32(rb0, rb1), 0xD8);
        __m256i greens = _mm256_permute4x64_epi64(_mm256_hadd_epi32(g0, g1), 0xD8);
        __m256i red = _mm256_srli_epi32(red_blue, 16), blue = _mm256_and_si256(red_blue, low);
        __m256i green = _mm256_srli_epi32(greens, 8);
        __m256i cbs = _mm256_sra_epi32(weighted(red, green, blue, cb_r, cb_g, cb_b, offset), shift);
        __m256i crs = _mm256_sra_epi32(weighted(red, green, blue, cr_r, cr_g, cr_b, offset), shift);
        // Words: Cb 0–3, Cr 0–3 | Cb 4–7, Cr 4–7; bytes likewise, twice over.
        __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(cbs, crs), _mm256_setzero_si256());
        __m128i first = _mm256_castsi256_si128(bytes), second = _mm256_extracti128_si256(bytes, 1);
        __m128i both = _mm_unpacklo_epi32(first, second);  // Cb 0–3, Cb 4–7, Cr 0–3, Cr 4–7
        _mm_storel_epi64((__m128i *)(cb + pair), both);
        _mm_storel_epi64((__m128i *)(cr + pair), _mm_unpackhi_epi64(both, both));
    }
    return pair;
}
#endif

void oqc_ycbcr420_from_bgra(
    const struct oqc_ycbcr_matrix *matrix, const uint8_t *pixels, long bytes_per_row, long width, long height,
    uint8_t *planes, int widest) {
    long chroma_width = (width + 1) / 2, chroma_height = (height + 1) / 2;
    uint8_t *cb_plane = planes + width * height;
    uint8_t *cr_plane = cb_plane + chroma_width * chroma_height;
#if defined(__x86_64__)
    int wide = widest >= 8 && __builtin_cpu_supports("avx2");
#else
    int wide = 0;
    (void)widest;
#endif
    for (long block_row = 0; block_row < chroma_height; block_row++) {
        long top = 2 * block_row;
        // An odd last row pairs with itself: the block's mean is that row's.
        long bottom = top + 1 < height ? top + 1 : height - 1;
        const uint32_t *row0 = (const uint32_t *)(pixels + top * bytes_per_row);
        const uint32_t *row1 = (const uint32_t *)(pixels + bottom * bytes_per_row);
        uint8_t *cb = cb_plane + block_row * chroma_width, *cr = cr_plane + block_row * chroma_width;
        // Luma, then chroma from the rows luma has just brought into the cache.
        long luma_done = 0, chroma_done = 0;
#if defined(__x86_64__)
        if (wide) {
            luma_done = luma_row_by_eight(matrix, row0, width, planes + top * width);
            if (bottom != top) luma_row_by_eight(matrix, row1, width, planes + bottom * width);
            chroma_done = chroma_row_by_eight(matrix, row0, row1, width / 2, cb, cr);
        }
#endif
        luma_row(matrix, row0, luma_done, width, planes + top * width);
        if (bottom != top) luma_row(matrix, row1, luma_done, width, planes + bottom * width);
        chroma_row(matrix, row0, row1, chroma_done, width, cb, cr);
    }
}
