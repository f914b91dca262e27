/* UI tests on the null renderer (real font metrics): the markdown view, and
 * the layout helpers (a row of buttons in a given width, text shrunk to fit). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/render.h"
#include "texthook.h"
#include "ui/mdview.h"
#include "ui/ui.h"

static const char sample[] =
    "# Stax Rules\n"
    "\n"
    "Build the **tallest** tower you can, *without* toppling it. Use `undo` freely.\n"
    "\n"
    "## Turn order\n"
    "\n"
    "1. Draw a tile.\n"
    "2. Place it on ~~any~~ your stack.\n"
    "   - Nested bullet with a long line that will need wrapping in a narrow column.\n"
    "3. Pass.\n"
    "\n"
    "> A quoted tip: keep the base wide.\n"
    "\n"
    "| Tile | Points | Notes |\n"
    "|:-----|-------:|:-----:|\n"
    "| Oak  | 3      | sturdy |\n"
    "| Pine | 1      | light &amp; cheap |\n"
    "\n"
    "```\n"
    "score = height * 2\n"
    "\tbonus += 1\n"
    "```\n"
    "\n"
    "---\n"
    "\n"
    "Last words.\n";

static render *r;

static int setup(void **state)
{
    render_paths p = {NULL, STACKHOUSE_SOURCE_DIR "/assets", "/usr/share/fonts/truetype/dejavu", NULL};
    char err[512];
    (void)state;
    r = render_create_null(&p, err, sizeof err);
    if (!r)
        return -1;
    return render_begin(r, 1920, 1080, (rcolor){0, 0, 0, 255});
}

static int teardown(void **state)
{
    (void)state;
    render_end(r);
    render_destroy(r);
    return 0;
}

static void test_parse_structure(void **state)
{
    char err[256] = "";
    md_doc *d = md_doc_parse(sample, strlen(sample), err, sizeof err);
    (void)state;

    assert_non_null(d);
    /* h1, p, h2, ol, quote, table, code, hr, p */
    assert_int_equal(md_block_count(d), 9);
    assert_string_equal(md_title(d), "Stax Rules");
    md_free(d);

    d = md_doc_parse("no heading here\n\n## Only h2\n", 28, err, sizeof err);
    assert_non_null(d);
    assert_string_equal(md_title(d), "");
    assert_int_equal(md_block_count(d), 2);
    md_free(d);
    assert_int_equal(md_block_count(NULL), 0);
    assert_string_equal(md_title(NULL), "");
}

static void test_layout_height(void **state)
{
    char err[256] = "";
    md_doc *d = md_doc_parse(sample, strlen(sample), err, sizeof err);
    float narrow, wide, drawn;
    render_stats st;
    (void)state;

    assert_non_null(d);
    narrow = md_draw(r, d, 0, 0, 300, 24, 0);
    wide = md_draw(r, d, 0, 0, 1200, 24, 0);
    assert_true(wide > 0);
    assert_true(narrow > wide);
    assert_true(md_draw(r, d, 0, 0, 1200, 32, 0) > wide);
    render_end(r);
    assert_int_equal(render_begin(r, 1920, 1080, (rcolor){0, 0, 0, 255}), 0);
    drawn = md_draw(r, d, 100, 50, 1200, 24, 1);
    assert_float_equal(drawn, wide, 1e-3);
    render_end(r);
    st = render_get_stats(r);
    assert_true(st.quads > 100);
    assert_int_equal(st.draw_calls, 1);

    /* Clipped to a strip near the top: far fewer quads, same height. */
    assert_int_equal(render_begin(r, 1920, 1080, (rcolor){0, 0, 0, 255}), 0);
    render_push_clip(r, (rrect){0, 0, 1920, 60});
    assert_float_equal(md_draw(r, d, 100, 0, 1200, 24, 1), wide, 1e-3);
    render_pop_clip(r);
    render_end(r);
    assert_true(render_get_stats(r).quads < st.quads / 3);
    assert_int_equal(render_begin(r, 1920, 1080, (rcolor){0, 0, 0, 255}), 0);
    md_free(d);
}

/* The lines md_draw drew (texthook.h's list) that touch the band y0..y1. */
static int lines_in_band(text_box *out, float y0, float y1)
{
    int n = 0;
    for (int i = 0; i < n_texts; i++)
        if (texts[i].r.y < y1 && texts[i].r.y + texts[i].r.h > y0)
            out[n++] = texts[i];
    return n;
}

/* A page scrolled under a clip never shows a line cut through its glyphs:
 * at every scroll position, each line drawn under the clip is drawn whole,
 * exactly as it is without the clip, and lines the clip's edges cross are
 * left out (the clip cuts some at most of these positions). */
static void test_clip_whole_lines(void **state)
{
    char err[256] = "";
    md_doc *d = md_doc_parse(sample, strlen(sample), err, sizeof err);
    const rrect clip = {0, 200, 1920, 301};
    static text_box full[TEXTHOOK_MAX], cut[TEXTHOOK_MAX];
    int crossed = 0;
    (void)state;

    assert_non_null(d);
    render_set_text_hook(r, texthook_on_text, NULL);
    for (float scroll = 0; scroll < 400; scroll += 7) {
        int nfull, ncut;
        n_texts = 0;
        md_draw(r, d, 100, 210 - scroll, 700, 24, 1);
        nfull = lines_in_band(full, clip.y, clip.y + clip.h);
        n_texts = 0;
        render_push_clip(r, clip);
        md_draw(r, d, 100, 210 - scroll, 700, 24, 1);
        render_pop_clip(r);
        ncut = lines_in_band(cut, clip.y, clip.y + clip.h);
        assert_true(ncut > 0);
        for (int i = 0; i < ncut; i++) {
            int same = 0;
            for (int k = 0; k < nfull && !same; k++)
                same = strcmp(full[k].s, cut[i].s) == 0 && fabsf(full[k].r.x - cut[i].r.x) < 0.01f &&
                       fabsf(full[k].r.y - cut[i].r.y) < 0.01f && fabsf(full[k].r.h - cut[i].r.h) < 0.01f;
            if (!same)
                fail_msg("scroll %.0f: '%s' is cut by the clip (%.1f..%.1f, clip %.0f..%.0f)", scroll, cut[i].s,
                         cut[i].r.y, cut[i].r.y + cut[i].r.h, clip.y, clip.y + clip.h);
        }
        for (int k = 0; k < nfull; k++)
            crossed += full[k].r.y < clip.y || full[k].r.y + full[k].r.h > clip.y + clip.h;
    }
    render_set_text_hook(r, NULL, NULL);
    assert_true(crossed > 10);
    md_free(d);
}

static void test_malformed_input(void **state)
{
    static const char *const inputs[] = {
        "", "\n\n\n", "#", "**unclosed *mixed `code", "| a |\n|---|\n| b | c | d |\n",
        "|x|\n|-|\n", "```\nnever closed", "> > > > > deep\n>>>>>>>>>>>>> deeper",
        "- a\n  - b\n    - c\n      - d\n        - e\n          - f\n            - g\n",
        "&#0; &#xFFFFFFFF; &bogus; &#99999999999;", "[link](<>) ![img](x.png)",
        "<b>html</b> <script>x</script>", "1. a\n1000000000. b\n",
        "Supercalifragilisticexpialidocious_and_much_longer_than_any_column_could_ever_hold",
    };
    char err[256];
    char *noise = malloc(4096);
    unsigned seed = 12345;
    (void)state;

    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        md_doc *d = md_doc_parse(inputs[i], strlen(inputs[i]), err, sizeof err);
        assert_non_null(d);
        assert_true(md_draw(r, d, 0, 0, 80, 20, 1) >= 0);
        md_free(d);
    }
    /* Random bytes drawn from markdown's punctuation, plus NULs and high bytes. */
    for (int round = 0; round < 200; round++) {
        static const char alphabet[] = "#*_`~|-:>[]()!\n \t1.a&;\\\x00\xc3\xa9\xff";
        size_t n = 1 + (size_t)(round * 17) % 4000;
        md_doc *d;
        for (size_t i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            noise[i] = alphabet[(seed >> 16) % (sizeof alphabet - 1)];
        }
        d = md_doc_parse(noise, n, err, sizeof err);
        assert_non_null(d);
        md_draw(r, d, 0, 0, 200 + (float)(round % 5) * 100, 18, round % 2);
        md_title(d);
        md_free(d);
    }
    md_free(NULL);
    free(noise);
}

static int disjoint(rrect a, rrect b) { return a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y; }

/* Wide enough: one row, each at most max_w, centred, gap apart, inside the area. */
static void test_buttons_one_row(void **state)
{
    rrect area = {100, 50, 600, 0}, b[3];
    float h = ui_layout_buttons(area, 3, 110, 150, 64, 12, b);
    (void)state;
    assert_float_equal(h, 64, 0.01);
    for (int i = 0; i < 3; i++) {
        assert_float_equal(b[i].w, 150, 0.01);
        assert_float_equal(b[i].y, 50, 0.01);
        assert_true(b[i].x >= area.x && b[i].x + b[i].w <= area.x + area.w);
    }
    assert_float_equal(b[1].x - (b[0].x + b[0].w), 12, 0.01);
    /* centred: equal margins */
    assert_float_equal(b[0].x - area.x, area.x + area.w - (b[2].x + b[2].w), 0.01);
}

/* The 4:3 case that once read "UndoRedoMenu": a narrow area never overlaps
 * its buttons; they share the width down to min_w, then wrap to a new row. */
static void test_buttons_narrow_wrap(void **state)
{
    rrect b[3];
    float h;
    (void)state;
    h = ui_layout_buttons((rrect){0, 0, 360, 0}, 3, 110, 200, 64, 12, b);
    assert_float_equal(h, 64, 0.01);
    assert_true(b[0].w >= 110 && b[0].w <= 112);
    h = ui_layout_buttons((rrect){0, 0, 176, 0}, 3, 110, 200, 64, 12, b);
    assert_float_equal(h, 3 * 64 + 2 * 12, 0.01); /* one a row */
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            assert_true(disjoint(b[i], b[j]));
}

/* Text keeps its size when it fits, shrinks to fit, and never goes under UI_MIN. */
static void test_text_fit_size(void **state)
{
    const char *s = "Computer (Medium)";
    float w = render_text_width(r, FONT_SANS_BOLD, UI_BODY, s), k;
    (void)state;
    assert_float_equal(ui_text_fit_size(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, w + 1, s), UI_BODY, 0.01);
    k = ui_text_fit_size(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, w * 0.8f, s);
    assert_true(k < UI_BODY && k >= UI_MIN);
    assert_true(render_text_width(r, FONT_SANS_BOLD, k, s) <= w * 0.8f);
    assert_float_equal(ui_text_fit_size(r, FONT_SANS_BOLD, UI_BODY, 8, 20, s), UI_MIN, 0.01);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_structure),
        cmocka_unit_test(test_layout_height),
        cmocka_unit_test(test_clip_whole_lines),
        cmocka_unit_test(test_malformed_input),
        cmocka_unit_test(test_buttons_one_row),
        cmocka_unit_test(test_buttons_narrow_wrap),
        cmocka_unit_test(test_text_fit_size),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
