/* The MAXSTAX physics: built structures stand still (a 12-high column and a
 * 3-2-1 pyramid for 60 s with the top drifting under 1% of a block), columns
 * built a little crooked come to rest, and the hand picks a block up,
 * carries and turns it, lets go, and knocks over; a leaning stack breaks
 * apart, a hand-built column goes still and sleeps, and a shove is no fall
 * (#24). */
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
    /* The swing punched the fifth block out and the ones above dropped:
     * falls, each (#24); the blocks below stood. */
    assert_true(maxstax_world_pose(w, 4).x > 2.0);
    assert_true(maxstax_world_pose(w, 5).y < 5.0);
    print_message("knock over: falls %d %d %d %d %d %d\n", maxstax_world_falls(w, 0), maxstax_world_falls(w, 1),
                  maxstax_world_falls(w, 2), maxstax_world_falls(w, 3), maxstax_world_falls(w, 4),
                  maxstax_world_falls(w, 5));
    assert_true(maxstax_world_falls(w, 4) >= 1);
    assert_true(maxstax_world_falls(w, 5) >= 1);
    for (int i = 0; i < 4; i++)
        assert_int_equal(maxstax_world_falls(w, i), 0);
    maxstax_world_free(w);
}


/* ---- Falls and settling (#24) ---- */

/* The largest gap between two blocks along any of their four face axes
 * (negative: they overlap); two blocks within 0.05 of a unit touch. */
static double block_gap(maxstax_pose a, maxstax_pose b)
{
    const maxstax_pose *p[2] = {&a, &b};
    double cx[2][4], cy[2][4], gap = -INFINITY;
    for (int i = 0; i < 2; i++) {
        double r = p[i]->angle * 3.14159265358979323846 / 180.0, c = cos(r), s = sin(r);
        static const double sx[4] = {1, -1, -1, 1}, sy[4] = {1, 1, -1, -1};
        for (int k = 0; k < 4; k++) {
            double lx = sx[k] * MAXSTAX_BLOCK_LEN / 2, ly = sy[k] * MAXSTAX_BLOCK_THICK / 2;
            cx[i][k] = p[i]->x + c * lx - s * ly;
            cy[i][k] = p[i]->y + s * lx + c * ly;
        }
    }
    for (int i = 0; i < 2; i++)
        for (int e = 0; e < 2; e++) {
            double r = p[i]->angle * 3.14159265358979323846 / 180.0 + e * 3.14159265358979323846 / 2;
            double ax = cos(r), ay = sin(r), lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
            for (int j = 0; j < 2; j++)
                for (int k = 0; k < 4; k++) {
                    double d = cx[j][k] * ax + cy[j][k] * ay;
                    lo[j] = fmin(lo[j], d);
                    hi[j] = fmax(hi[j], d);
                }
            gap = fmax(gap, fmax(lo[1] - hi[0], lo[0] - hi[1]));
        }
    return gap;
}

/* Blocks first..first+n-1 in groups of touching blocks (the floor joins
 * nothing): the number of separate pieces. */
static int count_pieces(const maxstax_world *w, int first, int n)
{
    int group[MAXSTAX_MAX_BLOCKS];
    for (int i = 0; i < n; i++)
        group[i] = i;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                if (group[i] != group[j] &&
                    block_gap(maxstax_world_pose(w, first + i), maxstax_world_pose(w, first + j)) < 0.05) {
                    int g = group[i] < group[j] ? group[i] : group[j];
                    group[i] = group[j] = g;
                    changed = 1;
                }
    }
    int pieces = 0;
    for (int i = 0; i < n; i++)
        pieces += group[i] == i;
    return pieces;
}

/* Where plank b lies in plank a's frame: offset along a's length and
 * thickness, and the angle between them (degrees, wrapped). */
static maxstax_pose relative_pose(maxstax_pose a, maxstax_pose b)
{
    double r = a.angle * 3.14159265358979323846 / 180.0, dx = b.x - a.x, dy = b.y - a.y;
    double da = fmod(b.angle - a.angle + 540.0, 360.0) - 180.0;
    return (maxstax_pose){cos(r) * dx + sin(r) * dy, -sin(r) * dx + cos(r) * dy, da};
}

/* The pieces a stack of n planks (plank i on plank i-1, poses at[]) broke
 * into: planks that still lie on each other as stacked (within 0.2 of a
 * unit and 10 degrees) are one piece, however that piece lies now. */
static int count_pieces_from(const maxstax_world *w, const maxstax_pose *at, int n)
{
    int pieces = 1;
    for (int i = 1; i < n; i++) {
        maxstax_pose was = relative_pose(at[i - 1], at[i]);
        maxstax_pose now = relative_pose(maxstax_world_pose(w, i - 1), maxstax_world_pose(w, i));
        pieces += hypot(now.x - was.x, now.y - was.y) > 0.2 || fabs(now.angle - was.angle) > 10.0;
    }
    return pieces;
}

/* A plank is upright in the pose it was stacked in: flat, the same face up. */
static int upright(maxstax_pose p) { return fabs(p.angle) < 10.0; }

/* Leaning stacks of 7, each plank 0.5 to 0.875 beyond the one below, are
 * past their tipping point (the six upper planks' centre is 1.75 to 3 out,
 * over a base edge at 1.5): each breaks apart as it falls, into at least 3
 * pieces (planks no longer lying on each other as stacked), not all lying
 * the way up they were stacked, and lands as more than one heap of
 * touching planks. The leans from 0.5 to 0.575 tip as a slab and land as
 * two heaps, a fan of planks standing on their ends leaning on each other,
 * with Chipmunk's own solver as with this one (docs/performance.md). */
static void test_lean_falls_apart(void **state)
{
    (void)state;
    for (int l = 0; l < 16; l++) {
        double lean = 0.5 + 0.025 * l;
        maxstax_world *w = maxstax_world_new();
        maxstax_pose at[7];
        for (int i = 0; i < 7; i++) {
            at[i] = (maxstax_pose){lean * i, 0.5 + i, 0};
            maxstax_world_add(w, at[i]);
        }
        run(w, 6.0);
        int pieces = count_pieces_from(w, at, 7), heaps = count_pieces(w, 0, 7), up = 0, standing = 0;
        for (int i = 0; i < 7; i++) {
            maxstax_pose p = maxstax_world_pose(w, i);
            up += upright(p);
            standing += fabs(sin(p.angle * 3.14159265358979323846 / 180.0)) > 0.7; /* steeper than 45 degrees */
        }
        print_message("lean %.3f: %d pieces, %d heaps, %d of 7 as stacked, %d standing\n", lean, pieces, heaps, up,
                      standing);
        assert_true(maxstax_world_pose(w, 6).y < 4.0); /* it did fall */
        assert_true(pieces >= 3);
        assert_true(heaps >= 2);
        assert_true(up < 7);
        maxstax_world_free(w);
    }
}

/* Ten planks as a hand builds a column: each picked up off the table a
 * little off its middle, carried over the column, let go just above it.
 * Within 1 s of the last drop the column is still: every block asleep, and
 * none moves more than 0.001 units a second from then on (0.1 px a second
 * at 100 px a unit, more than any pane draws a plank at). */
static void test_hand_built_column_settles(void **state)
{
    (void)state;
    rng r;
    rng_seed(&r, 24);
    maxstax_world *w = maxstax_world_new();
    for (int i = 0; i < 10; i++)
        maxstax_world_add(w, (maxstax_pose){-20.0 - 4.0 * i, 0.5, 0});
    run(w, 0.5);
    for (int i = 0; i < 10; i++) {
        maxstax_pose p = maxstax_world_pose(w, i);
        double off = (rng_unit(&r) - 0.5) * 0.8;
        assert_int_equal(maxstax_world_grab(w, 0, p.x + off, p.y, 1), i);
        maxstax_world_hand_move(w, 0, p.x + off, 12.5);
        run(w, 0.5);
        double x = off + (rng_unit(&r) - 0.5) * 0.2;
        maxstax_world_hand_move(w, 0, x, 12.5);
        run(w, 2.0);
        maxstax_world_hand_move(w, 0, x, 1.2 + i * 1.0 + rng_unit(&r) * 0.2);
        run(w, 1.0);
        maxstax_world_release(w, 0);
        if (i < 9)
            run(w, 0.6);
    }
    maxstax_pose at[10], then[10];
    for (int s = 0; s <= 10; s++) {
        for (int i = 0; i < 10; i++)
            at[i] = maxstax_world_pose(w, i);
        double most = 0;
        int awake = 0;
        for (int k = 0; k < STEPS_PER_S; k++) {
            maxstax_world_step(w);
            for (int i = 0; i < 10; i++)
                most = fmax(most, drift(maxstax_world_pose(w, i), at[i]));
        }
        for (int i = 0; i < 10; i++) {
            then[i] = maxstax_world_pose(w, i);
            awake += !maxstax_world_sleeping(w, i);
        }
        print_message("column: %d-%d s after the last drop: moved up to %.5f units, %d awake\n", s, s + 1, most, awake);
        if (s >= 1 && (most > 0.001 || awake))
            fail_msg("second %d after the last drop: a block moved %.5f units, %d blocks awake", s, most, awake);
    }
    assert_true(then[9].y > 9.0); /* it stands */
    maxstax_world_free(w);
}


/* The view's crash rule before #24, for the measurement: three blocks not
 * held moving faster than 10 units/s off the floor. */
static int old_crash_rule(const maxstax_world *w, int first, int n)
{
    int fast = 0;
    for (int b = first; b < first + n; b++)
        fast += maxstax_world_held(w, 0) != b && maxstax_world_speed(w, b) > 10.0 && maxstax_world_pose(w, b).y > 0.6;
    return fast >= 3;
}

/* A carried block stood on its end shoves a pile of four planks 2 units
 * along the table at the hand's full speed and stops: the pile slides,
 * nothing falls, so no block has fallen (the view's "Crash!" comes from
 * falls). */
static void test_shove_is_no_crash(void **state)
{
    (void)state;
    maxstax_world *w = maxstax_world_new();
    for (int i = 0; i < 4; i++)
        maxstax_world_add(w, (maxstax_pose){0, 0.5 + i, 0});
    int c = maxstax_world_add(w, (maxstax_pose){-8, 0.5, 0});
    run(w, 0.5);
    assert_int_equal(maxstax_world_grab(w, 0, -8, 0.5, 1), c);
    maxstax_world_turn(w, 0, 6); /* on its end, 3 tall */
    maxstax_world_hand_move(w, 0, -8, 2.0);
    run(w, 1.0);
    /* The block's face meets the pile at hand x -2; on 2 units more. */
    maxstax_world_hand_move(w, 0, 0.0, 2.0);
    int old_events = 0;
    for (int k = 0; k < 3 * STEPS_PER_S; k++) {
        maxstax_world_step(w);
        if (k % 2 == 1)
            old_events += old_crash_rule(w, 0, 5); /* the view looks once a frame */
    }
    double top = maxstax_world_pose(w, 3).y, x0 = maxstax_world_pose(w, 0).x;
    int falls = 0;
    for (int b = 0; b < 4; b++)
        falls += maxstax_world_falls(w, b);
    print_message("shove: pile base moved to x %.2f, top at y %.2f; falls %d; old rule fired on %d frames\n", x0, top,
                  falls, old_events);
    assert_true(x0 > 0.5);  /* it was shoved */
    assert_true(top > 3.3); /* and still stands four high */
    assert_int_equal(falls, 0);
    maxstax_world_release(w, 0);
    run(w, 2.0);
    assert_int_equal(maxstax_world_falls(w, c), 0); /* let go just above the table: no fall either */
    maxstax_world_free(w);
}

/* Drops one block flat from h units above the floor (onto a resting block
 * when on_block) and returns its strongest impact, or 0 with none. */
static double drop_knock(double h, int on_block, maxstax_knock *hit)
{
    maxstax_world *w = maxstax_world_new();
    unsigned seen = 0;
    maxstax_knock k[4];
    double base = 0.5;
    if (on_block) {
        maxstax_world_add(w, (maxstax_pose){0, 0.5, 0});
        base = 1.5;
    }
    run(w, 0.5);
    assert_int_equal(maxstax_world_knocks(w, &seen, k, 4), 0); /* a block at rest is silent */
    int b = maxstax_world_add(w, (maxstax_pose){0, base + h, 0});
    double best = 0;
    for (int i = 0; i < STEPS_PER_S; i++) {
        maxstax_world_step(w);
        int n = maxstax_world_knocks(w, &seen, k, 4);
        for (int j = 1; j < n; j++)
            assert_true(k[j].impulse <= k[j - 1].impulse); /* strongest first */
        if (n > 0 && k[0].impulse > best) {
            best = k[0].impulse;
            *hit = k[0];
        }
    }
    assert_true(best == 0 || hit->a == b || hit->b == b);
    maxstax_world_free(w);
    return best;
}

/* Impacts for sound (#27): a block dropped onto the floor or another block
 * is reported once it strikes, as hard as it fell (its impulse about its
 * momentum, 30 g times the speed of the fall, give or take the bounce),
 * on the floor (b -1) or on the block, where it landed; a resting block
 * reports nothing. */
static void test_knocks_follow_the_fall(void **state)
{
    static const double heights[] = {0.1, 0.5, 2.0, 8.0};
    double last = 0;
    (void)state;
    for (int i = 0; i < 4; i++) {
        maxstax_knock hit = {0};
        double j = drop_knock(heights[i], 0, &hit), v = sqrt(2 * 9.81 / 0.025 * heights[i]);
        print_message("drop %.1f: v %.1f units/s, impulse %.0f (m v = %.0f)\n", heights[i], v, j, 30 * v);
        assert_true(j > 0.8 * 30 * v && j < 2.5 * 30 * v);
        assert_true(j > last);
        assert_int_equal(hit.b, -1);
        assert_true(fabs(hit.x) < MAXSTAX_BLOCK_LEN && fabs(hit.y) < 0.2);
        last = j;
    }
    maxstax_knock hit = {0};
    double j = drop_knock(2.0, 1, &hit);
    assert_true(j > 0);
    assert_true(hit.a == 0 && hit.b == 1); /* wood on wood, the lower-numbered block first */
    assert_true(fabs(hit.y - 1.0) < 0.2);
    /* Missed impacts are not replayed: a counter from long ago reads the ring's last 64 at most. */
    maxstax_world *w = maxstax_world_new();
    unsigned seen = 12345;
    maxstax_knock k[4];
    assert_int_equal(maxstax_world_knocks(w, &seen, k, 4), 0);
    assert_int_equal(seen, 0);
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
        cmocka_unit_test(test_lean_falls_apart),
        cmocka_unit_test(test_hand_built_column_settles),
        cmocka_unit_test(test_shove_is_no_crash),
        cmocka_unit_test(test_knocks_follow_the_fall),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
