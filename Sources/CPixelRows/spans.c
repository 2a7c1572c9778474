#include "CPixelRows.h"
#include "pixel_math.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

// Both widths must give the same bytes: no fused multiply-adds where one has them and the
// other has not.
#pragma clang fp contract(off)


int oqc_span_bounds(const double *points, long count, double *bounds) {
    double low_x = points[0], low_y = points[1], high_x = low_x, high_y = low_y;
    // x − x is zero for every finite x, not a number for infinities and NaN.
    double finite = 0;
    for (long index = 0; index < count; index++) {
        double x = points[2 * index], y = points[2 * index + 1];
        low_x = x < low_x ? x : low_x;
        low_y = y < low_y ? y : low_y;
        high_x = x > high_x ? x : high_x;
        high_y = y > high_y ? y : high_y;
        finite += (x - x) + (y - y);
    }
    bounds[0] = low_x;
    bounds[1] = low_y;
    bounds[2] = high_x;
    bounds[3] = high_y;
    return finite == 0;
}

void oqc_span_clear_ranges(int32_t *ranges, long rows) {
    // And the row after the last, which a shallow edge along the box's bottom touches with nothing.
    for (long row = 0; row <= rows; row++) {
        ranges[4 * row] = INT32_MAX;
        ranges[4 * row + 1] = -1;
        ranges[4 * row + 2] = INT32_MAX;
        ranges[4 * row + 3] = -1;
    }
}

static inline double clamp_to(double value, double limit) { return value > 0 ? (value < limit ? value : limit) : 0; }

// A steep line's piece within one row (at most a pixel across), without branches: from x at its
// top to `next` at its bottom, `height` of the row (0 to 1) going down (`direction` 1) or up
// (-1); `inverse` is the rows the line takes to cross a pixel. It lies in the pixel of its left
// end and perhaps the next: each part leaves its pixel the area right of its mean x, and
// carries the rest of its cover to every pixel after it.
__attribute__((always_inline)) static inline void span_steep(
    float *cells, int32_t *bounds, double x, double next, double height, double direction, double inverse) {
    double lo = x < next ? x : next;
    double hi = x < next ? next : x;
    // Both are at least zero, so truncation is the floor.
    long first = (long)lo;
    double a = lo - (double)first;
    double b = hi - (double)first;
    double in_first = (1 - a) * inverse;
    double first_height = in_first < height ? in_first : height;
    double first_end = b < 1 ? b : 1;
    double second_end = b > 1 ? b - 1 : 0;
    double covered_first = direction * first_height * (1 - 0.5 * (a + first_end));
    double covered_second =
        direction * first_height + direction * (height - first_height) * (1 - 0.5 * second_end);
    cells[first] += (float)covered_first;
    cells[first + 1] += (float)(covered_second - covered_first);
    cells[first + 2] += (float)(direction * height - covered_second);
    int32_t low = (int32_t)first;
    int32_t high = (int32_t)first + 2;
    bounds[0] = low < bounds[0] ? low : bounds[0];
    bounds[1] = high > bounds[1] ? high : bounds[1];
}

// The area and cover of a line's piece in a row, from x at its top to `next` at its bottom (both
// within 0…box width), `cover` the row's height it spans (signed as the line goes) and `per_pixel`
// the cover it carries across each pixel (signed likewise: the cover over the pixels it crosses),
// and the cells it touched.
__attribute__((always_inline)) static inline void span_cross(
    float *cells, int32_t *bounds, double x, double next, double cover, double per_pixel) {
    double lo = x < next ? x : next;
    double hi = x < next ? next : x;
    // Both are at least zero, so truncation is the floor.
    long first = (long)lo;
    long last = (long)hi;
    if ((double)last < hi) last += 1;
    if (last <= first + 1) {
        // Within one pixel: its share right of the line's mean x stays in the next cell.
        double inside = 0.5 * (x + next) - (double)first;
        cells[first] += (float)(cover - cover * inside);
        cells[first + 1] += (float)(cover * inside);
        last = first + 1;
    } else {
        // Across several pixels: a triangle in the first, trapezoids, a triangle in the last.
        double start_fraction = lo - (double)first;
        double first_area = 0.5 * per_pixel * (1 - start_fraction) * (1 - start_fraction);
        double end_fraction = hi - (double)last + 1;
        double last_area = 0.5 * per_pixel * end_fraction * end_fraction;
        cells[first] += (float)first_area;
        if (last == first + 2) {
            cells[first + 1] += (float)(cover - first_area - last_area);
        } else {
            double second = per_pixel * (1.5 - start_fraction);
            cells[first + 1] += (float)(second - first_area);
            float step = (float)per_pixel;
            for (long cell = first + 2; cell < last - 1; cell++) cells[cell] += step;
            double before_last = second + (double)(last - first - 3) * per_pixel;
            cells[last - 1] += (float)(cover - before_last - last_area);
        }
        cells[last] += (float)last_area;
    }
    // Always stored, so that the compiler picks the smaller without a branch.
    int32_t low = bounds[0], high = bounds[1];
    bounds[0] = (int32_t)first < low ? (int32_t)first : low;
    bounds[1] = (int32_t)last > high ? (int32_t)last : high;
}

#if defined(__x86_64__)
#define AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq")))

static int has_avx512(void) {
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
}

// `span_steep` on eight whole rows at a time (as many as `count` holds eights), each row's ends
// from the first row's top as the rows after them take them: the same cells, to the bit. The
// number of rows done.
AVX512 static long steep_rows_by_eight(
    float *cells, int32_t *bounds, long count, long stride, double start, double slope, double limit, double cover,
    double inverse) {
    const __m512d lanes = _mm512_setr_pd(0, 1, 2, 3, 4, 5, 6, 7);
    const __m512d zero = _mm512_setzero_pd(), one = _mm512_set1_pd(1), half = _mm512_set1_pd(0.5);
    const __m512d right = _mm512_set1_pd(limit), covers = _mm512_set1_pd(cover);
    const __m512d inverses = _mm512_set1_pd(inverse), starts = _mm512_set1_pd(start), slopes = _mm512_set1_pd(slope);
    long done = 0;
    for (; done + 8 <= count; done += 8) {
        __m512d steps = _mm512_add_pd(_mm512_set1_pd((double)done), lanes);
        __m512d top = _mm512_add_pd(starts, _mm512_mul_pd(steps, slopes));
        __m512d bottom = _mm512_add_pd(starts, _mm512_mul_pd(_mm512_add_pd(steps, one), slopes));
        top = _mm512_min_pd(_mm512_max_pd(top, zero), right);
        bottom = _mm512_min_pd(_mm512_max_pd(bottom, zero), right);
        __m512d lo = _mm512_min_pd(top, bottom);
        __m512d hi = _mm512_max_pd(bottom, top);
        __m512d first = _mm512_roundscale_pd(lo, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
        __m512d a = _mm512_sub_pd(lo, first);
        __m512d b = _mm512_sub_pd(hi, first);
        __m512d t = _mm512_min_pd(_mm512_mul_pd(_mm512_sub_pd(one, a), inverses), one);
        __m512d first_end = _mm512_min_pd(b, one);
        __m512d second_end = _mm512_max_pd(_mm512_sub_pd(b, one), zero);
        __m512d covered_first = _mm512_mul_pd(
            _mm512_mul_pd(covers, t), _mm512_sub_pd(one, _mm512_mul_pd(half, _mm512_add_pd(a, first_end))));
        __m512d covered_second = _mm512_add_pd(
            _mm512_mul_pd(covers, t),
            _mm512_mul_pd(
                _mm512_mul_pd(covers, _mm512_sub_pd(one, t)), _mm512_sub_pd(one, _mm512_mul_pd(half, second_end))));
        float into_first[8], into_second[8], into_third[8];
        int32_t cell[8];
        _mm256_storeu_ps(into_first, _mm512_cvtpd_ps(covered_first));
        _mm256_storeu_ps(into_second, _mm512_cvtpd_ps(_mm512_sub_pd(covered_second, covered_first)));
        _mm256_storeu_ps(into_third, _mm512_cvtpd_ps(_mm512_sub_pd(covers, covered_second)));
        _mm256_storeu_si256((__m256i *)cell, _mm512_cvttpd_epi32(lo));
        for (int lane = 0; lane < 8; lane++) {
            float *row = cells + (done + lane) * stride + cell[lane];
            row[0] += into_first[lane];
            row[1] += into_second[lane];
            row[2] += into_third[lane];
            int32_t *touched = bounds + 4 * (done + lane);
            int32_t low = touched[0], high = touched[1];
            touched[0] = cell[lane] < low ? cell[lane] : low;
            touched[1] = cell[lane] + 2 > high ? cell[lane] + 2 : high;
        }
    }
    return done;
}

// `span_cross` on eight whole rows at a time (as many as `count` holds eights) of a shallow line
// at most three pixels across a row, so that each row's piece touches at most five cells: the
// same operations lane by lane, each row's ends from the line's top as the rows after them take
// them, so the same cells to the bit. The number of rows done.
AVX512 static long shallow_rows_by_eight(
    float *cells, int32_t *bounds, long count, long stride, double from_row, double top_x, double top_y,
    double slope, double limit, double cover, double per_pixel) {
    const __m512d lanes = _mm512_setr_pd(0, 1, 2, 3, 4, 5, 6, 7);
    const __m512d zero = _mm512_setzero_pd(), one = _mm512_set1_pd(1), half = _mm512_set1_pd(0.5);
    const __m512d right = _mm512_set1_pd(limit), covers = _mm512_set1_pd(cover);
    const __m512d pp = _mm512_set1_pd(per_pixel);
    const __m512d half_pp = _mm512_mul_pd(half, pp);
    const __m512d starts = _mm512_set1_pd(top_x), tops = _mm512_set1_pd(top_y), slopes = _mm512_set1_pd(slope);
    long done = 0;
    for (; done + 8 <= count; done += 8) {
        __m512d row = _mm512_add_pd(_mm512_set1_pd(from_row + (double)done), lanes);
        __m512d x = _mm512_add_pd(starts, _mm512_mul_pd(_mm512_sub_pd(row, tops), slopes));
        __m512d next = _mm512_add_pd(starts, _mm512_mul_pd(_mm512_sub_pd(_mm512_add_pd(row, one), tops), slopes));
        x = _mm512_min_pd(_mm512_max_pd(x, zero), right);
        next = _mm512_min_pd(_mm512_max_pd(next, zero), right);
        __mmask8 rising = _mm512_cmp_pd_mask(x, next, _CMP_LT_OQ);
        __m512d lo = _mm512_mask_blend_pd(rising, next, x);
        __m512d hi = _mm512_mask_blend_pd(rising, x, next);
        __m512d first = _mm512_roundscale_pd(lo, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
        __m512d last = _mm512_roundscale_pd(hi, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC);
        __mmask8 single = _mm512_cmp_pd_mask(last, _mm512_add_pd(first, one), _CMP_LE_OQ);
        last = _mm512_mask_blend_pd(single, last, _mm512_add_pd(first, one));
        __m512d span = _mm512_sub_pd(last, first);
        // Within one pixel.
        __m512d inside = _mm512_sub_pd(_mm512_mul_pd(half, _mm512_add_pd(x, next)), first);
        __m512d right_share = _mm512_mul_pd(covers, inside);
        __m512d left_share = _mm512_sub_pd(covers, right_share);
        // Across two to four pixels.
        __m512d start = _mm512_sub_pd(lo, first);
        __m512d rest = _mm512_sub_pd(one, start);
        __m512d first_area = _mm512_mul_pd(_mm512_mul_pd(half_pp, rest), rest);
        __m512d end = _mm512_add_pd(_mm512_sub_pd(hi, last), one);
        __m512d last_area = _mm512_mul_pd(_mm512_mul_pd(half_pp, end), end);
        __m512d second = _mm512_mul_pd(pp, _mm512_sub_pd(_mm512_set1_pd(1.5), start));
        __m512d before_last = _mm512_add_pd(second, _mm512_mul_pd(_mm512_sub_pd(span, _mm512_set1_pd(3)), pp));
        __mmask8 two = _mm512_cmp_pd_mask(span, _mm512_set1_pd(2), _CMP_EQ_OQ);
        __mmask8 three = _mm512_cmp_pd_mask(span, _mm512_set1_pd(3), _CMP_EQ_OQ);
        __mmask8 four = _mm512_cmp_pd_mask(span, _mm512_set1_pd(4), _CMP_EQ_OQ);
        __m512d v0 = _mm512_mask_blend_pd(single, first_area, left_share);
        __m512d v1 = _mm512_mask_blend_pd(
            two, _mm512_sub_pd(second, first_area), _mm512_sub_pd(_mm512_sub_pd(covers, first_area), last_area));
        v1 = _mm512_mask_blend_pd(single, v1, right_share);
        __m512d closing = _mm512_sub_pd(_mm512_sub_pd(covers, before_last), last_area);
        __m512d v2 = _mm512_maskz_mov_pd(two, last_area);
        v2 = _mm512_mask_mov_pd(v2, three, closing);
        v2 = _mm512_mask_mov_pd(v2, four, pp);
        __m512d v3 = _mm512_maskz_mov_pd(three, last_area);
        v3 = _mm512_mask_mov_pd(v3, four, closing);
        __m512d v4 = _mm512_maskz_mov_pd(four, last_area);
        float into[5][8];
        int32_t from[8], to[8];
        _mm256_storeu_ps(into[0], _mm512_cvtpd_ps(v0));
        _mm256_storeu_ps(into[1], _mm512_cvtpd_ps(v1));
        _mm256_storeu_ps(into[2], _mm512_cvtpd_ps(v2));
        _mm256_storeu_ps(into[3], _mm512_cvtpd_ps(v3));
        _mm256_storeu_ps(into[4], _mm512_cvtpd_ps(v4));
        _mm256_storeu_si256((__m256i *)from, _mm512_cvttpd_epi32(first));
        _mm256_storeu_si256((__m256i *)to, _mm512_cvttpd_epi32(last));
        for (int lane = 0; lane < 8; lane++) {
            float *at = cells + (done + lane) * stride + from[lane];
            at[0] += into[0][lane];
            at[1] += into[1][lane];
            at[2] += into[2][lane];
            at[3] += into[3][lane];
            at[4] += into[4][lane];
            int32_t *touched = bounds + 4 * (done + lane);
            int32_t low = touched[0], high = touched[1];
            touched[0] = from[lane] < low ? from[lane] : low;
            touched[1] = to[lane] > high ? to[lane] : high;
        }
    }
    return done;
}
#endif

// The whole rows of a steep line that a vector unit takes at once (none without one).
static inline long steep_rows(
    float *cells, int32_t *bounds, long count, long stride, double start, double slope, double limit, double cover,
    double inverse) {
#if defined(__x86_64__)
    return steep_rows_by_eight(cells, bounds, count, stride, start, slope, limit, cover, inverse);
#else
    (void)cells, (void)bounds, (void)count, (void)stride, (void)start, (void)slope, (void)limit, (void)cover,
        (void)inverse;
    return 0;
#endif
}

// A line's piece in `row`: where it crosses the row's top (or starts) and bottom (or ends), and
// the height between; the line runs from (top_x, top_y) down to bottom_y with `slope`.
struct row_piece {
    double x, next, height;
};

__attribute__((always_inline)) static inline struct row_piece piece_in_row(
    long row, double top_x, double top_y, double bottom_y, double slope, double limit) {
    double row_top = (double)row > top_y ? (double)row : top_y;
    double row_bottom = (double)(row + 1) < bottom_y ? (double)(row + 1) : bottom_y;
    struct row_piece piece = {
        clamp_to(top_x + (row_top - top_y) * slope, limit), clamp_to(top_x + (row_bottom - top_y) * slope, limit),
        row_bottom - row_top};
    return piece;
}

// A shallow line's piece in `row`.
__attribute__((always_inline)) static inline void shallow_row(
    float *area, int32_t *touched, long stride, long row, double top_x, double top_y, double bottom_y,
    double slope, double limit, double direction, double per_pixel) {
    struct row_piece piece = piece_in_row(row, top_x, top_y, bottom_y, slope, limit);
    span_cross(
        area + row * stride, touched + 4 * row, piece.x, piece.next, piece.height * direction, per_pixel);
}

// One line whose x lies within 0…box width, row by row: a steep line's pieces (at most a pixel
// across) without branches, a shallow one's across as many pixels as they reach.
static void span_line(
    float *area, int32_t *ranges, long box_width, long box_height, double x0, double y0, double x1, double y1,
    int wide) {
    if (!(y0 != y1)) return;
    int down = y0 < y1;
    double direction = down ? 1 : -1;
    double top_x = down ? x0 : x1, top_y = down ? y0 : y1;
    double bottom_x = down ? x1 : x0, bottom_y = down ? y1 : y0;
    double rows = (double)box_height;
    if (!(bottom_y > 0) || !(top_y < rows)) return;
    long stride = box_width + 3;
    double limit = (double)box_width;
    int32_t *touched = ranges + (down ? 0 : 2);
    double dx = bottom_x - top_x, dy = bottom_y - top_y;
    double slope = dx / dy;
    // The rows it takes to cross a pixel (infinite for a vertical line): a division of its own,
    // rather than one over the slope after it.
    double inverse = __builtin_fabs(dy / dx);
    double across = slope < 0 ? -slope : slope;
    if (top_y >= 0 && bottom_y <= rows && bottom_y - top_y <= 1) {
        // Short (a rounded corner's chord, mostly): one piece, or two either side of a row's
        // bottom, however steep.
        long row = (long)top_y;
        double split = (double)(row + 1);
        double per_pixel = direction * inverse;
        float *cells = area + row * stride;
        int32_t *bounds = touched + 4 * row;
        if (bottom_y <= split) {
            span_cross(cells, bounds, top_x, bottom_x, (bottom_y - top_y) * direction, per_pixel);
        } else {
            double middle = clamp_to(top_x + (split - top_y) * slope, limit);
            span_cross(cells, bounds, top_x, middle, (split - top_y) * direction, per_pixel);
            span_cross(cells + stride, bounds + 4, middle, bottom_x, (bottom_y - split) * direction, per_pixel);
        }
        return;
    }
    if (across > 1) {
        // Shallow: row by row, each piece across one or more pixels.
        long first_row = top_y > 0 ? (long)__builtin_floor(top_y) : 0;
        long end_row = bottom_y < rows ? (long)__builtin_ceil(bottom_y) : box_height;
        double per_pixel = direction * inverse;
        long row = first_row;
#if defined(__x86_64__)
        // The rows it crosses whole, eight at a time, when a row's piece is at most three pixels
        // across.
        long whole_from = (double)first_row >= top_y ? first_row : first_row + 1;
        long whole_to = (double)end_row <= bottom_y ? end_row : end_row - 1;
        if (wide && across <= 3 && whole_to - whole_from >= 8) {
            for (; row < whole_from; row++) {
                shallow_row(area, touched, stride, row, top_x, top_y, bottom_y, slope, limit, direction, per_pixel);
            }
            row += shallow_rows_by_eight(
                area + row * stride, touched + 4 * row, whole_to - row, stride, (double)row, top_x, top_y, slope,
                limit, direction, per_pixel);
        }
#endif
        for (; row < end_row; row++) {
            shallow_row(area, touched, stride, row, top_x, top_y, bottom_y, slope, limit, direction, per_pixel);
        }
        return;
    }
    // Steep: row by row.
    long first_row = top_y > 0 ? (long)__builtin_floor(top_y) : 0;
    long end_row = bottom_y < rows ? (long)__builtin_ceil(bottom_y) : box_height;
    if (first_row >= end_row) return;
    // The rows the line crosses whole, and the part rows at its ends.
    long whole_from = (double)first_row >= top_y ? first_row : first_row + 1;
    long whole_to = (double)end_row <= bottom_y ? end_row : end_row - 1;
    if (whole_to < whole_from) whole_to = whole_from;
    for (long row = first_row; row < end_row; row++) {
        if (row == whole_from && whole_to > whole_from) {
            // Each row's ends from the first whole row's top, so that eight rows at a time give
            // the same cells as one at a time.
            double x = clamp_to(top_x + ((double)row - top_y) * slope, limit);
            float *cells = area + row * stride;
            int32_t *bounds = touched + 4 * row;
            long count = whole_to - row;
            long done =
                wide && count >= 8 ? steep_rows(cells, bounds, count, stride, x, slope, limit, direction, inverse) : 0;
            for (long step = done; step < count; step++) {
                double top = clamp_to(x + (double)step * slope, limit);
                double bottom = clamp_to(x + (double)(step + 1) * slope, limit);
                span_steep(cells + step * stride, bounds + 4 * step, top, bottom, 1, direction, inverse);
            }
            row = whole_to - 1;
            continue;
        }
        struct row_piece piece = piece_in_row(row, top_x, top_y, bottom_y, slope, limit);
        span_steep(area + row * stride, touched + 4 * row, piece.x, piece.next, piece.height, direction, inverse);
    }
}

// An edge in box coordinates, split where it leaves the box sideways: what lies left of the box
// runs down its left side (it covers every pixel to its right there), what lies right of it down
// its right side (covering nothing inside).
static void span_edge(
    float *area, int32_t *ranges, long box_width, long box_height, double x0, double y0, double x1, double y1,
    int wide) {
    if (!(y0 != y1)) return;
    double right = (double)box_width;
    if (x0 >= 0 && x0 <= right && x1 >= 0 && x1 <= right) {
        span_line(area, ranges, box_width, box_height, x0, y0, x1, y1, wide);
        return;
    }
    // The parameters where the edge crosses x = 0 and x = right, in order.
    double cuts[3] = {1, 1, 1};
    int count = 0;
    for (int side = 0; side < 2; side++) {
        double at = side == 0 ? 0 : right;
        if ((x0 < at) == (x1 < at) || x0 == at || x1 == at) continue;
        cuts[count++] = (at - x0) / (x1 - x0);
    }
    if (count == 2 && cuts[1] < cuts[0]) {
        double swap = cuts[0];
        cuts[0] = cuts[1];
        cuts[1] = swap;
    }
    double dx = x1 - x0, dy = y1 - y0;
    double from_x = x0, from_y = y0;
    for (int piece = 0; piece <= count; piece++) {
        double to_x = piece == count ? x1 : x0 + dx * cuts[piece];
        double to_y = piece == count ? y1 : y0 + dy * cuts[piece];
        span_line(
            area, ranges, box_width, box_height, clamp_to(from_x, right), from_y, clamp_to(to_x, right), to_y, wide);
        from_x = to_x;
        from_y = to_y;
    }
}

void oqc_span_polygon(
    float *area, int32_t *ranges, long box_width, long box_height, const double *points, const long *contour_ends,
    long contour_count, double origin_x, double origin_y, int widest) {
#if defined(__x86_64__)
    int wide = widest >= 8 && has_avx512();
#else
    int wide = 0;
    (void)widest;
#endif
    long start = 0;
    for (long contour = 0; contour < contour_count; contour++) {
        long end = contour_ends[contour];
        if (end <= start) continue;
        double previous_x = points[2 * (end - 1)] - origin_x;
        double previous_y = points[2 * (end - 1) + 1] - origin_y;
        for (long index = start; index < end; index++) {
            double x = points[2 * index] - origin_x;
            double y = points[2 * index + 1] - origin_y;
            span_edge(area, ranges, box_width, box_height, previous_x, previous_y, x, y, wide);
            previous_x = x;
            previous_y = y;
        }
        start = end;
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
    const __m256i factors = _mm256_set1_epi32((int)(keep | keep << 16));
    long x = 0;
    if (keep == 0) {
        for (; x + 8 <= count; x += 8) _mm256_storeu_si256((__m256i *)(line + x), colour);
    } else {
        for (; x + 8 <= count; x += 8) {
            __m256i target = _mm256_loadu_si256((const __m256i *)(line + x));
            _mm256_storeu_si256((__m256i *)(line + x), _mm256_add_epi8(byte_products(target, factors), colour));
        }
    }
    if (x < count) {
        __m256i mask = lanes_below(count - x);
        __m256i target = _mm256_maskload_epi32((const int *)(line + x), mask);
        target = keep == 0 ? colour : _mm256_add_epi8(byte_products(target, factors), colour);
        _mm256_maskstore_epi32((int *)(line + x), mask, target);
    }
}

// `byte_products` on sixteen pixels.
AVX512 static inline __m512i byte_products16(__m512i x, __m512i factors) {
    const __m512i half = _mm512_set1_epi16(128);
    const __m512i spread = _mm512_set1_epi16(257);
    __m512i even = _mm512_mullo_epi16(_mm512_and_si512(x, _mm512_set1_epi16(0x00ff)), factors);
    __m512i odd = _mm512_mullo_epi16(_mm512_srli_epi16(x, 8), factors);
    even = _mm512_mulhi_epu16(_mm512_add_epi16(even, half), spread);
    odd = _mm512_mulhi_epu16(_mm512_add_epi16(odd, half), spread);
    return _mm512_or_si512(even, _mm512_slli_epi16(odd, 8));
}

AVX512 static inline __m512i spread_factors16(__m512i factors) {
    return _mm512_or_si512(factors, _mm512_slli_epi32(factors, 16));
}

// Sixteen windings' coverage levels: the magnitude clamped to 1 (non-zero) or folded by twos
// (`even_odd`), in 255ths rounded.
AVX512 static inline __m512i levels16(__m512 sums, int even_odd) {
    __m512 magnitude = _mm512_abs_ps(sums);
    if (even_odd) {
        __m512 pairs = _mm512_roundscale_ps(
            _mm512_mul_ps(magnitude, _mm512_set1_ps(0.5f)), _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
        magnitude = _mm512_sub_ps(magnitude, _mm512_mul_ps(_mm512_set1_ps(2.0f), pairs));
        magnitude = _mm512_min_ps(magnitude, _mm512_sub_ps(_mm512_set1_ps(2.0f), magnitude));
    } else {
        magnitude = _mm512_min_ps(magnitude, _mm512_set1_ps(1.0f));
    }
    return _mm512_cvttps_epi32(_mm512_add_ps(_mm512_mul_ps(magnitude, _mm512_set1_ps(255.0f)), _mm512_set1_ps(0.5f)));
}

// `colour` through each pixel's coverage level over sixteen target pixels, as pixman blends
// `OVER` through a mask.
AVX512 static inline __m512i over_at_levels16(__m512i target, __m512i colour, __m512i levels) {
    __m512i source = byte_products16(colour, spread_factors16(levels));
    __m512i keep = _mm512_sub_epi32(_mm512_set1_epi32(255), _mm512_srli_epi32(source, 24));
    return _mm512_add_epi8(byte_products16(target, spread_factors16(keep)), source);
}

// `byte_products` on four pixels.
static inline __m128i byte_products4(__m128i x, __m128i factors) {
    const __m128i half = _mm_set1_epi16(128);
    const __m128i spread = _mm_set1_epi16(257);
    __m128i even = _mm_mullo_epi16(_mm_and_si128(x, _mm_set1_epi16(0x00ff)), factors);
    __m128i odd = _mm_mullo_epi16(_mm_srli_epi16(x, 8), factors);
    even = _mm_mulhi_epu16(_mm_add_epi16(even, half), spread);
    odd = _mm_mulhi_epu16(_mm_add_epi16(odd, half), spread);
    return _mm_or_si128(even, _mm_slli_epi16(odd, 8));
}

static inline __m128i spread_factors4(__m128i factors) { return _mm_or_si128(factors, _mm_slli_epi32(factors, 16)); }

// At most four cells (a steep edge's, most often) in one block of four with AVX-512's masks: the
// sums of `cells_by_four`, without the carries between blocks of a wider one.
AVX512 static inline void cells_up_to_four(
    uint32_t *line, float *cells, long count, float *sum, uint32_t pixel, int even_odd) {
    __mmask8 mask = (__mmask8)((1u << count) - 1u);
    __m128 c = _mm_maskz_loadu_ps(mask, cells);
    _mm_mask_storeu_ps(cells, mask, _mm_setzero_ps());
    c = _mm_add_ps(c, _mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(c), 4)));
    c = _mm_add_ps(c, _mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(c), 8)));
    __m128 sums = _mm_add_ps(c, _mm_set1_ps(*sum));
    *sum = _mm_cvtss_f32(_mm_permutevar_ps(sums, _mm_set1_epi32((int)(count - 1))));
    __m128 magnitude = _mm_and_ps(sums, _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff)));
    if (even_odd) {
        __m128 pairs = _mm_floor_ps(_mm_mul_ps(magnitude, _mm_set1_ps(0.5f)));
        magnitude = _mm_sub_ps(magnitude, _mm_mul_ps(_mm_set1_ps(2.0f), pairs));
        magnitude = _mm_min_ps(magnitude, _mm_sub_ps(_mm_set1_ps(2.0f), magnitude));
    } else {
        magnitude = _mm_min_ps(magnitude, _mm_set1_ps(1.0f));
    }
    __m128i levels = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(magnitude, _mm_set1_ps(255.0f)), _mm_set1_ps(0.5f)));
    __mmask8 drawn = _mm_mask_test_epi32_mask(mask, levels, levels);
    if (drawn == 0) return;
    __m128i source = byte_products4(_mm_set1_epi32((int)pixel), spread_factors4(levels));
    __m128i keep = _mm_sub_epi32(_mm_set1_epi32(255), _mm_srli_epi32(source, 24));
    __m128i target = _mm_maskz_loadu_epi32(drawn, line);
    target = _mm_add_epi8(byte_products4(target, spread_factors4(keep)), source);
    _mm_mask_storeu_epi32(line, drawn, target);
}

// Sixteen cells at a time, as four blocks of four in order (each block's running sum carried
// into the next one addition at a time): the same sums, to the bit, as `cells_by_four`.
AVX512 static void cells_by_sixteen(uint32_t *line, float *cells, long count, float *sum, uint32_t pixel, int even_odd) {
    __m512 running = _mm512_set1_ps(*sum);
    const __m512i colour = _mm512_set1_epi32((int)pixel);
    for (long x = 0; x < count; x += 16) {
        long n = count - x < 16 ? count - x : 16;
        __mmask16 mask = (__mmask16)(n == 16 ? 0xffffu : (1u << n) - 1u);
        __m512 c = _mm512_maskz_loadu_ps(mask, cells + x);
        _mm512_mask_storeu_ps(cells + x, mask, _mm512_setzero_ps());
        c = _mm512_add_ps(c, _mm512_castsi512_ps(_mm512_bslli_epi128(_mm512_castps_si512(c), 4)));
        c = _mm512_add_ps(c, _mm512_castsi512_ps(_mm512_bslli_epi128(_mm512_castps_si512(c), 8)));
        __m512 totals = _mm512_permute_ps(c, 0xff);
        __m512 second = _mm512_add_ps(running, _mm512_shuffle_f32x4(totals, totals, 0x00));
        __m512 third = _mm512_add_ps(second, _mm512_shuffle_f32x4(totals, totals, 0x55));
        __m512 fourth = _mm512_add_ps(third, _mm512_shuffle_f32x4(totals, totals, 0xaa));
        __m512 carried = _mm512_mask_mov_ps(running, 0x00f0, second);
        carried = _mm512_mask_mov_ps(carried, 0x0f00, third);
        carried = _mm512_mask_mov_ps(carried, 0xf000, fourth);
        __m512 sums = _mm512_add_ps(c, carried);
        running = _mm512_permutexvar_ps(_mm512_set1_epi32((int)(n - 1)), sums);
        __m512i levels = levels16(sums, even_odd);
        __mmask16 drawn = _mm512_mask_test_epi32_mask(mask, levels, levels);
        if (drawn == 0) continue;
        __m512i target = over_at_levels16(_mm512_maskz_loadu_epi32(drawn, line + x), colour, levels);
        _mm512_mask_storeu_epi32(line + x, drawn, target);
    }
    *sum = _mm512_cvtss_f32(running);
}

// One premultiplied pixel over `count` pixels, sixteen at a time.
AVX512 static void over_solid_by_sixteen(uint32_t *line, long count, uint32_t pixel) {
    const __m512i colour = _mm512_set1_epi32((int)pixel);
    uint32_t keep = 255u - (pixel >> 24);
    const __m512i factors = _mm512_set1_epi32((int)(keep | keep << 16));
    long x = 0;
    if (keep == 0) {
        for (; x + 16 <= count; x += 16) _mm512_storeu_si512(line + x, colour);
    } else {
        for (; x + 16 <= count; x += 16) {
            __m512i target = _mm512_loadu_si512(line + x);
            _mm512_storeu_si512(line + x, _mm512_add_epi8(byte_products16(target, factors), colour));
        }
    }
    if (x < count) {
        __mmask16 mask = (__mmask16)((1u << (count - x)) - 1u);
        __m512i target = keep == 0 ? colour
                                   : _mm512_add_epi8(byte_products16(_mm512_maskz_loadu_epi32(mask, line + x), factors), colour);
        _mm512_mask_storeu_epi32(line + x, mask, target);
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

// Asks for the target pixels of the rows `from` up to `to` (those in the box) that the edges'
// cells say are drawn, a cache line at a time, to be written: the first eight lines of a row at
// most. The processor's own prefetcher follows a longer row once it is under way; asking for all
// of it cost a Lottie sample of wide shapes on a large frame (`Boat_Loader`, 1334 × 1600) a
// sixth of its time.
enum { prefetch_lines = 8 };

__attribute__((always_inline)) static inline void prefetch_rows(
    const int32_t *ranges, long from, long to, long box_width, long box_height, const uint32_t *pixels,
    long row_pixels) {
    if (to > box_height) to = box_height;
    for (long row = from; row < to; row++) {
        const int32_t *range = ranges + 4 * row;
        long first = range[0] < range[2] ? range[0] : range[2];
        long last = range[1] > range[3] ? range[1] : range[3];
        if (last < 0) continue;
        if (last >= box_width) last = box_width - 1;
        if (last > first + 16 * prefetch_lines) last = first + 16 * prefetch_lines;
        const char *at = (const char *)(pixels + row * row_pixels + first);
        const char *end = (const char *)(pixels + row * row_pixels + last);
        for (; at < end; at += 64) __builtin_prefetch(at, 1, 3);
        __builtin_prefetch(end, 1, 3);
    }
}

// The rows of a filled polygon's box, with either width's blocks: between the touched cells the
// coverage is constant and the colour is blended at that one level.
__attribute__((always_inline)) static inline void resolve_rows(
    float *area, const int32_t *ranges, long box_width, long box_height, uint32_t *pixels, long row_pixels,
    uint32_t pixel, int even_odd, int width) {
    long stride = box_width + 3;
    for (long row = 0; row < box_height; row++) {
        long ahead = row + OQC_SPAN_ROWS_AHEAD;
        prefetch_rows(ranges, ahead, ahead + 1, box_width, box_height, pixels, row_pixels);
        long bounds[4];
        int runs = oqc_span_touched_cells(ranges + 4 * row, bounds);
        if (runs == 0) continue;
        float *cells = area + row * stride;
        uint32_t *line = pixels + row * row_pixels;
        float sum = 0;
        long x = bounds[0];
        for (int run = 0; run < runs; run++) {
            long start = bounds[2 * run], end = bounds[2 * run + 1];
            if (x < start && sum != 0) {
                uint32_t level = oqc_span_level(sum, even_odd);
                if (level > 0) {
                    uint32_t source = level == 255u ? pixel : multiply(pixel, level);
#if defined(__x86_64__)
                    if (width == 16) {
                        over_solid_by_sixteen(line + x, start - x, source);
                    } else if (width == 8) {
                        over_solid_by_eight(line + x, start - x, source);
                    } else
#endif
                    {
                        over_solid_by_four(line + x, start - x, source);
                    }
                }
            }
            // The cells past the box's last pixel only carry cover.
            long drawn = end < box_width - 1 ? end : box_width - 1;
            long cell = start;
            if (drawn >= start) {
#if defined(__x86_64__)
                if (width == 16 && drawn - start < 4) {
                    cells_up_to_four(line + start, cells + start, drawn - start + 1, &sum, pixel, even_odd);
                } else if (width == 16) {
                    cells_by_sixteen(line + start, cells + start, drawn - start + 1, &sum, pixel, even_odd);
                } else if (width == 8) {
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
    resolve_rows(area, ranges, box_width, box_height, pixels, row_pixels, pixel, even_odd, 8);
}

// Two rows whose edges each touch at most four cells in one 512-bit block: the cells of each
// row's first and second run as four blocks of four, the second run's block carrying the sum
// its row's first run ends on, then the runs between blended at their one level: to the bit
// what `resolve_rows` gives them, in a quarter of its blocks. False, touching nothing, when a
// row has another shape (the caller resolves it alone).
AVX512 static int resolve_two_rows(
    float *cells, long stride, const int32_t *ranges, uint32_t *line, long row_pixels, uint32_t pixel,
    int even_odd) {
    long first[4], count[4];
    for (int row = 0; row < 2; row++) {
        long bounds[4];
        if (oqc_span_touched_cells(ranges + 4 * row, bounds) != 2) return 0;
        if (bounds[1] - bounds[0] > 3 || bounds[3] - bounds[2] > 3) return 0;
        first[2 * row] = bounds[0];
        count[2 * row] = bounds[1] - bounds[0] + 1;
        first[2 * row + 1] = bounds[2];
        count[2 * row + 1] = bounds[3] - bounds[2] + 1;
    }
    // The caller checks that the second run ends inside the box.
    float *row_cells[4] = {cells + first[0], cells + first[1], cells + stride + first[2], cells + stride + first[3]};
    uint32_t *row_line[4] = {
        line + first[0], line + first[1], line + row_pixels + first[2], line + row_pixels + first[3]};
    __mmask8 part[4];
    for (int block = 0; block < 4; block++) part[block] = (__mmask8)((1u << count[block]) - 1u);
    __m512 c = _mm512_castps128_ps512(_mm_maskz_loadu_ps(part[0], row_cells[0]));
    c = _mm512_insertf32x4(c, _mm_maskz_loadu_ps(part[1], row_cells[1]), 1);
    c = _mm512_insertf32x4(c, _mm_maskz_loadu_ps(part[2], row_cells[2]), 2);
    c = _mm512_insertf32x4(c, _mm_maskz_loadu_ps(part[3], row_cells[3]), 3);
    for (int block = 0; block < 4; block++) _mm_mask_storeu_ps(row_cells[block], part[block], _mm_setzero_ps());
    __mmask16 mask = (__mmask16)(part[0] | part[1] << 4 | part[2] << 8 | part[3] << 12);
    c = _mm512_add_ps(c, _mm512_castsi512_ps(_mm512_bslli_epi128(_mm512_castps_si512(c), 4)));
    c = _mm512_add_ps(c, _mm512_castsi512_ps(_mm512_bslli_epi128(_mm512_castps_si512(c), 8)));
    // Each row starts from nothing; its second run from the sum its first ends on.
    __m512 from_nothing = _mm512_add_ps(c, _mm512_setzero_ps());
    __m512i ends = _mm512_setr_epi32(
        0, 0, 0, 0, (int)count[0] - 1, (int)count[0] - 1, (int)count[0] - 1, (int)count[0] - 1, 0, 0, 0, 0,
        (int)count[2] + 7, (int)count[2] + 7, (int)count[2] + 7, (int)count[2] + 7);
    __m512 sums = _mm512_add_ps(c, _mm512_maskz_permutexvar_ps(0xf0f0, ends, from_nothing));
    __m512i levels = levels16(sums, even_odd);
    __mmask16 drawn = _mm512_mask_test_epi32_mask(mask, levels, levels);
    if (drawn != 0) {
        __m512i target = _mm512_castsi128_si512(_mm_maskz_loadu_epi32((__mmask8)(drawn & 0xf), row_line[0]));
        target = _mm512_inserti32x4(target, _mm_maskz_loadu_epi32((__mmask8)(drawn >> 4 & 0xf), row_line[1]), 1);
        target = _mm512_inserti32x4(target, _mm_maskz_loadu_epi32((__mmask8)(drawn >> 8 & 0xf), row_line[2]), 2);
        target = _mm512_inserti32x4(target, _mm_maskz_loadu_epi32((__mmask8)(drawn >> 12), row_line[3]), 3);
        target = over_at_levels16(target, _mm512_set1_epi32((int)pixel), levels);
        _mm_mask_storeu_epi32(row_line[0], (__mmask8)(drawn & 0xf), _mm512_castsi512_si128(target));
        _mm_mask_storeu_epi32(row_line[1], (__mmask8)(drawn >> 4 & 0xf), _mm512_extracti32x4_epi32(target, 1));
        _mm_mask_storeu_epi32(row_line[2], (__mmask8)(drawn >> 8 & 0xf), _mm512_extracti32x4_epi32(target, 2));
        _mm_mask_storeu_epi32(row_line[3], (__mmask8)(drawn >> 12), _mm512_extracti32x4_epi32(target, 3));
    }
    // The runs between, at the level the first run ends on.
    float ended[16];
    _mm512_storeu_ps(ended, sums);
    for (int row = 0; row < 2; row++) {
        float sum = ended[8 * row + count[2 * row] - 1];
        if (sum == 0) continue;
        uint32_t level = oqc_span_level(sum, even_odd);
        if (level == 0) continue;
        long x = first[2 * row] + count[2 * row];
        over_solid_by_sixteen(
            line + row * row_pixels + x, first[2 * row + 1] - x, level == 255u ? pixel : multiply(pixel, level));
    }
    return 1;
}

AVX512 static void resolve_rows_by_sixteen(
    float *area, const int32_t *ranges, long box_width, long box_height, uint32_t *pixels, long row_pixels,
    uint32_t pixel, int even_odd) {
    long stride = box_width + 3;
    long row = 0;
    while (row < box_height) {
        // The rows this step may take ahead, each asked for once or twice.
        long ahead = row + OQC_SPAN_ROWS_AHEAD;
        prefetch_rows(ranges, ahead, ahead + 2, box_width, box_height, pixels, row_pixels);
        // Two rows at a time where both ends are inside the box (the cells past it only carry
        // cover).
        if (row + 2 <= box_height && ranges[4 * row + 3] < box_width && ranges[4 * row + 1] < box_width &&
            ranges[4 * row + 7] < box_width && ranges[4 * row + 5] < box_width &&
            resolve_two_rows(
                area + row * stride, stride, ranges + 4 * row, pixels + row * row_pixels, row_pixels, pixel,
                even_odd)) {
            row += 2;
            continue;
        }
        resolve_rows(
            area + row * stride, ranges + 4 * row, box_width, 1, pixels + row * row_pixels, row_pixels, pixel,
            even_odd, 16);
        row += 1;
    }
}

#endif

#if defined(__x86_64__)
AVX2 static void fill_box_by_eight(uint32_t *pixels, long row_pixels, long width, long height, uint32_t pixel) {
    for (long row = 0; row < height; row++) over_solid_by_eight(pixels + row * row_pixels, width, pixel);
}

AVX512 static void fill_box_by_sixteen(uint32_t *pixels, long row_pixels, long width, long height, uint32_t pixel) {
    for (long row = 0; row < height; row++) over_solid_by_sixteen(pixels + row * row_pixels, width, pixel);
}
#endif

void oqc_span_fill_box(uint32_t *pixels, long row_pixels, long width, long height, uint32_t pixel, int widest) {
#if defined(__x86_64__)
    if (pixel >> 24 == 255u && row_pixels == width) {
        // One opaque run over rows that follow each other (a background over the whole
        // bitmap): the processor's string store, which writes whole cache lines without reading
        // them first.
        uint32_t *at = pixels;
        size_t count = (size_t)(width * height);
        __asm__ volatile("rep stosl" : "+D"(at), "+c"(count) : "a"(pixel) : "memory");
        return;
    }
    if (widest >= 16 && has_avx512()) {
        fill_box_by_sixteen(pixels, row_pixels, width, height, pixel);
        return;
    }
    if (widest >= 8 && __builtin_cpu_supports("avx2")) {
        fill_box_by_eight(pixels, row_pixels, width, height, pixel);
        return;
    }
#endif
    for (long row = 0; row < height; row++) over_solid_by_four(pixels + row * row_pixels, width, pixel);
}

int oqc_span_widest_blocks(void) {
#if defined(__x86_64__)
    if (has_avx512()) return 16;
    if (__builtin_cpu_supports("avx2")) return 8;
#endif
    return 4;
}

void oqc_span_resolve_solid(
    float *area, const int32_t *ranges, long box_width, long box_height, uint32_t *pixels, long row_pixels,
    uint32_t pixel, int even_odd, int widest) {
    // The first rows, before each block width asks for those ahead of the row it blends.
    prefetch_rows(ranges, 0, OQC_SPAN_ROWS_AHEAD, box_width, box_height, pixels, row_pixels);
#if defined(__x86_64__)
    if (widest >= 16 && has_avx512()) {
        resolve_rows_by_sixteen(area, ranges, box_width, box_height, pixels, row_pixels, pixel, even_odd);
        return;
    }
    if (widest >= 8 && __builtin_cpu_supports("avx2")) {
        resolve_rows_by_eight(area, ranges, box_width, box_height, pixels, row_pixels, pixel, even_odd);
        return;
    }
#endif
    resolve_rows(area, ranges, box_width, box_height, pixels, row_pixels, pixel, even_odd, 4);
}
