// The renderer benchmark's scene drawn with Cairo directly, on its own: 1,000 half-transparent
// rounded rectangles, each rotated and scaled, on a 1920 x 1080 canvas (see
// ../Sources/CairoReference/include/cairo_reference.h). Draws it N times on one thread and
// prints the time per frame, to run side by side with `swift package benchmark` by hand.
//
//     make -C Benchmarks/CReference && Benchmarks/CReference/rects [frames] [--animate] [--png FILE] [--raw]
//
// --animate turns each rectangle as the export benchmark's animation does, frame i at
// i / 30 s; --png writes the last frame; --raw writes every frame's pixels (BGRA, premultiplied)
// to standard output, for ffmpeg, and the timings to standard error:
//
//     rects 240 --animate --raw | ffmpeg -f rawvideo -pix_fmt bgra -s 1920x1080 -r 30 -i - \
//         -c:v libx264 -preset ultrafast -pix_fmt yuv420p out.mp4
#include "cairo_reference.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { RECT_COUNT = 1000, SEED = 20261122 };

static double now(void) {
    struct timespec spec;
    clock_gettime(CLOCK_MONOTONIC, &spec);
    return spec.tv_sec + spec.tv_nsec / 1e9;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int frames = 50;
    int animate = 0;
    int raw = 0;
    const char *png = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--animate") == 0) {
            animate = 1;
        } else if (strcmp(argv[i], "--raw") == 0) {
            raw = 1;
        } else if (strcmp(argv[i], "--png") == 0 && i + 1 < argc) {
            png = argv[++i];
        } else if (atoi(argv[i]) > 0) {
            frames = atoi(argv[i]);
        } else {
            fprintf(stderr, "usage: %s [frames] [--animate] [--png FILE] [--raw]\n", argv[0]);
            return 2;
        }
    }
    static rect_spec specs[RECT_COUNT];
    rect_scene_generate(specs, RECT_COUNT, SEED);
    cairo_reference_canvas *canvas = cairo_reference_canvas_create(RECT_SCENE_WIDTH, RECT_SCENE_HEIGHT);
    double *times = malloc(sizeof(double) * frames);
    double start = now();
    for (int i = 0; i < frames; i++) {
        double begin = now();
        cairo_reference_draw(canvas, specs, RECT_COUNT, animate ? i / 30.0 : 0);
        times[i] = now() - begin;
        if (raw) {
            int stride;
            const unsigned char *pixels = cairo_reference_pixels(canvas, &stride);
            for (int row = 0; row < RECT_SCENE_HEIGHT; row++) {
                if (fwrite(pixels + (size_t)row * stride, 4, RECT_SCENE_WIDTH, stdout) != RECT_SCENE_WIDTH) {
                    perror("rects: writing a frame");
                    return 1;
                }
            }
        }
    }
    fflush(stdout);
    double total = now() - start;
    qsort(times, frames, sizeof(double), compare);
    FILE *report = raw ? stderr : stdout;
    fprintf(report, "%d frames of %d rectangles, %dx%d, one thread%s\n", frames, RECT_COUNT, RECT_SCENE_WIDTH,
            RECT_SCENE_HEIGHT, animate ? ", animated" : "");
    fprintf(report, "drawing: p50 %.2f ms/frame, p90 %.2f ms/frame; %.2f frames/s overall%s\n",
            1000 * times[frames / 2], 1000 * times[(frames * 9) / 10], frames / total,
            raw ? " (with writing them out)" : "");
    if (png && cairo_reference_write_png(canvas, png) != 0) {
        fprintf(stderr, "could not write %s\n", png);
        return 1;
    }
    cairo_reference_canvas_destroy(canvas);
    free(times);
    return 0;
}
