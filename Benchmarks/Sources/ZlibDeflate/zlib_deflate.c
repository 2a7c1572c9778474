#include "zlib_deflate.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

uint8_t *bench_deflate_raw(const uint8_t *input, size_t count, size_t *length) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        return NULL;
    }
    // Room for the whole stream, so that one call to deflate ends it.
    uLong capacity = deflateBound(&stream, (uLong)count);
    uint8_t *output = malloc(capacity);
    if (output == NULL) {
        deflateEnd(&stream);
        return NULL;
    }
    stream.next_in = (Bytef *)input;
    stream.avail_in = (uInt)count;
    stream.next_out = output;
    stream.avail_out = (uInt)capacity;
    int status = deflate(&stream, Z_FINISH);
    *length = stream.total_out;
    deflateEnd(&stream);
    if (status != Z_STREAM_END) {
        free(output);
        return NULL;
    }
    return output;
}

uint32_t bench_crc32(const uint8_t *input, size_t count) {
    return (uint32_t)crc32(0, input, (uInt)count);
}
