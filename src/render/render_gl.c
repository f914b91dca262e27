/* The OpenGL 3.3 core back end: one program, one streaming VBO, the sprite
 * atlas pages on texture unit 0 and the glyph atlas on unit 1. */
#include <SDL.h>
#include <epoxy/gl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "render/render_internal.h"

typedef struct gl_state {
    GLuint prog, vao, vbo, ibo;
    GLint u_viewport;
    GLuint *pages; /* one texture per sprite page */
    int npages;
    GLuint blank;  /* bound when there are no sprites */
    GLuint glyph_tex, glyph_fbo;
    int glyph_size;
} gl_state;

static GLuint compile(const char *dir, const char *file, GLenum type, char *err, size_t errn)
{
    char path[4096], log[2048];
    size_t len = 0;
    char *src;
    GLuint sh;
    GLint ok = 0, n;

    snprintf(path, sizeof path, "%s/%s", dir ? dir : ".", file);
    if (!(src = SDL_LoadFile(path, &len))) {
        snprintf(err, errn, "%s: cannot read shader file", path);
        return 0;
    }
    sh = glCreateShader(type);
    n = (GLint)len;
    glShaderSource(sh, 1, (const GLchar *const *)&src, &n);
    glCompileShader(sh);
    SDL_free(src);
    glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        glGetShaderInfoLog(sh, sizeof log, NULL, log);
        snprintf(err, errn, "%s: compile error: %s", path, log);
        glDeleteShader(sh);
        return 0;
    }
    return sh;
}

static int make_program(gl_state *g, const char *dir, char *err, size_t errn)
{
    GLuint vs = compile(dir, "sprite.vert.glsl", GL_VERTEX_SHADER, err, errn), fs = 0;
    GLint ok = 0;
    char log[2048];

    if (!vs || !(fs = compile(dir, "sprite.frag.glsl", GL_FRAGMENT_SHADER, err, errn))) {
        if (vs)
            glDeleteShader(vs);
        return -1;
    }
    g->prog = glCreateProgram();
    glAttachShader(g->prog, vs);
    glAttachShader(g->prog, fs);
    glLinkProgram(g->prog);
    glDeleteShader(vs);
    glDeleteShader(fs);
    glGetProgramiv(g->prog, GL_LINK_STATUS, &ok);
    if (!ok) {
        glGetProgramInfoLog(g->prog, sizeof log, NULL, log);
        snprintf(err, errn, "%s/sprite.{vert,frag}.glsl: link error: %s", dir ? dir : ".", log);
        return -1;
    }
    glUseProgram(g->prog);
    glUniform1i(glGetUniformLocation(g->prog, "u_sprites"), 0);
    glUniform1i(glGetUniformLocation(g->prog, "u_glyphs"), 1);
    g->u_viewport = glGetUniformLocation(g->prog, "u_viewport");
    return 0;
}

static GLuint make_texture(GLint internal, int w, int h, GLenum format, const void *px)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, internal, w, h, 0, format, GL_UNSIGNED_BYTE, px);
    return t;
}

static void make_buffers(gl_state *g)
{
    uint16_t *idx = malloc(sizeof *idx * 6 * RENDER_MAX_QUADS);

    glGenVertexArrays(1, &g->vao);
    glBindVertexArray(g->vao);
    glGenBuffers(1, &g->vbo);
    glBindBuffer(GL_ARRAY_BUFFER, g->vbo);
    /* Each submission re-specifies the store at the frame's size (see gl_submit);
     * a full-size placeholder here would only cost 2.6 MB in the driver. */
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(sizeof(rvertex) * 4), NULL, GL_STREAM_DRAW);
    glGenBuffers(1, &g->ibo);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, g->ibo);
    for (int q = 0; idx && q < RENDER_MAX_QUADS; q++) {
        static const uint16_t corner[6] = {0, 1, 2, 0, 2, 3};
        for (int i = 0; i < 6; i++)
            idx[q * 6 + i] = (uint16_t)(q * 4 + corner[i]);
    }
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)(sizeof *idx * 6 * RENDER_MAX_QUADS), idx,
                 GL_STATIC_DRAW);
    free(idx);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(rvertex), (void *)offsetof(rvertex, x));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof(rvertex), (void *)offsetof(rvertex, u));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(rvertex),
                          (void *)offsetof(rvertex, rgba));
    glEnableVertexAttribArray(3);
    glVertexAttribPointer(3, 4, GL_FLOAT, GL_FALSE, sizeof(rvertex), (void *)offsetof(rvertex, p));
    glEnableVertexAttribArray(4);
    glVertexAttribIPointer(4, 1, GL_UNSIGNED_BYTE, sizeof(rvertex),
                           (void *)offsetof(rvertex, mode));
}

static void delete_pages(gl_state *g)
{
    if (g->npages)
        glDeleteTextures(g->npages, g->pages);
    free(g->pages);
    g->pages = NULL;
    g->npages = 0;
}

/* Creates the pages anew and copies each laid-out sprite's padded block in:
 * from its group's cache file in bands, so no page or group is ever held
 * whole in memory beside the driver's copy. */
static int gl_upload_atlas(render *r)
{
    gl_state *g = r->gl;
    const atlas *a = &r->atlas;
    uint8_t *px = NULL;
    size_t cap = 0;

    glActiveTexture(GL_TEXTURE0);
    delete_pages(g); /* first, so the old pages and the new are never held together */
    if (a->npages && !(g->pages = calloc((size_t)a->npages, sizeof *g->pages)))
        return -1;
    for (int i = 0; i < a->npages; i++) {
        g->pages[i] = make_texture(GL_RGBA8, a->pages[i].w, a->pages[i].h, GL_RGBA, NULL);
        g->npages++;
        r->cur.texture_uploads++;
    }
    for (int s = 0; s < a->count; s++) {
        const atlas_sprite *sp = &a->sprites[s];
        int bw = sp->pw + 2 * ATLAS_PAD, bh = sp->ph + 2 * ATLAS_PAD, band = 64;
        if (sp->page < 0)
            continue;
        if ((size_t)bw * 4 * (size_t)band > cap) {
            uint8_t *grown = realloc(px, (size_t)bw * 4 * (size_t)band);
            if (!grown) {
                free(px);
                snprintf(r->err, sizeof r->err, "out of memory uploading the sprite atlas");
                return -1;
            }
            px = grown;
            cap = (size_t)bw * 4 * (size_t)band;
        }
        glBindTexture(GL_TEXTURE_2D, g->pages[sp->page]);
        for (int y = 0; y < bh; y += band) {
            int rows = bh - y < band ? bh - y : band;
            if (atlas_block_rows(a, s, y, rows, px) != 0) {
                const atlas_group *gr = &a->groups[sp->group];
                free(px);
                snprintf(r->err, sizeof r->err, "cannot read the pixels of sprite %s%s%s", sp->name,
                         gr->file ? " from " : "", gr->file ? gr->file : "");
                return -1;
            }
            glTexSubImage2D(GL_TEXTURE_2D, 0, sp->x - ATLAS_PAD, sp->y - ATLAS_PAD + y, bw, rows, GL_RGBA,
                            GL_UNSIGNED_BYTE, px);
        }
    }
    free(px);
    return 0;
}

static void gl_begin(render *r, rcolor clear)
{
    gl_state *g = r->gl;

    /* Draws into whatever framebuffer the caller bound: the window, or the
     * offscreen target of a resolution scale below 100%. */
    glViewport(0, 0, r->fb_w, r->fb_h);
    glDisable(GL_SCISSOR_TEST);
    glClearColor(clear.r / 255.0f, clear.g / 255.0f, clear.b / 255.0f, clear.a / 255.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA); /* colours are premultiplied */
    glUseProgram(g->prog);
    glUniform2f(g->u_viewport, (float)r->fb_w, (float)r->fb_h);
    glBindVertexArray(g->vao);
    glBindBuffer(GL_ARRAY_BUFFER, g->vbo);
}

/* Sends the glyphs rasterised since the last draw, each into its own box.
 * When the atlas grew, a bigger texture takes the old one's texels (copied
 * on the GPU side: no copy of the atlas is kept in memory). */
static void upload_glyphs(render *r)
{
    gl_state *g = r->gl;
    const glyph_bitmap *list;
    int size, grown, n;

    if (!glyphs_take_new(r->glyphs, &size, &grown, &list, &n))
        return;
    glActiveTexture(GL_TEXTURE1);
    if (size != g->glyph_size) {
        /* Zeroed pages the kernel has not backed yet: no resident copy. */
        uint8_t *zero = calloc((size_t)size * (size_t)size, 1);
        GLuint tex = make_texture(GL_R8, size, size, GL_RED, zero);
        free(zero);
        if (g->glyph_tex && grown && g->glyph_size > 1) {
            GLint read_fbo = 0;
            glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read_fbo);
            if (!g->glyph_fbo)
                glGenFramebuffers(1, &g->glyph_fbo);
            glBindFramebuffer(GL_READ_FRAMEBUFFER, g->glyph_fbo);
            glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                                   g->glyph_tex, 0);
            glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, g->glyph_size, g->glyph_size);
            glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);
            glBindFramebuffer(GL_READ_FRAMEBUFFER, (GLuint)read_fbo);
        }
        if (g->glyph_tex)
            glDeleteTextures(1, &g->glyph_tex);
        g->glyph_tex = tex;
        g->glyph_size = size;
    }
    glBindTexture(GL_TEXTURE_2D, g->glyph_tex);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    for (int i = 0; i < n; i++)
        glTexSubImage2D(GL_TEXTURE_2D, 0, list[i].x, list[i].y, list[i].w, list[i].h, GL_RED,
                        GL_UNSIGNED_BYTE, list[i].px);
    r->cur.texture_uploads++;
}

static void gl_submit(render *r, const rvertex *v, int quads, const render_run *runs, int nruns)
{
    gl_state *g = r->gl;

    upload_glyphs(r);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, g->glyph_tex);
    glActiveTexture(GL_TEXTURE0);
    /* New storage each frame (orphaning): the driver never stalls on the last frame's. */
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(sizeof *v * 4 * (size_t)quads), v, GL_STREAM_DRAW);
    for (int i = 0; i < nruns; i++) {
        const render_run *run = &runs[i];
        glBindTexture(GL_TEXTURE_2D, run->page < g->npages ? g->pages[run->page] : g->blank);
        if (run->clipped) {
            glEnable(GL_SCISSOR_TEST);
            glScissor(run->scissor[0], r->fb_h - run->scissor[1] - run->scissor[3], run->scissor[2],
                      run->scissor[3]);
        } else {
            glDisable(GL_SCISSOR_TEST);
        }
        /* 16-bit indices address one run; the base vertex places it in the frame. */
        glDrawElementsBaseVertex(GL_TRIANGLES, run->quads * 6, GL_UNSIGNED_SHORT, NULL,
                                 run->first * 4);
    }
    glDisable(GL_SCISSOR_TEST);
}

static int gl_read_rows(render *r, int w, int h, int y0, int rows, uint8_t *rgba)
{
    size_t row = (size_t)w * 4;
    uint8_t *tmp;

    /* The window may be larger than the last render target (resolution scale
     * below 100% draws offscreen and stretches), so the caller's size rules. */
    (void)r;
    if (!(tmp = malloc(row)))
        return -1;
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    /* GL counts rows from the bottom: the band [y0, y0 + rows) from the top
     * starts at h - y0 - rows, and comes back bottom row first. */
    glReadPixels(0, h - y0 - rows, w, rows, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    for (int y = 0; y < rows / 2; y++) {
        uint8_t *a = rgba + (size_t)y * row, *b = rgba + (size_t)(rows - 1 - y) * row;
        memcpy(tmp, a, row);
        memcpy(a, b, row);
        memcpy(b, tmp, row);
    }
    free(tmp);
    return glGetError() == GL_NO_ERROR ? 0 : -1;
}

static void gl_destroy(render *r)
{
    gl_state *g = r->gl;

    if (!g)
        return;
    delete_pages(g);
    if (g->blank)
        glDeleteTextures(1, &g->blank);
    if (g->glyph_tex)
        glDeleteTextures(1, &g->glyph_tex);
    if (g->glyph_fbo)
        glDeleteFramebuffers(1, &g->glyph_fbo);
    if (g->vbo)
        glDeleteBuffers(1, &g->vbo);
    if (g->ibo)
        glDeleteBuffers(1, &g->ibo);
    if (g->vao)
        glDeleteVertexArrays(1, &g->vao);
    if (g->prog)
        glDeleteProgram(g->prog);
    free(g);
    r->gl = NULL;
}

static const render_backend gl_backend = {
    gl_upload_atlas, gl_begin, gl_submit, gl_read_rows, gl_destroy,
};

render *render_create_gl(const render_paths *paths, char *err, size_t errn)
{
    static const uint8_t white[4] = {255, 255, 255, 255};
    render *r = render_create_common(paths, &gl_backend, err, errn);
    gl_state *g;

    if (!r)
        return NULL;
    if (!(r->gl = g = calloc(1, sizeof *g))) {
        render_destroy(r);
        return NULL;
    }
    if (make_program(g, r->shader_dir, err, errn) != 0) {
        log_error("%s", err);
        render_destroy(r);
        return NULL;
    }
    make_buffers(g);
    g->blank = make_texture(GL_RGBA8, 1, 1, GL_RGBA, white);
    glActiveTexture(GL_TEXTURE1);
    g->glyph_tex = make_texture(GL_R8, 1, 1, GL_RED, white);
    glActiveTexture(GL_TEXTURE0);
    if (glGetError() != GL_NO_ERROR) {
        snprintf(err, errn, "OpenGL error while creating the renderer");
        render_destroy(r);
        return NULL;
    }
    return r;
}
