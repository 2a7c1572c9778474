// Raw deflate and CRC-32 through zlib, for the zip archive the wallpaper benchmark writes.
// zlib's types stay out of this header, so that this module does not clash with the main
// package's own import of zlib (SystemZlib) in the same build.
#ifndef ZLIB_DEFLATE_H
#define ZLIB_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

/// `count` bytes at `input` as a raw deflate stream (no zlib header or trailer, as zip entries
/// hold it) at zlib's default level, in a buffer of `*length` bytes to release with `free`;
/// NULL when zlib fails.
uint8_t *bench_deflate_raw(const uint8_t *input, size_t count, size_t *length);

/// The CRC-32 of `count` bytes at `input`, as zip entries record it.
uint32_t bench_crc32(const uint8_t *input, size_t count);

#endif
