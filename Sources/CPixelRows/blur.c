#include "CPixelRows.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

// Box blurs of interleaved 8-bit channels, each value replaced by the rounded mean of the
// 2r + 1 values around it along a row or down a column, zeros beyond the ends.

// The rounded mean `(sum + size / 2) / size`. A window holds at most 32,767 values of at most
// 255 (Cairo's largest picture), so the sums stay under 2^23 and the means at most 255. A
// quotient that is not whole is at least 1 / size from the next whole number; a multiplication
// by the inverse errs by far less than the small number added, which in turn is less than that:
// in single precision (error under 5 × 10^-5, 10^-4 added) for windows under 4,096 values, in
// double precision (10^-9 added) under 2^20; larger windows divide.
struct window {
    int64_t size, half;
    float inverse_single;
    double inverse;
};

static inline struct window window_of_size(int64_t size) {
    struct window w = {size, 0, 0, 0};
    w.half = w.size / 2;
    w.inverse_single = 1.0f / (float)w.size;
    w.inverse = 1.0 / (double)w.size;
    return w;
}

static inline struct window window_of(long radius) { return window_of_size(2 * (int64_t)radius + 1); }

// The three ways to the mean, for windows under 4,096 values, under 2^20, and larger.
static inline uint8_t mean_single(int32_t sum, struct window w) {
    return (uint8_t)(int32_t)((float)(sum + (int32_t)w.half) * w.inverse_single + 1e-4f);
}

static inline uint8_t mean_double(int32_t sum, struct window w) {
    return (uint8_t)(int32_t)((double)(sum + w.half) * w.inverse + 1e-9);
}

static inline uint8_t mean_divided(int32_t sum, struct window w) { return (uint8_t)(((int64_t)sum + w.half) / w.size); }

static inline uint8_t mean_of(int32_t sum, struct window w) {
    if (w.size < 4096) return mean_single(sum, w);
    if (w.size < (1 << 20)) return mean_double(sum, w);
    return mean_divided(sum, w);
}

// The means of `count` sums into `out`: the choice made once, outside loops the compiler
// vectorises but for the largest windows.
static inline void means_of(const int32_t *sums, long count, struct window w, uint8_t *out) {
    if (w.size < 4096) {
        for (long v = 0; v < count; v++) out[v] = mean_single(sums[v], w);
    } else if (w.size < (1 << 20)) {
        for (long v = 0; v < count; v++) out[v] = mean_double(sums[v], w);
    } else {
        for (long v = 0; v < count; v++) out[v] = mean_divided(sums[v], w);
    }
}

// One row of `channels` interleaved values (a constant where it is inlined), from its copy:
// where the window takes values in, where it also lets them go, and where it only lets go.
__attribute__((always_inline)) static inline void blur_row(
    uint8_t *line, const uint8_t *copy, long width, long radius, int channels, struct window w) {
    int32_t sums[4] = {0, 0, 0, 0};
    long first = radius < width ? radius : width;
    for (long x = 0; x < first; x++) {
        for (int c = 0; c < channels; c++) sums[c] += copy[x * channels + c];
    }
    // x + radius < width enters; x − radius − 1 ≥ 0 leaves.
    long enters = width - radius > 0 ? width - radius : 0;
    long leaves = radius + 1 < width ? radius + 1 : width;
    long x = 0;
    for (; x < (enters < leaves ? enters : leaves); x++) {
        for (int c = 0; c < channels; c++) {
            sums[c] += copy[(x + radius) * channels + c];
            line[x * channels + c] = mean_of(sums[c], w);
        }
    }
    for (; x < enters; x++) {
        for (int c = 0; c < channels; c++) {
            sums[c] += copy[(x + radius) * channels + c] - copy[(x - radius - 1) * channels + c];
            line[x * channels + c] = mean_of(sums[c], w);
        }
    }
    for (; x < leaves; x++) {
        for (int c = 0; c < channels; c++) line[x * channels + c] = mean_of(sums[c], w);
    }
    for (; x < width; x++) {
        for (int c = 0; c < channels; c++) {
            sums[c] -= copy[(x - radius - 1) * channels + c];
            line[x * channels + c] = mean_of(sums[c], w);
        }
    }
}

// Each row on its own, all channels at once: the row is copied first, so that the values
// leaving the window are the row's own.
static void blur_rows(
    uint8_t *data, long width, long height, long stride, int channels, long radius, uint8_t *copy) {
    struct window w = window_of(radius);
    for (long row = 0; row < height; row++) {
        uint8_t *line = data + row * stride;
        memcpy(copy, line, (size_t)(width * channels));
        switch (channels) {
        case 1: blur_row(line, copy, width, radius, 1, w); break;
        case 4: blur_row(line, copy, width, radius, 4, w); break;
        default: blur_row(line, copy, width, radius, channels, w); break;
        }
    }
}

// Every column at once, row by row down the picture: a running sum per value of a row, and
// the last `radius + 1` rows as they were before they were written, for the values leaving
// the window.
static void blur_columns(
    uint8_t *data, long width, long height, long stride, int channels, long radius, int32_t *sums,
    uint8_t *ring) {
    struct window w = window_of(radius);
    long values = width * channels;
    memset(sums, 0, (size_t)values * sizeof *sums);
    long first = radius < height ? radius : height;
    for (long row = 0; row < first; row++) {
        const uint8_t *line = data + row * stride;
        for (long v = 0; v < values; v++) sums[v] += line[v];
    }
    for (long row = 0; row < height; row++) {
        uint8_t *line = data + row * stride;
        // The slot of row − radius − 1, which leaves now; row takes it.
        uint8_t *slot = ring + (row % (radius + 1)) * values;
        if (row - radius - 1 >= 0) {
            for (long v = 0; v < values; v++) sums[v] -= slot[v];
        }
        if (row + radius < height) {
            const uint8_t *entering = data + (row + radius) * stride;
            for (long v = 0; v < values; v++) sums[v] += entering[v];
        }
        memcpy(slot, line, (size_t)values);
        means_of(sums, values, w, line);
    }
}

int oqc_box_blur(uint8_t *data, long width, long height, long stride, int channels, const long *radii, long count) {
    if (width <= 0 || height <= 0) return 1;
    if (channels < 1 || channels > 4) return 0;
    long widest = 0;
    for (long index = 0; index < count; index++) widest = radii[index] > widest ? radii[index] : widest;
    if (widest <= 0) return 1;
    // The working rows, made once for every radius: the ring holds the widest's rows.
    long values = width * channels;
    uint8_t *copy = malloc((size_t)values);
    int32_t *sums = malloc((size_t)values * sizeof *sums);
    uint8_t *ring = malloc((size_t)values * (size_t)(widest + 1 < height ? widest + 1 : height + 1));
    if (copy && sums && ring) {
        for (long index = 0; index < count; index++) {
            if (radii[index] <= 0) continue;
            blur_rows(data, width, height, stride, channels, radii[index], copy);
            blur_columns(data, width, height, stride, channels, radii[index], sums, ring);
        }
    }
    int made = copy && sums && ring;
    free(copy);
    free(sums);
    free(ring);
    return made;
}

// The picture made `factor` times smaller: each value the rounded mean of its block's, zeros
// beyond the picture counting in the mean.
static void shrink(
    const uint8_t *data, long width, long height, long stride, int channels, long factor, uint8_t *small,
    long small_width, long small_height, int32_t *sums) {
    long values = small_width * channels;
    if (factor == 1) {
        for (long row = 0; row < height; row++) memcpy(small + row * values, data + row * stride, (size_t)values);
        return;
    }
    // A block's mean, as a window's of as many values (halves up).
    struct window w = window_of_size(factor * factor);
    for (long row = 0; row < small_height; row++) {
        memset(sums, 0, (size_t)values * sizeof *sums);
        long last = (row + 1) * factor < height ? (row + 1) * factor : height;
        for (long y = row * factor; y < last; y++) {
            const uint8_t *line = data + y * stride;
            for (long block = 0, x = 0; block < small_width; block++) {
                long end = x + factor < width ? x + factor : width;
                for (; x < end; x++) {
                    for (int c = 0; c < channels; c++) sums[block * channels + c] += line[x * channels + c];
                }
            }
        }
        uint8_t *out = small + row * values;
        means_of(sums, values, w, out);
    }
}

// The mix of each column's two values of a padded row (`channels` a constant where inlined).
__attribute__((always_inline)) static inline void mix_columns(
    const float *padded, const long *lefts, const float *weights, long width, int channels, float *out) {
    for (long x = 0; x < width; x++) {
        const float *left = padded + lefts[x] * channels;
        float w = weights[x];
        for (int c = 0; c < channels; c++) out[x * channels + c] = left[c] + (left[channels + c] - left[c]) * w;
    }
}

// Row `row` of the small picture (zeros beyond it) stretched to the whole width: each value
// the linear mix of the two small values around the column's place. `lefts` index `padded`,
// which holds the row as numbers with a zero pixel at each end.
static void stretch_row(
    const uint8_t *small, long small_width, long small_height, int channels, long row, const long *lefts,
    const float *weights, long width, float *padded, float *out) {
    if (row < 0 || row >= small_height) {
        memset(out, 0, (size_t)(width * channels) * sizeof *out);
        return;
    }
    const uint8_t *line = small + row * small_width * channels;
    long values = small_width * channels;
    for (int c = 0; c < channels; c++) {
        padded[c] = 0;
        padded[channels + values + c] = 0;
    }
    for (long v = 0; v < values; v++) padded[channels + v] = (float)line[v];
    switch (channels) {
    case 1: mix_columns(padded, lefts, weights, width, 1, out); break;
    case 4: mix_columns(padded, lefts, weights, width, 4, out); break;
    default: mix_columns(padded, lefts, weights, width, channels, out); break;
    }
}

// Blurs `small` (the picture `factor` times smaller, `channels` values a pixel) in place and
// writes into `data` each pixel's bilinear sample of it, moved by the shift.
static int blur_and_resample(
    uint8_t *small, long small_width, long small_height, int channels, uint8_t *data, long width, long height,
    long stride, long factor, const long *radii, long count, double shift_x, double shift_y) {
    long small_values = small_width * channels;
    long values = width * channels;
    if (!oqc_box_blur(small, small_width, small_height, small_values, channels, radii, count)) return 0;
    // Two small rows stretched to the whole width: the ones above and below the output row.
    float *stretched = malloc((size_t)(2 * values) * sizeof *stretched);
    long *lefts = malloc((size_t)width * sizeof *lefts);
    float *weights = malloc((size_t)width * sizeof *weights);
    float *padded = malloc((size_t)(small_values + 2 * channels) * sizeof *padded);
    int made = stretched && lefts && weights && padded;
    if (made) {
        // Where each column samples the small picture: pixel x's centre, moved back by the
        // shift, in the small picture's pixels (their centres at whole numbers).
        for (long x = 0; x < width; x++) {
            double at = ((double)x + 0.5 - shift_x) / (double)factor - 0.5;
            double left = floor(at);
            lefts[x] = (long)left + 1;  // in the padded row, whose first pixel is the zero one
            weights[x] = (float)(at - left);
        }
        float *rows[2] = {stretched, stretched + values};
        long held[2] = {LONG_MIN, LONG_MIN};
        for (long y = 0; y < height; y++) {
            double at = ((double)y + 0.5 - shift_y) / (double)factor - 0.5;
            double upper_row = floor(at);
            float w = (float)(at - upper_row);
            long upper = (long)upper_row;
            // The rows move down one small row at a time: the lower one held becomes the upper.
            if (held[0] != upper) {
                if (held[1] == upper) {
                    float *kept = rows[0];
                    rows[0] = rows[1];
                    rows[1] = kept;
                    held[0] = upper;
                    held[1] = LONG_MIN;
                } else {
                    stretch_row(
                        small, small_width, small_height, channels, upper, lefts, weights, width, padded, rows[0]);
                    held[0] = upper;
                }
            }
            if (held[1] != upper + 1) {
                stretch_row(
                    small, small_width, small_height, channels, upper + 1, lefts, weights, width, padded, rows[1]);
                held[1] = upper + 1;
            }
            const float *above = rows[0];
            const float *below = rows[1];
            uint8_t *line = data + y * stride;
            for (long v = 0; v < values; v++) {
                float value = above[v] + (below[v] - above[v]) * w + 0.5f;
                value = value < 255.0f ? value : 255.0f;
                line[v] = (uint8_t)(int32_t)value;
            }
        }
    }
    free(stretched);
    free(lefts);
    free(weights);
    free(padded);
    return made;
}

int oqc_box_blur_resampled(
    uint8_t *data, long width, long height, long stride, int channels, long factor, const long *radii, long count,
    double shift_x, double shift_y) {
    if (width <= 0 || height <= 0) return 1;
    if (channels < 1 || channels > 4 || factor < 1 || factor > 64) return 0;
    long small_width = (width + factor - 1) / factor;
    long small_height = (height + factor - 1) / factor;
    long small_values = small_width * channels;
    uint8_t *small = malloc((size_t)(small_values * small_height));
    int32_t *sums = malloc((size_t)small_values * sizeof *sums);
    int made = small && sums;
    if (made) {
        shrink(data, width, height, stride, channels, factor, small, small_width, small_height, sums);
        made = blur_and_resample(small, small_width, small_height, channels, data, width, height, stride, factor,
                                 radii, count, shift_x, shift_y);
    }
    free(small);
    free(sums);
    return made;
}

int oqc_blur_alpha_of(
    const uint8_t *source, long source_stride, long source_step, long source_x, long source_y, long source_width,
    long source_height, uint8_t *data, long width, long height, long stride, long factor, const long *radii,
    long count, double shift_x, double shift_y) {
    if (width <= 0 || height <= 0) return 1;
    if (factor < 1 || factor > 64 || source_step < 1) return 0;
    if (source_x < 0 || source_y < 0 || source_width < 0 || source_height < 0 || source_x + source_width > width
        || source_y + source_height > height)
        return 0;
    long small_width = (width + factor - 1) / factor;
    long small_height = (height + factor - 1) / factor;
    uint8_t *small = calloc((size_t)(small_width * small_height), 1);
    int32_t *sums = calloc((size_t)small_width, sizeof *sums);
    // Each column's sum over the source rows of the current block row: one long loop a row,
    // which the compiler vectorises, where blocks a few pixels wide would not be.
    int32_t *columns = calloc((size_t)(source_width > 0 ? source_width : 1), sizeof *columns);
    if (!small || !sums || !columns) {
        free(small);
        free(sums);
        free(columns);
        return 0;
    }
    // The blocks' means, each block row's column sums added to its blocks when it ends.
    struct window w = window_of_size(factor * factor);
    long row = -1;
    for (long j = 0; j <= source_height; j++) {
        long y = source_y + j;
        if (j == source_height || y / factor != row) {
            if (row >= 0) {
                long i = 0;
                for (long block = source_x / factor; i < source_width; block++) {
                    long end = (block + 1) * factor - source_x;
                    if (end > source_width) end = source_width;
                    int32_t sum = 0;
                    for (; i < end; i++) sum += columns[i];
                    sums[block] += sum;
                }
                means_of(sums, small_width, w, small + row * small_width);
                memset(sums, 0, (size_t)small_width * sizeof *sums);
                memset(columns, 0, (size_t)source_width * sizeof *columns);
            }
            if (j == source_height) break;
            row = y / factor;
        }
        const uint8_t *line = source + j * source_stride;
        if (source_step == 1) {
            for (long i = 0; i < source_width; i++) columns[i] += line[i];
        } else if (source_step == 4) {
            for (long i = 0; i < source_width; i++) columns[i] += line[4 * i];
        } else {
            for (long i = 0; i < source_width; i++) columns[i] += line[i * source_step];
        }
    }
    free(sums);
    free(columns);
    // Blurred and resampled as `oqc_box_blur_resampled` does, from the small picture made here.
    int made = blur_and_resample(small, small_width, small_height, 1, data, width, height, stride, factor, radii,
                                 count, shift_x, shift_y);
    free(small);
    return made;
}
