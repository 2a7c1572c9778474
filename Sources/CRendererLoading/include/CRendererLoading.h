#ifndef C_RENDERER_LOADING_H
#define C_RENDERER_LOADING_H

/// Nothing to call: the target runs `oqc_renderer_did_load` (OpenQuartzCoreRenderer) when the
/// program is loaded, so that bitmap contexts can draw in any program that links the renderer.
void oqc_renderer_loading_anchor(void);

#endif
