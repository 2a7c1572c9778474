// The renderer benchmarks' reference: the same scene drawn with Cairo directly, and the
// seeded generator that makes the scene, so that the Swift side and the C side draw the same
// numbers. Cairo's types stay out of this header: Swift sees the canvas as an opaque pointer,
// and the module does not clash with the renderer's own import of Cairo.
#ifndef CAIRO_REFERENCE_H
#define CAIRO_REFERENCE_H

#include <stdint.h>

/// One rounded rectangle of the scene, as a layer: `bounds` (0, 0, width, height), the anchor
/// point at its centre, `position` (x, y), `transform` a rotation by `rotation` radians of a
/// uniform scale by `scale`, `cornerRadius` `radius`, `backgroundColor` (red, green, blue,
/// alpha), straight (not premultiplied) components in 0...1.
typedef struct {
    double x, y;
    double width, height;
    double rotation;
    double scale;
    double radius;
    double red, green, blue, alpha;
} rect_spec;

/// The scene's canvas and background.
enum {
    RECT_SCENE_WIDTH = 1920,
    RECT_SCENE_HEIGHT = 1080,
};
/// The opaque background, grey 0.95, under the rectangles.
#define RECT_SCENE_BACKGROUND 0.95
/// How far each rectangle turns over the animated scene's `RECT_SCENE_SPIN_DURATION` seconds.
#define RECT_SCENE_SPIN 3.141592653589793
#define RECT_SCENE_SPIN_DURATION 8.0

/// Fills `specs` with `count` rectangles from a 64-bit linear congruential generator seeded
/// with `seed`: sizes 40-400 pt, positions over the 1920 x 1080 canvas, any rotation, scale
/// 0.5-1.5, corner radius 10-40 pt, random colours at alpha 0.5.
void rect_scene_generate(rect_spec *specs, int count, uint64_t seed);

/// The next number in [0, 1) from the generator whose state is `*state`.
double rect_scene_random(uint64_t *state);

/// A Cairo image surface (ARGB32, premultiplied, native byte order) and a context on it.
typedef struct cairo_reference_canvas cairo_reference_canvas;

cairo_reference_canvas *cairo_reference_canvas_create(int width, int height);
void cairo_reference_canvas_destroy(cairo_reference_canvas *canvas);

/// Draws one frame of the scene at `time` seconds into the animation (0 for the still
/// scene): clears the canvas, fills the background, then for each rectangle does what the
/// renderer's painter does for a layer: save, transform (to the position, rotated by its
/// rotation plus `RECT_SCENE_SPIN * time / RECT_SCENE_SPIN_DURATION`, scaled, back by half its
/// size), a rounded-rectangle path with the painter's arcs, the colour, fill, restore.
void cairo_reference_draw(cairo_reference_canvas *canvas, const rect_spec *specs, int count, double time);

/// The canvas's pixels after `cairo_surface_flush`: premultiplied BGRA8 on a little-endian
/// machine, `*stride` bytes a row.
const unsigned char *cairo_reference_pixels(cairo_reference_canvas *canvas, int *stride);

/// Writes the canvas to a PNG file; 0 on success.
int cairo_reference_write_png(cairo_reference_canvas *canvas, const char *path);

#endif
