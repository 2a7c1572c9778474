#include "cairo_reference.h"

#include <cairo/cairo.h>
#include <math.h>
#include <stdlib.h>

struct cairo_reference_canvas {
    cairo_surface_t *surface;
    cairo_t *context;
    int width, height;
};

double rect_scene_random(uint64_t *state) {
    // Knuth's MMIX constants; the top 53 bits make the double.
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*state >> 11) * (1.0 / 9007199254740992.0);
}

void rect_scene_generate(rect_spec *specs, int count, uint64_t seed) {
    uint64_t state = seed;
    for (int i = 0; i < count; i++) {
        rect_spec *spec = &specs[i];
        spec->width = 40 + 360 * rect_scene_random(&state);
        spec->height = 40 + 360 * rect_scene_random(&state);
        spec->x = RECT_SCENE_WIDTH * rect_scene_random(&state);
        spec->y = RECT_SCENE_HEIGHT * rect_scene_random(&state);
        spec->rotation = 2 * M_PI * rect_scene_random(&state);
        spec->scale = 0.5 + rect_scene_random(&state);
        spec->radius = 10 + 30 * rect_scene_random(&state);
        spec->red = rect_scene_random(&state);
        spec->green = rect_scene_random(&state);
        spec->blue = rect_scene_random(&state);
        spec->alpha = 0.5;
    }
}

cairo_reference_canvas *cairo_reference_canvas_create(int width, int height) {
    cairo_reference_canvas *canvas = malloc(sizeof *canvas);
    if (!canvas) return NULL;
    canvas->surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    canvas->context = cairo_create(canvas->surface);
    canvas->width = width;
    canvas->height = height;
    return canvas;
}

void cairo_reference_canvas_destroy(cairo_reference_canvas *canvas) {
    if (!canvas) return;
    cairo_destroy(canvas->context);
    cairo_surface_destroy(canvas->surface);
    free(canvas);
}

/// The painter's rounded rectangle (CairoDrawing.roundedRectangle in ContextPlayback.swift).
static void rounded_rectangle(cairo_t *cr, double x, double y, double w, double h, double r) {
    if (r <= 0) {
        cairo_rectangle(cr, x, y, w, h);
        return;
    }
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
    cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
    cairo_close_path(cr);
}

void cairo_reference_draw(cairo_reference_canvas *canvas, const rect_spec *specs, int count, double time) {
    cairo_t *cr = canvas->context;
    cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    cairo_rectangle(cr, 0, 0, canvas->width, canvas->height);
    cairo_set_source_rgba(cr, RECT_SCENE_BACKGROUND, RECT_SCENE_BACKGROUND, RECT_SCENE_BACKGROUND, 1);
    cairo_fill(cr);
    double turn = RECT_SCENE_SPIN * time / RECT_SCENE_SPIN_DURATION;
    for (int i = 0; i < count; i++) {
        const rect_spec *spec = &specs[i];
        // Core Animation clamps the radius to half the shorter side; so does the painter.
        double radius = fmin(fmax(spec->radius, 0), fmin(spec->width, spec->height) / 2);
        cairo_save(cr);
        cairo_translate(cr, spec->x, spec->y);
        cairo_rotate(cr, spec->rotation + turn);
        cairo_scale(cr, spec->scale, spec->scale);
        cairo_translate(cr, -spec->width / 2, -spec->height / 2);
        rounded_rectangle(cr, 0, 0, spec->width, spec->height, radius);
        cairo_set_source_rgba(cr, spec->red, spec->green, spec->blue, spec->alpha);
        cairo_fill(cr);
        cairo_restore(cr);
    }
}

const unsigned char *cairo_reference_pixels(cairo_reference_canvas *canvas, int *stride) {
    cairo_surface_flush(canvas->surface);
    *stride = cairo_image_surface_get_stride(canvas->surface);
    return cairo_image_surface_get_data(canvas->surface);
}

int cairo_reference_write_png(cairo_reference_canvas *canvas, const char *path) {
    return cairo_surface_write_to_png(canvas->surface, path) == CAIRO_STATUS_SUCCESS ? 0 : -1;
}

void peer_scene_generate(peer_rect *rects, int count, int width, int height, uint64_t seed) {
    uint64_t state = seed;
    double s = height / 1080.0;
    for (int i = 0; i < count; i++) {
        peer_rect *rect = &rects[i];
        rect->width = (20 + 120 * rect_scene_random(&state)) * s;
        rect->height = (20 + 120 * rect_scene_random(&state)) * s;
        rect->x = width * rect_scene_random(&state);
        rect->y = height * rect_scene_random(&state);
        rect->vx = (2 * rect_scene_random(&state) - 1) * 120 * s;
        rect->vy = (2 * rect_scene_random(&state) - 1) * 120 * s;
        rect->rotation = 2 * M_PI * rect_scene_random(&state);
        rect->spin = (2 * rect_scene_random(&state) - 1) * M_PI;
        rect->radius = fmin((4 + 16 * rect_scene_random(&state)) * s, fmin(rect->width, rect->height) / 2);
        rect->red = rect_scene_random(&state);
        rect->green = rect_scene_random(&state);
        rect->blue = rect_scene_random(&state);
        rect->alpha = 0.3 + 0.5 * rect_scene_random(&state);
    }
}

void peer_scene_draw(cairo_reference_canvas *canvas, const peer_rect *rects, int count, double time) {
    cairo_t *cr = canvas->context;
    cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    cairo_rectangle(cr, 0, 0, canvas->width, canvas->height);
    cairo_set_source_rgba(cr, RECT_SCENE_BACKGROUND, RECT_SCENE_BACKGROUND, RECT_SCENE_BACKGROUND, 1);
    cairo_fill(cr);
    for (int i = 0; i < count; i++) {
        const peer_rect *rect = &rects[i];
        cairo_save(cr);
        cairo_translate(cr, rect->x + rect->vx * time, rect->y + rect->vy * time);
        cairo_rotate(cr, rect->rotation + rect->spin * time);
        cairo_translate(cr, -rect->width / 2, -rect->height / 2);
        rounded_rectangle(cr, 0, 0, rect->width, rect->height, rect->radius);
        cairo_set_source_rgba(cr, rect->red, rect->green, rect->blue, rect->alpha);
        cairo_fill(cr);
        cairo_restore(cr);
    }
}
