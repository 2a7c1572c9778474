#ifndef C_PIXEL_ROWS_H
#define C_PIXEL_ROWS_H

#include <stdint.h>

// Rows of gradient pixels, four at a time: clang's vector types give the renderer SIMD square
// roots, clamps and conversions that Swift's generic SIMD types leave to one lane at a time
// here (a radial row ran at a third of this speed in Swift). Each writes `width` entries of
// `table` (1,024 premultiplied colours) into `line`.

/// A radial gradient's row: the entry nearest t × 1023 for t = √(u² + v²), where (u, v) starts
/// at (`u`, `v`) and moves by (`du`, `dv`) a pixel; t clamped to [0, 1], not a number taking
/// the first entry.
void oqc_radial_row(
    uint32_t *line, long width, double u, double v, double du, double dv, const uint32_t *table);

/// A linear gradient's row: the entry at floor(`start` + x · `step`) for pixel x, clamped to
/// the table. `start` and `step` are places in the table (t × 1023, plus one half), finite and
/// within ±1e9.
void oqc_linear_row(uint32_t *line, long width, double start, double step, const uint32_t *table);

// Rows of premultiplied pixels blended over a row of the target, as pixman's `OVER` through an
// 8-bit coverage mask blends them: the source scaled by the coverage (each product divided by
// 255 and rounded as pixman rounds), then the destination kept at 255 minus that alpha.

/// Blends `count` pixels of `source` over `line` at one coverage `level` (0 to 255).
void oqc_over_row(uint32_t *line, const uint32_t *source, long count, uint32_t level);

/// Blends one premultiplied `pixel` over `count` pixels of `line`: each byte of the target kept
/// at 255 minus the pixel's alpha (rounded as pixman rounds), plus the pixel's byte.
void oqc_over_solid(uint32_t *line, long count, uint32_t pixel);

/// Premultiplied BGRA8 (Cairo's ARGB32 on a little-endian machine) to straight RGBA8, `pixels`
/// pixels from `source` to `target` (which may not overlap): blue and red swapped, each colour
/// byte c of a pixel of alpha a (0 < a < 255) made min(255, (c · 255 + a / 2) / a), a clear pixel
/// all zeros.
void oqc_straight_rgba(const void *source, void *target, long pixels);

/// The box of `count` points (x and y of each) as its least x, least y, greatest x and greatest y
/// in `bounds`; 0 when a coordinate is infinite or not a number.
int oqc_span_bounds(const double *points, long count, double *bounds);

// The span rasteriser's coverage, shared by its C loops and the Swift ones that blend rows of a
// gradient.

/// The running winding's coverage level (0 to 255) by the fill's rule: its magnitude clamped to
/// 1 (non-zero) or folded by twos (even-odd), in 255ths rounded.
static inline uint32_t oqc_span_level(float sum, int even_odd) {
    // No fused multiply-add, wherever it is inlined: every block width gives the same levels.
#pragma clang fp contract(off)
    float magnitude = sum < 0 ? -sum : sum;
    if (even_odd) {
        magnitude = magnitude - 2.0f * __builtin_floorf(magnitude * 0.5f);
        if (magnitude > 1) magnitude = 2 - magnitude;
    } else if (magnitude > 1) {
        magnitude = 1;
    }
    return (uint32_t)(magnitude * 255.0f + 0.5f);
}

/// A row's cells the edges touched, as one or two ranges in order (`range` holds the first and
/// last cell of the edges going down, then of those going up; -1 for none): the number of ranges.
static inline int oqc_span_touched_cells(const int32_t *range, long *bounds) {
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

/// Starts the touched cells of `rows` rows afresh (none touched): the four bounds a row that
/// ``oqc_span_polygon`` widens.
void oqc_span_clear_ranges(int32_t *ranges, long rows);

/// The most cells and pixels ``oqc_span_resolve_solid`` can take at a time on this processor: 16
/// (AVX-512), 8 (AVX2) or 4.
int oqc_span_widest_blocks(void);

/// How many rows ahead of the one being blended a span fill asks for its target pixels. A frame is
/// larger than the processor's nearer caches and a shape's rows lie a frame's row apart, a stride
/// its own prefetchers do not follow: unasked, every row of every shape waits for its pixels.
#define OQC_SPAN_ROWS_AHEAD 8

/// The span rasteriser's fill of one solid premultiplied `pixel` through the cells ``oqc_span_polygon``
/// accumulated in `area` (`box_width` + 3 cells a row, left zero again) over the box's pixels
/// (`pixels` its top left pixel, `row_pixels` from one row to the next). Along each row the cells
/// the edges touched (`ranges`) are summed into the running winding, each pixel blended through its
/// coverage — the winding's magnitude clamped to 1 (non-zero) or folded by twos (`even_odd`), in
/// 255ths rounded — as pixman blends `OVER` through a mask; between them the coverage is constant
/// and the run is blended at that one level. Blocks of up to `widest` cells and pixels (4, 8 or
/// 16, as far as the processor can) give the same bytes.
void oqc_span_resolve_solid(
    float *area, const int32_t *ranges, long box_width, long box_height, uint32_t *pixels, long row_pixels,
    uint32_t pixel, int even_odd, int widest);

/// One solid premultiplied `pixel` over every pixel of a box (`pixels` its top left pixel,
/// `row_pixels` from one row to the next), as ``oqc_span_resolve_solid`` blends a run of full
/// coverage: a rectangle on whole pixels, which needs no cells. Blocks of up to `widest` pixels.
void oqc_span_fill_box(uint32_t *pixels, long row_pixels, long width, long height, uint32_t pixel, int widest);

/// The span rasteriser's accumulation of a polygon: `points` (x and y of each, in the target's
/// pixels) in contours ending at each of `contour_ends` (the index past a contour's last point),
/// each closing on its own; the box's top left pixel at (`origin_x`, `origin_y`). Each row an edge
/// crosses adds, cell by cell, the signed area the edge leaves to its right and the cover it
/// carries down (`box_width` + 3 cells a row in `area`), and widens the row's touched cells in
/// `ranges` (four a row, cleared by ``oqc_span_clear_ranges``: the first and last cell touched by
/// edges going down, then by edges going up). What lies left of the box runs down its left side
/// (covering every pixel to its right), what lies right of it down its right side; rows outside
/// the box are skipped, however far an edge reaches. `widest` above 4 takes a steep edge's whole
/// rows eight at a time where the processor can (AVX-512; the same cells as one at a time).
void oqc_span_polygon(
    float *area, int32_t *ranges, long box_width, long box_height, const double *points, const long *contour_ends,
    long contour_count, double origin_x, double origin_y, int widest);

/// A colour matrix for Y′CbCr in fixed point: each of Y, Cb and Cr is the sum of its three
/// coefficients times the 8-bit components plus its offset, shifted right by `fraction_bits`
/// (Cb and Cr by two more: they are taken of the sum of a 2 × 2 block's four pixels).
struct oqc_ycbcr_matrix {
    int32_t y_r, y_g, y_b, cb_r, cb_g, cb_b, cr_r, cr_g, cr_b;
    int32_t luma_offset, chroma_offset, fraction_bits;
};

/// `width × height` premultiplied BGRA8 pixels (rows `bytes_per_row` apart, a multiple of 4)
/// to planar Y′CbCr 4:2:0 at `planes`: the luma plane, then Cb and Cr of ⌈width / 2⌉ ×
/// ⌈height / 2⌉, each block's chroma from the sum of its pixels (an odd edge's pixels counted
/// twice). Blocks of up to `widest` pixels (1 or 8, as far as the processor can) give the same
/// bytes.
void oqc_ycbcr420_from_bgra(
    const struct oqc_ycbcr_matrix *matrix, const uint8_t *pixels, long bytes_per_row, long width, long height,
    uint8_t *planes, int widest);

/// Box blurs of `width × height` pixels of `channels` interleaved bytes (1 to 4; rows `stride`
/// bytes apart), in place, one for each of the `count` radii in turn: each byte becomes the
/// mean of the `2 × radius + 1` bytes of its channel around it along its row, rounded to
/// nearest (halves up), zeros beyond the ends; then the same down its column. 0 when the memory
/// for it cannot be had (nothing is changed) or `channels` is out of range.
int oqc_box_blur(uint8_t *data, long width, long height, long stride, int channels, const long *radii, long count);

/// The box blurs of `oqc_box_blur` done on a picture `factor` times smaller, and the result
/// resampled back, moved right by `shift_x` and down by `shift_y` pixels (each in [0, 1)):
/// each block of `factor × factor` pixels is averaged (zeros beyond the picture), blurred, and
/// every pixel of `data` becomes the bilinear sample of the small picture at its place (zeros
/// beyond). With `factor` 1 it only moves the blurred picture. 0 when the memory for it cannot
/// be had (nothing is changed), or `channels` or `factor` is out of range.
int oqc_box_blur_resampled(
    uint8_t *data, long width, long height, long stride, int channels, long factor, const long *radii, long count,
    double shift_x, double shift_y);

/// `oqc_box_blur_resampled` of a one-channel picture that is zero but for a `source_width ×
/// source_height` region at (`source_x`, `source_y`), whose values are read from `source`
/// (rows `source_stride` bytes apart, values `source_step` bytes apart: 4 reads the alpha of
/// 32-bit pixels, given the address of the first one's alpha byte), written into all of
/// `data`: a shadow's silhouette taken from what casts it without a copy at full size. 0 when
/// the memory cannot be had (nothing is changed) or the region or `factor` is out of range.
int oqc_blur_alpha_of(
    const uint8_t *source, long source_stride, long source_step, long source_x, long source_y, long source_width,
    long source_height, uint8_t *data, long width, long height, long stride, long factor, const long *radii,
    long count, double shift_x, double shift_y);

/// Blends `count` pixels of `source` over `line`, each through its own coverage in `levels`.
void oqc_over_row_masked(uint32_t *line, const uint32_t *source, const uint8_t *levels, long count);

#endif
