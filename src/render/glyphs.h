/* Glyph cache: one font per DejaVu face, set to each pixel size as needed;
 * glyph metrics, kerning and line skips in one hash table keyed by face and
 * pixel size; and the layout of an R8 coverage atlas the glyphs are
 * rasterised into on first use (the renderer's texture holds its pixels). */
#ifndef STACKHOUSE_GLYPHS_H
#define STACKHOUSE_GLYPHS_H

#include <stddef.h>
#include <stdint.h>

#include "render/render.h"

#define GLYPHS_ATLAS_START 512
#define GLYPHS_ATLAS_MAX 4096

typedef struct glyph {
    int advance;      /* pixels */
    int ox, oy;       /* bitmap offset from the pen (x) and the line top (y) */
    int x, y, w, h;   /* bitmap in the atlas; w == 0 for blank glyphs */
    int has_bitmap;
} glyph;

/* A glyph's coverage (w*h bytes, rows packed) for the atlas at (x, y). */
typedef struct glyph_bitmap {
    int x, y, w, h;
    const uint8_t *px;
} glyph_bitmap;

typedef struct glyphs glyphs;

/* Loads the five faces from font_dir; fills err naming a missing file. */
glyphs *glyphs_create(const char *font_dir, char *err, size_t errn);
/* Frees fonts, tables and the atlas. */
void glyphs_destroy(glyphs *g);
/* Metrics of codepoint cp; with raster it also has a bitmap in the atlas.
 * Returns 0, 1 when the atlas is full (flush, glyphs_reset_atlas, retry) or -1. */
int glyphs_get(glyphs *g, font_face f, int px, uint32_t cp, int raster, glyph *out);
/* Kerning between two codepoints in pixels. */
int glyphs_kerning(glyphs *g, font_face f, int px, uint32_t a, uint32_t b);
/* Distance between baselines in pixels. */
int glyphs_line_skip(glyphs *g, font_face f, int px);
/* Forgets every bitmap (metrics stay) so the atlas can be refilled. */
void glyphs_reset_atlas(glyphs *g);
/* What the atlas texture lacks: its size now (square), whether it grew
 * since the last call (its texels stay where they were), and the bitmaps
 * rasterised since, each to go at (x, y); the list lasts until the next
 * glyph is rasterised. Returns 0 when nothing changed. */
int glyphs_take_new(glyphs *g, int *size, int *grown, const glyph_bitmap **list, int *n);

#endif
