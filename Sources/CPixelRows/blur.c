#include "CPixelRows.h"

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

static inline struct window window_of(long radius) {
    struct window w = {2 * (int64_t)radius + 1, 0, 0, 0};
    w.half = w.size / 2;
    w.inverse_single = 1.0f / (float)w.size;
    w.inverse = 1.0 / (double)w.size;
    return w;
}

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
