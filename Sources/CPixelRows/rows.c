#include "CPixelRows.h"

typedef float float4 __attribute__((ext_vector_type(4)));
typedef int int4 __attribute__((ext_vector_type(4)));

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
