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
/* Frames a group of art stays in the atlas after it was last drawn: a screen
 * that went away (or lies under an opaque one) gives its art back, while art
 * drawn now and then is not reloaded every time it shows. */
#define RENDER_ART_IDLE_FRAMES 60

enum render_mode { RMODE_SPRITE, RMODE_GLYPH, RMODE_FILL, RMODE_OUTLINE, RMODE_SHADOW };

typedef struct rvertex {
    float x, y;      /* pixels, origin top-left */
    float u, v;      /* texels (sprite, glyph) or pixels from the shape's centre */
    uint8_t rgba[4]; /* premultiplied */
    float p[4];      /* shapes: half width, half height, radius, blur or thickness (pixels) */
    uint8_t mode, pad[3];
} rvertex;

/* A run of quads with one clip; at submission, one draw call per sprite page. */
typedef struct render_run {
    int first, quads, page;
    int scissor[4]; /* x, y, w, h in pixels from the top-left */
    int clipped;    /* 0: no scissor */
} render_run;

typedef struct render_backend {
    /* The sprite pages were laid out anew: (re)creates them from the atlas. */
    int (*upload_atlas)(render *r);
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
    int *quad_sprite;      /* per quad in verts: its sprite, or -1 */
    int frame_quads;       /* quads in verts */
    int run_first, quads;  /* the open run: its first quad and its length */
    render_run runs[RENDER_MAX_RUNS];
    int nruns;
    render_run *runs_out;  /* the runs split by sprite page, as submitted */
    int cap_out;
    int art_relayout;      /* a group left or joined: lay the pages out anew */
    int art_failed;        /* art could not be loaded: render_begin fails with r->err */
    int art_trim;          /* the screen changed: keep only the art this frame draws */
    int clip[RENDER_CLIP_DEPTH][4]; /* pixel rects; [0] is the whole framebuffer */
    int nclip, clip_overflow;
    render_stats cur, last;
    char *missing[RENDER_MISSING_MAX]; /* sprite names asked for with no SVG, already logged */
    int nmissing;
    render_text_hook text_hook; /* tests audit where text lands */
    void *text_hook_user;
    rcolor text_color; /* of the line being reported to the hook */
    char err[512];
};

/* Builds the parts both back ends share; be is NULL for the null back end. */
render *render_create_common(const render_paths *paths, const render_backend *be, char *err,
                             size_t errn);

/* render_art.c: which groups of art the sprite pages hold. */
/* At the start of a frame: follows the scale, and gives back groups idle too
 * long. Returns 0, or -1 with r->err set. */
int render_art_begin(render *r);
/* Before a submission: makes every group drawn so far resident (loading and
 * uploading what is new), moves each sprite quad's texels to its place, and
 * splits the runs into r->runs_out by page. Returns the runs to draw. */
int render_art_place(render *r);
/* At the end of a frame: counts the frames since each group was drawn. */
void render_art_end(render *r);

#endif
