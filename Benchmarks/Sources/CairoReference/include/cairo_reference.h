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

/// One rectangle of the peer scene (issue 13), in pixels: a rounded rectangle `width × height`
/// with corner radius `radius` (already at most half the shorter side), centred at (x, y) at
/// time 0 and moving by (vx, vy) pixels a second, turned by `rotation` radians at time 0 and
/// turning by `spin` radians a second, filled with (red, green, blue) at opacity `alpha`
/// (straight components in 0...1). Everything is linear in time: at `t` seconds the centre is
/// (x + vx·t, y + vy·t) and the angle `rotation + spin·t`.
typedef struct {
    double x, y;
    double vx, vy;
    double width, height;
    double rotation, spin;
    double radius;
    double red, green, blue, alpha;
} peer_rect;

/// The peer scene's constants: its seed, its frames (240 at 60 fps, 4 s) and its opaque
/// background, grey 0.95 like the renderer benchmarks'.
#define PEER_SCENE_SEED 13
#define PEER_SCENE_FRAMES 240
#define PEER_SCENE_FPS 60

/// Fills `rects` with `count` rectangles of the peer scene for a `width × height` canvas, from
/// `rect_scene_random` seeded with `seed`; the numbers drawn, in order, per rectangle:
///
///     s = height / 1080
///     width = (20 + 120·r)·s, height = (20 + 120·r)·s
///     x = canvas width·r, y = canvas height·r
///     vx = (2r − 1)·120·s, vy = (2r − 1)·120·s
///     rotation = 2π·r, spin = (2r − 1)·π
///     radius = min((4 + 16·r)·s, min(width, height) / 2)
///     red = r, green = r, blue = r, alpha = 0.3 + 0.5·r
///
/// Benchmarks/Scripts/peer_lottie.py repeats this in Python with the same operations in the
/// same order, so both sides get the same doubles.
void peer_scene_generate(peer_rect *rects, int count, int width, int height, uint64_t seed);

/// Draws the peer scene at `time` seconds: clears, fills the background, then for each
/// rectangle in order: save, translate to its centre, rotate, translate back by half its size,
/// the painter's rounded rectangle, the colour, fill, restore (what the renderer does for a
/// layer with `cornerRadius` and a translucent `backgroundColor`).
void peer_scene_draw(cairo_reference_canvas *canvas, const peer_rect *rects, int count, double time);

#endif
