/* Sprite atlas: finds the SVG sprites under the asset directory and reads
 * their natural sizes. The art is kept in groups, one per directory ("ui",
 * "icons", "picker", one per game), so a screen pays only for the art it
 * draws: a group is rasterised at a scale (alpha premultiplied) when it is
 * first needed, kept in a raw per-group disk cache so warm starts skip
 * rasterising, and laid out with the other groups in use into packed pages. */
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
    int damaged;     /* the file is cut short: rasterised as the magenta stand-in */
    int group;       /* index into atlas.groups */
    size_t block;    /* offset of its padded pixels in its group's data */
    int page;        /* atlas page; -1 while its group is not laid out */
    int x, y, pw, ph; /* texels of the sprite in its page, padding excluded */
} atlas_sprite;

typedef struct atlas_group {
    char *name;    /* the directory under asset_dir; "" for sprites at its top */
    size_t bytes;  /* its sprites' padded pixels at the atlas scale, one block each */
    int laid_out;  /* its sprites have places in the pages */
    int loaded;    /* its pixels are in file or px */
    uint8_t *px;   /* the pixels when no cache file holds them */
    char *file;    /* the cache file holding them */
    int drawn;     /* the renderer's: drawn this frame */
    int idle;      /* the renderer's: frames since it was last drawn */
} atlas_group;

typedef struct atlas_page {
    int w, h;
} atlas_page;

typedef struct atlas {
    atlas_sprite *sprites; /* sorted by name */
    int count;
    atlas_group *groups;
    int ngroups;
    atlas_page *pages;
    int npages;
    float scale; /* pixels per unit the sprites are sized for; 0 before */
} atlas;

/* Finds every *.svg under dir and reads its size; fills err naming the file. */
int atlas_scan(atlas *a, const char *dir, char *err, size_t errn);
/* Sizes every sprite for scale (quantised) and forgets every group's pixels
 * and places. */
void atlas_set_scale(atlas *a, float scale);
/* Makes group g's pixels available: its cache file under cache_dir when it is
 * valid, else rasterised and written there (kept in memory when cache_dir is
 * NULL or cannot be written). Fills err naming the file at fault. */
int atlas_group_load(atlas *a, int g, const char *cache_dir, char *err, size_t errn);
/* Drops group g's pixels (memory, or the reference to its file). */
void atlas_group_unload(atlas *a, int g);
/* Places the sprites of the groups marked laid_out into pages cropped to what
 * they use; every other sprite gets page -1. Needs no pixels. */
int atlas_layout(atlas *a, char *err, size_t errn);
/* Copies rows [y0, y0 + rows) of sprite s's padded block ((pw + 2 * ATLAS_PAD)
 * texels wide, its edge extruded) into out, from memory or the cache file, so
 * a sprite is uploaded in bands. Returns 0, or -1 when it cannot be read. */
int atlas_block_rows(const atlas *a, int s, int y0, int rows, uint8_t *out);
/* Frees everything the atlas owns (the struct itself is the caller's). */
void atlas_free(atlas *a);
/* Index of the sprite called name, or -1. */
int atlas_find(const atlas *a, const char *name);
/* The pixel scale sprites are rasterised at for a display scale; quantised so
 * small differences share one cache entry. */
float atlas_quantise_scale(float scale);

#endif
