// Cairo, the 2D graphics library the renderer draws with, and pixman, the pixel library under
// it, for projective transforms (Debian: libcairo2-dev, which brings libpixman-1-dev).
#include <cairo/cairo.h>
#include <pixman.h>

// Asks the processor to bring `length` bytes from `start` into its caches, a line at a time,
// without waiting for them: a bitmap about to be read in an order the hardware cannot predict
// (along the diagonals of a rotation) then arrives at memory's full speed.
static inline void oqc_prefetch(const void *start, unsigned long length) {
    const char *byte = (const char *)start;
    for (unsigned long offset = 0; offset < length; offset += 64) __builtin_prefetch(byte + offset);
}

// Reads a byte of every cache line of `length` bytes from `start`, in order: the hardware sees
// a stream and fetches ahead at memory's full speed, so the bytes are in the caches afterwards.
static inline void oqc_touch(const void *start, unsigned long length) {
    const volatile char *byte = (const volatile char *)start;
    for (unsigned long offset = 0; offset < length; offset += 64) (void)byte[offset];
}
