#include "CRendererLoading.h"

// Defined in OpenQuartzCoreRenderer (Swift, @_cdecl): installs its rasterizer for bitmap
// contexts. Swift has no code that runs when a module is loaded; a C constructor does.
extern void oqc_renderer_did_load(void);

__attribute__((constructor)) static void oqc_renderer_loading(void) {
    oqc_renderer_did_load();
}

void oqc_renderer_loading_anchor(void) {}
