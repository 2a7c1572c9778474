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
