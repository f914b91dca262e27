/* SWAPSTAX's computer swap choice: a card is worth its stars times the
 * computer's own measured chance of finishing that card at its level (an
 * easy computer keeps a 1-star card it can build over a 3-star card it
 * cannot), a card that left its hand this round is never taken back (no
 * passing one card to and fro), and a swap card is kept for a later round
 * unless the gain now beats what it is expected to gain there. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "games/maxstax/rules/swapstax.h"

static maxstax_deck deck;

static int load_deck(void **state)
{
    char err[256];
    (void)state;
    return maxstax_cards_builtin(&deck, err, sizeof err);
}

/* A plain-data game of players on the whole deck, in round `round`. */
static void start(speedstax_state *s, swapstax_state *w, int players, int round)
{
    int cards[MAXSTAX_DECK_SIZE];
    for (int i = 0; i < deck.n; i++)
        cards[i] = i;
    assert_int_equal(speedstax_init(s, players, cards, deck.n, 91), 0);
    assert_int_equal(swapstax_init(w, s), 0);
    w->round = round;
}

static double worth(int card, int level)
{
    return deck.card[card].stars * swapstax_card_chance(&deck.card[card], level);
}

/* The deck index of the card of these stars that a computer of this level
 * is likeliest (best > 0) or least likely (best < 0) to finish. */
static int card_by_chance(int stars, int level, int best)
{
    int found = -1;
    for (int i = 0; i < deck.n; i++) {
        if (deck.card[i].stars != stars)
            continue;
        double c = swapstax_card_chance(&deck.card[i], level);
        if (found < 0 || (best > 0 ? c > swapstax_card_chance(&deck.card[found], level)
                                   : c < swapstax_card_chance(&deck.card[found], level)))
            found = i;
    }
    assert_true(found >= 0);
    return found;
}

/* Puts card c in seat p's hand, swapping it with whoever held it. */
static void give(swapstax_state *w, speedstax_state *s, int p, int c)
{
    for (int q = 0; q < w->players; q++)
        if (w->hand[q] == c)
            w->hand[q] = w->hand[p];
    for (int i = 0; i < s->n_order; i++) /* and out of the draw pile, if it was there */
        if (s->order[i] == c && i >= s->next)
            for (int j = s->next; j < s->n_order; j++)
                if (s->order[j] == w->hand[p] || j == s->n_order - 1) {
                    s->order[i] = s->order[j];
                    s->order[j] = c;
                    break;
                }
    w->hand[p] = c;
}

/* Two seats in the last round: the one on turn (*me) holds card mine, the
 * other (*you) card theirs. */
static void last_round_of_two(speedstax_state *s, swapstax_state *w, int mine, int theirs, int *me, int *you)
{
    start(s, w, 2, SWAPSTAX_ROUNDS);
    *me = w->turn;
    *you = 1 - *me;
    give(w, s, *me, mine);
    give(w, s, *you, theirs);
}

/* Plays the swap phase out with every seat a computer of this level. */
static void play_phase(swapstax_state *w, speedstax_state *s, int level)
{
    for (int guard = 0; w->phase == SWAPSTAX_SWAPPING && guard < 100; guard++)
        assert_int_equal(swapstax_act(w, s, w->turn, swapstax_choose(w, s, &deck, w->turn, level)), 0);
    assert_int_equal(w->phase, SWAPSTAX_STACKING);
}

/* Two hard computers: the one holding 1 star takes the other's 3 stars in
 * the last round, and the other does not take them straight back. */
static void test_no_ping_pong(void **state)
{
    (void)state;
    speedstax_state s;
    swapstax_state w;
    int me, you, high = card_by_chance(3, 3, 1), low = card_by_chance(1, 3, -1);
    last_round_of_two(&s, &w, low, high, &me, &you);
    assert_true(worth(high, 3) > worth(low, 3) + 1);
    assert_int_equal(swapstax_choose(&w, &s, &deck, me, 3), you);
    assert_int_equal(swapstax_act(&w, &s, me, you), 0);
    assert_int_equal(w.hand[me], high);
    /* The 3 stars were just taken from `you`: it swaps with the deck or passes. */
    assert_int_not_equal(swapstax_choose(&w, &s, &deck, you, 3), me);
    play_phase(&w, &s, 3);
    assert_int_equal(w.hand[me], high);
    for (int i = 0; i < w.n_log; i++)
        assert_false(swapstax_took_back(&w, i));
}

/* Three seats: A takes B's card, C takes it from A and leaves A a poor one;
 * A takes back neither the card C took nor the one it gave B. */
static void test_no_take_back_of_a_card_given(void **state)
{
    (void)state;
    speedstax_state s;
    swapstax_state w;
    start(&s, &w, 3, SWAPSTAX_ROUNDS);
    int a = w.turn, b = (a + 1) % 3, c = (a + 2) % 3;
    int high = card_by_chance(3, 3, 1), mid = card_by_chance(2, 3, 1), low = card_by_chance(1, 3, -1);
    give(&w, &s, a, mid);
    give(&w, &s, b, high);
    give(&w, &s, c, low);
    assert_int_equal(swapstax_act(&w, &s, a, b), 0); /* A: high, B: mid */
    assert_int_equal(swapstax_act(&w, &s, b, SWAPSTAX_PASS), 0);
    assert_int_equal(swapstax_act(&w, &s, c, a), 0); /* C: high, A: low */
    assert_int_equal(w.hand[a], low);
    assert_true(worth(high, 3) > worth(low, 3) && worth(mid, 3) > worth(low, 3));
    int choice = swapstax_choose(&w, &s, &deck, a, 3);
    assert_int_not_equal(choice, c); /* the card taken from it */
    assert_int_not_equal(choice, b); /* the card it gave away */
    assert_true(swapstax_left_hand(&w, a, high, w.n_log) && swapstax_left_hand(&w, a, mid, w.n_log));
    assert_false(swapstax_left_hand(&w, b, high, 0)); /* B's card left B in the first swap, not before it */
    assert_true(swapstax_left_hand(&w, b, high, 1));
}

/* A saved swap card is worth a swap in a later round: more with more rounds
 * to come, nothing in the last, and a last card more than a second one. */
static void test_keep_value(void **state)
{
    (void)state;
    speedstax_state s;
    swapstax_state w;
    for (int level = 1; level <= 3; level++) {
        double v[SWAPSTAX_ROUNDS + 1];
        for (int r = 1; r <= SWAPSTAX_ROUNDS; r++) {
            start(&s, &w, 4, r);
            v[r] = swapstax_keep_value(&w, &s, &deck, w.turn, level);
        }
        assert_true(v[1] > 0.5);
        for (int r = 2; r <= SWAPSTAX_ROUNDS; r++)
            assert_true(v[r] <= v[r - 1]);
        assert_true(v[SWAPSTAX_ROUNDS] == 0);
        start(&s, &w, 4, 1);
        w.swaps_left[w.turn] = 1;
        assert_true(swapstax_keep_value(&w, &s, &deck, w.turn, level) >= v[1]);
    }
}

/* A hard computer in round 1 with both swap cards keeps a card when
 * another gains it more than half a point but less than a swap card is
 * expected to gain later; in the last round it takes the same card. */
static void test_small_gain_waits(void **state)
{
    (void)state;
    speedstax_state s;
    swapstax_state w;
    start(&s, &w, 4, 1);
    int me = w.turn, you = (me + 1) % 4, mine = -1, theirs = -1;
    double keep = swapstax_keep_value(&w, &s, &deck, me, 3), deck_mean = 0;
    assert_true(keep > 0.6);
    for (int i = 0; i < deck.n; i++)
        deck_mean += worth(i, 3) / deck.n;
    /* a pair whose gain lies between the old threshold (half a point) and
     * the swap card's worth, and beats the deck's */
    for (int i = 0; i < deck.n && theirs < 0; i++)
        for (int j = 0; j < deck.n && theirs < 0; j++) {
            double gain = worth(j, 3) - worth(i, 3), from_deck = deck_mean - worth(i, 3);
            if (gain > 0.55 && gain < keep - 0.05 && from_deck < gain - 0.1)
                mine = i, theirs = j;
        }
    assert_true(theirs >= 0);
    give(&w, &s, me, mine);
    give(&w, &s, you, theirs);
    for (int k = 2; k < 4; k++) { /* the other two hold the cards worth least to it */
        int worst = -1;
        for (int i = 0; i < deck.n; i++)
            if (i != mine && i != theirs && (k == 2 || i != w.hand[(me + 2) % 4]) &&
                (worst < 0 || worth(i, 3) < worth(worst, 3)))
                worst = i;
        give(&w, &s, (me + k) % 4, worst);
    }
    assert_int_equal(swapstax_choose(&w, &s, &deck, me, 3), SWAPSTAX_PASS);
    w.round = SWAPSTAX_ROUNDS;
    assert_true(swapstax_keep_value(&w, &s, &deck, me, 3) == 0);
    assert_int_equal(swapstax_choose(&w, &s, &deck, me, 3), you);
}

/* An easy computer values a 3-star card it can hardly build below a 1-star
 * card it can; a hard computer, who builds the 3 stars, takes them. */
static void test_easy_values_what_it_can_build(void **state)
{
    (void)state;
    speedstax_state s;
    swapstax_state w;
    int me, you, easy_one = card_by_chance(1, 1, 1), hard_three = card_by_chance(3, 1, -1);
    assert_true(worth(hard_three, 1) < worth(easy_one, 1));
    assert_true(worth(hard_three, 3) > worth(easy_one, 3) + 0.5);
    last_round_of_two(&s, &w, easy_one, hard_three, &me, &you);
    assert_int_not_equal(swapstax_choose(&w, &s, &deck, me, 1), you);
    assert_int_equal(swapstax_choose(&w, &s, &deck, me, 3), you);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_ping_pong),           cmocka_unit_test(test_no_take_back_of_a_card_given),
        cmocka_unit_test(test_keep_value),             cmocka_unit_test(test_small_gain_waits),
        cmocka_unit_test(test_easy_values_what_it_can_build),
    };
    return cmocka_run_group_tests(tests, load_deck, NULL);
}
