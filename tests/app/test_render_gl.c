/* Renderer tests on the GL back end, in a private Xvfb with Mesa llvmpipe. */
#include "app/glpin.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <SDL.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "render/render.h"
#include "render/render_internal.h" /* which art the pages hold */
#include "xvfb.h"

#define FONT_DIR "/usr/share/fonts/truetype/dejavu"
#define FB_W 640
#define FB_H 360

typedef struct gl_fixture {
    xvfb x;
    SDL_Window *win;
    SDL_GLContext ctx;
    char cache[64];
} gl_fixture;

static gl_fixture fx;
static const rcolor bg = {20, 30, 40, 255};

static int setup(void **state)
{
    (void)state;
    if (xvfb_start(&fx.x) != 0) {
        fprintf(stderr, "could not start Xvfb\n");
        return -1;
    }
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
        return -1;
    }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    fx.win = SDL_CreateWindow("test", 0, 0, FB_W, FB_H, SDL_WINDOW_OPENGL | SDL_WINDOW_HIDDEN);
    if (!fx.win || !(fx.ctx = SDL_GL_CreateContext(fx.win))) {
        fprintf(stderr, "GL 3.3 core context: %s\n", SDL_GetError());
        return -1;
    }
    if (app_gl_pin() < 1) /* see app/glpin.h */
        return -1;
    snprintf(fx.cache, sizeof fx.cache, "/tmp/sh_glcache_XXXXXX");
    if (!mkdtemp(fx.cache))
        return -1;
    return 0;
}

static int teardown(void **state)
{
    char cmd[128];
    (void)state;
    if (fx.ctx)
        SDL_GL_DeleteContext(fx.ctx);
    if (fx.win)
        SDL_DestroyWindow(fx.win);
    SDL_Quit();
    xvfb_stop(&fx.x);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", fx.cache);
    return system(cmd) == 0 ? 0 : -1;
}

static render *make_gl(const char *shader_dir, char *err, size_t errn)
{
    render_paths p = {shader_dir, STACKHOUSE_SOURCE_DIR "/assets", FONT_DIR, fx.cache};
    return render_create_gl(&p, err, errn);
}

static const uint8_t *px_at(const uint8_t *img, int x, int y) { return img + ((size_t)y * FB_W + x) * 4; }

static int differs(const uint8_t *p, rcolor c)
{
    return abs(p[0] - c.r) + abs(p[1] - c.g) + abs(p[2] - c.b) > 30;
}

static void test_frame_has_real_pixels(void **state)
{
    char err[512] = "";
    render *r = make_gl(STACKHOUSE_SOURCE_DIR "/shaders", err, sizeof err);
    uint8_t *img = malloc(FB_W * FB_H * 4);
    const rcolor red = {255, 0, 0, 255}, white = {255, 255, 255, 255};
    const rcolor half = {0, 0, 255, 128}, shadow = {0, 0, 0, 200};
    const rcolor tint = {255, 255, 255, 255};
    const uint8_t *p;
    int inked = 0;
    (void)state;

    assert_non_null(r);
    assert_int_equal(render_begin(r, FB_W, FB_H, bg), 0);
    /* scale is 1/3: virtual 300..600 is pixels 100..200 */
    render_rect(r, (rrect){300, 300, 300, 300}, red);
    render_rect(r, (rrect){450, 450, 300, 300}, half); /* overlaps: blends */
    render_round_rect(r, (rrect){1200, 60, 300, 300}, 150, white); /* a disc */
    render_shadow(r, (rrect){60, 700, 300, 200}, 20, 30, shadow);
    render_nine(r, render_sprite_find(r, "ui/panel"), (rrect){1200, 600, 450, 360}, tint);
    render_text(r, FONT_SANS_BOLD, 90, 30, 30, white, "Stackhouse");
    render_end(r);
    assert_int_equal(render_read_pixels(r, FB_W, FB_H, img), 0);

    p = px_at(img, 120, 120); /* solid red */
    assert_true(p[0] >= 250 && p[1] <= 5 && p[2] <= 5 && p[3] >= 250);
    p = px_at(img, 175, 175); /* half blue over red */
    assert_true(p[0] > 100 && p[0] < 150 && p[2] > 100 && p[2] < 150);
    p = px_at(img, 450, 70); /* disc centre */
    assert_true(p[0] >= 250 && p[1] >= 250 && p[2] >= 250);
    p = px_at(img, 402, 22); /* bounding box corner, outside the disc */
    assert_false(differs(p, bg));
    p = px_at(img, 70, 265); /* shadow centre is dark */
    assert_true(p[0] < bg.r && p[2] < bg.b);
    p = px_at(img, 470, 260); /* panel centre is cream */
    assert_true(p[0] > 200 && p[1] > 190 && p[2] > 150);
    for (int y = 10; y < 45; y++) /* title text: white ink on the background */
        for (int x = 10; x < 300; x++)
            inked += px_at(img, x, y)[0] > 200 && px_at(img, x, y)[2] > 200;
    assert_true(inked > 200);
    p = px_at(img, 600, 340); /* untouched background */
    assert_false(differs(p, bg));
    free(img);
    render_destroy(r);
}

/* A shadow behind an opaque cover shades only the frame that shows: the same
 * pixels as the whole shadow under the same cover, in four quads, not one. */
static void test_shadow_behind_a_cover(void **state)
{
    char err[512] = "";
    render *r = make_gl(STACKHOUSE_SOURCE_DIR "/shaders", err, sizeof err);
    uint8_t *whole = malloc(FB_W * FB_H * 4), *framed = malloc(FB_W * FB_H * 4);
    const rcolor cream = {250, 240, 220, 255}, shadow = {10, 5, 0, 150};
    const rrect tile = {300, 200, 700, 500}, drop = {312, 230, 700, 500};
    long off = 0;
    (void)state;

    assert_non_null(r);
    for (int pass = 0; pass < 2; pass++) {
        assert_int_equal(render_begin(r, FB_W, FB_H, bg), 0);
        if (pass == 0)
            render_shadow(r, drop, 24, 30, shadow);
        else
            render_shadow_behind(r, drop, 24, 30, shadow, tile, 24);
        render_round_rect(r, tile, 24, cream);
        render_end(r);
        assert_int_equal(render_get_stats(r).quads, pass == 0 ? 2 : 5);
        assert_int_equal(render_read_pixels(r, FB_W, FB_H, pass == 0 ? whole : framed), 0);
    }
    for (int i = 0; i < FB_W * FB_H * 4; i++)
        off += abs(whole[i] - framed[i]) > 1;
    assert_int_equal(off, 0);
    /* The shadow shows below the tile, and the tile's middle is cream. */
    assert_true(px_at(framed, 220, 245)[0] < bg.r);
    assert_false(differs(px_at(framed, 220, 150), cream));

    /* A fill behind an opaque rectangle: the same pixels, the middle left out. */
    for (int pass = 0; pass < 2; pass++) {
        const rrect pic = {380, 260, 420, 260};
        assert_int_equal(render_begin(r, FB_W, FB_H, bg), 0);
        if (pass == 0)
            render_round_rect(r, tile, 24, cream);
        else
            render_round_rect_behind(r, tile, 24, cream, pic);
        render_rect(r, pic, (rcolor){90, 60, 30, 255});
        render_end(r);
        assert_int_equal(render_get_stats(r).quads, pass == 0 ? 2 : 5);
        assert_int_equal(render_read_pixels(r, FB_W, FB_H, pass == 0 ? whole : framed), 0);
    }
    off = 0;
    for (int i = 0; i < FB_W * FB_H * 4; i++)
        off += abs(whole[i] - framed[i]) > 1;
    assert_int_equal(off, 0);

    /* A cover too small to hide anything: the whole shadow, one quad. */
    assert_int_equal(render_begin(r, FB_W, FB_H, bg), 0);
    render_shadow_behind(r, drop, 24, 30, shadow, (rrect){400, 300, 40, 40}, 24);
    render_end(r);
    assert_int_equal(render_get_stats(r).quads, 1);
    free(whole);
    free(framed);
    render_destroy(r);
}

/* The glyph atlas lives only in its texture: when it grows, the bigger
 * texture keeps the glyphs already drawn, and when it fills up and starts
 * afresh, text still draws. Either way a word looks as it does on a fresh
 * renderer that never grew. */
static void draw_word(render *r, uint8_t *img)
{
    assert_int_equal(render_begin(r, FB_W, FB_H, bg), 0);
    render_text(r, FONT_SANS_BOLD, 90, 30, 30, (rcolor){255, 255, 255, 255}, "Stackhouse 9");
    render_end(r);
    assert_int_equal(render_read_pixels(r, FB_W, FB_H, img), 0);
}

static void test_glyph_atlas_grows_on_the_gpu(void **state)
{
    char err[512] = "";
    render *fresh = make_gl(STACKHOUSE_SOURCE_DIR "/shaders", err, sizeof err);
    render *r = make_gl(STACKHOUSE_SOURCE_DIR "/shaders", err, sizeof err);
    uint8_t *want = malloc(FB_W * FB_H * 4), *got = malloc(FB_W * FB_H * 4);
    const char *alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    long off = 0;
    int inked = 0;
    (void)state;

    assert_non_null(fresh);
    assert_non_null(r);
    draw_word(fresh, want);
    draw_word(r, got); /* its glyphs go into the first 512x512 */
    /* Enough large glyphs to grow the atlas, then to fill it and start afresh. */
    for (int size = 60; size <= 600; size += 30) {
        assert_int_equal(render_begin(r, FB_W, FB_H, bg), 0);
        for (int f = 0; f < 3; f++)
            render_text(r, (font_face)f, (float)size, 0, 0, (rcolor){255, 255, 255, 255}, alphabet);
        render_end(r);
        /* After each: grown three times (the word from the copies), then
         * full twice (the word rasterised again). */
        draw_word(r, got);
        for (int i = 0; i < FB_W * FB_H * 4; i++)
            off += want[i] != got[i];
        assert_int_equal(off, 0);
    }
    for (int i = 0; i < FB_W * FB_H; i++)
        inked += got[i * 4] > 200;
    assert_true(inked > 500);
    free(want);
    free(got);
    render_destroy(r);
    render_destroy(fresh);
}

static void test_mixed_frame_is_one_draw_call(void **state)
{
    char err[512] = "";
    render *r = make_gl(STACKHOUSE_SOURCE_DIR "/shaders", err, sizeof err);
    sprite_id panel = render_sprite_find(r, "ui/panel"), button = render_sprite_find(r, "ui/button");
    const rcolor ink = {43, 33, 24, 255}, white = {255, 255, 255, 255};
    render_stats st;
    (void)state;

    assert_non_null(r);
    for (int frame = 0; frame < 2; frame++) {
        assert_int_equal(render_begin(r, FB_W, FB_H, bg), 0);
        for (int i = 0; i < 200; i++) {
            rrect rc = {(float)(i % 20) * 90, (float)(i / 20) * 100, 80, 60};
            char label[16];
            switch (i % 5) {
            case 0: render_nine(r, panel, rc, white); break;
            case 1: render_sprite_ex(r, button, rc.x + 40, rc.y + 30, 80, 46, 0.3f, white); break;
            case 2: render_shadow(r, rc, 10, 8, ink); break;
            case 3: render_round_outline(r, rc, 10, 3, ink); break;
            default:
                snprintf(label, sizeof label, "Item %d", i);
                render_text(r, FONT_SANS, 24, rc.x, rc.y, ink, label);
            }
        }
        render_end(r);
        st = render_get_stats(r);
        assert_int_equal(st.draw_calls, 1);
        assert_true(st.quads > 200);
    }
    assert_int_equal(st.texture_uploads, 0); /* second frame: glyphs already cached */
    render_destroy(r);
}

static void test_clip_scissors(void **state)
{
    char err[512] = "";
    render *r = make_gl(STACKHOUSE_SOURCE_DIR "/shaders", err, sizeof err);
    uint8_t *img = malloc(FB_W * FB_H * 4);
    const rcolor green = {0, 255, 0, 255};
    (void)state;

    assert_non_null(r);
    assert_int_equal(render_begin(r, FB_W, FB_H, bg), 0);
    render_push_clip(r, (rrect){300, 300, 300, 300});
    render_rect(r, (rrect){0, 0, 1500, 1000}, green);
    render_pop_clip(r);
    render_end(r);
    assert_int_equal(render_get_stats(r).draw_calls, 1);
    assert_int_equal(render_read_pixels(r, FB_W, FB_H, img), 0);
    assert_true(px_at(img, 150, 150)[1] > 250); /* inside the clip */
    assert_false(differs(px_at(img, 50, 150), bg)); /* left of it */
    assert_false(differs(px_at(img, 150, 250), bg)); /* below it */
    free(img);
    render_destroy(r);
}

static void test_bad_shader_names_the_file(void **state)
{
    char dir[] = "/tmp/sh_shader_XXXXXX", path[128], cmd[256], err[1024] = "";
    FILE *f;
    (void)state;

    assert_null(make_gl("/tmp/sh_no_such_dir", err, sizeof err));
    assert_non_null(strstr(err, "sprite.vert.glsl"));
    assert_non_null(mkdtemp(dir));
    snprintf(cmd, sizeof cmd, "cp %s/shaders/sprite.vert.glsl %s/", STACKHOUSE_SOURCE_DIR, dir);
    assert_int_equal(system(cmd), 0);
    snprintf(path, sizeof path, "%s/sprite.frag.glsl", dir);
    assert_non_null(f = fopen(path, "w"));
    fputs("#version 330 core\nvoid main() { this is not glsl; }\n", f);
    fclose(f);
    assert_null(make_gl(dir, err, sizeof err));
    assert_non_null(strstr(err, "sprite.frag.glsl"));
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

/* A new scale (a resized window) rasterises the art drawn again at it, and
 * art the screen stops drawing leaves the page; what is drawn stays right. */
static void test_art_follows_scale_and_screen(void **state)
{
    char err[512] = "";
    render *r = make_gl(STACKHOUSE_SOURCE_DIR "/shaders", err, sizeof err);
    uint8_t *img = malloc(FB_W * FB_H * 4);
    const rcolor white = {255, 255, 255, 255};
    sprite_id panel, thumb;
    const uint8_t *p;
    (void)state;

    assert_non_null(r);
    panel = render_sprite_find(r, "ui/panel");
    thumb = render_sprite_find(r, "picker/stax");
    /* Half the window first: scale 1/6. */
    assert_int_equal(render_begin(r, FB_W / 2, FB_H / 2, bg), 0);
    render_nine(r, panel, (rrect){300, 300, 600, 600}, white);
    render_sprite(r, thumb, (rrect){1000, 300, 480, 300}, white);
    assert_int_equal(render_end(r), 0);
    assert_true(render_get_stats(r).texture_uploads >= 1);
    assert_true(r->atlas.groups[r->atlas.sprites[thumb].group].laid_out);
    /* The whole window, a new screen without the picture: scale 1/3. */
    render_art_trim(r);
    assert_int_equal(render_begin(r, FB_W, FB_H, bg), 0);
    render_nine(r, panel, (rrect){300, 300, 600, 600}, white);
    assert_int_equal(render_end(r), 0);
    assert_true(render_get_stats(r).texture_uploads >= 1); /* the panel again, at 1/3 */
    assert_float_equal(r->atlas.scale, 0.33f, 1e-3);
    assert_false(r->atlas.groups[r->atlas.sprites[thumb].group].laid_out);
    assert_int_equal(r->atlas.sprites[thumb].page, -1);
    assert_int_equal(render_read_pixels(r, FB_W, FB_H, img), 0);
    p = px_at(img, 200, 200); /* the panel's centre: cream, not a stale page's texels */
    assert_true(p[0] > 200 && p[1] > 190 && p[2] > 150);
    free(img);
    render_destroy(r);
}

static void test_warm_start_uses_cache(void **state)
{
    char err[512] = "", idx[128];
    struct stat st;
    render *r;
    Uint64 t0;
    double ms;
    (void)state;

    r = make_gl(STACKHOUSE_SOURCE_DIR "/shaders", err, sizeof err);
    assert_non_null(r);
    assert_int_equal(render_begin(r, 1280, 720, bg), 0);
    render_nine(r, render_sprite_find(r, "ui/panel"), (rrect){10, 10, 300, 200}, bg);
    render_end(r); /* the frame drew interface art: writes its group's cache */
    render_destroy(r);
    snprintf(idx, sizeof idx, "ls %s/art-s*-ui.rgba >/dev/null 2>&1", fx.cache);
    assert_int_equal(system(idx), 0); /* a file per group, named by its scale */
    snprintf(idx, sizeof idx, "ls %s/art-s670-picker.rgba >/dev/null 2>&1", fx.cache);
    assert_int_not_equal(system(idx), 0); /* art no frame drew is never rasterised */
    (void)st;
    t0 = SDL_GetPerformanceCounter();
    r = make_gl(STACKHOUSE_SOURCE_DIR "/shaders", err, sizeof err);
    assert_non_null(r);
    assert_int_equal(render_begin(r, 1280, 720, bg), 0);
    render_nine(r, render_sprite_find(r, "ui/panel"), (rrect){10, 10, 300, 200}, bg);
    render_text(r, FONT_SANS, 30, 10, 10, bg, "Warm start");
    render_end(r);
    ms = (double)(SDL_GetPerformanceCounter() - t0) * 1000.0 / (double)SDL_GetPerformanceFrequency();
    printf("warm create + first frame: %.1f ms\n", ms);
    render_destroy(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_frame_has_real_pixels),
        cmocka_unit_test(test_shadow_behind_a_cover),
        cmocka_unit_test(test_glyph_atlas_grows_on_the_gpu),
        cmocka_unit_test(test_mixed_frame_is_one_draw_call),
        cmocka_unit_test(test_clip_scissors),
        cmocka_unit_test(test_bad_shader_names_the_file),
        cmocka_unit_test(test_art_follows_scale_and_screen),
        cmocka_unit_test(test_warm_start_uses_cache),
    };
    if (!xvfb_installed()) {
        printf("Xvfb is not installed: skipping the GL renderer tests\n");
        return 77;
    }
    return cmocka_run_group_tests(tests, setup, teardown);
}
