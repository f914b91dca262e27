/* SPEEDSTAX rounds without physics: points by place with ties for 2, 3 and
 * 4 players, rounds ending early or on time, claims pending past the
 * buzzer, five rounds then a winner or a speed-stack-off between the tied
 * players only, a tied stack-off going again, and turns on one mouse. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "games/maxstax/rules/speedstax.h"

static void points(int players, long f0, long f1, long f2, long f3, int *out)
{
    long finish[4] = {f0, f1, f2, f3};
    int in_play[4] = {1, 1, 1, 1};
    speedstax_round_points(players, finish, in_play, out);
}

static void test_points_by_place(void **state)
{
    (void)state;
    int p[4];
    points(2, 10, 20, -1, -1, p);
    assert_int_equal(p[0], 2), assert_int_equal(p[1], 1);
    points(2, 10, 10, -1, -1, p); /* tied: both first */
    assert_int_equal(p[0], 2), assert_int_equal(p[1], 2);
    points(2, -1, 10, -1, -1, p);
    assert_int_equal(p[0], 0), assert_int_equal(p[1], 2);
    points(3, 30, 10, 20, -1, p);
    assert_int_equal(p[0], 1), assert_int_equal(p[1], 3), assert_int_equal(p[2], 2);
    points(3, 20, 10, 20, -1, p); /* tied second: both 2 */
    assert_int_equal(p[0], 2), assert_int_equal(p[1], 3), assert_int_equal(p[2], 2);
    points(3, -1, -1, 5, -1, p);
    assert_int_equal(p[0], 0), assert_int_equal(p[1], 0), assert_int_equal(p[2], 3);
    /* The rules' example: two tie first in a four-player game. */
    points(4, 7, 7, 9, 12, p);
    assert_int_equal(p[0], 4), assert_int_equal(p[1], 4), assert_int_equal(p[2], 2), assert_int_equal(p[3], 1);
    points(4, 7, 9, 9, 12, p);
    assert_int_equal(p[0], 4), assert_int_equal(p[1], 3), assert_int_equal(p[2], 3), assert_int_equal(p[3], 1);
    points(4, 7, 7, 7, 7, p);
    for (int i = 0; i < 4; i++)
        assert_int_equal(p[i], 4);
    points(4, 3, -1, 9, -1, p);
    assert_int_equal(p[0], 4), assert_int_equal(p[1], 0), assert_int_equal(p[2], 3), assert_int_equal(p[3], 0);
}

static void start(speedstax_state *s, int players)
{
    int cards[45];
    for (int i = 0; i < 45; i++)
        cards[i] = i;
    assert_int_equal(speedstax_init(s, players, cards, 45, 99), 0);
    assert_int_equal(s->round, 1);
    assert_int_equal(s->phase, SPEEDSTAX_ROUND);
}

/* Player p claims now and the claim stands after k ticks. */
static void finish(speedstax_state *s, int p)
{
    speedstax_claim(s, p);
    speedstax_confirm(s, p, 1, s->tick);
}

/* Every round composed: tied totals begin the stack-off the rules would,
 * whose composed winner ends the match; impossible orders are refused. */
static void test_composed_end(void **state)
{
    static const int tie[5][4] = {{4, 3, 2, 0}, {2, 4, 3, 0}, {3, 0, 4, 2}, {4, 2, 0, 3}, {0, 4, 3, 2}};
    static const int clear[5][4] = {{4, 4, 2, 0}, {4, 3, 2, 1}, {4, 3, 2, 1}, {4, 3, 2, 1}, {4, 3, 2, 1}};
    static const int shared_third[1][4] = {{4, 3, 3, 0}};
    static const int impossible[1][4] = {{3, 3, 0, 0}};
    speedstax_state s;
    int rank[4];
    (void)state;
    start(&s, 4);
    assert_int_equal(speedstax_compose_played(&s, 1, impossible), -1);
    assert_int_equal(speedstax_compose_played(&s, 6, tie), -1);
    assert_int_equal(s.score[0], 0);
    assert_int_equal(speedstax_compose_stackoff(&s, 0), -1); /* no stack-off yet */
    assert_int_equal(speedstax_compose_played(&s, 5, tie), 0);
    assert_int_equal(s.phase, SPEEDSTAX_STACKOFF);
    assert_int_equal(s.round, 6);
    assert_int_equal(speedstax_rounds_scored(&s), 5);
    assert_true(s.in_play[0] && s.in_play[1] && !s.in_play[2] && !s.in_play[3]);
    assert_int_equal(s.score[0], 13), assert_int_equal(s.score[1], 13), assert_int_equal(s.score[2], 12);
    assert_int_equal(s.round_points[4][1], 4);
    assert_int_equal(speedstax_compose_stackoff(&s, 2), -1); /* not in the stack-off */
    assert_int_equal(speedstax_compose_stackoff(&s, 1), 0);
    assert_int_equal(s.phase, SPEEDSTAX_OVER);
    assert_int_equal(s.winner, 1);
    speedstax_ranks(&s, rank);
    assert_int_equal(rank[1], 0), assert_int_equal(rank[0], 1), assert_int_equal(rank[2], 2), assert_int_equal(rank[3], 3);

    start(&s, 4);
    assert_int_equal(speedstax_compose_played(&s, 1, shared_third), 0); /* a tie shares its place */
    assert_int_equal(speedstax_compose_played(&s, 5, clear), -1);       /* only at the very start */
    start(&s, 4);
    assert_int_equal(speedstax_compose_played(&s, 5, clear), 0);
    assert_int_equal(s.phase, SPEEDSTAX_OVER);
    assert_int_equal(s.winner, 0);
    assert_int_equal(s.score[0], 20);
}

static void test_round_flow(void **state)
{
    (void)state;
    speedstax_state s;
    start(&s, 3);
    int first = s.card;
    for (int t = 0; t < 100; t++)
        assert_int_equal(speedstax_tick(&s), 0);
    finish(&s, 1);
    speedstax_tick(&s);
    finish(&s, 0);
    speedstax_claim(&s, 2); /* pending: the round waits for it */
    speedstax_tick(&s);
    assert_int_equal(s.round, 1);
    assert_false(speedstax_building(&s, 2));
    speedstax_confirm(&s, 2, 0, 0); /* it fell: back to building */
    assert_true(speedstax_building(&s, 2));
    while (s.round == 1)
        speedstax_tick(&s);
    assert_true(s.tick <= 1);
    assert_int_equal(s.score[0], 2), assert_int_equal(s.score[1], 3), assert_int_equal(s.score[2], 0);
    assert_int_not_equal(s.card, first);
    /* Everyone finishes: the round ends early. */
    for (int p = 0; p < 3; p++)
        finish(&s, p);
    assert_int_equal(speedstax_tick(&s), 1);
    assert_int_equal(s.round, 3);
    assert_int_equal(s.score[0], 5), assert_int_equal(s.score[1], 6), assert_int_equal(s.score[2], 3);
    /* A claim made before the buzzer is judged after it. */
    while (s.tick < SPEEDSTAX_ROUND_TICKS - 1)
        speedstax_tick(&s);
    speedstax_claim(&s, 2);
    for (int t = 0; t < 50; t++)
        speedstax_tick(&s);
    assert_int_equal(s.round, 3);
    speedstax_confirm(&s, 2, 1, SPEEDSTAX_ROUND_TICKS - 1);
    speedstax_tick(&s);
    assert_int_equal(s.round, 4);
    assert_int_equal(s.score[2], 6);
}

static void test_winner_and_stackoff(void **state)
{
    (void)state;
    speedstax_state s;
    start(&s, 4);
    /* Five rounds: seats 0 (4+3+3+4+2) and 2 (3+4+2+3+4) tie on top with 16. */
    static const int order[5][4] = {{0, 2, 1, 3}, {2, 0, 3, 1}, {1, 0, 2, 3}, {0, 2, 1, 3}, {2, 1, 0, 3}};
    for (int r = 0; r < 5; r++) {
        for (int k = 0; k < 4; k++) {
            finish(&s, order[r][k]);
            speedstax_tick(&s);
        }
    }
    assert_int_equal(s.phase, SPEEDSTAX_STACKOFF);
    assert_int_equal(s.score[0], 16);
    assert_int_equal(s.score[2], 16);
    assert_int_equal(s.winner, -1);
    assert_true(s.in_play[0] && s.in_play[2] && !s.in_play[1] && !s.in_play[3]);
    assert_false(speedstax_building(&s, 1));
    /* Seats 0 and 2 finish on the same tick: they go again. */
    finish(&s, 0);
    finish(&s, 2);
    assert_int_equal(speedstax_tick(&s), 1);
    assert_int_equal(s.phase, SPEEDSTAX_STACKOFF);
    /* Nobody finishes in time: again. */
    for (long t = 0; t < SPEEDSTAX_ROUND_TICKS; t++)
        speedstax_tick(&s);
    assert_int_equal(s.phase, SPEEDSTAX_STACKOFF);
    assert_true(s.in_play[0] && s.in_play[2]);
    /* Seat 2 finishes first and wins; scores are unchanged. */
    for (int t = 0; t < 30; t++)
        speedstax_tick(&s);
    finish(&s, 2);
    speedstax_tick(&s);
    assert_int_equal(s.phase, SPEEDSTAX_OVER);
    assert_int_equal(s.winner, 2);
    assert_int_equal(s.score[0], 16);
    assert_int_equal(speedstax_tick(&s), 0);
}

static void test_clear_winner(void **state)
{
    (void)state;
    speedstax_state s;
    start(&s, 2);
    for (int r = 0; r < 5; r++) {
        finish(&s, 1);
        for (long t = 0; t < SPEEDSTAX_ROUND_TICKS; t++)
            speedstax_tick(&s);
    }
    assert_int_equal(s.phase, SPEEDSTAX_OVER);
    assert_int_equal(s.winner, 1);
    assert_int_equal(s.score[1], 10), assert_int_equal(s.score[0], 0);
}

/* One mouse: seats 0 and 1 take turns, seat 2 (a computer) builds from the
 * start. Each turn has the whole round's time, and a finish counts from the
 * start of its own turn, so the clock decides the places. */
static void test_turns(void **state)
{
    (void)state;
    speedstax_state s;
    start(&s, 3);
    speedstax_set_turns(&s, 3u);
    assert_int_equal(s.turn_seat, 0);
    assert_true(speedstax_building(&s, 0) && !speedstax_building(&s, 1) && speedstax_building(&s, 2));
    for (int t = 0; t < 300; t++)
        assert_int_equal(speedstax_tick(&s), 0);
    finish(&s, 0); /* seat 0 after 300 ticks of its turn */
    assert_int_equal(s.finish[0], 300);
    assert_int_equal(speedstax_tick(&s), 0);
    assert_int_equal(s.turn_seat, 1); /* seat 1's turn starts now */
    assert_true(!speedstax_building(&s, 0) && speedstax_building(&s, 1));
    while (s.tick < 301 + 200)
        assert_int_equal(speedstax_tick(&s), 0);
    finish(&s, 2); /* seat 2 after 501 ticks of the round */
    while (s.tick < 301 + 250)
        assert_int_equal(speedstax_tick(&s), 0);
    finish(&s, 1); /* seat 1 after 250 ticks of its turn: the fastest */
    assert_int_equal(s.finish[1], 250);
    assert_int_equal(speedstax_tick(&s), 1); /* every turn taken, nobody building */
    assert_int_equal(s.score[1], 3), assert_int_equal(s.score[0], 2), assert_int_equal(s.score[2], 1);
    /* The next round starts with seat 0's turn; a turn that runs out of time passes on. */
    assert_int_equal(s.round, 2);
    assert_int_equal(s.turn_seat, 0);
    while (s.turn_seat == 0)
        assert_int_equal(speedstax_tick(&s), 0);
    assert_int_equal(s.tick, SPEEDSTAX_ROUND_TICKS);
    assert_int_equal(s.turn_seat, 1);
    assert_false(speedstax_building(&s, 2)); /* the computer's time is up too */
    while (speedstax_tick(&s) == 0)
        ;
    assert_int_equal(s.round, 3);
    assert_int_equal(s.score[1], 3), assert_int_equal(s.score[0], 2), assert_int_equal(s.score[2], 1);
}

static void test_small_deck_reshuffles(void **state)
{
    (void)state;
    speedstax_state s;
    int cards[2] = {4, 9};
    assert_int_equal(speedstax_init(&s, 2, cards, 2, 1), 0);
    for (int r = 0; r < 4; r++) {
        assert_true(s.card == 4 || s.card == 9);
        finish(&s, 0);
        finish(&s, 1);
        speedstax_tick(&s);
    }
    assert_int_equal(speedstax_init(&s, 5, cards, 2, 1), -1);
    assert_int_equal(speedstax_init(&s, 2, cards, 0, 1), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_points_by_place),     cmocka_unit_test(test_round_flow),
        cmocka_unit_test(test_winner_and_stackoff), cmocka_unit_test(test_clear_winner),
        cmocka_unit_test(test_small_deck_reshuffles), cmocka_unit_test(test_turns),
        cmocka_unit_test(test_composed_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
