/* MAXSTAX practice (#29): a match of one card the player chose, with no
 * clock and no round end. Its card is the one chosen; a MAX STAX call that
 * holds marks the card matched and the match goes on (never over, never a
 * new round); choosing another card takes the structure down. One seat is
 * enough, and only practice seats one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <string.h>

#include "games/maxstax/rules/maxstax_match.h"
#include "games/maxstax/rules/maxstax_practice.h"

#define FRAME (1.0 / 60.0)

static maxstax_deck deck;

static int setup_deck(void **state)
{
    char err[160];
    (void)state;
    return maxstax_cards_builtin(&deck, err, sizeof err);
}

/* A practice match of one seat on deck card k. */
static maxstax_match *practice(int k)
{
    char err[160];
    maxstax_match *m = maxstax_practice_new(1, &deck, k, err, sizeof err);
    assert_non_null(m);
    return m;
}

/* Steps f frames, seat 0 doing actions on the first. */
static void run(maxstax_match *m, unsigned actions, int f)
{
    maxstax_input in[1] = {{0, 8, 0, actions}};
    maxstax_step(m, in, FRAME);
    in[0].actions = 0;
    for (int i = 1; i < f; i++)
        maxstax_step(m, in, FRAME);
}

/* The card chosen is the card built; one seat plays. */
static void test_the_chosen_card(void **state)
{
    (void)state;
    maxstax_match *m = practice(11);
    assert_int_equal(maxstax_match_scoring(m), MAXSTAX_PRACTICE);
    assert_int_equal(maxstax_practice_card(m), 11);
    assert_ptr_equal(maxstax_match_seat_card(m, 0), &maxstax_match_card(m)[0]);
    assert_int_equal(maxstax_match_seat_card(m, 0)->id, deck.card[11].id);
    assert_int_equal(maxstax_match_rounds(m)->players, 1);
    assert_false(maxstax_practice_matched(m, 0));
    maxstax_match_free(m);
}

/* No clock: five minutes of play end nothing, and the seat still builds. */
static void test_no_clock(void **state)
{
    (void)state;
    maxstax_match *m = practice(0);
    const speedstax_state *s = maxstax_match_rounds(m);
    for (int i = 0; i < 5 * 60; i++)
        maxstax_step(m, NULL, 1.0);
    assert_int_equal(s->phase, SPEEDSTAX_ROUND);
    assert_int_equal(s->round, 1);
    assert_false(maxstax_match_over(m));
    assert_true(speedstax_building(s, 0));
    assert_true(maxstax_match_time_left(m) > 3600.0);
    assert_int_equal(maxstax_practice_card(m), 0);
    maxstax_match_free(m);
}

/* A wrong call fails with what differs; the whole card called holds and is
 * matched, and the match goes on: the structure stays, nothing is scored. */
static void test_a_match_holds_and_goes_on(void **state)
{
    (void)state;
    maxstax_match *m = practice(5);
    const maxstax_claim_event *e = maxstax_match_claim_event(m, 0);
    int n = maxstax_match_seat_card(m, 0)->n;
    maxstax_match_compose(m, 0, n - 1);
    run(m, 0, 60);
    run(m, MAXSTAX_IN_CLAIM, 30);
    assert_int_equal(e->verdict, MAXSTAX_CLAIM_FAILED);
    assert_int_equal(e->miss.kind, MAXSTAX_MISS_MISSING);
    assert_false(maxstax_practice_matched(m, 0));
    maxstax_match_compose(m, 0, n);
    run(m, 0, 60);
    run(m, MAXSTAX_IN_CLAIM, 120);
    assert_int_equal(e->verdict, MAXSTAX_CLAIM_HELD);
    assert_true(maxstax_practice_matched(m, 0));
    run(m, 0, 600);
    assert_true(maxstax_practice_matched(m, 0));
    assert_false(maxstax_match_over(m));
    assert_int_equal(maxstax_match_rounds(m)->round, 1);
    assert_int_equal(maxstax_match_rounds(m)->score[0], 0);
    assert_int_equal(maxstax_practice_card(m), 5);
    maxstax_match_free(m);
}

/* Another card: every block back in its pile, the match undone, the seat building. */
static void test_choosing_another_card(void **state)
{
    (void)state;
    maxstax_match *m = practice(2);
    maxstax_match_compose(m, 0, 99);
    run(m, 0, 60);
    run(m, MAXSTAX_IN_CLAIM, 120);
    assert_true(maxstax_practice_matched(m, 0));
    assert_int_equal(maxstax_practice_choose(m, 44), 0);
    assert_int_equal(maxstax_practice_card(m), 44);
    assert_int_equal(maxstax_match_seat_card(m, 0)->id, deck.card[44].id);
    assert_false(maxstax_practice_matched(m, 0));
    assert_int_equal(maxstax_match_claim(m, 0), MAXSTAX_CLAIM_NONE);
    assert_true(speedstax_building(maxstax_match_rounds(m), 0));
    for (int b = 0; b < MAXSTAX_BLOCKS_PER_PLAYER; b++) /* all in the piles, right of the space */
        assert_true(maxstax_match_pose(m, 0, b).x > MAXSTAX_SPACE_HALF);
    /* no such card, and no practice in a real match */
    assert_int_equal(maxstax_practice_choose(m, -1), -1);
    assert_int_equal(maxstax_practice_choose(m, deck.n), -1);
    assert_int_equal(maxstax_practice_card(m), 44);
    maxstax_match_free(m);
}

/* Only practice seats one; a real match refuses it, and a practice choice too. */
static void test_only_practice_seats_one(void **state)
{
    (void)state;
    char err[160];
    maxstax_setup set;
    maxstax_setup_default(&set, 1);
    assert_null(maxstax_match_new(&set, &deck, 1, err, sizeof err));
    assert_non_null(strstr(err, "2 to 4"));
    assert_null(maxstax_practice_new(0, &deck, 0, err, sizeof err));
    assert_null(maxstax_practice_new(1, &deck, 45, err, sizeof err));
    assert_non_null(strstr(err, "card"));
    maxstax_setup_default(&set, 2);
    maxstax_match *m = maxstax_match_new(&set, &deck, 1, err, sizeof err);
    assert_non_null(m);
    assert_int_equal(maxstax_practice_choose(m, 3), -1);
    assert_int_equal(maxstax_practice_card(m), -1);
    maxstax_match_free(m);
    /* several seats practise side by side, each on the same card */
    m = maxstax_practice_new(3, &deck, 7, err, sizeof err);
    assert_non_null(m);
    assert_int_equal(maxstax_match_seat_card(m, 2)->id, deck.card[7].id);
    maxstax_match_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_chosen_card),       cmocka_unit_test(test_no_clock),
        cmocka_unit_test(test_a_match_holds_and_goes_on), cmocka_unit_test(test_choosing_another_card),
        cmocka_unit_test(test_only_practice_seats_one),
    };
    return cmocka_run_group_tests(tests, setup_deck, NULL);
}
