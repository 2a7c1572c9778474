// libwebp, for WebP decoding and the tests' lossless encoding, and its demuxer, whose
// WebPAnimDecoder composes animated frames onto a canvas (Debian: libwebp-dev).
#include <webp/decode.h>
#include <webp/encode.h>
#include <webp/demux.h>
