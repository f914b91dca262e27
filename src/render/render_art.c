/* Which groups of art the sprite pages hold. A group (a directory of assets)
 * joins the pages at the first submission that draws one of its sprites, and
 * leaves when the first frame of a new screen does not draw it, or once
 * RENDER_ART_IDLE_FRAMES frames have gone by without one, so the picker holds
 * the interface's and the picker's art, and a table the interface's and its
 * game's. Sprite quads are built with texels within their
 * sprite and moved to its place here, when every group the frame drew has
 * one; the page layout is the same for both back ends, so the null back end
 * counts the draw calls the GL one issues. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/log.h"
#include "render/render_internal.h"

int render_art_begin(render *r)
{
    atlas *a = &r->atlas;
    float want = atlas_quantise_scale(r->scale);

    if (r->art_failed)
        return -1; /* the message is in r->err since the frame that failed */
    /* A 2% change of scale is not worth rasterising the art again. */
    if (a->scale == 0 || fabsf(want - a->scale) > 0.02f * a->scale) {
        atlas_set_scale(a, want);
        r->art_relayout = 1;
    }
    for (int g = 0; g < a->ngroups; g++) {
        atlas_group *gr = &a->groups[g];
        gr->drawn = 0;
        if (gr->laid_out && gr->idle >= RENDER_ART_IDLE_FRAMES) {
            gr->laid_out = 0;
            atlas_group_unload(a, g);
            r->art_relayout = 1;
        }
    }
    return 0;
}

void render_art_trim(render *r) { r->art_trim = 1; }

void render_art_end(render *r)
{
    for (int g = 0; g < r->atlas.ngroups; g++) {
        atlas_group *gr = &r->atlas.groups[g];
        if (gr->drawn)
            gr->idle = 0;
        else if (gr->laid_out && r->art_trim)
            gr->idle = RENDER_ART_IDLE_FRAMES; /* goes at the next render_begin */
        else if (gr->laid_out && gr->idle < RENDER_ART_IDLE_FRAMES)
            gr->idle++;
    }
    r->art_trim = 0;
}

/* Loads the pixels of every group laid out that has none; with no_cache,
 * each is rasterised again into memory first. */
static int load_groups(render *r, int no_cache)
{
    atlas *a = &r->atlas;
    for (int g = 0; g < a->ngroups; g++) {
        if (!a->groups[g].laid_out)
            continue;
        if (no_cache)
            atlas_group_unload(a, g);
        if (atlas_group_load(a, g, no_cache ? NULL : r->cache_dir, r->err, sizeof r->err) != 0)
            return -1;
    }
    return 0;
}

/* Lays the pages out for the groups drawn this frame and those still within
 * their idle frames (none on the first frame of a new screen), and (GL)
 * uploads them. */
static int relayout(render *r)
{
    atlas *a = &r->atlas;
    int pixels = r->be && r->be->upload_atlas;

    for (int g = 0; g < a->ngroups; g++) {
        atlas_group *gr = &a->groups[g];
        if (gr->drawn && !gr->laid_out) {
            gr->laid_out = 1;
            gr->idle = 0;
        } else if (!gr->drawn && gr->laid_out && r->art_trim) {
            gr->laid_out = 0;
            atlas_group_unload(a, g);
        }
    }
    if ((pixels && load_groups(r, 0) != 0) || atlas_layout(a, r->err, sizeof r->err) != 0)
        return -1;
    r->art_relayout = 0;
    if (!pixels || r->be->upload_atlas(r) == 0)
        return 0;
    /* A cache file that went away between its check and its upload. */
    if (!r->cache_dir)
        return -1;
    log_warn("%s; rasterising the sprites again", r->err);
    if (load_groups(r, 1) != 0 || r->be->upload_atlas(r) != 0)
        return -1;
    return 0;
}

/* Appends a run of quads [first, end) of run src on page to r->runs_out. */
static int emit(render *r, int *n, const render_run *src, int first, int end, int page)
{
    render_run *out;
    if (end <= first)
        return 0;
    if (*n == r->cap_out) {
        int cap = r->cap_out ? r->cap_out * 2 : RENDER_MAX_RUNS;
        if (!(out = realloc(r->runs_out, (size_t)cap * sizeof *out)))
            return -1;
        r->runs_out = out;
        r->cap_out = cap;
    }
    out = &r->runs_out[(*n)++];
    *out = *src;
    out->first = first;
    out->quads = end - first;
    out->page = page < 0 ? 0 : page;
    return 0;
}

int render_art_place(render *r)
{
    atlas *a = &r->atlas;
    int need = r->art_relayout, n = 0;

    for (int g = 0; g < a->ngroups && !need; g++)
        need = a->groups[g].drawn && !a->groups[g].laid_out;
    if (need && !r->art_failed && relayout(r) != 0) {
        /* render_end cannot fail: the next render_begin reports it. */
        log_error("%s", r->err);
        r->art_failed = 1;
    }
    for (int k = 0; k < r->nruns; k++) {
        const render_run *run = &r->runs[k];
        int first = run->first, end = run->first + run->quads, page = -1;
        for (int q = first; q < end; q++) {
            const atlas_sprite *sp;
            rvertex *v = &r->verts[4 * q];
            if (r->quad_sprite[q] < 0)
                continue; /* shapes and glyphs draw with any page */
            sp = &a->sprites[r->quad_sprite[q]];
            if (sp->page >= 0)
                for (int i = 0; i < 4; i++) {
                    v[i].u += (float)sp->x;
                    v[i].v += (float)sp->y;
                }
            if (page >= 0 && sp->page >= 0 && sp->page != page) {
                if (emit(r, &n, run, first, q, page) != 0)
                    return n;
                first = q;
            }
            if (sp->page >= 0)
                page = sp->page;
        }
        if (emit(r, &n, run, first, end, page) != 0)
            return n;
    }
    return n;
}
