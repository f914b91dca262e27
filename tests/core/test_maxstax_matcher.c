/* The matcher: exact, shifted along the floor, in any order, a plank turned
 * 180 degrees, all match; a mirror image of an asymmetric card, a missing or
 * an extra block, or a block out of tolerance do not. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "games/maxstax/rules/maxstax_matcher.h"

/* Card "Overhang": a leaning stack of four, asymmetric. */
static const maxstax_card overhang = {
    19, 2, "Overhang", 4, {{-1.1, 0.5, 0}, {-0.7, 1.5, 0}, {-0.1, 2.5, 0}, {1.1, 3.5, 0}}};
/* Card "Gate": symmetric. */
static const maxstax_card gate = {6, 1, "Gate", 3, {{-1, 1.5, 90}, {1, 1.5, 90}, {0, 3.5, 0}}};

static void copy(const maxstax_card *c, maxstax_pose *out, double shift)
{
    for (int i = 0; i < c->n; i++) {
        out[i] = c->block[i];
        out[i].x += shift;
    }
}

static void test_exact_and_shifted(void **state)
{
    (void)state;
    maxstax_pose b[12];
    int assign[12];
    copy(&overhang, b, 0);
    assert_true(maxstax_matcher_match(&overhang, b, 4, assign));
    for (int i = 0; i < 4; i++)
        assert_int_equal(assign[i], i);
    copy(&overhang, b, 5.25);
    assert_true(maxstax_matcher_match(&overhang, b, 4, NULL));
    copy(&overhang, b, -7.9);
    assert_true(maxstax_matcher_match(&overhang, b, 4, NULL));
    /* Built in another order, with a little placement error. */
    maxstax_pose s[4] = {b[3], b[1], b[0], b[2]};
    s[0].x += 0.2, s[1].y -= 0.1, s[2].angle += 6, s[3].x -= 0.15;
    assert_true(maxstax_matcher_match(&overhang, s, 4, assign));
    assert_int_equal(assign[0], 2);
    assert_int_equal(assign[3], 0);
}

static void test_turned_plank(void **state)
{
    (void)state;
    maxstax_pose b[3];
    copy(&gate, b, 1);
    b[0].angle = -90;  /* an upright upside down */
    b[2].angle = 180;  /* the lintel turned end for end */
    b[1].angle = 95.0; /* within the tolerance */
    assert_true(maxstax_matcher_match(&gate, b, 3, NULL));
    assert_true(maxstax_matcher_angle_diff(179, -179) < 2.01);
    assert_true(maxstax_matcher_angle_diff(0, 90) == 90);
}

static void test_mirror(void **state)
{
    (void)state;
    maxstax_pose b[4];
    for (int i = 0; i < 4; i++) {
        b[i] = overhang.block[i];
        b[i].x = -b[i].x;
    }
    assert_false(maxstax_matcher_match(&overhang, b, 4, NULL));
    maxstax_pose g[3];
    for (int i = 0; i < 3; i++) {
        g[i] = gate.block[i];
        g[i].x = 3 - g[i].x;
    }
    assert_true(maxstax_matcher_match(&gate, g, 3, NULL)); /* a symmetric card matches its mirror */
}

static void test_missing_and_extra(void **state)
{
    (void)state;
    maxstax_pose b[5];
    copy(&overhang, b, 0);
    assert_false(maxstax_matcher_match(&overhang, b, 3, NULL));
    b[4] = (maxstax_pose){-1.1, 4.5, 0};
    assert_false(maxstax_matcher_match(&overhang, b, 5, NULL));
    /* Right count, but one block is somewhere else. */
    copy(&overhang, b, 0);
    b[3] = (maxstax_pose){-0.1, 3.5, 0};
    assert_false(maxstax_matcher_match(&overhang, b, 4, NULL));
}

static void test_tolerance(void **state)
{
    (void)state;
    maxstax_pose b[4];
    copy(&overhang, b, 2);
    b[3].x += 0.3;
    assert_true(maxstax_matcher_match(&overhang, b, 4, NULL));
    b[3].x += 0.5; /* 0.8 off, and no shift fixes it without breaking the rest */
    assert_false(maxstax_matcher_match(&overhang, b, 4, NULL));
    copy(&overhang, b, 2);
    b[1].y += 0.4;
    assert_false(maxstax_matcher_match(&overhang, b, 4, NULL));
    copy(&overhang, b, 2);
    b[2].angle = 12;
    assert_false(maxstax_matcher_match(&overhang, b, 4, NULL));
    copy(&overhang, b, 2);
    b[2].angle = 90;
    assert_false(maxstax_matcher_match(&overhang, b, 4, NULL));
}

static void test_twelve_blocks(void **state)
{
    (void)state;
    maxstax_card col = {40, 3, "Twelve high", 12, {{0, 0, 0}}};
    maxstax_pose b[12];
    for (int i = 0; i < 12; i++) {
        col.block[i] = (maxstax_pose){0, 0.5 + i, 0};
        b[11 - i] = (maxstax_pose){3.1 + 0.02 * (i % 3), 0.5 + i, i % 2 ? 180 : 0};
    }
    assert_true(maxstax_matcher_match(&col, b, 12, NULL));
    b[5].y = 30;
    assert_false(maxstax_matcher_match(&col, b, 12, NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_and_shifted), cmocka_unit_test(test_turned_plank),
        cmocka_unit_test(test_mirror),            cmocka_unit_test(test_missing_and_extra),
        cmocka_unit_test(test_tolerance),         cmocka_unit_test(test_twelve_blocks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
