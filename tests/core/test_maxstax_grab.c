/* Grabbing in a SPEEDSTAX match: a pointer press (MAXSTAX_IN_GRAB_AT) on a
 * block far from the hand takes that block on the press's own tick, and an
 * immediate quick drag carries it with the pointer from the first frame: it
 * comes off its pile cleanly and the pile stands. A controller's grab
 * (MAXSTAX_IN_GRAB) still closes where its hand is, so that hand travels. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>

#include "games/maxstax/rules/maxstax_match.h"
#include "games/maxstax/rules/maxstax_world.h"

#define FRAME (1.0 / 60.0)
#define PI 3.14159265358979

static maxstax_match *new_match(void)
{
    static maxstax_deck deck;
    char err[256];
    maxstax_setup setup;
    maxstax_match *m;
    assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
    maxstax_setup_default(&setup, 2);
    m = maxstax_match_new(&setup, &deck, 7, err, sizeof err);
    assert_non_null(m);
    return m;
}

/* Seat 0's hand parks far from the piles, up over the left of its space. */
static void park_hand(maxstax_match *m)
{
    maxstax_input in[2] = {{-8, 8, 0, 0}, {0, 10, 0, 0}};
    double hx, hy;
    for (int f = 0; f < 60; f++)
        maxstax_step(m, in, FRAME);
    maxstax_match_hand(m, 0, &hx, &hy);
    assert_true(hypot(hx + 8, hy - 8) < 0.01);
}

/* The block at the top of starter pile k (the highest block near its x). */
static int pile_top(const maxstax_match *m, int k)
{
    int best = -1;
    double best_y = -1;
    for (int b = 0; b < MAXSTAX_BLOCKS_PER_PLAYER; b++) {
        maxstax_pose q = maxstax_match_pose(m, 0, b);
        if (fabs(q.x - maxstax_match_pile_x(k)) < 0.5 && q.y > best_y) {
            best_y = q.y;
            best = b;
        }
    }
    assert_true(best >= 0);
    return best;
}

static void test_press_takes_the_block_at_once_and_drags_it(void **state)
{
    maxstax_match *m = new_match();
    const maxstax_world *w = maxstax_match_world(m);
    maxstax_pose before[MAXSTAX_BLOCKS_PER_PLAYER];
    int top;
    double px, py, hx, hy;
    (void)state;
    park_hand(m);
    for (int b = 0; b < MAXSTAX_BLOCKS_PER_PLAYER; b++)
        before[b] = maxstax_match_pose(m, 0, b);
    top = pile_top(m, 0);
    px = before[top].x + 0.8; /* pressed right of its middle, as a hand would */
    py = before[top].y;
    maxstax_match_hand(m, 0, &hx, &hy);
    assert_true(hypot(hx - px, hy - py) > 15); /* far from the hand */
    {
        /* The press's frame: the block is in the hand on that frame. */
        maxstax_input in[2] = {{px, py, 0, MAXSTAX_IN_GRAB_AT}, {0, 10, 0, 0}};
        maxstax_step(m, in, FRAME);
        assert_int_equal(maxstax_world_held(w, 0), top);
    }
    /* A quick drag at once: up off the pile and left over the space, 0.5
     * of a block's length a frame (30 units a second); the block's grip
     * point keeps up with the pointer from the first frame (within 0.4: the
     * grip trails by about one physics step). */
    for (int f = 1; f <= 12; f++) {
        maxstax_input in[2] = {{px - 0.5 * f, py + (f <= 4 ? 0.5 * f : 2.0), 0, 0}, {0, 10, 0, 0}};
        maxstax_pose q;
        maxstax_step(m, in, FRAME);
        q = maxstax_match_pose(m, 0, top);
        assert_int_equal(maxstax_world_held(w, 0), top);
        /* where the grip point (0.8 right of the middle) is now */
        if (hypot(q.x + 0.8 * cos(q.angle * PI / 180) - in[0].x, q.y + 0.8 * sin(q.angle * PI / 180) - in[0].y) >
            0.4)
            fail_msg("frame %d: the block's grip is at (%.2f, %.2f), the pointer at (%.2f, %.2f)", f,
                     q.x + 0.8 * cos(q.angle * PI / 180), q.y + 0.8 * sin(q.angle * PI / 180), in[0].x, in[0].y);
    }
    {
        /* Let go over the space, low, and let everything settle. */
        maxstax_input in[2] = {{px - 6.5, 1.2, 0, 0}, {0, 10, 0, 0}};
        for (int f = 0; f < 30; f++)
            maxstax_step(m, in, FRAME);
        in[0].actions = MAXSTAX_IN_RELEASE;
        maxstax_step(m, in, FRAME);
        in[0].actions = 0;
        for (int f = 0; f < 120; f++)
            maxstax_step(m, in, FRAME);
    }
    assert_int_equal(maxstax_world_held(w, 0), -1);
    /* The carried block lies where it was let go, flat on the floor... */
    {
        maxstax_pose q = maxstax_match_pose(m, 0, top);
        assert_true(fabs(q.x - (px - 6.5 - 0.8)) < 0.5);
        assert_true(fabs(q.y - 0.5) < 0.05 && fabs(q.angle) < 2);
    }
    /* ...and no block it was taken from, or beside, moved: the piles stand. */
    for (int b = 0; b < MAXSTAX_BLOCKS_PER_PLAYER; b++) {
        maxstax_pose q = maxstax_match_pose(m, 0, b);
        if (b == top)
            continue;
        if (hypot(q.x - before[b].x, q.y - before[b].y) > 0.02 || fabs(q.angle - before[b].angle) > 1)
            fail_msg("block %d moved from (%.3f, %.3f, %.1f) to (%.3f, %.3f, %.1f)", b, before[b].x, before[b].y,
                     before[b].angle, q.x, q.y, q.angle);
    }
    maxstax_match_free(m);
}

/* A controller's A closes its hand where the hand is: pressed far from any
 * block, it takes nothing on that tick, and the hand still travels towards
 * its cursor at a bounded speed rather than jumping. */
static void test_controller_hand_still_travels(void **state)
{
    maxstax_match *m = new_match();
    const maxstax_world *w = maxstax_match_world(m);
    int top;
    double tx, ty, hx, hy;
    (void)state;
    park_hand(m);
    top = pile_top(m, 0);
    tx = maxstax_match_pose(m, 0, top).x;
    ty = maxstax_match_pose(m, 0, top).y;
    {
        maxstax_input in[2] = {{tx, ty, 0, MAXSTAX_IN_GRAB}, {0, 10, 0, 0}};
        maxstax_step(m, in, FRAME);
        assert_int_equal(maxstax_world_held(w, 0), -1);
        maxstax_match_hand(m, 0, &hx, &hy);
        assert_true(hypot(hx + 8, hy - 8) > 0.2 && hypot(hx - tx, hy - ty) > 10);
        in[0].actions = 0;
        for (int f = 0; f < 60; f++)
            maxstax_step(m, in, FRAME);
        /* arrived, A again: now it takes the block */
        in[0].actions = MAXSTAX_IN_GRAB;
        maxstax_step(m, in, FRAME);
        assert_int_equal(maxstax_world_held(w, 0), top);
    }
    maxstax_match_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_press_takes_the_block_at_once_and_drags_it),
        cmocka_unit_test(test_controller_hand_still_travels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
