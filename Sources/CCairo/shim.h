// Cairo, the 2D graphics library the renderer draws with (Debian: libcairo2-dev).
#include <cairo/cairo.h>
