#ifndef OQC_IMAGE_SHIMS_H
#define OQC_IMAGE_SHIMS_H

#include <stddef.h>

// What `oqc_jpeg_decode` reports.
typedef enum {
    OQC_JPEG_OK = 0,
    // libjpeg stopped with an error, or the data ended before the image did.
    OQC_JPEG_CORRUPT = 1,
    // A side is 0 or above the limit, or the progressive data has more scans than the limit.
    OQC_JPEG_TOO_LARGE = 2,
    OQC_JPEG_OUT_OF_MEMORY = 3,
} oqc_jpeg_status;

// The colour models the tests encode with `oqc_jpeg_encode`.
typedef enum {
    OQC_JPEG_GREY = 0,
    OQC_JPEG_RGBA = 1,
    // Adobe's convention, as Photoshop writes it: 255 is no ink.
    OQC_JPEG_ADOBE_CMYK = 2,
} oqc_jpeg_pixels;

// Decodes a whole JPEG (baseline or progressive; grey, Y'CbCr, RGB, CMYK or YCCK) to straight
// RGBA8 rows from the top, into `*pixels`, which the caller frees with `oqc_image_free`. A
// side above `max_side`, or more than `max_scans` progressive scans, refuses the image before
// any work is done. Never longjmps into the caller and prints nothing.
oqc_jpeg_status oqc_jpeg_decode(const unsigned char *bytes, size_t size, unsigned int max_side,
                                int max_scans, unsigned char **pixels, unsigned int *width,
                                unsigned int *height);

// Encodes `width × height` pixels (1 byte each for grey, 4 otherwise) as a baseline JPEG at
// `quality` (1...100), into `*bytes`, which the caller frees with `oqc_image_free`. Returns 0
// on success. The tests make their JPEG files with it.
int oqc_jpeg_encode(const unsigned char *pixels, unsigned int width, unsigned int height,
                    oqc_jpeg_pixels model, int quality, unsigned char **bytes, size_t *size);

// Frees memory that this library allocated.
void oqc_image_free(void *memory);

#endif
