// libjpeg reports a fatal error by calling `error_exit`, which must not return; the only way
// out is a longjmp, and a longjmp through Swift frames is undefined. So the `setjmp` lives
// here, in C, and Swift sees status codes.
#include "CImageShims.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>
#include <jerror.h>

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf escape;
    int status;
} oqc_jpeg_error;

typedef struct {
    struct jpeg_progress_mgr manager;
    oqc_jpeg_error *error;
    int max_scans;
} oqc_jpeg_progress;

static void oqc_jpeg_escape(j_common_ptr info, int status) {
    oqc_jpeg_error *error = (oqc_jpeg_error *)info->err;
    error->status = status;
    longjmp(error->escape, 1);
}

static void oqc_jpeg_error_exit(j_common_ptr info) { oqc_jpeg_escape(info, OQC_JPEG_CORRUPT); }

// libjpeg only warns when the data ends early and decodes grey in place of the rest; Apple's
// ImageIO hands back a partial image then, but a truncated file here is an error, so the
// warning is turned into one. Other warnings (extraneous bytes, for example) are harmless.
static void oqc_jpeg_emit_message(j_common_ptr info, int level) {
    if (level < 0 && info->err->msg_code == JWRN_JPEG_EOF) oqc_jpeg_escape(info, OQC_JPEG_CORRUPT);
}

static void oqc_jpeg_silence(j_common_ptr info) { (void)info; }

// A few hundred bytes of progressive JPEG can hold thousands of scans, each a pass over the
// whole image: libjpeg-turbo's own fuzzers stop at 500, and so does this.
static void oqc_jpeg_count_scans(j_common_ptr info) {
    oqc_jpeg_progress *progress = (oqc_jpeg_progress *)info->progress;
    if (((j_decompress_ptr)info)->input_scan_number > progress->max_scans) {
        oqc_jpeg_escape(info, OQC_JPEG_TOO_LARGE);
    }
}

static void oqc_jpeg_catch(struct jpeg_error_mgr *manager) {
    jpeg_std_error(manager);
    manager->error_exit = oqc_jpeg_error_exit;
    manager->emit_message = oqc_jpeg_emit_message;
    manager->output_message = oqc_jpeg_silence;
}

oqc_jpeg_status oqc_jpeg_decode(const unsigned char *bytes, size_t size, unsigned int max_side,
                                int max_scans, unsigned char **pixels, unsigned int *width,
                                unsigned int *height) {
    struct jpeg_decompress_struct info;
    oqc_jpeg_error error;
    oqc_jpeg_progress progress;
    // Read again after a longjmp, so kept in memory rather than in a register.
    unsigned char *volatile output = NULL;
    unsigned char *volatile row_buffer = NULL;

    *pixels = NULL;
    if (size == 0) return OQC_JPEG_CORRUPT;
    info.err = &error.manager;
    oqc_jpeg_catch(&error.manager);
    error.status = OQC_JPEG_OK;
    if (setjmp(error.escape)) {
        jpeg_destroy_decompress(&info);
        free(output);
        free(row_buffer);
        return (oqc_jpeg_status)error.status;
    }
    jpeg_create_decompress(&info);
    progress.manager.progress_monitor = oqc_jpeg_count_scans;
    progress.error = &error;
    progress.max_scans = max_scans;
    info.progress = &progress.manager;
    jpeg_mem_src(&info, bytes, (unsigned long)size);
    jpeg_read_header(&info, TRUE);

    if (info.image_width == 0 || info.image_height == 0 || info.image_width > max_side ||
        info.image_height > max_side) {
        oqc_jpeg_escape((j_common_ptr)&info, OQC_JPEG_TOO_LARGE);
    }
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    // libjpeg-turbo converts everything but CMYK to RGBA itself; CMYK comes out as it is and
    // is converted below.
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&info);

    size_t row_bytes = (size_t)info.output_width * 4;
    output = malloc(row_bytes * info.output_height);
    if (output == NULL) oqc_jpeg_escape((j_common_ptr)&info, OQC_JPEG_OUT_OF_MEMORY);
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = output + row_bytes * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    if (cmyk) {
        // Photoshop writes CMYK inverted (255 is no ink) and marks it with an Adobe segment;
        // without that segment 0 is no ink. A naive conversion without a colour profile, as
        // browsers do.
        int inverted = info.saw_Adobe_marker;
        size_t count = (size_t)info.output_width * info.output_height;
        for (size_t index = 0; index < count; index++) {
            unsigned char *pixel = output + index * 4;
            unsigned int c = pixel[0], m = pixel[1], y = pixel[2], k = pixel[3];
            if (!inverted) {
                c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k;
            }
            pixel[0] = (unsigned char)((c * k + 127) / 255);
            pixel[1] = (unsigned char)((m * k + 127) / 255);
            pixel[2] = (unsigned char)((y * k + 127) / 255);
            pixel[3] = 255;
        }
    }
    jpeg_finish_decompress(&info);
    *width = info.output_width;
    *height = info.output_height;
    jpeg_destroy_decompress(&info);
    *pixels = output;
    return OQC_JPEG_OK;
}

int oqc_jpeg_encode(const unsigned char *pixels, unsigned int width, unsigned int height,
                    oqc_jpeg_pixels model, int quality, unsigned char **bytes, size_t *size) {
    struct jpeg_compress_struct info;
    oqc_jpeg_error error;
    unsigned char *volatile output = NULL;
    unsigned long output_size = 0;

    *bytes = NULL;
    info.err = &error.manager;
    oqc_jpeg_catch(&error.manager);
    if (setjmp(error.escape)) {
        jpeg_destroy_compress(&info);
        free(output);
        return 1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, (unsigned char **)&output, &output_size);
    info.image_width = width;
    info.image_height = height;
    switch (model) {
    case OQC_JPEG_GREY: info.input_components = 1; info.in_color_space = JCS_GRAYSCALE; break;
    case OQC_JPEG_RGBA: info.input_components = 4; info.in_color_space = JCS_EXT_RGBA; break;
    case OQC_JPEG_ADOBE_CMYK: info.input_components = 4; info.in_color_space = JCS_CMYK; break;
    }
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    size_t row_bytes = (size_t)width * (size_t)info.input_components;
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + row_bytes * info.next_scanline);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *bytes = output;
    *size = output_size;
    return 0;
}

void oqc_image_free(void *memory) { free(memory); }
