/* The shared layout helpers on the null renderer (real font metrics): a row
 * of buttons laid out in a given width, and text shrunk to fit its box. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>

#include "render/render.h"
#include "ui/ui.h"

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
        cmocka_unit_test(test_buttons_one_row),
        cmocka_unit_test(test_buttons_narrow_wrap),
        cmocka_unit_test(test_text_fit_size),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
