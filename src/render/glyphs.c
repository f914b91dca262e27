#include "render/glyphs.h"

#include <SDL.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"

#define GLYPH_PAD 1

static const char *const face_files[FONT_COUNT] = {
    "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSansMono.ttf",
    "DejaVuSans-Oblique.ttf",
};

/* One SDL_ttf font per face, set to each pixel size as it is needed: a font
 * per (face, size) parsed the face's tables again for each size (0.7 MB on a
 * table). Switching sizes flushes SDL_ttf's own glyph cache, so everything a
 * frame asks of a font is kept here (metrics, kerning, line skip, bitmaps)
 * and a steady frame never calls into SDL_ttf.
 *
 * FreeType reads each face through a file stream: it copies the tables it
 * keeps and reads an outline when a glyph is first drawn. A face mapped into
 * memory instead made resident every page the kernel mapped around each one
 * it touched (0.9 MB for three faces; the files are 2.8 MB). */
typedef struct font_slot {
    TTF_Font *font;
    int px;     /* the size it is set to */
    int logged; /* a failure of this face has been logged: the next is not */
} font_slot;

typedef struct glyph_entry {
    uint64_t key; /* 0 = empty */
    glyph g;
} glyph_entry;

struct glyphs {
    char *face_path[FONT_COUNT];
    font_slot fonts[FONT_COUNT];
    /* Glyphs, and kerning pairs and line skips (metric_key: their value in
     * g.advance), in one open-addressed table. */
    glyph_entry *table;
    size_t cap, count;
    /* Bitmaps rasterised since the texture last took them: no copy of the
     * whole atlas is kept here, the texture holds it (-256 KB at 512x512,
     * 1 MB once it grows to 1024). */
    uint8_t *pend_px;
    size_t pend_len, pend_cap;
    glyph_bitmap *pend;
    size_t *pend_off; /* each bitmap's place in pend_px (which may move) */
    int npend, pend_max;
    int size, grown;
    int shelf_x, shelf_y, shelf_h; /* shelf packer cursor */
};

/* Whether path is a readable, non-empty file: a missing font is named when
 * the renderer starts, not at the first text that needs it. */
static int face_readable(const char *path)
{
    SDL_RWops *rw = SDL_RWFromFile(path, "rb");
    Sint64 size = rw ? SDL_RWsize(rw) : -1;

    if (rw)
        SDL_RWclose(rw);
    return size > 0;
}

/* The size a face is opened at to be checked; it stays open at it. */
#define PROBE_PX 32

/* Opens face f and loads every printable ASCII letter from it (outline,
 * hinting and metrics), so a file that is there but damaged (cut short, or
 * scrambled) is found at start and refused like a missing one, not frame
 * after frame as text that never appears. Loading, not drawing: drawing the
 * 95 letters of the five faces cost 50 ms of CPU before the first frame,
 * loading them 12 ms, and both refuse the same files (test_render).
 * 0, or -1 with the file and SDL_ttf's reason in err. */
static int face_check(glyphs *g, font_face f, char *err, size_t errn)
{
    int ok;
    TTF_Font *font = TTF_OpenFontRW(SDL_RWFromFile(g->face_path[f], "rb"), 1, PROBE_PX);
    if (!font) {
        snprintf(err, errn, "%s: damaged font file (%s)", g->face_path[f], TTF_GetError());
        return -1;
    }
    ok = TTF_FontHeight(font) > 0;
    for (Uint32 c = ' '; ok && c < 127; c++) {
        int minx, maxx, miny, maxy, advance;
        ok = TTF_GlyphMetrics32(font, c, &minx, &maxx, &miny, &maxy, &advance) == 0;
    }
    if (!ok) {
        snprintf(err, errn, "%s: damaged font file (%s)", g->face_path[f], TTF_GetError());
        TTF_CloseFont(font);
        return -1;
    }
    g->fonts[f].font = font;
    g->fonts[f].px = PROBE_PX;
    return 0;
}

glyphs *glyphs_create(const char *font_dir, char *err, size_t errn)
{
    glyphs *g = calloc(1, sizeof *g);

    if (!g)
        return NULL;
    for (int i = 0; i < FONT_COUNT; i++) {
        size_t n = strlen(font_dir) + strlen(face_files[i]) + 2;
        if (!(g->face_path[i] = malloc(n))) {
            snprintf(err, errn, "out of memory");
            glyphs_destroy(g);
            return NULL;
        }
        snprintf(g->face_path[i], n, "%s/%s", font_dir, face_files[i]);
        if (!face_readable(g->face_path[i])) {
            snprintf(err, errn, "%s: cannot read font file", g->face_path[i]);
            glyphs_destroy(g);
            return NULL;
        }
        if (face_check(g, (font_face)i, err, errn) != 0) {
            glyphs_destroy(g);
            return NULL;
        }
    }
    g->cap = 1024;
    g->size = GLYPHS_ATLAS_START;
    g->table = calloc(g->cap, sizeof *g->table);
    if (!g->table) {
        snprintf(err, errn, "out of memory for the glyph cache");
        glyphs_destroy(g);
        return NULL;
    }
    return g;
}

void glyphs_destroy(glyphs *g)
{
    if (!g)
        return;
    for (int i = 0; i < FONT_COUNT; i++)
        if (g->fonts[i].font)
            TTF_CloseFont(g->fonts[i].font);
    for (int i = 0; i < FONT_COUNT; i++)
        free(g->face_path[i]);
    free(g->table);
    free(g->pend_px);
    free(g->pend);
    free(g->pend_off);
    free(g);
}

/* The face's font at px: opened the first time, so a new size never reopens
 * the file; set to px when it was at another. */
static TTF_Font *font_get(glyphs *g, font_face f, int px)
{
    font_slot *s = &g->fonts[f];

    if (!s->font) {
        s->font = TTF_OpenFontRW(SDL_RWFromFile(g->face_path[f], "rb"), 1, px);
        if (!s->font) {
            if (!s->logged++) /* once: text is asked for every frame */
                log_error("%s: cannot open at %d px: %s", face_files[f], px, TTF_GetError());
            return NULL;
        }
        s->px = px;
    } else if (s->px != px) {
        if (TTF_SetFontSize(s->font, px) != 0) {
            if (!s->logged++)
                log_error("%s: cannot set %d px: %s", face_files[f], px, TTF_GetError());
            s->px = 0; /* unknown: set it again next time */
            return NULL;
        }
        s->px = px;
    }
    return s->font;
}

static uint64_t glyph_key(font_face f, int px, uint32_t cp)
{
    return ((uint64_t)(f + 1) << 48) | ((uint64_t)(px & 0xffff) << 32) | cp;
}

static glyph_entry *table_slot(glyph_entry *table, size_t cap, uint64_t key)
{
    size_t i = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & (cap - 1);
    while (table[i].key && table[i].key != key)
        i = (i + 1) & (cap - 1);
    return &table[i];
}

static int table_grow(glyphs *g)
{
    size_t cap = g->cap * 2;
    glyph_entry *t = calloc(cap, sizeof *t);

    if (!t)
        return -1;
    for (size_t i = 0; i < g->cap; i++)
        if (g->table[i].key)
            *table_slot(t, cap, g->table[i].key) = g->table[i];
    free(g->table);
    g->table = t;
    g->cap = cap;
    return 0;
}

/* A kerning pair (a, b), or with a = b = METRIC_LINE the line skip, of a
 * face at a size; codepoints are below 2^21, sizes below 2^16. The top bit
 * keeps these apart from glyph_key's. */
#define METRIC_LINE 0x1fffffu

static uint64_t metric_key(font_face f, int px, uint32_t a, uint32_t b)
{
    return (1ull << 63) | ((uint64_t)f << 58) | ((uint64_t)(px & 0xffff) << 42) |
           ((uint64_t)(a & 0x1fffff) << 21) | (b & 0x1fffff);
}

/* The cached value of the metric, or SDL_ttf's, kept; -1 when out of memory
 * or when the font cannot be had (then *value is fallback, not kept). */
static int metric_get(glyphs *g, font_face f, int px, uint32_t a, uint32_t b, int fallback,
                      int *value)
{
    uint64_t key = metric_key(f, px, a, b);
    glyph_entry *e = table_slot(g->table, g->cap, key);
    TTF_Font *font;

    if (e->key) {
        *value = e->g.advance;
        return 0;
    }
    *value = fallback;
    if (px < 1 || px > 0xffff || !(font = font_get(g, f, px)))
        return -1;
    *value = a == METRIC_LINE ? TTF_FontLineSkip(font) : TTF_GetFontKerningSizeGlyphs32(font, a, b);
    if (g->count * 10 >= g->cap * 7) {
        if (table_grow(g) != 0)
            return -1;
        e = table_slot(g->table, g->cap, key);
    }
    memset(e, 0, sizeof *e);
    e->key = key;
    e->g.advance = *value;
    g->count++;
    return 0;
}

/* Shelf packing: glyphs of one size share rows, which suits text well. */
static int atlas_alloc(glyphs *g, int w, int h, int *x, int *y)
{
    if (g->shelf_x + w + GLYPH_PAD > g->size) {
        g->shelf_y += g->shelf_h + GLYPH_PAD;
        g->shelf_x = 0;
        g->shelf_h = 0;
    }
    if (g->shelf_y + h + GLYPH_PAD > g->size) {
        int n = g->size * 2;
        if (n > GLYPHS_ATLAS_MAX || w + GLYPH_PAD > g->size)
            return 1;
        /* Growing keeps every glyph where it is: texel UVs stay valid, and
         * the texture keeps its texels where they were. */
        g->size = n;
        g->grown = 1;
        return atlas_alloc(g, w, h, x, y);
    }
    *x = g->shelf_x;
    *y = g->shelf_y;
    g->shelf_x += w + GLYPH_PAD;
    if (h > g->shelf_h)
        g->shelf_h = h;
    return 0;
}

/* Room for a w*h bitmap at (x, y) among the pending ones; NULL when out of
 * memory. Its pointer lasts until the next pending_add. */
static uint8_t *pending_add(glyphs *g, int x, int y, int w, int h)
{
    size_t len = (size_t)w * (size_t)h;

    if (g->npend == g->pend_max) {
        int n = g->pend_max ? g->pend_max * 2 : 64;
        glyph_bitmap *b = realloc(g->pend, sizeof *b * (size_t)n);
        size_t *off;
        if (b)
            g->pend = b;
        if (!b || !(off = realloc(g->pend_off, sizeof *off * (size_t)n)))
            return NULL;
        g->pend_off = off;
        g->pend_max = n;
    }
    if (g->pend_len + len > g->pend_cap) {
        size_t n = g->pend_cap ? g->pend_cap : 16384;
        uint8_t *p;
        while (n < g->pend_len + len)
            n *= 2;
        if (!(p = realloc(g->pend_px, n)))
            return NULL;
        g->pend_px = p;
        g->pend_cap = n;
    }
    g->pend_off[g->npend] = g->pend_len;
    g->pend[g->npend++] = (glyph_bitmap){x, y, w, h, NULL};
    g->pend_len += len;
    return g->pend_px + g->pend_len - len;
}

/* Renders cp and hands its coverage, cropped to the inked box, to the atlas. */
static int glyph_raster(glyphs *g, TTF_Font *font, uint32_t cp, glyph *gl)
{
    static const SDL_Color white = {255, 255, 255, 255};
    SDL_Surface *s = TTF_RenderGlyph32_Blended(font, cp, white), *c;
    int minx = 0, maxx, miny, maxy, x0, y0 = 0, rc = 0;

    gl->has_bitmap = 1;
    gl->w = gl->h = 0;
    if (!s)
        return 0; /* blank (space): nothing to draw */
    c = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_RGBA32, 0);
    SDL_FreeSurface(s);
    if (!c)
        return -1;
    minx = c->w;
    maxx = -1;
    miny = c->h;
    maxy = -1;
    for (int y = 0; y < c->h; y++) {
        const uint8_t *row = (const uint8_t *)c->pixels + (size_t)y * (size_t)c->pitch;
        for (int x = 0; x < c->w; x++) {
            if (!row[x * 4 + 3])
                continue;
            if (x < minx) minx = x;
            if (x > maxx) maxx = x;
            if (y < miny) miny = y;
            if (y > maxy) maxy = y;
        }
    }
    if (maxx >= 0) {
        int gminx = 0;
        TTF_GlyphMetrics32(font, cp, &gminx, NULL, NULL, NULL, NULL);
        /* SDL_ttf shifts the pen right by -minx when a glyph overhangs left. */
        x0 = gminx < 0 ? -gminx : 0;
        rc = atlas_alloc(g, maxx - minx + 1, maxy - miny + 1, &gl->x, &y0);
        if (rc == 0) {
            uint8_t *dst;
            gl->y = y0;
            gl->w = maxx - minx + 1;
            gl->h = maxy - miny + 1;
            gl->ox = minx - x0;
            gl->oy = miny;
            if (!(dst = pending_add(g, gl->x, gl->y, gl->w, gl->h))) {
                SDL_FreeSurface(c);
                return -1;
            }
            for (int y = 0; y < gl->h; y++) {
                const uint8_t *src = (const uint8_t *)c->pixels +
                                     (size_t)(y + miny) * (size_t)c->pitch + (size_t)minx * 4;
                for (int x = 0; x < gl->w; x++)
                    dst[(size_t)y * (size_t)gl->w + (size_t)x] = src[x * 4 + 3];
            }
        } else {
            gl->has_bitmap = 0;
        }
    }
    SDL_FreeSurface(c);
    return rc;
}

int glyphs_get(glyphs *g, font_face f, int px, uint32_t cp, int raster, glyph *out)
{
    uint64_t key = glyph_key(f, px, cp);
    glyph_entry *e = table_slot(g->table, g->cap, key);
    TTF_Font *font = NULL;

    if (!e->key) {
        int adv = 0;
        if (g->count * 10 >= g->cap * 7) {
            if (table_grow(g) != 0)
                return -1;
            e = table_slot(g->table, g->cap, key);
        }
        if (!(font = font_get(g, f, px)))
            return -1;
        if (TTF_GlyphMetrics32(font, cp, NULL, NULL, NULL, NULL, &adv) != 0)
            adv = 0;
        memset(e, 0, sizeof *e);
        e->key = key;
        e->g.advance = adv;
        g->count++;
    }
    if (raster && !e->g.has_bitmap) {
        int rc;
        if (!font && !(font = font_get(g, f, px)))
            return -1;
        if ((rc = glyph_raster(g, font, cp, &e->g)) != 0)
            return rc;
    }
    *out = e->g;
    return 0;
}

int glyphs_kerning(glyphs *g, font_face f, int px, uint32_t a, uint32_t b)
{
    int k;
    metric_get(g, f, px, a, b, 0, &k);
    return k;
}

int glyphs_line_skip(glyphs *g, font_face f, int px)
{
    int skip;
    metric_get(g, f, px, METRIC_LINE, METRIC_LINE, px, &skip);
    return skip;
}

void glyphs_reset_atlas(glyphs *g)
{
    for (size_t i = 0; i < g->cap; i++)
        g->table[i].g.has_bitmap = 0;
    /* Nothing pending is wanted any more; the texture's old texels are
     * never read again (a glyph is drawn only from its own box). */
    g->npend = 0;
    g->pend_len = 0;
    g->shelf_x = g->shelf_y = g->shelf_h = 0;
}

int glyphs_take_new(glyphs *g, int *size, int *grown, const glyph_bitmap **list, int *n)
{
    *size = g->size;
    *grown = g->grown;
    *n = g->npend;
    *list = g->pend;
    if (!g->npend && !g->grown)
        return 0;
    for (int i = 0; i < g->npend; i++)
        g->pend[i].px = g->pend_px + g->pend_off[i];
    g->grown = 0;
    g->npend = 0; /* the list stays readable until the next rasterised glyph */
    g->pend_len = 0;
    return 1;
}
