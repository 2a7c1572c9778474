// fontconfig, which finds the installed font a family names, and FreeType, which reads its
// glyphs' outlines and advances (Debian: libfontconfig-dev, which brings libfreetype-dev):
// the complete Lottie engine sets text without glyphs in the file's font with them.
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
