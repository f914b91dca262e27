/* The renderer's front end: virtual units, the sprite batch, clipping and
 * text layout. Both back ends share all of it, so the null back end counts
 * the same quads and draw calls the GL one issues. */
#include <SDL.h>
#include <SDL_ttf.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "render/render_internal.h"

static char *dup_or_null(const char *s) { return s ? strdup(s) : NULL; }

render *render_create_common(const render_paths *paths, const render_backend *be, char *err,
                             size_t errn)
{
    render *r;

    if (!paths || !paths->asset_dir || !paths->font_dir) {
        snprintf(err, errn, "render: asset_dir and font_dir are required");
        return NULL;
    }
    /* TTF_Init counts, so each renderer holds its own reference. */
    if (TTF_Init() != 0) {
        snprintf(err, errn, "TTF_Init: %s", TTF_GetError());
        return NULL;
    }
    if (!(r = calloc(1, sizeof *r))) {
        snprintf(err, errn, "out of memory");
        TTF_Quit();
        return NULL;
    }
    r->be = be;
    r->shader_dir = dup_or_null(paths->shader_dir);
    r->asset_dir = dup_or_null(paths->asset_dir);
    r->font_dir = dup_or_null(paths->font_dir);
    r->cache_dir = dup_or_null(paths->cache_dir);
    r->verts = malloc(sizeof *r->verts * 4 * RENDER_FRAME_QUADS);
    r->quad_sprite = malloc(sizeof *r->quad_sprite * RENDER_FRAME_QUADS);
    r->fb_w = 1920;
    r->fb_h = 1080;
    r->scale = 1.0f;
    r->vw = 1920.0f;
    if (!r->verts || !r->quad_sprite || atlas_scan(&r->atlas, r->asset_dir, err, errn) != 0 ||
        !(r->glyphs = glyphs_create(r->font_dir, err, errn))) {
        r->be = NULL; /* the caller has not built any back-end state yet */
        render_destroy(r);
        return NULL;
    }
    return r;
}

render *render_create_null(const render_paths *paths, char *err, size_t errn)
{
    return render_create_common(paths, NULL, err, errn);
}

void render_destroy(render *r)
{
    if (!r)
        return;
    if (r->be && r->be->destroy)
        r->be->destroy(r);
    glyphs_destroy(r->glyphs);
    atlas_free(&r->atlas);
    for (int i = 0; i < r->nmissing; i++)
        free(r->missing[i]);
    free(r->verts);
    free(r->quad_sprite);
    free(r->runs_out);
    free(r->shader_dir);
    free(r->asset_dir);
    free(r->font_dir);
    free(r->cache_dir);
    free(r);
    TTF_Quit();
}

const char *render_error(const render *r) { return r->err; }

static void submit(render *r);

/* Closes the open run: at submission it becomes one draw call for each
 * sprite page its quads use. */
static void flush(render *r)
{
    const int *clip = r->clip[r->nclip];
    render_run *run;

    if (r->quads == 0)
        return;
    if (r->nruns == RENDER_MAX_RUNS)
        submit(r);
    run = &r->runs[r->nruns++];
    run->first = r->run_first;
    run->quads = r->quads;
    run->page = 0;
    run->clipped = r->nclip > 0;
    memcpy(run->scissor, clip, sizeof run->scissor);
    r->run_first = r->frame_quads;
    r->quads = 0;
}

/* Hands every closed run to the back end and empties the frame buffer. */
static void submit(render *r)
{
    flush(r);
    if (r->nruns > 0) {
        /* The art this frame drew is placed now, so its pages and texels are known. */
        int n = render_art_place(r);
        r->cur.draw_calls += n;
        if (n > 0 && r->be && r->be->submit)
            r->be->submit(r, r->verts, r->frame_quads, r->runs_out, n);
    }
    if (!r->be || !r->be->submit) { /* no texture to take the new glyphs */
        const glyph_bitmap *list;
        int size, grown, count;
        glyphs_take_new(r->glyphs, &size, &grown, &list, &count);
    }
    r->nruns = 0;
    r->frame_quads = r->run_first = 0;
}

int render_begin(render *r, int fb_w, int fb_h, rcolor clear)
{
    if (fb_w < 1 || fb_h < 1) {
        snprintf(r->err, sizeof r->err, "render_begin: bad framebuffer %dx%d", fb_w, fb_h);
        return -1;
    }
    r->fb_w = fb_w;
    r->fb_h = fb_h;
    r->scale = (float)fb_h / RENDER_VIRTUAL_H;
    r->vw = RENDER_VIRTUAL_H * (float)fb_w / (float)fb_h;
    r->quads = r->frame_quads = r->run_first = r->nruns = 0;
    r->nclip = 0;
    r->clip_overflow = 0;
    r->clip[0][0] = r->clip[0][1] = 0;
    r->clip[0][2] = fb_w;
    r->clip[0][3] = fb_h;
    memset(&r->cur, 0, sizeof r->cur);
    if (render_art_begin(r) != 0) {
        log_error("%s", r->err);
        return -1;
    }
    if (r->be && r->be->begin)
        r->be->begin(r, clear);
    return 0;
}

int render_end(render *r)
{
    submit(r);
    render_art_end(r);
    r->last = r->cur;
    return r->art_failed ? -1 : 0;
}

render_stats render_get_stats(const render *r) { return r->last; }

float render_scale(const render *r) { return r->scale; }

float render_set_scale(render *r, float scale)
{
    float was = r->scale;
    r->scale = scale;
    return was;
}

float render_virtual_w(const render *r) { return r->vw; }

/* The stand-in's id: one past the real sprites, so callers' "found" checks pass. */
#define MISSING_ID(r) ((r)->atlas.count)
#define MISSING_SIZE 64.0f /* natural size of the stand-in, in virtual units */

sprite_id render_sprite_find(render *r, const char *name)
{
    int s = atlas_find(&r->atlas, name);
    if (s >= 0)
        return s;
    for (int i = 0; i < r->nmissing; i++)
        if (strcmp(r->missing[i], name) == 0)
            return MISSING_ID(r);
    /* Once per name: the draw that asked will ask again every frame. */
    if (r->nmissing < RENDER_MISSING_MAX && (r->missing[r->nmissing] = strdup(name)) != NULL) {
        r->nmissing++;
        log_warn("missing art: sprite '%s' has no file %s/%s.svg; drawing a magenta stand-in", name,
                 r->asset_dir, name);
    }
    return MISSING_ID(r);
}

int render_sprite_is_missing(const render *r, sprite_id s)
{
    return s == MISSING_ID(r) || (s >= 0 && s < r->atlas.count && r->atlas.sprites[s].damaged);
}

void render_sprite_size(const render *r, sprite_id s, float *w, float *h)
{
    int ok = s >= 0 && s < r->atlas.count;
    float missing = s == MISSING_ID(r) ? MISSING_SIZE : 0;
    if (w)
        *w = ok ? r->atlas.sprites[s].w : missing;
    if (h)
        *h = ok ? r->atlas.sprites[s].h : missing;
}

static void premultiply(rcolor c, uint8_t out[4])
{
    out[0] = (uint8_t)((c.r * c.a + 127) / 255);
    out[1] = (uint8_t)((c.g * c.a + 127) / 255);
    out[2] = (uint8_t)((c.b * c.a + 127) / 255);
    out[3] = c.a;
}

/* Quads wholly outside the clip are dropped here, which keeps long scrolled
 * lists cheap. bbox is x0, y0, x1, y1 in pixels. */
static int culled(const render *r, const float *bbox)
{
    const int *c = r->clip[r->nclip];
    return r->clip_overflow || bbox[2] <= (float)c[0] || bbox[3] <= (float)c[1] ||
           bbox[0] >= (float)(c[0] + c[2]) || bbox[1] >= (float)(c[1] + c[3]);
}

/* Appends a quad (corners in order top-left, top-right, bottom-right,
 * bottom-left). A sprite's quad (sprite >= 0) carries texels within the
 * sprite; submission moves them to where its group is placed. */
static rvertex *quad_alloc(render *r, int sprite)
{
    if (r->quads == RENDER_MAX_QUADS)
        flush(r);
    if (r->frame_quads == RENDER_FRAME_QUADS)
        submit(r); /* an enormous frame: draw what we have and go on */
    if (sprite >= 0)
        r->atlas.groups[r->atlas.sprites[sprite].group].drawn = 1;
    r->quad_sprite[r->frame_quads] = sprite;
    r->cur.quads++;
    r->quads++;
    return &r->verts[4 * r->frame_quads++];
}

static void quad_axis(render *r, int sprite, const float pos[4], const float uv[4], rcolor c,
                      int mode, const float *params)
{
    rvertex *v;
    uint8_t pm[4];

    if (c.a == 0 || culled(r, pos))
        return;
    premultiply(c, pm);
    v = quad_alloc(r, sprite);
    for (int i = 0; i < 4; i++) {
        int right = i == 1 || i == 2, bottom = i >= 2;
        v[i].x = right ? pos[2] : pos[0];
        v[i].y = bottom ? pos[3] : pos[1];
        v[i].u = right ? uv[2] : uv[0];
        v[i].v = bottom ? uv[3] : uv[1];
        memcpy(v[i].rgba, pm, 4);
        if (params)
            memcpy(v[i].p, params, sizeof v[i].p);
        else
            memset(v[i].p, 0, sizeof v[i].p);
        v[i].mode = (uint8_t)mode;
    }
}

static const atlas_sprite *sprite_get(const render *r, sprite_id s)
{
    return s >= 0 && s < r->atlas.count ? &r->atlas.sprites[s] : NULL;
}

static void swap_f(float *a, float *b)
{
    float t = *a;
    *a = *b;
    *b = t;
}

/* A part whose x1 < x0 (or y1 < y0) is drawn mirrored: the corners and the
 * texture coordinates swap together, so the quad itself stays upright. */
static void sprite_part(render *r, const atlas_sprite *sp, float x0, float y0, float x1, float y1,
                        float u0, float v0, float u1, float v1, rcolor tint)
{
    float k = r->scale;
    float pos[4], uv[4];

    if (x1 < x0)
        swap_f(&x0, &x1), swap_f(&u0, &u1);
    if (y1 < y0)
        swap_f(&y0, &y1), swap_f(&v0, &v1);
    if (x1 <= x0 || y1 <= y0)
        return;
    pos[0] = x0 * k, pos[1] = y0 * k, pos[2] = x1 * k, pos[3] = y1 * k;
    uv[0] = u0, uv[1] = v0, uv[2] = u1, uv[3] = v1;
    quad_axis(r, (int)(sp - r->atlas.sprites), pos, uv, tint, RMODE_SPRITE, NULL);
}

/* Cells of the stand-in's checkerboard along a side of length len: about 24
 * units each, at least 2 and at most 16. */
static int missing_cells(float len)
{
    int n = (int)(len / 24.0f);
    return n < 2 ? 2 : n > 16 ? 16 : n;
}

/* Missing art's stand-in over dst: a magenta and near-black checkerboard, in
 * the tint's alpha only, so it shows whatever colour the art was tinted. */
static void draw_missing(render *r, rrect dst, rcolor tint)
{
    rcolor hot = {255, 0, 255, tint.a}, dark = {40, 0, 40, tint.a};
    int nx, ny;
    float cw, ch;
    if (dst.w < 0)
        dst.x += dst.w, dst.w = -dst.w;
    if (dst.h < 0)
        dst.y += dst.h, dst.h = -dst.h;
    nx = missing_cells(dst.w), ny = missing_cells(dst.h);
    cw = dst.w / (float)nx, ch = dst.h / (float)ny;
    render_rect(r, dst, hot);
    for (int j = 0; j < ny; j++)
        for (int i = (j & 1); i < nx; i += 2)
            render_rect(r, (rrect){dst.x + cw * (float)i, dst.y + ch * (float)j, cw, ch}, dark);
}

void render_sprite_shaded(render *r, sprite_id s, rrect dst, float u0, float v0, float u1, float v1,
                          rcolor top, rcolor bottom)
{
    const atlas_sprite *sp = sprite_get(r, s);
    int before = r->cur.quads;
    uint8_t pm[4];
    rvertex *v;
    if (!sp) {
        if (s == MISSING_ID(r))
            draw_missing(r, dst, top);
        return;
    }
    sprite_part(r, sp, dst.x, dst.y, dst.x + dst.w, dst.y + dst.h, u0 * (float)sp->pw, v0 * (float)sp->ph,
                u1 * (float)sp->pw, v1 * (float)sp->ph, top);
    if (r->cur.quads == before)
        return; /* culled or transparent */
    /* The quad's last two corners are its lower ones on screen (quad_axis), a
     * flipped sprite's included: the tints follow the screen, not the art. */
    premultiply(bottom, pm);
    v = &r->verts[4 * (r->frame_quads - 1)];
    memcpy(v[2].rgba, pm, 4);
    memcpy(v[3].rgba, pm, 4);
}

void render_sprite(render *r, sprite_id s, rrect dst, rcolor tint)
{
    const atlas_sprite *sp = sprite_get(r, s);
    if (sp)
        sprite_part(r, sp, dst.x, dst.y, dst.x + dst.w, dst.y + dst.h, 0, 0, (float)sp->pw,
                    (float)sp->ph, tint);
    else if (s == MISSING_ID(r))
        draw_missing(r, dst, tint);
}

void render_sprite_ex(render *r, sprite_id s, float cx, float cy, float w, float h, float angle,
                      rcolor tint)
{
    const atlas_sprite *sp = sprite_get(r, s);
    float co = cosf(angle), si = sinf(angle), k = r->scale, ext = (fabsf(w) + fabsf(h)) * 0.5f;
    float bbox[4] = {(cx - ext) * k, (cy - ext) * k, (cx + ext) * k, (cy + ext) * k};
    uint8_t pm[4];
    rvertex *v;

    if (!sp && s == MISSING_ID(r)) /* upright: a stand-in needs to be seen, not turned */
        draw_missing(r, (rrect){cx - fabsf(w) / 2, cy - fabsf(h) / 2, fabsf(w), fabsf(h)}, tint);
    if (!sp || tint.a == 0 || culled(r, bbox))
        return;
    premultiply(tint, pm);
    v = quad_alloc(r, (int)(sp - r->atlas.sprites));
    for (int i = 0; i < 4; i++) {
        int right = i == 1 || i == 2, bottom = i >= 2;
        float dx = (right ? 0.5f : -0.5f) * w, dy = (bottom ? 0.5f : -0.5f) * h;
        v[i].x = (cx + dx * co - dy * si) * k;
        v[i].y = (cy + dx * si + dy * co) * k;
        v[i].u = (float)(right ? sp->pw : 0);
        v[i].v = (float)(bottom ? sp->ph : 0);
        memcpy(v[i].rgba, pm, 4);
        memset(v[i].p, 0, sizeof v[i].p);
        v[i].mode = RMODE_SPRITE;
    }
}

void render_nine(render *r, sprite_id s, rrect dst, rcolor tint)
{
    const atlas_sprite *sp = sprite_get(r, s);
    float dl, dt, dr, db, fx = 1, fy = 1, tx, ty, dx[4], dy[4], su[4], sv[4];
    int mx = 0, my = 0;

    if (!sp || !sp->has_nine) {
        render_sprite(r, s, dst, tint);
        return;
    }
    dl = sp->nine[0], dt = sp->nine[1], dr = sp->nine[2], db = sp->nine[3];
    /* Lay out the upright panel; a negative size mirrors it afterwards. */
    if (dst.w < 0)
        dst.x += dst.w, dst.w = -dst.w, mx = 1;
    if (dst.h < 0)
        dst.y += dst.h, dst.h = -dst.h, my = 1;
    /* Too small a panel shrinks its borders rather than overlapping them. */
    if (dl + dr > dst.w && dl + dr > 0)
        fx = dst.w / (dl + dr);
    if (dt + db > dst.h && dt + db > 0)
        fy = dst.h / (dt + db);
    tx = (float)sp->pw / sp->w;
    ty = (float)sp->ph / sp->h;
    dx[0] = dst.x, dx[1] = dst.x + dl * fx, dx[2] = dst.x + dst.w - dr * fx, dx[3] = dst.x + dst.w;
    dy[0] = dst.y, dy[1] = dst.y + dt * fy, dy[2] = dst.y + dst.h - db * fy, dy[3] = dst.y + dst.h;
    /* Mirrored: each edge reflects about the centre, so every part runs
     * backwards and sprite_part flips its texture to match. */
    for (int i = 0; i < 4; i++) {
        if (mx)
            dx[i] = 2 * dst.x + dst.w - dx[i];
        if (my)
            dy[i] = 2 * dst.y + dst.h - dy[i];
    }
    su[0] = 0, su[1] = dl * tx, su[2] = (float)sp->pw - dr * tx, su[3] = (float)sp->pw;
    sv[0] = 0, sv[1] = dt * ty, sv[2] = (float)sp->ph - db * ty, sv[3] = (float)sp->ph;
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 3; i++)
            sprite_part(r, sp, dx[i], dy[j], dx[i + 1], dy[j + 1], su[i], sv[j], su[i + 1],
                        sv[j + 1], tint);
}

/* Emits the quad q (pixels; uv measured from (cx, cy)) less the rectangle
 * hole: up to four strips, top, bottom, left, right. Returns 0 when the hole
 * misses the quad (nothing drawn: the caller draws it whole). */
static int quad_around(render *r, const float q[4], const float hole[4], float cx, float cy,
                       rcolor c, int mode, const float *params)
{
    float h[4] = {fmaxf(hole[0], q[0]), fmaxf(hole[1], q[1]), fminf(hole[2], q[2]),
                  fminf(hole[3], q[3])};
    float strips[4][4] = {{q[0], q[1], q[2], h[1]},
                          {q[0], h[3], q[2], q[3]},
                          {q[0], h[1], h[0], h[3]},
                          {h[2], h[1], q[2], h[3]}};

    if (h[0] >= h[2] || h[1] >= h[3])
        return 0;
    for (int i = 0; i < 4; i++) {
        float *p = strips[i], uv[4] = {p[0] - cx, p[1] - cy, p[2] - cx, p[3] - cy};
        if (p[2] > p[0] && p[3] > p[1])
            quad_axis(r, -1, p, uv, c, mode, params);
    }
    return 1;
}

/* A rounded-box quad grown by margin pixels; the fragment shader evaluates
 * the box's distance field from the centre-relative uv. With a hole (pixels,
 * or NULL), the part of the quad inside it is left out: the caller draws
 * something opaque there next. */
static void shape(render *r, rrect dst, float radius, float extra, float margin, int mode, rcolor c,
                  const float *hole)
{
    float k = r->scale, hw = dst.w * k * 0.5f, hh = dst.h * k * 0.5f;
    float cx = dst.x * k + hw, cy = dst.y * k + hh, rad = radius * k;
    float pos[4] = {cx - hw - margin, cy - hh - margin, cx + hw + margin, cy + hh + margin};
    float uv[4] = {-hw - margin, -hh - margin, hw + margin, hh + margin};
    float params[4];

    if (dst.w <= 0 || dst.h <= 0)
        return;
    if (rad > hw)
        rad = hw;
    if (rad > hh)
        rad = hh;
    params[0] = hw, params[1] = hh, params[2] = rad < 0 ? 0 : rad, params[3] = extra;
    if (!hole || !quad_around(r, pos, hole, cx, cy, c, mode, params))
        quad_axis(r, -1, pos, uv, c, mode, params);
}

void render_shadow(render *r, rrect dst, float radius, float blur, rcolor color)
{
    float b = blur * r->scale;
    shape(r, dst, radius, b, b * 1.5f + 1.0f, RMODE_SHADOW, color, NULL);
}

void render_shadow_behind(render *r, rrect dst, float radius, float blur, rcolor color, rrect cover,
                          float cover_radius)
{
    float k = r->scale, b = blur * k;
    /* Inside the cover's straight edges, less a pixel for its antialiased rim. */
    float in = cover_radius * k + 1.0f;
    float hole[4] = {cover.x * k + in, cover.y * k + in, (cover.x + cover.w) * k - in,
                     (cover.y + cover.h) * k - in};
    shape(r, dst, radius, b, b * 1.5f + 1.0f, RMODE_SHADOW, color, hole);
}

void render_round_rect_behind(render *r, rrect dst, float radius, rcolor c, rrect cover)
{
    float k = r->scale;
    /* Two pixels in from the cover's edges: they fall between pixels, and a
     * sprite's own outermost texels are antialiased. */
    float hole[4] = {cover.x * k + 2.0f, cover.y * k + 2.0f, (cover.x + cover.w) * k - 2.0f,
                     (cover.y + cover.h) * k - 2.0f};
    shape(r, dst, radius, 0, 1.0f, RMODE_FILL, c, hole);
}

void render_rect(render *r, rrect dst, rcolor c) { shape(r, dst, 0, 0, 1.0f, RMODE_FILL, c, NULL); }

void render_round_rect(render *r, rrect dst, float radius, rcolor c)
{
    shape(r, dst, radius, 0, 1.0f, RMODE_FILL, c, NULL);
}

void render_round_outline(render *r, rrect dst, float radius, float thickness, rcolor c)
{
    shape(r, dst, radius, thickness * r->scale, 1.0f, RMODE_OUTLINE, c, NULL);
}

void render_round_outline_ex(render *r, float cx, float cy, float w, float h, float angle, float radius,
                             float thickness, rcolor c)
{
    /* As shape(), but the quad's corners turn about the centre while the uv
     * stay in the box's own frame, so the shader's distance field turns too. */
    float k = r->scale, hw = w * k * 0.5f, hh = h * k * 0.5f, rad = radius * k, margin = 1.0f;
    float co = cosf(angle), si = sinf(angle), px = cx * k, py = cy * k;
    float ex = (hw + margin) * fabsf(co) + (hh + margin) * fabsf(si);
    float ey = (hw + margin) * fabsf(si) + (hh + margin) * fabsf(co);
    float bbox[4] = {px - ex, py - ey, px + ex, py + ey}, params[4];
    uint8_t pm[4];
    rvertex *v;

    if (w <= 0 || h <= 0 || c.a == 0 || culled(r, bbox))
        return;
    rad = fminf(fmaxf(rad, 0), fminf(hw, hh));
    params[0] = hw, params[1] = hh, params[2] = rad, params[3] = thickness * k;
    premultiply(c, pm);
    v = quad_alloc(r, -1);
    for (int i = 0; i < 4; i++) {
        int right = i == 1 || i == 2, bottom = i >= 2;
        float lx = right ? hw + margin : -hw - margin, ly = bottom ? hh + margin : -hh - margin;
        v[i].x = px + lx * co - ly * si;
        v[i].y = py + lx * si + ly * co;
        v[i].u = lx;
        v[i].v = ly;
        memcpy(v[i].rgba, pm, 4);
        memcpy(v[i].p, params, sizeof v[i].p);
        v[i].mode = RMODE_OUTLINE;
    }
}

void render_push_clip(render *r, rrect clip)
{
    const int *p;
    int *c, x0, y0, x1, y1;

    if (r->nclip + 1 >= RENDER_CLIP_DEPTH) {
        r->clip_overflow++; /* keeps push/pop balanced; draws nothing meanwhile */
        return;
    }
    p = r->clip[r->nclip];
    x0 = (int)floorf(clip.x * r->scale), y0 = (int)floorf(clip.y * r->scale);
    x1 = (int)ceilf((clip.x + clip.w) * r->scale), y1 = (int)ceilf((clip.y + clip.h) * r->scale);
    /* Nested clips intersect. */
    if (x0 < p[0]) x0 = p[0];
    if (y0 < p[1]) y0 = p[1];
    if (x1 > p[0] + p[2]) x1 = p[0] + p[2];
    if (y1 > p[1] + p[3]) y1 = p[1] + p[3];
    flush(r);
    c = r->clip[++r->nclip];
    c[0] = x0, c[1] = y0, c[2] = x1 > x0 ? x1 - x0 : 0, c[3] = y1 > y0 ? y1 - y0 : 0;
}

void render_pop_clip(render *r)
{
    if (r->clip_overflow) {
        r->clip_overflow--;
        return;
    }
    if (r->nclip == 0) {
        log_warn("render_pop_clip without a matching push");
        return;
    }
    flush(r);
    r->nclip--;
}

rrect render_clip_rect(const render *r)
{
    const int *c = r->clip[r->nclip];
    rrect out = {(float)c[0] / r->scale, (float)c[1] / r->scale, (float)c[2] / r->scale,
                 (float)c[3] / r->scale};
    return out;
}

/* ------------------------------------------------------------------ text */

/* Decodes one UTF-8 codepoint; malformed bytes become U+FFFD one at a time. */
static uint32_t utf8_next(const char **sp, const char *end)
{
    const unsigned char *s = (const unsigned char *)*sp;
    uint32_t cp;
    int n;

    if (s[0] < 0x80) {
        *sp += 1;
        return s[0];
    }
    if ((s[0] & 0xE0) == 0xC0)
        cp = s[0] & 0x1F, n = 1;
    else if ((s[0] & 0xF0) == 0xE0)
        cp = s[0] & 0x0F, n = 2;
    else if ((s[0] & 0xF8) == 0xF0)
        cp = s[0] & 0x07, n = 3;
    else
        n = -1, cp = 0;
    if (n < 0 || (const char *)s + n + 1 > end) {
        *sp += 1;
        return 0xFFFD;
    }
    for (int i = 1; i <= n; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            *sp += 1;
            return 0xFFFD;
        }
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    *sp += n + 1;
    return cp > 0x10FFFF ? 0xFFFD : cp;
}

static int text_px(const render *r, float size)
{
    long px = lroundf(size * r->scale);
    return px < 1 ? 1 : px > 2048 ? 2048 : (int)px;
}

/* Width in pixels of [s, end); the same sum the drawing code advances by. */
static int width_px(render *r, font_face f, int px, const char *s, const char *end)
{
    uint32_t prev = 0;
    int w = 0;
    glyph g;

    while (s < end && *s) {
        uint32_t cp = utf8_next(&s, end);
        if (glyphs_get(r->glyphs, f, px, cp, 0, &g) != 0)
            continue;
        if (prev)
            w += glyphs_kerning(r->glyphs, f, px, prev, cp);
        w += g.advance;
        prev = cp;
    }
    return w;
}

float render_line_height(render *r, font_face f, float size)
{
    return (float)glyphs_line_skip(r->glyphs, f, text_px(r, size)) / r->scale;
}

float render_text_width(render *r, font_face f, float size, const char *utf8)
{
    return (float)width_px(r, f, text_px(r, size), utf8, utf8 + strlen(utf8)) / r->scale;
}

/* Bytes of s (at most len) whose glyphs fit in maxw pixels; at least one
 * codepoint when len > 0, so callers breaking long words always progress. */
static size_t fit_px(render *r, font_face f, int px, const char *s, size_t len, int maxw)
{
    const char *p = s, *end = s + len;
    uint32_t prev = 0;
    int w = 0;
    glyph g;

    while (p < end && *p) {
        const char *q = p;
        uint32_t cp = utf8_next(&q, end);
        int add = glyphs_get(r->glyphs, f, px, cp, 0, &g) == 0 ? g.advance : 0;
        if (prev)
            add += glyphs_kerning(r->glyphs, f, px, prev, cp);
        if (w + add > maxw && p > s)
            break;
        w += add;
        prev = cp;
        p = q;
    }
    return (size_t)(p - s);
}

size_t render_text_fit(render *r, font_face f, float size, const char *utf8, size_t len, float w)
{
    return fit_px(r, f, text_px(r, size), utf8, len, (int)floorf(w * r->scale));
}

/* Draws [s, end) with the pen at whole pixels so glyphs stay crisp; returns
 * the advance in pixels. */
static int draw_run(render *r, font_face f, int px, int x, int y, rcolor c, const char *s,
                    const char *end)
{
    uint32_t prev = 0;
    int pen = x;
    glyph g;

    while (s < end && *s) {
        uint32_t cp = utf8_next(&s, end);
        int rc = glyphs_get(r->glyphs, f, px, cp, 1, &g);
        if (rc == 1) {
            /* Atlas full: draw what uses the old contents, then start afresh. */
            submit(r);
            glyphs_reset_atlas(r->glyphs);
            rc = glyphs_get(r->glyphs, f, px, cp, 1, &g);
        }
        if (rc != 0)
            continue;
        if (prev)
            pen += glyphs_kerning(r->glyphs, f, px, prev, cp);
        if (g.w > 0) {
            float pos[4] = {(float)(pen + g.ox), (float)(y + g.oy), (float)(pen + g.ox + g.w),
                            (float)(y + g.oy + g.h)};
            float uv[4] = {(float)g.x, (float)g.y, (float)(g.x + g.w), (float)(g.y + g.h)};
            quad_axis(r, -1, pos, uv, c, RMODE_GLYPH, NULL);
        }
        pen += g.advance;
        prev = cp;
    }
    return pen - x;
}

void render_set_text_hook(render *r, render_text_hook fn, void *user)
{
    r->text_hook = fn;
    r->text_hook_user = user;
}

rcolor render_text_color(const render *r)
{
    return r->text_color;
}

static void report_text(render *r, font_face f, float size, rcolor c, int x, int y, int w, const char *s,
                        const char *e)
{
    char line[256];
    size_t n = (size_t)(e - s) < sizeof line - 1 ? (size_t)(e - s) : sizeof line - 1;
    const int *clip = r->clip[r->nclip]; /* [0] is the whole framebuffer */
    int h = glyphs_line_skip(r->glyphs, f, text_px(r, size)), x1 = x + w, y1 = y + h;
    if (!r->text_hook)
        return;
    /* Report only what the clip lets through: scrolled-away text is not seen. */
    if (x < clip[0])
        x = clip[0];
    if (y < clip[1])
        y = clip[1];
    if (x1 > clip[0] + clip[2])
        x1 = clip[0] + clip[2];
    if (y1 > clip[1] + clip[3])
        y1 = clip[1] + clip[3];
    if (x1 <= x || y1 <= y)
        return;
    memcpy(line, s, n);
    line[n] = '\0';
    r->text_color = c;
    r->text_hook(r->text_hook_user,
                 (rrect){(float)x / r->scale, (float)y / r->scale, (float)(x1 - x) / r->scale,
                         (float)(y1 - y) / r->scale},
                 size, line);
}

float render_text(render *r, font_face f, float size, float x, float y, rcolor c, const char *utf8)
{
    int px = text_px(r, size), x0 = (int)lroundf(x * r->scale), y0 = (int)lroundf(y * r->scale);
    const char *end = utf8 + strlen(utf8);
    int w = draw_run(r, f, px, x0, y0, c, utf8, end);
    report_text(r, f, size, c, x0, y0, w, utf8, end);
    return (float)w / r->scale;
}

/* Finds the end of the line starting at s: as many whole words as fit in
 * maxw pixels, or a broken word when even the first does not fit. *next is
 * where the following line starts (spaces at the break are dropped). */
static const char *wrap_line(render *r, font_face f, int px, const char *s, const char *end,
                             int maxw, const char **next)
{
    const char *p = s, *best = NULL;
    int w = 0;

    while (p < end) {
        const char *q = p;
        int ww;
        while (q < end && *q == ' ')
            q++;
        while (q < end && *q != ' ')
            q++;
        ww = width_px(r, f, px, p, q);
        if (w + ww > maxw)
            break;
        w += ww;
        best = p = q;
    }
    if (!best)
        best = s + fit_px(r, f, px, s, (size_t)(end - s), maxw);
    *next = best;
    while (*next < end && **next == ' ')
        (*next)++;
    return best;
}

float render_text_wrapped(render *r, font_face f, float size, float x, float y, float w,
                          text_align align, rcolor c, const char *utf8, int draw)
{
    int px = text_px(r, size), lines = 0;
    int maxw = (int)floorf(w * r->scale), lh = glyphs_line_skip(r->glyphs, f, px);
    int x0 = (int)lroundf(x * r->scale), y0 = (int)lroundf(y * r->scale);
    const char *p = utf8, *end = utf8 + strlen(utf8);

    if (!*utf8)
        return 0;
    for (;;) {
        const char *para_end = memchr(p, '\n', (size_t)(end - p)), *ls = p;
        if (!para_end)
            para_end = end;
        do {
            const char *next, *le = wrap_line(r, f, px, ls, para_end, maxw, &next);
            if (draw) {
                int lw = width_px(r, f, px, ls, le), off = 0;
                if (align == TEXT_CENTER)
                    off = (maxw - lw) / 2;
                else if (align == TEXT_RIGHT)
                    off = maxw - lw;
                draw_run(r, f, px, x0 + off, y0 + lines * lh, c, ls, le);
                report_text(r, f, size, c, x0 + off, y0 + lines * lh, lw, ls, le);
            }
            lines++;
            ls = next;
        } while (ls < para_end);
        if (para_end == end)
            break;
        p = para_end + 1;
    }
    return (float)(lines * lh) / r->scale;
}

int render_read_rows(render *r, int w, int h, int y0, int rows, uint8_t *rgba)
{
    if (!r->be || !r->be->read_rows || w < 1 || h < 1 || y0 < 0 || rows < 1 || y0 + rows > h)
        return -1;
    return r->be->read_rows(r, w, h, y0, rows, rgba);
}

int render_read_pixels(render *r, int w, int h, uint8_t *rgba)
{
    return render_read_rows(r, w, h, 0, h, rgba);
}
