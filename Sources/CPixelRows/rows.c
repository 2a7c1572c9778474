#include "CPixelRows.h"
#include "pixel_math.h"

#include <string.h>


static const float last_entry = 1023.0f;

static inline void store4(uint32_t *line, int4 index, const uint32_t *table) {
    line[0] = table[index.x];
    line[1] = table[index.y];
    line[2] = table[index.z];
    line[3] = table[index.w];
}

void oqc_radial_row(
    uint32_t *line, long width, double u, double v, double du, double dv, const uint32_t *table) {
    const float4 lanes = {0, 1, 2, 3};
    const float4 step_u = lanes * (float)du;
    const float4 step_v = lanes * (float)dv;
    long x = 0;
    for (; x + 4 <= width; x += 4) {
        // Each block starts from its place in double precision: nothing drifts along the row.
        float4 us = (float4)((float)(u + (double)x * du)) + step_u;
        float4 vs = (float4)((float)(v + (double)x * dv)) + step_v;
        float4 places = __builtin_elementwise_sqrt(us * us + vs * vs) * last_entry + 0.5f;
        // maximum keeps the number of the two: not a number becomes 0, the first entry.
        places = __builtin_elementwise_min(__builtin_elementwise_max(places, (float4)0.0f), (float4)last_entry);
        store4(line + x, __builtin_convertvector(places, int4), table);
    }
    for (; x < width; x++) {
        float pu = (float)(u + (double)x * du);
        float pv = (float)(v + (double)x * dv);
        float place = __builtin_sqrtf(pu * pu + pv * pv) * last_entry + 0.5f;
        place = place >= 0 ? place : 0;
        place = place < last_entry ? place : last_entry;
        line[x] = table[(int)place];
    }
}

void oqc_linear_row(uint32_t *line, long width, double start, double step, const uint32_t *table) {
    const float4 lanes = {0, 1, 2, 3};
    const float4 steps = lanes * (float)step;
    long x = 0;
    for (; x + 4 <= width; x += 4) {
        float4 places = (float4)((float)(start + (double)x * step)) + steps;
        places = __builtin_elementwise_min(__builtin_elementwise_max(places, (float4)0.0f), (float4)last_entry);
        store4(line + x, __builtin_convertvector(places, int4), table);
    }
    for (; x < width; x++) {
        float place = (float)(start + (double)x * step);
        place = place >= 0 ? place : 0;
        place = place < last_entry ? place : last_entry;
        line[x] = table[(int)place];
    }
}

void oqc_over_row(uint32_t *line, const uint32_t *source, long count, uint32_t level) {
    if (level == 0) return;
    long x = 0;
    if (level >= 255) {
        for (; x + 4 <= count; x += 4) {
            uint4 s;
            memcpy(&s, source + x, sizeof s);
            uint4 alpha = s >> 24;
            if (__builtin_reduce_min(alpha) == 255u) {
                memcpy(line + x, &s, sizeof s);
                continue;
            }
            uint4 d;
            memcpy(&d, line + x, sizeof d);
            d = s + multiply4(d, 255u - alpha);
            memcpy(line + x, &d, sizeof d);
        }
        for (; x < count; x++) line[x] = over(source[x], line[x]);
        return;
    }
    for (; x + 4 <= count; x += 4) {
        uint4 s;
        memcpy(&s, source + x, sizeof s);
        s = multiply4(s, (uint4)level);
        uint4 d;
        memcpy(&d, line + x, sizeof d);
        d = s + multiply4(d, 255u - (s >> 24));
        memcpy(line + x, &d, sizeof d);
    }
    for (; x < count; x++) line[x] = over(multiply(source[x], level), line[x]);
}

void oqc_over_row_masked(uint32_t *line, const uint32_t *source, const uint8_t *levels, long count) {
    for (long x = 0; x < count; x++) {
        uint32_t level = levels[x];
        if (level == 0) continue;
        uint32_t s = level == 255u ? source[x] : multiply(source[x], level);
        line[x] = over(s, line[x]);
    }
}

void oqc_over_solid(uint32_t *line, long count, uint32_t pixel) {
    uint32_t keep = 255u - (pixel >> 24);
    long x = 0;
    if (keep == 0) {
        for (; x < count; x++) line[x] = pixel;
        return;
    }
    // Four pixels at a time, each byte in a 16-bit lane: t = d × keep + 128, (t + t >> 8) >> 8.
    uint32_t four[4] = {pixel, pixel, pixel, pixel};
    uchar16 source;
    memcpy(&source, four, sizeof source);
    const ushort16 kept = (ushort16)(uint16_t)keep;
    for (; x + 4 <= count; x += 4) {
        uchar16 bytes;
        memcpy(&bytes, line + x, sizeof bytes);
        ushort16 t = __builtin_convertvector(bytes, ushort16) * kept + (ushort16)128;
        t = (t + (t >> 8)) >> 8;
        uchar16 result = __builtin_convertvector(t, uchar16) + source;
        memcpy(line + x, &result, sizeof result);
    }
    for (; x < count; x++) line[x] = multiply(line[x], keep) + pixel;
}

static inline double clamp_to(double value, double limit) { return value > 0 ? (value < limit ? value : limit) : 0; }

// The area and cover of a line's piece in `row`, from x at its top to `next` at its bottom (both
// within 0…box width), and the cells it touched.
static inline void span_cross(
    float *area, long stride, int32_t *touched, long row, double x, double next, double cover) {
    double lo = x < next ? x : next;
    double hi = x < next ? next : x;
    float *cells = area + row * stride;
    // Both are at least zero, so truncation is the floor.
    long first = (long)lo;
    long last = (long)hi;
    if ((double)last < hi) last += 1;
    int32_t *bounds = touched + 4 * row;
    if (last <= first + 1) {
        // Within one pixel: its share right of the line's mean x stays in the next cell.
        double inside = 0.5 * (x + next) - (double)first;
        cells[first] += (float)(cover - cover * inside);
        cells[first + 1] += (float)(cover * inside);
        last = first + 1;
    } else {
        // Across several pixels: a triangle in the first, trapezoids, a triangle in the last.
        double inverse = 1 / (hi - lo);
        double start_fraction = lo - (double)first;
        double first_area = 0.5 * inverse * (1 - start_fraction) * (1 - start_fraction);
        double end_fraction = hi - (double)last + 1;
        double last_area = 0.5 * inverse * end_fraction * end_fraction;
        cells[first] += (float)(cover * first_area);
        if (last == first + 2) {
            cells[first + 1] += (float)(cover * (1 - first_area - last_area));
        } else {
            double second = inverse * (1.5 - start_fraction);
            cells[first + 1] += (float)(cover * (second - first_area));
            float step = (float)(cover * inverse);
            for (long cell = first + 2; cell < last - 1; cell++) cells[cell] += step;
            double before_last = second + (double)(last - first - 3) * inverse;
            cells[last - 1] += (float)(cover * (1 - before_last - last_area));
        }
        cells[last] += (float)(cover * last_area);
    }
    if ((int32_t)first < bounds[0]) bounds[0] = (int32_t)first;
    if ((int32_t)last > bounds[1]) bounds[1] = (int32_t)last;
}

void oqc_span_line(
    float *area, int32_t *ranges, long box_width, long box_height, double x0, double y0, double x1, double y1) {
    if (!(y0 != y1)) return;
    int down = y0 < y1;
    double direction = down ? 1 : -1;
    double top_x = down ? x0 : x1, top_y = down ? y0 : y1;
    double bottom_x = down ? x1 : x0, bottom_y = down ? y1 : y0;
    if (!(bottom_y > 0) || !(top_y < (double)box_height)) return;
    double slope = (bottom_x - top_x) / (bottom_y - top_y);
    long first_row = top_y > 0 ? (long)__builtin_floor(top_y) : 0;
    long end_row = bottom_y < (double)box_height ? (long)__builtin_ceil(bottom_y) : box_height;
    if (first_row >= end_row) return;
    double limit = (double)box_width;
    long stride = box_width + 2;
    int32_t *touched = ranges + (down ? 0 : 2);
    double x = clamp_to(top_x + ((double)first_row > top_y ? ((double)first_row - top_y) * slope : 0), limit);
    // The rows the line crosses whole take the same steps without the clipping to its ends.
    long whole_from = (double)first_row >= top_y ? first_row : first_row + 1;
    long whole_to = (double)end_row <= bottom_y ? end_row : end_row - 1;
    long row = first_row;
    while (row < end_row) {
        if (row >= whole_from && row < whole_to) {
            for (; row < whole_to; row++) {
                double next = clamp_to(x + slope, limit);
                span_cross(area, stride, touched, row, x, next, direction);
                x = next;
            }
            continue;
        }
        double row_bottom = (double)(row + 1) < bottom_y ? (double)(row + 1) : bottom_y;
        double row_top = (double)row > top_y ? (double)row : top_y;
        double height = row_bottom - row_top;
        double next = clamp_to(x + slope * height, limit);
        span_cross(area, stride, touched, row, x, next, height * direction);
        x = next;
        row += 1;
    }
}
