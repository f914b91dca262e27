/* Sprite atlas: finds the SVG sprites under the asset directory, reads their
 * natural sizes, rasterises them at a scale into packed RGBA pages (alpha
 * premultiplied) and keeps a raw-page disk cache so warm starts skip rasterising. */
#ifndef STACKHOUSE_ATLAS_H
#define STACKHOUSE_ATLAS_H

#include <stddef.h>
#include <stdint.h>

#define ATLAS_PAGE_MAX 4096
#define ATLAS_PAD 2 /* texels of extruded edge around every sprite */

typedef struct atlas_sprite {
    char *name;      /* path under asset_dir without ".svg" */
    char *path;      /* full path of the SVG */
    uint64_t hash;   /* of the file's contents, for the cache key */
    float w, h;      /* natural size in virtual units */
    float nine[4];   /* nine-slice borders l t r b in virtual units */
    int has_nine;
    int page;        /* atlas page, valid once rasterised */
    int x, y, pw, ph; /* texels of the sprite in its page, padding excluded */
} atlas_sprite;

typedef struct atlas_page {
    int w, h;
    uint8_t *rgba; /* premultiplied; NULL once handed to the GPU, or while in file */
    char *file;    /* a page read from the cache stays there until uploaded */
} atlas_page;

typedef struct atlas {
    atlas_sprite *sprites; /* sorted by name */
    int count;
    atlas_page *pages;
    int npages;
    float scale; /* pixels per unit the pages were made for; 0 before */
} atlas;

/* Finds every *.svg under dir and reads its size; fills err naming the file. */
int atlas_scan(atlas *a, const char *dir, char *err, size_t errn);
/* Rasterises all sprites for scale into pages, through cache_dir when not NULL. */
int atlas_rasterise(atlas *a, float scale, const char *cache_dir, char *err, size_t errn);
/* Copies rows [y0, y0 + rows) of a page into out (w*rows*4 bytes), from memory
 * or from its cache file, so a page is uploaded in bands and never held whole
 * beside the driver's copy. Returns 0, or -1 when the file cannot be read. */
int atlas_page_rows(const atlas_page *pg, int y0, int rows, uint8_t *out);
/* Drops the CPU copies of the pages once the GPU has them. */
void atlas_release_pixels(atlas *a);
/* Frees everything the atlas owns (the struct itself is the caller's). */
void atlas_free(atlas *a);
/* Index of the sprite called name, or -1. */
int atlas_find(const atlas *a, const char *name);
/* The pixel scale sprites are rasterised at for a display scale; quantised so
 * small differences share one cache entry. */
float atlas_quantise_scale(float scale);

#endif
