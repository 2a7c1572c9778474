// Cairo, the 2D graphics library the renderer draws with, and pixman, the pixel library under
// it, for projective transforms (Debian: libcairo2-dev, which brings libpixman-1-dev).
#include <cairo/cairo.h>
#include <pixman.h>
