/* Renderer tests on the null back end: sprite discovery, layout and batching. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/log.h"
#include "render/atlas.h"
#include "render/render.h"
#include "render/render_internal.h" /* a capturing back end sees the quads */

#define FONT_DIR "/usr/share/fonts/truetype/dejavu"

static const rcolor black = {0, 0, 0, 255};

static render *make_null(const char *asset_dir, char *err, size_t errn)
{
    render_paths p = {STACKHOUSE_SOURCE_DIR "/shaders", asset_dir, FONT_DIR, NULL};
    return render_create_null(&p, err, errn);
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void remove_tree(const char *dir)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

static void test_sprites_found_with_natural_size(void **state)
{
    char err[512] = "";
    render *r = make_null(STACKHOUSE_SOURCE_DIR "/assets", err, sizeof err);
    float w, h;
    (void)state;

    assert_non_null(r);
    assert_true(render_sprite_find(r, "ui/panel") >= 0);
    assert_true(render_sprite_find(r, "ui/button") >= 0);
    /* No SVG: the stand-in, square, and no real sprite. */
    assert_true(render_sprite_is_missing(r, render_sprite_find(r, "ui/nope")));
    assert_false(render_sprite_is_missing(r, render_sprite_find(r, "ui/panel")));
    render_sprite_size(r, render_sprite_find(r, "ui/nope"), &w, &h);
    assert_true(w > 0 && w == h);
    render_sprite_size(r, render_sprite_find(r, "ui/panel"), &w, &h);
    assert_float_equal(w, 128, 0.001);
    assert_float_equal(h, 128, 0.001);
    render_sprite_size(r, render_sprite_find(r, "ui/button"), &w, &h);
    assert_float_equal(w, 96, 0.001);
    assert_float_equal(h, 56, 0.001);
    render_destroy(r);
}

static void test_discovery_is_recursive_and_sorted(void **state)
{
    char dir[] = "/tmp/sh_render_XXXXXX", path[256], err[512] = "";
    render *r;
    float w, h;
    (void)state;

    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/deep", dir);
    assert_int_equal(mkdir(path, 0755), 0);
    snprintf(path, sizeof path, "%s/deep/er", dir);
    assert_int_equal(mkdir(path, 0755), 0);
    snprintf(path, sizeof path, "%s/deep/er/b.svg", dir);
    write_text(path, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"30.5\">"
                     "<rect width=\"40\" height=\"30\" fill=\"red\"/></svg>");
    snprintf(path, sizeof path, "%s/a.svg", dir);
    write_text(path, "<?xml version=\"1.0\"?>\n<!-- <svg width=\"1\" height=\"1\"> -->\n"
                     "<svg\n  stroke-width=\"3\" height='20' width='10'></svg>");
    snprintf(path, sizeof path, "%s/notes.txt", dir);
    write_text(path, "not a sprite");
    r = make_null(dir, err, sizeof err);
    assert_non_null(r);
    assert_int_equal(render_sprite_find(r, "a"), 0);
    assert_int_equal(render_sprite_find(r, "deep/er/b"), 1);
    assert_true(render_sprite_is_missing(r, render_sprite_find(r, "notes")));
    render_sprite_size(r, 1, &w, &h);
    assert_float_equal(w, 40, 0.001);
    assert_float_equal(h, 30.5, 0.001);
    render_sprite_size(r, 0, &w, &h);
    assert_float_equal(w, 10, 0.001);
    assert_float_equal(h, 20, 0.001);
    render_destroy(r);
    remove_tree(dir);
}

static void expect_bad_svg(const char *content, const char *name)
{
    char dir[] = "/tmp/sh_render_XXXXXX", path[256], err[512] = "";
    render *r;

    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/%s", dir, name);
    write_text(path, content);
    r = make_null(dir, err, sizeof err);
    assert_null(r);
    assert_non_null(strstr(err, name));
    remove_tree(dir);
}

static void test_bad_svg_names_the_file(void **state)
{
    char err[512] = "";
    (void)state;

    expect_bad_svg("this is not an svg at all", "garbage.svg");
    expect_bad_svg("<svg width=\"ten\" height=\"4\"></svg>", "nonnumeric.svg");
    expect_bad_svg("<svg width=\"10\" height=\"4\" data-nine=\"1 2\"></svg>", "badnine.svg");
    expect_bad_svg("", "empty.svg");
    assert_null(make_null("/tmp/sh_render_does_not_exist", err, sizeof err));
    assert_non_null(strstr(err, "sh_render_does_not_exist"));
}

static void test_missing_font_names_the_file(void **state)
{
    render_paths p = {NULL, STACKHOUSE_SOURCE_DIR "/assets", "/tmp", NULL};
    char err[512] = "";
    (void)state;

    assert_null(render_create_null(&p, err, sizeof err));
    assert_non_null(strstr(err, "DejaVuSans.ttf"));
}

/* A font dir of the real faces with `bad` damaged: truncated to a quarter, or
 * (garbage) the same size with its bytes scrambled past the header. */
static void damaged_font_dir(char *dir, const char *bad, int garbage)
{
    static const char *const faces[] = {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif-Bold.ttf",
                                        "DejaVuSansMono.ttf", "DejaVuSans-Oblique.ttf"};
    char from[512], to[512];
    assert_non_null(mkdtemp(dir));
    for (size_t i = 0; i < sizeof faces / sizeof faces[0]; i++) {
        snprintf(from, sizeof from, FONT_DIR "/%s", faces[i]);
        snprintf(to, sizeof to, "%s/%s", dir, faces[i]);
        if (strcmp(faces[i], bad) != 0) {
            assert_int_equal(symlink(from, to), 0);
            continue;
        }
        FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
        assert_non_null(in);
        assert_non_null(out);
        fseek(in, 0, SEEK_END);
        long n = ftell(in);
        fseek(in, 0, SEEK_SET);
        for (long k = 0; k < (garbage ? n : n / 4); k++) {
            int c = fgetc(in);
            /* Past the table directory, every byte turned over. */
            fputc(garbage && k >= 512 ? c ^ (int)((k * 131) & 0xff) ^ 0x5a : c, out);
        }
        fclose(in);
        fclose(out);
    }
}

/* A damaged font is a missing font: refused at start, naming the file, not
 * found out frame after frame as text that never draws. */
static void test_damaged_font_is_refused_at_start(void **state)
{
    (void)state;
    for (int garbage = 0; garbage < 2; garbage++) {
        char dir[] = "/tmp/sh_fonts_XXXXXX", err[512] = "";
        damaged_font_dir(dir, "DejaVuSans-Bold.ttf", garbage);
        render_paths p = {NULL, STACKHOUSE_SOURCE_DIR "/assets", dir, NULL};
        render *r = render_create_null(&p, err, sizeof err);
        if (r)
            fprintf(stderr, "a %s font was accepted\n", garbage ? "scrambled" : "truncated");
        assert_null(r);
        assert_non_null(strstr(err, "DejaVuSans-Bold.ttf"));
        remove_tree(dir);
    }
}

static void test_nine_slice_quads_and_one_draw_call(void **state)
{
    char err[512] = "";
    render *r = make_null(STACKHOUSE_SOURCE_DIR "/assets", err, sizeof err);
    sprite_id panel = render_sprite_find(r, "ui/panel");
    rrect big = {100, 100, 600, 400}, tiny = {10, 10, 20, 20};
    render_stats st;
    (void)state;

    assert_int_equal(render_begin(r, 1920, 1080, black), 0);
    render_nine(r, panel, big, black);
    st = render_get_stats(r);
    assert_int_equal(st.quads, 0); /* nothing until the frame ends */
    render_end(r);
    st = render_get_stats(r);
    assert_int_equal(st.quads, 9);
    assert_int_equal(st.draw_calls, 1);

    assert_int_equal(render_begin(r, 1920, 1080, black), 0);
    render_nine(r, panel, tiny, black); /* borders shrink: middle row/column vanish */
    render_sprite(r, panel, big, black);
    render_end(r);
    st = render_get_stats(r);
    assert_int_equal(st.quads, 4 + 1);
    assert_int_equal(st.draw_calls, 1);
    render_destroy(r);
}

static void test_virtual_units(void **state)
{
    char err[512] = "";
    render *r = make_null(STACKHOUSE_SOURCE_DIR "/assets", err, sizeof err);
    (void)state;

    assert_int_equal(render_begin(r, 3840, 2160, black), 0);
    assert_float_equal(render_scale(r), 2.0, 1e-6);
    assert_float_equal(render_virtual_w(r), 1920, 1e-3);
    render_end(r);
    assert_int_equal(render_begin(r, 1000, 1000, black), 0);
    assert_float_equal(render_virtual_w(r), 1080, 1e-3);
    render_end(r);
    render_destroy(r);
}

static void test_text_metrics(void **state)
{
    char err[512] = "";
    render *r = make_null(STACKHOUSE_SOURCE_DIR "/assets", err, sizeof err);
    render *r2 = make_null(STACKHOUSE_SOURCE_DIR "/assets", err, sizeof err);
    const char *s = "Stackhouse";
    float prev = 0;
    (void)state;

    assert_int_equal(render_begin(r, 1920, 1080, black), 0);
    assert_int_equal(render_begin(r2, 1920, 1080, black), 0);
    for (size_t n = 1; n <= strlen(s); n++) {
        char buf[32];
        float w;
        memcpy(buf, s, n);
        buf[n] = '\0';
        w = render_text_width(r, FONT_SANS, 32, buf);
        assert_true(w > prev);
        prev = w;
    }
    assert_float_equal(render_text_width(r, FONT_SANS, 32, s), render_text_width(r2, FONT_SANS, 32, s),
                       0);
    assert_true(render_text_width(r, FONT_SANS_BOLD, 32, s) > render_text_width(r, FONT_SANS, 32, s));
    assert_true(render_text_width(r, FONT_SANS, 48, s) > render_text_width(r, FONT_SANS, 32, s));
    assert_float_equal(render_text(r, FONT_SANS, 32, 0, 0, black, s),
                       render_text_width(r, FONT_SANS, 32, s), 0);
    assert_true(render_line_height(r, FONT_SANS, 32) >= 32);
    /* Non-ASCII and malformed UTF-8 measure without crashing. */
    assert_true(render_text_width(r, FONT_SANS, 32, "\xc3\xa9t\xc3\xa9 \xe2\x80\xa2") > 0);
    assert_true(render_text_width(r, FONT_SANS, 32, "\xff\xc3") > 0);
    assert_float_equal(render_text_width(r, FONT_SANS, 32, ""), 0, 0);
    render_end(r);
    render_end(r2);
    render_destroy(r2);
    render_destroy(r);
}

/* One font per face serves every size: measuring at one size, then others,
 * then the first again gives what a renderer that only ever used the first
 * size measures (kerning "AV" and "To" included, and the line height). */
static void test_sizes_share_a_face(void **state)
{
    char err[512] = "";
    render *r = make_null(STACKHOUSE_SOURCE_DIR "/assets", err, sizeof err);
    render *fresh = make_null(STACKHOUSE_SOURCE_DIR "/assets", err, sizeof err);
    const char *s = "AVATAR To Wave, 9 STAX";
    const float sizes[] = {24, 40, 17, 96, 24, 33, 40};
    (void)state;

    assert_int_equal(render_begin(r, 1920, 1080, black), 0);
    assert_int_equal(render_begin(fresh, 1920, 1080, black), 0);
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (int f = 0; f < FONT_COUNT; f++) {
            float w = render_text_width(r, (font_face)f, sizes[i], s);
            float h = render_line_height(r, (font_face)f, sizes[i]);
            assert_true(w > 0 && h > 0);
            assert_float_equal(render_text_width(r, (font_face)f, sizes[i], s), w, 0);
        }
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        assert_float_equal(render_text_width(r, FONT_SANS, sizes[i], s),
                           render_text_width(fresh, FONT_SANS, sizes[i], s), 0);
        assert_float_equal(render_line_height(r, FONT_SERIF_BOLD, sizes[i]),
                           render_line_height(fresh, FONT_SERIF_BOLD, sizes[i]), 0);
    }
    /* Kerning is applied: "AV" is narrower than "A" and "V" apart. */
    assert_true(render_text_width(r, FONT_SANS, 96, "AV") <
                render_text_width(r, FONT_SANS, 96, "A") + render_text_width(r, FONT_SANS, 96, "V"));
    render_end(r);
    render_end(fresh);
    render_destroy(fresh);
    render_destroy(r);
}

static void test_wrapping(void **state)
{
    char err[512] = "";
    render *r = make_null(STACKHOUSE_SOURCE_DIR "/assets", err, sizeof err);
    const char *text = "Stack the tiles high and keep your tower steady while the others try "
                       "to topple it with clever moves.";
    float lh, h_wide, h_narrow, h_tiny;
    (void)state;

    assert_int_equal(render_begin(r, 1920, 1080, black), 0);
    lh = render_line_height(r, FONT_SANS, 24);
    h_wide = render_text_wrapped(r, FONT_SANS, 24, 0, 0, 5000, TEXT_LEFT, black, text, 0);
    h_narrow = render_text_wrapped(r, FONT_SANS, 24, 0, 0, 300, TEXT_LEFT, black, text, 0);
    h_tiny = render_text_wrapped(r, FONT_SANS, 24, 0, 0, 60, TEXT_CENTER, black, text, 0);
    assert_float_equal(h_wide, lh, 1e-3);
    assert_true(h_narrow > h_wide);
    assert_true(h_tiny > h_narrow);
    /* Explicit newlines, including an empty line. */
    assert_float_equal(render_text_wrapped(r, FONT_SANS, 24, 0, 0, 5000, TEXT_LEFT, black,
                                           "one\n\nthree", 0),
                       3 * lh, 1e-3);
    /* An over-long word is broken rather than overflowing or looping. */
    assert_true(render_text_wrapped(r, FONT_SANS, 24, 0, 0, 50, TEXT_RIGHT, black,
                                    "Supercalifragilisticexpialidocious", 0) >= 3 * lh);
    assert_true(render_text_wrapped(r, FONT_SANS, 24, 0, 0, 0, TEXT_LEFT, black, "abc", 0) > 0);
    /* Drawing measures the same as measuring. */
    assert_float_equal(render_text_wrapped(r, FONT_SANS, 24, 0, 0, 300, TEXT_RIGHT, black, text, 1),
                       h_narrow, 1e-3);
    assert_int_equal(render_text_fit(r, FONT_SANS, 24, "abc", 3, 0), 1);
    assert_int_equal(render_text_fit(r, FONT_SANS, 24, "abc", 3, 1000), 3);
    render_end(r);
    render_destroy(r);
}

static void test_draw_calls_and_clips(void **state)
{
    char err[512] = "";
    render *r = make_null(STACKHOUSE_SOURCE_DIR "/assets", err, sizeof err);
    sprite_id panel = render_sprite_find(r, "ui/panel");
    rrect a = {0, 0, 100, 100}, clip = {50, 50, 200, 200}, inner = {1000, 1000, 50, 50};
    render_stats st;
    rrect c;
    (void)state;

    assert_int_equal(render_begin(r, 1920, 1080, black), 0);
    /* A menu-like frame: panels, shadows, pictures and ~100 labels interleaved. */
    for (int i = 0; i < 100; i++) {
        rrect tile = {(float)(i % 10) * 150, (float)(i / 10) * 100, 140, 90};
        render_shadow(r, tile, 12, 8, black);
        render_nine(r, panel, tile, black);
        render_text(r, FONT_SANS, 20, tile.x + 8, tile.y + 8, black, "Tile");
        render_round_outline(r, tile, 12, 3, black);
    }
    render_end(r);
    st = render_get_stats(r);
    assert_int_equal(st.draw_calls, 1);
    assert_int_equal(st.quads, 100 * (1 + 9 + 4 + 1));

    assert_int_equal(render_begin(r, 1920, 1080, black), 0);
    render_rect(r, a, black);
    render_push_clip(r, clip);
    c = render_clip_rect(r);
    assert_float_equal(c.x, 50, 1e-3);
    assert_float_equal(c.w, 200, 1e-3);
    render_push_clip(r, a); /* nested: intersection is 50..100 */
    c = render_clip_rect(r);
    assert_float_equal(c.x, 50, 1e-3);
    assert_float_equal(c.w, 50, 1e-3);
    render_rect(r, a, black);
    render_rect(r, inner, black); /* outside the clip: culled */
    render_pop_clip(r);
    render_pop_clip(r);
    render_pop_clip(r); /* unbalanced pop is ignored */
    render_rect(r, a, black);
    render_end(r);
    st = render_get_stats(r);
    assert_int_equal(st.draw_calls, 3);
    assert_int_equal(st.quads, 3);

    assert_int_equal(render_begin(r, 1920, 1080, black), 0);
    render_end(r);
    st = render_get_stats(r);
    assert_int_equal(st.draw_calls, 0);
    render_destroy(r);
}

static int warnings;

static void count_warnings(log_level level, const char *line, void *user)
{
    (void)line;
    (void)user;
    if (level == LOG_WARN)
        warnings++;
}

/* Sprite s's whole padded block, from memory or its group's cache file (malloc'd). */
static uint8_t *block_pixels(const atlas *a, int s)
{
    int bh = a->sprites[s].ph + 2 * ATLAS_PAD;
    uint8_t *px = malloc((size_t)(a->sprites[s].pw + 2 * ATLAS_PAD) * bh * 4);
    assert_non_null(px);
    assert_int_equal(atlas_block_rows(a, s, 0, bh, px), 0);
    return px;
}

static size_t block_size(const atlas *a, int s)
{
    return (size_t)(a->sprites[s].pw + 2 * ATLAS_PAD) * (a->sprites[s].ph + 2 * ATLAS_PAD) * 4;
}

/* Every sprite of group g has the same pixels in a and b. */
static void assert_same_group(const atlas *a, const atlas *b, int g)
{
    for (int s = 0; s < a->count; s++) {
        uint8_t *x, *y;
        if (a->sprites[s].group != g)
            continue;
        x = block_pixels(a, s), y = block_pixels(b, s);
        assert_memory_equal(x, y, block_size(a, s));
        free(x);
        free(y);
    }
}

/* The disk cache needs no GL: exercise it through the atlas directly. */
/* Loads group ui of the assets at scale 0.5 through the cache in dir, checks
 * it has mem's pixels, and returns how many warnings that logged. */
static int reload_warnings(const char *dir, int ui, const atlas *mem)
{
    atlas b;
    char err[512] = "";
    warnings = 0;
    log_set_sink(count_warnings, NULL);
    assert_int_equal(atlas_scan(&b, STACKHOUSE_SOURCE_DIR "/assets", err, sizeof err), 0);
    atlas_set_scale(&b, 0.5f);
    assert_int_equal(atlas_group_load(&b, ui, dir, err, sizeof err), 0);
    log_set_sink(NULL, NULL);
    assert_same_group(&b, mem, ui);
    atlas_free(&b);
    return warnings;
}

static void test_atlas_cache(void **state)
{
    char dir[] = "/tmp/sh_cache_XXXXXX", path[256], old[256], err[512] = "";
    atlas a, b, mem;
    struct stat st;
    int ui, panel;
    (void)state;

    assert_non_null(mkdtemp(dir));
    assert_int_equal(atlas_scan(&a, STACKHOUSE_SOURCE_DIR "/assets", err, sizeof err), 0);
    panel = atlas_find(&a, "ui/panel");
    assert_true(panel >= 0);
    ui = a.sprites[panel].group;
    assert_string_equal(a.groups[ui].name, "ui");
    /* A whole-atlas cache of an earlier version goes when a group is written. */
    snprintf(old, sizeof old, "%s/atlas-s500-0.rgba", dir);
    write_text(old, "old page");
    atlas_set_scale(&a, 0.5f);
    assert_int_equal(atlas_group_load(&a, ui, dir, err, sizeof err), 0);
    assert_true(stat(old, &st) != 0);
    /* One raw file per group and scale; in the cache, memory keeps no pixels. */
    snprintf(path, sizeof path, "%s/art-s500-ui.rgba", dir);
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal((size_t)st.st_size, a.groups[ui].bytes + 24);
    assert_null(a.groups[ui].px);
    assert_non_null(a.groups[ui].file);
    /* Only the group asked for: no other group was rasterised. */
    for (int g = 0; g < a.ngroups; g++)
        assert_int_equal(a.groups[g].loaded, g == ui);

    /* Without a cache the pixels stay in memory, the same as in the file. */
    assert_int_equal(atlas_scan(&mem, STACKHOUSE_SOURCE_DIR "/assets", err, sizeof err), 0);
    atlas_set_scale(&mem, 0.5f);
    assert_int_equal(atlas_group_load(&mem, ui, NULL, err, sizeof err), 0);
    assert_non_null(mem.groups[ui].px);
    assert_null(mem.groups[ui].file);
    assert_same_group(&a, &mem, ui);
    {
        /* Bands read back the rows asked for; past the block is refused. */
        uint8_t *whole = block_pixels(&mem, panel), *band = malloc(block_size(&a, panel));
        size_t row = (size_t)(a.sprites[panel].pw + 2 * ATLAS_PAD) * 4;
        assert_int_equal(atlas_block_rows(&a, panel, 5, 3, band), 0);
        assert_memory_equal(band, whole + row * 5, row * 3);
        assert_int_equal(atlas_block_rows(&a, panel, a.sprites[panel].ph + 2 * ATLAS_PAD - 1, 2, band), -1);
        /* The padding repeats the edge: the corner texel is the sprite's own. */
        assert_memory_equal(whole, whole + row * ATLAS_PAD + ATLAS_PAD * 4, 4);
        free(band);
        free(whole);
    }
    /* Premultiplied: no channel exceeds alpha. */
    for (size_t i = 0; i < mem.groups[ui].bytes; i += 4)
        assert_true(mem.groups[ui].px[i] <= mem.groups[ui].px[i + 3]);

    /* Warm: read from the file, the same pixels. */
    assert_int_equal(atlas_scan(&b, STACKHOUSE_SOURCE_DIR "/assets", err, sizeof err), 0);
    atlas_set_scale(&b, 0.5f);
    assert_int_equal(atlas_group_load(&b, ui, dir, err, sizeof err), 0);
    assert_null(b.groups[ui].px);
    assert_same_group(&b, &mem, ui);
    atlas_free(&b);

    /* Corrupt (the wrong length): a warning and a rebuild, never a failure. */
    assert_int_equal(truncate(path, 100), 0);
    assert_int_equal(reload_warnings(dir, ui, &mem), 1);

    /* Garbage pixels of the right length: the sum finds them, a warning and a rebuild. */
    {
        FILE *f = fopen(path, "r+b");
        assert_non_null(f);
        assert_int_equal(fseek(f, 24 + (long)a.groups[ui].bytes / 2, SEEK_SET), 0);
        for (int k = 0; k < 64; k++)
            fputc(0x5a, f);
        fclose(f);
        assert_int_equal(stat(path, &st), 0);
        assert_int_equal((size_t)st.st_size, a.groups[ui].bytes + 24);
    }
    assert_int_equal(reload_warnings(dir, ui, &mem), 1);

    /* A file of another format is stale, not corrupt: rebuilt quietly. */
    write_text(path, "stackhouse-atlas 1 0123456789abcdef 1\npage 0 16 16\n");
    assert_int_equal(reload_warnings(dir, ui, &mem), 0);
    atlas_free(&mem);
    atlas_free(&a);
    remove_tree(dir);
}

/* Whether the padded rects of sprites s and t overlap. */
static int overlap(const atlas_sprite *s, const atlas_sprite *t)
{
    return s->page == t->page && s->x - ATLAS_PAD < t->x + t->pw + ATLAS_PAD &&
           t->x - ATLAS_PAD < s->x + s->pw + ATLAS_PAD && s->y - ATLAS_PAD < t->y + t->ph + ATLAS_PAD &&
           t->y - ATLAS_PAD < s->y + s->ph + ATLAS_PAD;
}

/* The layout places exactly the groups laid out, inside their page, apart. */
static void test_atlas_layout(void **state)
{
    char err[512] = "";
    atlas a;
    int ui, nine, area = 0;
    (void)state;

    assert_int_equal(atlas_scan(&a, STACKHOUSE_SOURCE_DIR "/assets", err, sizeof err), 0);
    atlas_set_scale(&a, 1.0f);
    ui = a.sprites[atlas_find(&a, "ui/panel")].group;
    nine = a.sprites[atlas_find(&a, "nine/back")].group;
    a.groups[ui].laid_out = a.groups[nine].laid_out = 1;
    assert_int_equal(atlas_layout(&a, err, sizeof err), 0);
    assert_int_equal(a.npages, 1);
    for (int s = 0; s < a.count; s++) {
        const atlas_sprite *sp = &a.sprites[s];
        int in = sp->group == ui || sp->group == nine;
        assert_int_equal(sp->page >= 0, in);
        if (!in)
            continue;
        area += (sp->pw + 2 * ATLAS_PAD) * (sp->ph + 2 * ATLAS_PAD);
        assert_true(sp->x >= ATLAS_PAD && sp->y >= ATLAS_PAD);
        assert_true(sp->x + sp->pw + ATLAS_PAD <= a.pages[0].w);
        assert_true(sp->y + sp->ph + ATLAS_PAD <= a.pages[0].h);
        for (int t = 0; t < s; t++)
            if (a.sprites[t].page >= 0)
                assert_false(overlap(sp, &a.sprites[t]));
    }
    /* The page is cropped and shaped to its art: not a full-width strip. */
    assert_true(a.pages[0].w * a.pages[0].h < area * 3 / 2);
    atlas_free(&a);
}

/* Art joins the pages when first drawn and leaves when no longer drawn. */
static void test_art_groups_follow_the_screen(void **state)
{
    char err[512] = "";
    render *r = make_null(STACKHOUSE_SOURCE_DIR "/assets", err, sizeof err);
    sprite_id panel = render_sprite_find(r, "ui/panel"), back = render_sprite_find(r, "nine/back");
    sprite_id check = render_sprite_find(r, "icons/check");
    const atlas_group *ui = &r->atlas.groups[r->atlas.sprites[panel].group];
    const atlas_group *nine = &r->atlas.groups[r->atlas.sprites[back].group];
    const atlas_group *picker = &r->atlas.groups[r->atlas.sprites[render_sprite_find(r, "picker/stax")].group];
    (void)state;

    assert_int_equal(render_begin(r, 1920, 1080, black), 0);
    assert_false(ui->laid_out); /* nothing before it is drawn */
    for (int i = 0; i < 20; i++) { /* interleaved groups share one page: one draw call */
        render_nine(r, panel, (rrect){(float)i * 50, 0, 40, 40}, black);
        render_sprite(r, back, (rrect){(float)i * 50, 100, 40, 56}, black);
        render_sprite(r, check, (rrect){(float)i * 50, 200, 32, 32}, black);
    }
    render_end(r);
    assert_int_equal(render_get_stats(r).draw_calls, 1);
    assert_true(ui->laid_out && nine->laid_out);
    assert_false(picker->laid_out);
    assert_true(r->atlas.sprites[back].page >= 0);
    /* The table goes: its art stays a while, then is given back. */
    for (int f = 0; f <= RENDER_ART_IDLE_FRAMES + 1; f++) {
        assert_int_equal(render_begin(r, 1920, 1080, black), 0);
        render_nine(r, panel, (rrect){0, 0, 40, 40}, black);
        render_end(r);
        if (f < RENDER_ART_IDLE_FRAMES - 1)
            assert_true(nine->laid_out);
    }
    assert_false(nine->laid_out);
    assert_int_equal(r->atlas.sprites[back].page, -1);
    assert_true(ui->laid_out);
    /* Drawn again: back in the pages, the same frame. */
    assert_int_equal(render_begin(r, 1920, 1080, black), 0);
    render_sprite(r, back, (rrect){0, 100, 40, 56}, black);
    render_end(r);
    assert_true(nine->laid_out);
    assert_true(r->atlas.sprites[back].page >= 0);
    /* A new screen: what its first frame does not draw goes at once, and its
     * own art never shares the pages with the last screen's. */
    render_art_trim(r);
    assert_int_equal(render_begin(r, 1920, 1080, black), 0);
    render_sprite(r, render_sprite_find(r, "picker/stax"), (rrect){0, 0, 480, 300}, black);
    render_nine(r, panel, (rrect){0, 0, 40, 40}, black);
    render_end(r);
    assert_true(picker->laid_out && ui->laid_out);
    assert_false(nine->laid_out);
    assert_int_equal(r->atlas.sprites[back].page, -1);
    render_art_trim(r); /* no new art this time: the rest goes at the next frame */
    assert_int_equal(render_begin(r, 1920, 1080, black), 0);
    render_nine(r, panel, (rrect){0, 0, 40, 40}, black);
    render_end(r);
    assert_int_equal(render_begin(r, 1920, 1080, black), 0);
    assert_false(picker->laid_out);
    assert_true(ui->laid_out);
    render_end(r);
    render_destroy(r);
}

/* A back end that keeps the quads submitted, so a test can read their corners. */
static rvertex captured[4 * 64];
static int ncaptured;

static void capture_submit(render *r, const rvertex *v, int quads, const render_run *runs, int nruns)
{
    (void)r, (void)runs, (void)nruns;
    for (int i = 0; i < quads && ncaptured < 64; i++, ncaptured++)
        memcpy(&captured[4 * ncaptured], &v[4 * i], sizeof *v * 4);
}

static const render_backend capture_be = {NULL, NULL, capture_submit, NULL, NULL};

/* A one-sprite asset dir (cheap to rasterise): "arrow", 40x20 units, and a
 * nine-slice "frame" whose left border (4) differs from its right (12). */
static render *make_capture(char *dir)
{
    char path[256], err[512] = "";
    render_paths p = {NULL, dir, FONT_DIR, NULL};
    render *r;

    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/arrow.svg", dir);
    write_text(path, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20\">"
                     "<path d=\"M0 0L40 10L0 20z\" fill=\"#fff\"/></svg>");
    snprintf(path, sizeof path, "%s/frame.svg", dir);
    write_text(path, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"32\" height=\"32\" "
                     "data-nine=\"4 4 12 4\"><rect width=\"32\" height=\"32\" fill=\"#fff\"/></svg>");
    r = render_create_common(&p, &capture_be, err, sizeof err);
    assert_non_null(r);
    return r;
}

static void test_mirrored_sprite_swaps_u(void **state)
{
    char dir[] = "/tmp/sh_capture_XXXXXX";
    render *r = make_capture(dir);
    sprite_id s = render_sprite_find(r, "arrow");
    const atlas_sprite *sp = &r->atlas.sprites[s];
    render_stats st;
    (void)state;

    ncaptured = 0;
    assert_int_equal(render_begin(r, 1920, 1080, black), 0); /* scale 1: pixels are units */
    render_sprite(r, s, (rrect){100, 50, 40, 20}, black);   /* upright */
    render_sprite(r, s, (rrect){300, 50, -40, 20}, black);  /* mirrored: spans 260..300 */
    render_sprite(r, s, (rrect){400, 90, 40, -20}, black);  /* flipped: spans y 70..90 */
    render_end(r);
    st = render_get_stats(r);
    assert_int_equal(st.quads, 3);
    assert_int_equal(ncaptured, 3);
    /* Corners: 0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left. */
    assert_float_equal(captured[0].x, 100, 1e-3);
    assert_float_equal(captured[0].u, (float)sp->x, 1e-3);
    assert_float_equal(captured[1].u, (float)(sp->x + sp->pw), 1e-3);
    /* The mirrored quad is upright on screen with its u reversed. */
    assert_float_equal(captured[4].x, 260, 1e-3);
    assert_float_equal(captured[5].x, 300, 1e-3);
    assert_float_equal(captured[4].u, (float)(sp->x + sp->pw), 1e-3);
    assert_float_equal(captured[5].u, (float)sp->x, 1e-3);
    assert_float_equal(captured[4].v, (float)sp->y, 1e-3);
    assert_float_equal(captured[7].v, (float)(sp->y + sp->ph), 1e-3);
    /* Flipped top-bottom: v reversed, u as drawn upright. */
    assert_float_equal(captured[8].y, 70, 1e-3);
    assert_float_equal(captured[11].y, 90, 1e-3);
    assert_float_equal(captured[8].v, (float)(sp->y + sp->ph), 1e-3);
    assert_float_equal(captured[11].v, (float)sp->y, 1e-3);
    assert_float_equal(captured[8].u, (float)sp->x, 1e-3);
    render_destroy(r);
    remove_tree(dir);
}

/* A shaded sprite is one quad: the rows asked for, the top tint on its top
 * corners and the bottom tint on its bottom ones (flipped: they follow the screen). */
static void test_shaded_sprite(void **state)
{
    char dir[] = "/tmp/sh_capture_XXXXXX";
    render *r = make_capture(dir);
    sprite_id s = render_sprite_find(r, "arrow");
    const atlas_sprite *sp = &r->atlas.sprites[s];
    rcolor top = {200, 200, 200, 255}, bottom = {100, 100, 100, 255};
    (void)state;

    ncaptured = 0;
    assert_int_equal(render_begin(r, 1920, 1080, black), 0);
    render_sprite_shaded(r, s, (rrect){10, 20, 40, 30}, 0.5f, 0.25f, 1.0f, 0.75f, top, bottom);
    render_sprite_shaded(r, s, (rrect){10, 90, 40, -30}, 0.0f, 0.0f, 1.0f, 1.0f, top, bottom);
    render_end(r);
    assert_int_equal(render_get_stats(r).quads, 2);
    assert_int_equal(ncaptured, 2);
    assert_float_equal(captured[0].v, (float)sp->y + 0.25f * (float)sp->ph, 1e-3);
    assert_float_equal(captured[3].v, (float)sp->y + 0.75f * (float)sp->ph, 1e-3);
    /* The u range: the right half of the sprite. */
    assert_float_equal(captured[0].u, (float)sp->x + 0.5f * (float)sp->pw, 1e-3);
    assert_float_equal(captured[1].u, (float)sp->x + (float)sp->pw, 1e-3);
    for (int i = 0; i < 4; i++)
        assert_int_equal(captured[i].rgba[0], i < 2 ? 200 : 100);
    /* Flipped: the upper screen edge still gets the top tint. */
    assert_float_equal(captured[4].y, 60, 1e-3);
    for (int i = 4; i < 8; i++)
        assert_int_equal(captured[i].rgba[0], i < 6 ? 200 : 100);
    render_destroy(r);
    remove_tree(dir);
}

static void test_mirrored_nine_slice(void **state)
{
    char dir[] = "/tmp/sh_capture_XXXXXX";
    render *r = make_capture(dir);
    sprite_id s = render_sprite_find(r, "frame");
    const atlas_sprite *sp = &r->atlas.sprites[s];
    float minx = 1e9f, maxx = -1e9f;
    int right_border = 0;
    (void)state;

    ncaptured = 0;
    assert_int_equal(render_begin(r, 1920, 1080, black), 0);
    render_nine(r, s, (rrect){300, 100, -200, 100}, black); /* spans 100..300 */
    render_end(r);
    assert_int_equal(ncaptured, 9);
    for (int q = 0; q < 9; q++) {
        const rvertex *v = &captured[4 * q];
        assert_true(v[1].x > v[0].x); /* every part upright... */
        assert_true(v[0].u > v[1].u); /* ...with its texture reversed */
        minx = v[0].x < minx ? v[0].x : minx;
        maxx = v[1].x > maxx ? v[1].x : maxx;
        /* The source's wide right border (12) lands on the left edge. */
        if (v[0].x == 100 && v[1].x == 112 && v[0].u == (float)(sp->x + sp->pw))
            right_border++;
    }
    assert_float_equal(minx, 100, 1e-3);
    assert_float_equal(maxx, 300, 1e-3);
    assert_int_equal(right_border, 3);
    render_destroy(r);
    remove_tree(dir);
}

static char warned[512];

static void keep_warning(log_level level, const char *line, void *user)
{
    (void)user;
    if (level == LOG_WARN) {
        warnings++;
        snprintf(warned, sizeof warned, "%s", line);
    }
}

/* Whether a captured quad is flat magenta (the stand-in's colour, premultiplied). */
static int magenta(const rvertex *v) { return v->rgba[0] > 240 && v->rgba[1] < 16 && v->rgba[2] > 240; }

/* Missing art: logged once per name with the file expected, and drawn as a
 * visible stand-in by every sprite call, never silently left out. */
static void test_missing_sprite_stand_in(void **state)
{
    char dir[] = "/tmp/sh_capture_XXXXXX", want[256];
    render *r = make_capture(dir);
    sprite_id s, again;
    int hot = 0;
    (void)state;

    warnings = 0;
    log_set_sink(keep_warning, NULL);
    s = render_sprite_find(r, "pieces/gone");
    again = render_sprite_find(r, "pieces/gone");
    log_set_sink(NULL, NULL);
    assert_int_equal(warnings, 1); /* once, however often it is asked for */
    snprintf(want, sizeof want, "%s/pieces/gone.svg", dir);
    assert_non_null(strstr(warned, want));
    assert_int_equal(s, again);
    assert_true(s >= 0); /* callers' "found" checks draw it */
    assert_true(render_sprite_is_missing(r, s));
    assert_false(render_sprite_is_missing(r, render_sprite_find(r, "arrow")));

    for (int call = 0; call < 3; call++) {
        ncaptured = 0;
        assert_int_equal(render_begin(r, 1920, 1080, black), 0);
        if (call == 0)
            render_sprite(r, s, (rrect){100, 100, 64, 64}, (rcolor){255, 255, 255, 255});
        else if (call == 1)
            render_sprite_ex(r, s, 300, 300, -64, 64, 0.5f, (rcolor){10, 200, 10, 255});
        else
            render_nine(r, s, (rrect){400, 400, 200, 100}, (rcolor){255, 255, 255, 255});
        render_end(r);
        assert_true(ncaptured >= 2); /* the field and at least a dark cell */
        for (int q = 0; q < ncaptured; q++)
            hot += magenta(&captured[4 * q]);
    }
    assert_true(hot >= 3); /* magenta whatever the tint */
    render_destroy(r);
    remove_tree(dir);
}

/* An SVG cut short reads as a root with a size and draws nothing: it is
 * drawn as the magenta stand-in instead, with one warning naming it. */
static void test_truncated_svg_is_the_stand_in(void **state)
{
    char dir[] = "/tmp/sh_cut_XXXXXX", path[256], err[512] = "";
    render_paths p = {NULL, dir, FONT_DIR, NULL};
    atlas a;
    render *r;
    (void)state;

    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/whole.svg", dir);
    write_text(path, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20\">"
                     "<rect width=\"40\" height=\"20\" fill=\"#fff\"/></svg>\n<!-- done -->\n");
    snprintf(path, sizeof path, "%s/cut.svg", dir);
    write_text(path, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20\">"
                     "<rect width=\"40\" height=\"20\" fi");
    warnings = 0;
    log_set_sink(keep_warning, NULL);
    r = render_create_common(&p, &capture_be, err, sizeof err);
    log_set_sink(NULL, NULL);
    assert_non_null(r);
    assert_int_equal(warnings, 1);
    assert_non_null(strstr(warned, path));
    assert_non_null(strstr(warned, "magenta"));
    assert_true(render_sprite_is_missing(r, render_sprite_find(r, "cut")));
    assert_false(render_sprite_is_missing(r, render_sprite_find(r, "whole")));
    render_destroy(r);

    /* Its pixels are the stand-in's: opaque magenta where the art would be blank. */
    assert_int_equal(atlas_scan(&a, dir, err, sizeof err), 0);
    atlas_set_scale(&a, 1.0f);
    int cut = atlas_find(&a, "cut"), hot = 0;
    assert_true(cut >= 0);
    assert_int_equal(atlas_group_load(&a, a.sprites[cut].group, NULL, err, sizeof err), 0);
    uint8_t *px = block_pixels(&a, cut);
    for (size_t i = 0; i < block_size(&a, cut); i += 4)
        hot += px[i] > 240 && px[i + 1] < 16 && px[i + 2] > 240 && px[i + 3] == 255;
    assert_true(hot > (int)(block_size(&a, cut) / 4 / 3));
    free(px);
    atlas_free(&a);
    remove_tree(dir);
}

static int fake_upload(render *r)
{
    (void)r;
    return 0;
}

static const render_backend upload_be = {fake_upload, NULL, NULL, NULL, NULL};

/* Art that cannot be read when first drawn fails that frame's render_end and
 * every render_begin after it, naming the file; it is never drawn blank quietly. */
static void test_unreadable_art_fails_the_frame(void **state)
{
    char dir[] = "/tmp/sh_capture_XXXXXX", path[300], err[512] = "";
    render_paths p = {NULL, dir, FONT_DIR, NULL};
    render *r;
    (void)state;

    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/arrow.svg", dir);
    write_text(path, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20\">"
                     "<path d=\"M0 0L40 10L0 20z\" fill=\"#fff\"/></svg>");
    r = render_create_common(&p, &upload_be, err, sizeof err);
    assert_non_null(r);
    assert_int_equal(remove(path), 0); /* gone between the scan and the first draw */
    assert_int_equal(render_begin(r, 1920, 1080, black), 0);
    render_sprite(r, render_sprite_find(r, "arrow"), (rrect){0, 0, 40, 20}, black);
    log_set_sink(count_warnings, NULL);
    assert_int_equal(render_end(r), -1);
    log_set_sink(NULL, NULL);
    assert_non_null(strstr(render_error(r), "arrow.svg"));
    assert_int_equal(render_begin(r, 1920, 1080, black), -1);
    render_destroy(r);
    remove_tree(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sprites_found_with_natural_size),
        cmocka_unit_test(test_discovery_is_recursive_and_sorted),
        cmocka_unit_test(test_bad_svg_names_the_file),
        cmocka_unit_test(test_missing_font_names_the_file),
        cmocka_unit_test(test_damaged_font_is_refused_at_start),
        cmocka_unit_test(test_nine_slice_quads_and_one_draw_call),
        cmocka_unit_test(test_virtual_units),
        cmocka_unit_test(test_text_metrics),
        cmocka_unit_test(test_sizes_share_a_face),
        cmocka_unit_test(test_wrapping),
        cmocka_unit_test(test_draw_calls_and_clips),
        cmocka_unit_test(test_atlas_cache),
        cmocka_unit_test(test_atlas_layout),
        cmocka_unit_test(test_art_groups_follow_the_screen),
        cmocka_unit_test(test_unreadable_art_fails_the_frame),
        cmocka_unit_test(test_mirrored_sprite_swaps_u),
        cmocka_unit_test(test_mirrored_nine_slice),
        cmocka_unit_test(test_shaded_sprite),
        cmocka_unit_test(test_missing_sprite_stand_in),
        cmocka_unit_test(test_truncated_svg_is_the_stand_in),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
