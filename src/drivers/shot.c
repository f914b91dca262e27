#include "drivers/shot.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHOT_BAND 64 /* rows read back at a time: 0.5 MB at 1080p, not the whole frame */

static int write_rows(const char *path, int w, int h, int (*row)(void *user, int y, uint8_t *rgba),
                      void *user, char *err, size_t errn);

typedef struct band_reader {
    render *r;
    int w, h, y0, rows;
    uint8_t *px;
} band_reader;

static int band_row(void *user, int y, uint8_t *rgba)
{
    band_reader *b = user;
    if (y < b->y0 || y >= b->y0 + b->rows) {
        b->y0 = y;
        b->rows = b->h - y < SHOT_BAND ? b->h - y : SHOT_BAND;
        if (render_read_rows(b->r, b->w, b->h, b->y0, b->rows, b->px) != 0)
            return -1;
    }
    memcpy(rgba, b->px + (size_t)(y - b->y0) * (size_t)b->w * 4, (size_t)b->w * 4);
    return 0;
}

int shot_write_png(render *r, int w, int h, const char *path, char *err, size_t errn)
{
    band_reader b = {r, w, h, 0, 0, NULL};
    int rc;
    if (w < 1 || h < 1 || !(b.px = malloc((size_t)w * 4 * SHOT_BAND))) {
        snprintf(err, errn, "cannot read back a %dx%d frame", w, h);
        return -1;
    }
    rc = write_rows(path, w, h, band_row, &b, err, errn);
    free(b.px);
    return rc;
}

/* libpng reports errors by longjmp; the message is kept for the caller. */
static void on_png_error(png_structp png, png_const_charp msg)
{
    char *buf = png_get_error_ptr(png);
    snprintf(buf, 200, "%s", msg);
    png_longjmp(png, 1);
}

static void on_png_warning(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg;
}

/* Writes rows of RGBA pixels (top row first, alpha dropped) to path as an RGB
 * PNG; row(user, y, buf) fills buf with row y and returns 0. Returns 0 or -1. */
static int write_rows(const char *path, int w, int h, int (*row)(void *user, int y, uint8_t *rgba),
                      void *user, char *err, size_t errn)
{
    char png_err[200] = "";
    FILE *f = fopen(path, "wb");
    png_structp png = NULL;
    png_infop info = NULL;
    /* volatile: they change between setjmp and a longjmp back to it. */
    uint8_t *volatile rgba = NULL, *volatile rgb = NULL;
    volatile int rc = -1;

    if (!f) {
        snprintf(err, errn, "cannot write %s", path);
        return -1;
    }
    png = png_create_write_struct(PNG_LIBPNG_VER_STRING, png_err, on_png_error, on_png_warning);
    if (png)
        info = png_create_info_struct(png);
    rgba = malloc((size_t)w * 4);
    rgb = malloc((size_t)w * 3);
    if (!png || !info || !rgba || !rgb) {
        snprintf(err, errn, "out of memory writing %s", path);
    } else if (setjmp(png_jmpbuf(png)) == 0) {
        png_init_io(png, f);
        /* Screens are flat colour: the fastest deflate loses little size. */
        png_set_compression_level(png, 1);
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
        png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGB,
                     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
        png_write_info(png, info);
        int y = 0;
        for (; y < h; y++) {
            if (row(user, y, rgba) != 0)
                break;
            for (int x = 0; x < w; x++)
                memcpy(rgb + (size_t)x * 3, rgba + (size_t)x * 4, 3);
            png_write_row(png, rgb);
        }
        if (y == h) {
            png_write_end(png, NULL);
            rc = 0;
        } else {
            snprintf(err, errn, "cannot read the frame back from OpenGL for %s", path);
        }
    } else {
        snprintf(err, errn, "%s: %s", path, png_err[0] ? png_err : "libpng failed");
    }
    png_destroy_write_struct(&png, &info);
    free(rgba);
    free(rgb);
    if (fclose(f) != 0 && rc == 0) {
        snprintf(err, errn, "cannot write %s", path);
        rc = -1;
    }
    if (rc != 0)
        remove(path);
    return rc;
}
