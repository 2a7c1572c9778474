// giflib, for GIF decoding and the tests' encoding (Debian: libgif-dev, which has no
// pkg-config file, so the module map names the library).
#include <stdbool.h>
#include <gif_lib.h>
