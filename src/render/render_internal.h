/* Shared between the renderer's front end (render.c) and its GL back end
 * (render_gl.c): the vertex format, the renderer struct and the back-end
 * vtable. Not for use outside src/render. */
#ifndef STACKHOUSE_RENDER_INTERNAL_H
#define STACKHOUSE_RENDER_INTERNAL_H

#include "render/atlas.h"
#include "render/glyphs.h"
#include "render/render.h"

#define RENDER_MAX_QUADS 16384 /* per draw call: 4 vertices each keeps indices in 16 bits */
#define RENDER_FRAME_QUADS (4 * RENDER_MAX_QUADS) /* per submission (a frame, normally) */
#define RENDER_MAX_RUNS 256
#define RENDER_CLIP_DEPTH 32
#define RENDER_MISSING_MAX 64 /* sprite names reported missing (each once); more are still drawn */

enum render_mode { RMODE_SPRITE, RMODE_GLYPH, RMODE_FILL, RMODE_OUTLINE, RMODE_SHADOW };

typedef struct rvertex {
    float x, y;      /* pixels, origin top-left */
    float u, v;      /* texels (sprite, glyph) or pixels from the shape's centre */
    uint8_t rgba[4]; /* premultiplied */
    float p[4];      /* shapes: half width, half height, radius, blur or thickness (pixels) */
    uint8_t mode, pad[3];
} rvertex;

/* A run of quads drawn with one draw call: one sprite page, one clip. */
typedef struct render_run {
    int first, quads, page;
    int scissor[4]; /* x, y, w, h in pixels from the top-left */
    int clipped;    /* 0: no scissor */
} render_run;

typedef struct render_backend {
    int (*upload_atlas)(render *r); /* sprite pages were (re)built */
    void (*begin)(render *r, rcolor clear);
    /* Uploads the quads once and issues one draw call per run. */
    void (*submit)(render *r, const rvertex *v, int quads, const render_run *runs, int nruns);
    /* Rows [y0, y0 + rows) of the w*h frame, counted from the top, top row first. */
    int (*read_rows)(render *r, int w, int h, int y0, int rows, uint8_t *rgba);
    void (*destroy)(render *r);
} render_backend;

struct render {
    const render_backend *be; /* NULL: the null back end */
    void *gl;                 /* back-end state */
    char *shader_dir, *asset_dir, *font_dir, *cache_dir;
    atlas atlas;
    glyphs *glyphs;
    int fb_w, fb_h;
    float scale, vw;
    /* The frame is built first and submitted in render_end, so no GL call (or
     * driver work) happens while scenes draw. */
    rvertex *verts;
    int frame_quads;       /* quads in verts */
    int run_first, quads;  /* the open run: its first quad and its length */
    int batch_page;
    render_run runs[RENDER_MAX_RUNS];
    int nruns;
    int clip[RENDER_CLIP_DEPTH][4]; /* pixel rects; [0] is the whole framebuffer */
    int nclip, clip_overflow;
    render_stats cur, last;
    char *missing[RENDER_MISSING_MAX]; /* sprite names asked for with no SVG, already logged */
    int nmissing;
    render_text_hook text_hook; /* tests audit where text lands */
    void *text_hook_user;
    char err[512];
};

/* Builds the parts both back ends share; be is NULL for the null back end. */
render *render_create_common(const render_paths *paths, const render_backend *be, char *err,
                             size_t errn);

#endif
