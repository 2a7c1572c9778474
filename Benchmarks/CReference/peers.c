// The peer scene (issue 13) drawn with Cairo directly: N translucent rounded rectangles, each
// moving and turning linearly (see peer_scene_generate in
// ../Sources/CairoReference/include/cairo_reference.h), 240 frames at 60 fps. What a user who
// picks C + Cairo would write: draw each frame on one thread and pipe its pixels to ffmpeg.
//
//     make -C Benchmarks/CReference peers
//     peers export N WIDTH HEIGHT [--frames F] [--output FILE]   H.264 through ffmpeg
//     peers draw N WIDTH HEIGHT [--frames F]                     drawing only, one thread
//     peers frame N WIDTH HEIGHT K                               frame K's BGRA on stdout
//     peers checksum N WIDTH HEIGHT                              the scene's numbers, summed
//
// `export` runs `ffmpeg -f rawvideo -pix_fmt bgra … -c:v libx264 -preset veryfast -crf 23
// -pix_fmt yuv420p` ($FFMPEG or ffmpeg on the PATH) and removes the video unless --output names
// it. `draw` prints `cpu_ms_per_frame=…` (this thread's CPU time, mean over the frames).
#include "cairo_reference.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double thread_cpu_seconds(void) {
    struct timespec spec;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec);
    return spec.tv_sec + spec.tv_nsec / 1e9;
}

static int usage(const char *name) {
    fprintf(stderr,
            "usage: %s export|draw|frame|checksum N WIDTH HEIGHT [K] [--frames F] [--output FILE]\n", name);
    return 2;
}

int main(int argc, char **argv) {
    if (argc < 5) return usage(argv[0]);
    const char *mode = argv[1];
    int count = atoi(argv[2]), width = atoi(argv[3]), height = atoi(argv[4]);
    int frames = PEER_SCENE_FRAMES, frame = 0;
    const char *output = NULL;
    for (int i = 5; i < argc; i++) {
        if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc) {
            frames = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--output") == 0 && i + 1 < argc) {
            output = argv[++i];
        } else if (strcmp(mode, "frame") == 0) {
            frame = atoi(argv[i]);
        } else {
            return usage(argv[0]);
        }
    }
    if (count < 0 || width <= 0 || height <= 0 || frames <= 0) return usage(argv[0]);
    peer_rect *rects = calloc(count ? count : 1, sizeof *rects);
    if (!rects) return 1;
    peer_scene_generate(rects, count, width, height, PEER_SCENE_SEED);

    if (strcmp(mode, "checksum") == 0) {
        // Every number of every rectangle, summed in order: compared with peer_lottie.py's.
        double sum = 0;
        for (int i = 0; i < count; i++) {
            const peer_rect *r = &rects[i];
            double fields[] = {r->x, r->y, r->vx, r->vy, r->width, r->height, r->rotation,
                               r->spin, r->radius, r->red, r->green, r->blue, r->alpha};
            for (size_t k = 0; k < sizeof fields / sizeof *fields; k++) sum += fields[k];
        }
        printf("%.17g\n", sum);
        free(rects);
        return 0;
    }

    cairo_reference_canvas *canvas = cairo_reference_canvas_create(width, height);
    if (!canvas) return 1;
    int status = 0;
    if (strcmp(mode, "draw") == 0) {
        double start = thread_cpu_seconds();
        for (int i = 0; i < frames; i++) peer_scene_draw(canvas, rects, count, (double)i / PEER_SCENE_FPS);
        printf("cpu_ms_per_frame=%.4f\n", (thread_cpu_seconds() - start) * 1000 / frames);
    } else if (strcmp(mode, "frame") == 0) {
        peer_scene_draw(canvas, rects, count, (double)frame / PEER_SCENE_FPS);
        int stride = 0;
        const unsigned char *pixels = cairo_reference_pixels(canvas, &stride);
        for (int row = 0; row < height; row++) fwrite(pixels + (size_t)row * stride, 4, width, stdout);
    } else if (strcmp(mode, "export") == 0) {
        char temporary[64];
        snprintf(temporary, sizeof temporary, "/tmp/peer-cairo-%d.mp4", (int)getpid());
        const char *ffmpeg = getenv("FFMPEG") ? getenv("FFMPEG") : "ffmpeg";
        char command[1024];
        snprintf(command, sizeof command,
                 "%s -loglevel error -y -f rawvideo -pix_fmt bgra -s %dx%d -r %d -i - "
                 "-c:v libx264 -preset veryfast -crf 23 -pix_fmt yuv420p '%s'",
                 ffmpeg, width, height, PEER_SCENE_FPS, output ? output : temporary);
        FILE *pipe = popen(command, "w");
        if (!pipe) return 1;
        for (int i = 0; i < frames && status == 0; i++) {
            peer_scene_draw(canvas, rects, count, (double)i / PEER_SCENE_FPS);
            int stride = 0;
            const unsigned char *pixels = cairo_reference_pixels(canvas, &stride);
            if (stride == width * 4) {
                if (fwrite(pixels, (size_t)stride * height, 1, pipe) != 1) status = 1;
            } else {
                for (int row = 0; row < height; row++)
                    if (fwrite(pixels + (size_t)row * stride, 4, width, pipe) != (size_t)width) status = 1;
            }
        }
        if (pclose(pipe) != 0) status = 1;
        if (!output) unlink(temporary);
    } else {
        status = usage(argv[0]);
    }
    cairo_reference_canvas_destroy(canvas);
    free(rects);
    return status;
}
