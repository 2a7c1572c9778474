// libpng, for PNG decoding through its simplified API, which reports errors by return value
// rather than by longjmp into the caller (Debian: libpng-dev).
#include <png.h>

// Swift does not import macros built from other macros in parentheses.
static const png_uint_32 oqc_png_format_rgba = PNG_FORMAT_RGBA;
