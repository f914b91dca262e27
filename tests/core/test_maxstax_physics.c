/* The MAXSTAX physics: built structures stand still (a 12-high column and a
 * 3-2-1 pyramid for 60 s with the top drifting under 1% of a block), columns
 * built a little crooked come to rest, and the hand picks a block up,
 * carries and turns it, lets go, and knocks over. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>

#include "core/rng.h"
#include "games/maxstax/rules/maxstax_world.h"

#define STEPS_PER_S ((int)(1.0 / MAXSTAX_STEP + 0.5))

static void run(maxstax_world *w, double seconds)
{
    for (int i = 0; i < (int)(seconds * STEPS_PER_S); i++)
        maxstax_world_step(w);
}

static double drift(maxstax_pose a, maxstax_pose b) { return hypot(a.x - b.x, a.y - b.y); }

/* Stands the blocks up at their poses; after 1 s to settle onto their
 * contacts (each may sink by the solver's slop), the top block must drift
 * less than 1% of a block for 60 s, and stay near where it was placed. */
static void check_stands(const maxstax_pose *p, int n)
{
    maxstax_world *w = maxstax_world_new();
    assert_non_null(w);
    for (int i = 0; i < n; i++)
        assert_int_equal(maxstax_world_add(w, p[i]), i);
    run(w, 1.0);
    maxstax_pose settled = maxstax_world_pose(w, n - 1);
    assert_true(drift(settled, p[n - 1]) < 0.1);
    for (int s = 0; s < 60; s++) {
        run(w, 1.0);
        maxstax_pose top = maxstax_world_pose(w, n - 1);
        if (drift(top, settled) >= 0.01 * MAXSTAX_BLOCK_LEN || fabs(top.angle - p[n - 1].angle) > 1)
            fail_msg("after %d s the top block is at (%.4f, %.4f, %.2f deg), settled at (%.4f, %.4f)", s + 2,
                     top.x, top.y, top.angle, settled.x, settled.y);
    }
    for (int i = 0; i < n; i++)
        assert_true(maxstax_world_sleeping(w, i)); /* at rest, the solver stops working */
    maxstax_world_free(w);
}

static void test_column_stands(void **state)
{
    (void)state;
    maxstax_pose p[12];
    for (int i = 0; i < 12; i++)
        p[i] = (maxstax_pose){4.0, 0.5 + i, 0};
    check_stands(p, 12);
}

static void test_pyramid_stands(void **state)
{
    (void)state;
    maxstax_pose p[6] = {{-3, 0.5, 0}, {0, 0.5, 0}, {3, 0.5, 0}, {-1.5, 1.5, 0}, {1.5, 1.5, 0}, {0, 2.5, 0}};
    check_stands(p, 6);
}

/* Columns as a hand builds them, each plank a little off the one below and
 * let go a little above it, come to rest: none keeps rocking (an unconverged
 * solver can feed a rocking tower for good). */
static void test_offset_columns_come_to_rest(void **state)
{
    (void)state;
    rng r;
    rng_seed(&r, 12);
    for (int c = 0; c < 20; c++) {
        maxstax_world *w = maxstax_world_new();
        double y = 0;
        for (int i = 0; i < 12; i++) {
            maxstax_world_add(w, (maxstax_pose){(rng_unit(&r) - 0.5) * 0.1, y + 0.5 + rng_unit(&r) * 0.02, 0});
            y += 1.02;
        }
        run(w, 10.0);
        for (int b = 0; b < 12; b++)
            if (!maxstax_world_sleeping(w, b))
                fail_msg("column %d: block %d still moves at %.2f units/s after 10 s", c, b, maxstax_world_speed(w, b));
        assert_true(maxstax_world_pose(w, 11).y > 11.3); /* and it stands */
        maxstax_world_free(w);
    }
}

static void test_hand_carries_and_turns(void **state)
{
    (void)state;
    maxstax_world *w = maxstax_world_new();
    int b = maxstax_world_add(w, (maxstax_pose){0, 0.5, 0});
    run(w, 0.5);
    assert_int_equal(maxstax_world_grab(w, 0, 0.2, 0.5, 1), b);
    assert_int_equal(maxstax_world_held(w, 0), b);
    assert_int_equal(maxstax_world_grab(w, 1, 0.2, 0.5, 1), -1); /* one hand per block */
    maxstax_world_hand_move(w, 0, 5.2, 6.5);
    maxstax_world_turn(w, 0, 6); /* 90 degrees */
    run(w, 2.0);
    maxstax_pose p = maxstax_world_pose(w, b);
    assert_true(fabs(fabs(p.angle) - 90) < 3);
    assert_true(hypot(p.x - 5.2, p.y - 6.5) < 1.8); /* hanging from the grab point */
    double hx, hy;
    maxstax_world_hand_pos(w, 0, &hx, &hy);
    assert_true(fabs(hx - 5.2) < 1e-6 && fabs(hy - 6.5) < 1e-6);
    maxstax_world_release(w, 0);
    assert_int_equal(maxstax_world_held(w, 0), -1);
    run(w, 3.0);
    p = maxstax_world_pose(w, b);
    assert_true(p.y < 1.6); /* fell and lies or stands on the floor */
    maxstax_world_free(w);
}

static void test_knock_over(void **state)
{
    (void)state;
    maxstax_world *w = maxstax_world_new();
    for (int i = 0; i < 6; i++)
        maxstax_world_add(w, (maxstax_pose){0, 0.5 + i, 0});
    int b = maxstax_world_add(w, (maxstax_pose){-8, 0.5, 0});
    run(w, 0.5);
    assert_int_equal(maxstax_world_grab(w, 0, -8, 0.5, 1), b);
    maxstax_world_hand_move(w, 0, -8, 4.5);
    run(w, 1.0);
    maxstax_world_hand_move(w, 0, 8, 4.5); /* swing through the column */
    run(w, 2.0);
    maxstax_world_release(w, 0);
    run(w, 3.0);
    /* The swing punched the fifth block out and the ones above dropped. */
    assert_true(maxstax_world_pose(w, 4).x > 2.0);
    assert_true(maxstax_world_pose(w, 5).y < 5.0);
    maxstax_world_free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_column_stands),
        cmocka_unit_test(test_pyramid_stands),
        cmocka_unit_test(test_offset_columns_come_to_rest),
        cmocka_unit_test(test_hand_carries_and_turns),
        cmocka_unit_test(test_knock_over),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
