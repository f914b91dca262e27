/* SWAPSTAX: the draw from the Shuffler clockwise, swaps with the deck and
 * with a player (who cannot refuse), both swap cards in one round, swap
 * cards used up, a received card swapped again, the phase ending when all
 * pass in a row, the discard reshuffled, star scoring, the computer's
 * choice by expected points, the tie-break on SPEEDSTAX's stack-off, whole
 * computer games, and save and resume in every phase. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "maxstax_modes_util.h"

/* A plain-data game of players on the first n cards of the deck. */
static void start(speedstax_state *s, swapstax_state *w, int players, int n)
{
    int cards[MAXSTAX_DECK_SIZE];
    for (int i = 0; i < n; i++)
        cards[i] = i;
    assert_int_equal(speedstax_init(s, players, cards, n, 77), 0);
    assert_int_equal(swapstax_init(w, s), 0);
}

static int held_by(const swapstax_state *w, int c)
{
    for (int p = 0; p < w->players; p++)
        if (w->hand[p] == c)
            return p;
    return -1;
}

static void test_deal_from_the_shuffler(void **state)
{
    (void)state;
    speedstax_state s;
    swapstax_state w;
    start(&s, &w, 4, 45);
    assert_int_equal(w.round, 1);
    assert_int_equal(w.phase, SWAPSTAX_SWAPPING);
    assert_int_equal(s.phase, SPEEDSTAX_HELD); /* no clock while swapping */
    for (int k = 0; k < 4; k++)
        assert_int_equal(w.hand[(s.shuffler + k) % 4], s.order[k]); /* clockwise from the Shuffler */
    assert_int_equal(s.next, 4);
    assert_int_equal(w.turn, s.shuffler);
    for (int p = 0; p < 4; p++)
        assert_int_equal(w.swaps_left[p], 2);
    swapstax_state small;
    speedstax_state tiny;
    int two[2] = {0, 1};
    speedstax_init(&tiny, 2, two, 2, 1);
    assert_int_equal(swapstax_init(&small, &tiny), -1); /* no card left to swap with */
}

static void test_swaps_with_deck_and_player(void **state)
{
    (void)state;
    speedstax_state s;
    swapstax_state w;
    start(&s, &w, 3, 45);
    int a = w.turn, b = (a + 1) % 3, c = (a + 2) % 3;
    int old = w.hand[a], top = s.order[s.next];
    /* Not your turn, yourself, nobody: refused. */
    assert_int_equal(swapstax_act(&w, &s, b, SWAPSTAX_DECK), -1);
    assert_int_equal(swapstax_act(&w, &s, a, a), -1);
    assert_int_equal(swapstax_act(&w, &s, a, 3), -1);
    /* With the deck: the next card comes in, the old one is discarded. */
    assert_int_equal(swapstax_act(&w, &s, a, SWAPSTAX_DECK), 0);
    assert_int_equal(w.hand[a], top);
    assert_int_equal(held_by(&w, old), -1);
    assert_int_equal(w.swaps_left[a], 1);
    assert_int_equal(w.n_log, 1);
    assert_int_equal(w.log[0].seat, a), assert_int_equal(w.log[0].with, SWAPSTAX_DECK);
    assert_int_equal(w.log[0].gave, old), assert_int_equal(w.log[0].got, top);
    /* With a player: b takes c's card; c is not asked. */
    assert_int_equal(w.turn, b);
    int bc = w.hand[b], cc = w.hand[c];
    assert_int_equal(swapstax_act(&w, &s, b, c), 0);
    assert_int_equal(w.hand[b], cc), assert_int_equal(w.hand[c], bc);
    /* c swaps the card it received again, with a. */
    assert_int_equal(swapstax_act(&w, &s, c, a), 0);
    assert_int_equal(w.hand[a], bc), assert_int_equal(w.hand[c], top);
    assert_int_equal(w.n_log, 3);
    /* a uses its second swap card in the same round, on the card it got. */
    assert_int_equal(swapstax_act(&w, &s, a, b), 0);
    assert_int_equal(w.hand[a], cc), assert_int_equal(w.hand[b], bc);
    assert_int_equal(w.swaps_left[a], 0);
    /* Round ends when all pass in a row; a seat with no swap card passes by itself. */
    assert_int_equal(swapstax_act(&w, &s, b, SWAPSTAX_PASS), 0);
    assert_int_equal(swapstax_act(&w, &s, c, SWAPSTAX_PASS), 0);
    assert_int_equal(w.phase, SWAPSTAX_STACKING); /* a, with none left, passed */
    assert_int_equal(swapstax_act(&w, &s, b, SWAPSTAX_DECK), -1);
    /* Next round: a's swap cards are used up for the game. */
    swapstax_deal(&w, &s);
    assert_int_equal(w.round, 2);
    assert_int_equal(w.n_log, 0);
    assert_int_not_equal(w.turn, a);
    assert_int_equal(swapstax_act(&w, &s, a, SWAPSTAX_DECK), -1);
    assert_int_equal(w.swaps_left[b], 1), assert_int_equal(w.swaps_left[c], 1);
}

static void test_passing_round(void **state)
{
    (void)state;
    speedstax_state s;
    swapstax_state w;
    start(&s, &w, 3, 45);
    int a = w.turn, b = (a + 1) % 3, c = (a + 2) % 3;
    assert_int_equal(swapstax_act(&w, &s, a, SWAPSTAX_PASS), 0);
    assert_int_equal(swapstax_act(&w, &s, b, SWAPSTAX_DECK), 0); /* the count starts again */
    assert_int_equal(swapstax_act(&w, &s, c, SWAPSTAX_PASS), 0);
    assert_int_equal(swapstax_act(&w, &s, a, SWAPSTAX_PASS), 0);
    assert_int_equal(w.phase, SWAPSTAX_SWAPPING);
    assert_int_equal(swapstax_act(&w, &s, b, SWAPSTAX_PASS), 0);
    assert_int_equal(w.phase, SWAPSTAX_STACKING);
}

static void test_reshuffle_from_discard(void **state)
{
    (void)state;
    speedstax_state s;
    swapstax_state w;
    start(&s, &w, 4, 5);
    int a = w.turn;
    assert_int_equal(swapstax_act(&w, &s, a, SWAPSTAX_DECK), 0); /* the last card */
    assert_int_equal(swapstax_deck_left(&s), 0);
    int gone = w.log[0].gave, b = w.turn;
    assert_int_equal(swapstax_act(&w, &s, b, SWAPSTAX_DECK), 0); /* the discard comes back */
    assert_int_equal(w.hand[b], gone);
    /* Every card once in the deck's order, none held twice. */
    int seen[5] = {0};
    for (int i = 0; i < s.n_order; i++)
        seen[s.order[i]]++;
    for (int i = 0; i < 5; i++)
        assert_int_equal(seen[i], 1);
    for (int p = 0; p < 4; p++)
        for (int q = p + 1; q < 4; q++)
            assert_int_not_equal(w.hand[p], w.hand[q]);
}

static void test_star_scoring_and_choice(void **state)
{
    (void)state;
    char err[256];
    int one = -1, three = -1, pts[4];
    assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
    for (int i = 0; i < deck.n; i++) {
        if (deck.card[i].stars == 1 && one < 0)
            one = i;
        if (deck.card[i].stars == 3 && three < 0)
            three = i;
    }
    int hand[4] = {one, three, three == 0 ? 1 : 0, -1};
    long finish[4] = {100, 50, -1, 10};
    swapstax_round_points(&deck, 4, hand, finish, pts);
    assert_int_equal(pts[0], 1), assert_int_equal(pts[1], 3), assert_int_equal(pts[2], 0);
    assert_int_equal(pts[3], 0); /* no card, no stars */
    for (int level = 1; level <= 3; level++)
        for (int stars = 1; stars <= 3; stars++)
            assert_true(swapstax_chance(level, stars) >= 0 && swapstax_chance(level, stars) <= 1);
    /* The computer takes a three-star card from a player when it holds one
     * star (in the last round, where a swap card is worth nothing kept). */
    speedstax_state s;
    swapstax_state w;
    start(&s, &w, 2, 45);
    w.round = SWAPSTAX_ROUNDS;
    int me = w.turn, you = 1 - me;
    w.hand[me] = one;
    w.hand[you] = three;
    assert_int_equal(swapstax_choose(&w, &s, &deck, me, 2), you);
    /* Holding the three stars itself, it keeps them. */
    w.hand[me] = three;
    w.hand[you] = one;
    assert_int_equal(swapstax_choose(&w, &s, &deck, me, 2), SWAPSTAX_PASS);
    assert_int_equal(swapstax_choose(&w, &s, &deck, you, 2), SWAPSTAX_PASS); /* not its turn */
}

/* Everyone passes: the stacking clock starts. */
static void all_pass(maxstax_match *m)
{
    const swapstax_state *w = maxstax_match_swapstax(m);
    for (int k = 0; k < 8 && w->phase == SWAPSTAX_SWAPPING; k++)
        assert_int_equal(maxstax_match_swap(m, w->turn, SWAPSTAX_PASS), 0);
    assert_int_equal(w->phase, SWAPSTAX_STACKING);
}

/* Seat p builds the card it holds and calls MAX STAX; it holds. */
static void complete(maxstax_match *m, int p)
{
    maxstax_match_compose(m, p, MAXSTAX_CARD_MAX_BLOCKS);
    for (int f = 0; f < 10; f++)
        frame(m, NULL, 0);
    claim(m, p);
    for (int f = 0; f < 100; f++)
        frame(m, NULL, 0);
    assert_int_equal(maxstax_match_claim(m, p), MAXSTAX_CLAIM_HELD);
}

static void test_stars_in_the_match(void **state)
{
    (void)state;
    maxstax_match *m = mode_match(MAXSTAX_SWAPSTAX, 2, 4, -1, 0, 9);
    const swapstax_state *w = maxstax_match_swapstax(m);
    const speedstax_state *s = maxstax_match_rounds(m);
    int held = w->hand[0];
    assert_int_equal(maxstax_match_seat_card(m, 0)->id, deck.card[held].id); /* each builds their own */
    assert_int_equal(maxstax_match_seat_card(m, 1)->id, deck.card[w->hand[1]].id);
    all_pass(m);
    assert_int_equal(s->phase, SPEEDSTAX_ROUND);
    assert_true(fabs(maxstax_match_time_left(m) - 4) < 1e-9);
    complete(m, 0);
    while (w->round == 1)
        frame(m, NULL, 0);
    assert_int_equal(s->score[0], deck.card[held].stars);
    assert_int_equal(s->score[1], 0);
    assert_int_equal(s->round_points[0][0], deck.card[held].stars);
    assert_int_equal(w->phase, SWAPSTAX_SWAPPING);
    assert_int_equal(held_by(w, held), -1); /* used cards go to the discard */
    /* Seat 0 leads alone after five rounds: it wins with no stack-off. */
    for (int r = 2; r <= 5; r++) {
        all_pass(m);
        while (w->round == r && !maxstax_match_over(m))
            frame(m, NULL, 0);
    }
    assert_true(maxstax_match_over(m));
    assert_int_equal(s->winner, 0);
    assert_int_equal(s->round, 5);
    maxstax_match_free(m);
}

static void test_tiebreak_stackoff(void **state)
{
    (void)state;
    maxstax_match *m = mode_match(MAXSTAX_SWAPSTAX, 3, 2, -1, 0, 10);
    const swapstax_state *w = maxstax_match_swapstax(m);
    const speedstax_state *s = maxstax_match_rounds(m);
    for (int r = 1; r <= 5; r++) {
        all_pass(m);
        while (w->round == r && w->phase == SWAPSTAX_STACKING)
            frame(m, NULL, 0);
    }
    /* All on 0: SPEEDSTAX's stack-off on the deck's next card, all in play. */
    assert_int_equal(w->phase, SWAPSTAX_TIEBREAK);
    assert_int_equal(s->phase, SPEEDSTAX_STACKOFF);
    for (int p = 0; p < 3; p++) {
        assert_true(s->in_play[p]);
        assert_ptr_equal(maxstax_match_seat_card(m, p), maxstax_match_card(m));
    }
    complete(m, 2);
    for (int f = 0; f < 5 && !maxstax_match_over(m); f++)
        frame(m, NULL, 0);
    assert_true(maxstax_match_over(m));
    assert_int_equal(w->phase, SWAPSTAX_OVER);
    assert_int_equal(s->winner, 2);
    int score[4], rank[4];
    maxstax_match_standings(m, score, rank);
    assert_int_equal(rank[2], 0), assert_int_equal(rank[0], 1), assert_int_equal(rank[1], 1);
    maxstax_match_free(m);
}

/* A whole match composed as played: star points in the cards' range, tied
 * totals go to SPEEDSTAX's stack-off, whose composed winner ends it; a
 * clear leader wins at once; part of a match leaves round n + 1's swaps. */
static void test_composed_end(void **state)
{
    static const int tie[5][4] = {{2, 3, 1}, {3, 0, 2}, {1, 2, 2}, {3, 3, 0}, {2, 3, 3}};
    static const int clear[5][4] = {{2, 3, 1}, {3, 0, 2}, {1, 2, 2}, {3, 3, 0}, {2, 1, 3}};
    static const int too_many_stars[1][4] = {{4, 0, 0}};
    maxstax_match *m = mode_match(MAXSTAX_SWAPSTAX, 3, 0, -1, 0, 10);
    const swapstax_state *w = maxstax_match_swapstax(m);
    const speedstax_state *s = maxstax_match_rounds(m);
    int score[4], rank[4];
    char err[256];
    (void)state;
    assert_int_equal(maxstax_match_compose_played(m, 1, too_many_stars, err, sizeof err), -1);
    assert_int_equal(maxstax_match_compose_played(m, 5, tie, err, sizeof err), 0);
    assert_int_equal(w->phase, SWAPSTAX_TIEBREAK);
    assert_int_equal(s->phase, SPEEDSTAX_STACKOFF);
    assert_true(s->in_play[0] && s->in_play[1] && !s->in_play[2]);
    assert_int_equal(speedstax_rounds_scored(s), 5);
    for (int p = 0; p < 3; p++)
        assert_int_equal(w->hand[p], -1); /* to the discard */
    assert_int_equal(maxstax_match_compose_stackoff(m, 2, err, sizeof err), -1);
    assert_int_equal(maxstax_match_compose_stackoff(m, 1, err, sizeof err), 0);
    assert_true(maxstax_match_over(m));
    assert_int_equal(w->phase, SWAPSTAX_OVER);
    assert_int_equal(s->winner, 1);
    maxstax_match_standings(m, score, rank);
    assert_int_equal(score[0], 11), assert_int_equal(score[1], 11), assert_int_equal(score[2], 8);
    assert_int_equal(rank[1], 0), assert_int_equal(rank[0], 1), assert_int_equal(rank[2], 2);
    maxstax_match_free(m);

    m = mode_match(MAXSTAX_SWAPSTAX, 3, 0, -1, 0, 10);
    s = maxstax_match_rounds(m);
    assert_int_equal(maxstax_match_compose_played(m, 5, clear, err, sizeof err), 0);
    assert_true(maxstax_match_over(m));
    assert_int_equal(s->winner, 0);
    assert_int_equal(s->round, 5);
    maxstax_match_free(m);

    m = mode_match(MAXSTAX_SWAPSTAX, 3, 0, -1, 0, 10);
    w = maxstax_match_swapstax(m);
    assert_int_equal(maxstax_match_compose_played(m, 2, clear, err, sizeof err), 0);
    assert_int_equal(w->round, 3), assert_int_equal(w->phase, SWAPSTAX_SWAPPING);
    assert_int_equal(maxstax_match_rounds(m)->score[0], 5);
    all_pass(m); /* the match goes on: round 3's stacking */
    assert_int_equal(maxstax_match_rounds(m)->round, 3);
    maxstax_match_free(m);
}

/* One frame of a computer game: the seat on turn swaps or passes, then all build. */
static void computer_frame(maxstax_match *m, maxstax_bot *bots, int level)
{
    const swapstax_state *w = maxstax_match_swapstax(m);
    if (w->phase == SWAPSTAX_SWAPPING)
        assert_int_equal(
            maxstax_match_swap(m, w->turn, swapstax_choose(w, maxstax_match_rounds(m), &deck, w->turn, level)), 0);
    frame(m, bots, (1u << maxstax_match_rounds(m)->players) - 1);
}

static void test_computer_game(void **state)
{
    (void)state;
    char err[256];
    maxstax_match *m = mode_match(MAXSTAX_SWAPSTAX, 4, 0, -1, 0, 12);
    maxstax_bot bots[4];
    int swaps = 0;
    for (int p = 0; p < 4; p++)
        maxstax_bot_init(&bots[p], p, 2, 40 + (uint64_t)p);
    for (int f = 0; f < 60 * 60 * 20 && !maxstax_match_over(m); f++) {
        int before = maxstax_match_swapstax(m)->n_log;
        computer_frame(m, bots, 2);
        swaps += maxstax_match_swapstax(m)->n_log > before;
        if (f % 60 == 0)
            assert_int_equal(maxstax_match_check(m, err, sizeof err), 0);
    }
    assert_true(maxstax_match_over(m));
    assert_true(swaps > 0);
    int total = 0;
    for (int p = 0; p < 4; p++) {
        assert_true(maxstax_match_swapstax(m)->swaps_left[p] >= 0);
        total += maxstax_match_rounds(m)->score[p];
    }
    assert_true(total > 0 && total <= 4 * 5 * 3);
    maxstax_match_free(m);
}

static void test_save_every_phase(void **state)
{
    (void)state;
    maxstax_match *m = mode_match(MAXSTAX_SWAPSTAX, 3, 3, -1, 0, 14), *c;
    const swapstax_state *w = maxstax_match_swapstax(m);
    char buf[32768], line[64], *text;
    /* Swapping, after a swap. */
    assert_int_equal(maxstax_match_swap(m, w->turn, SWAPSTAX_DECK), 0);
    c = round_trip(m);
    fuzz_phase(m, 4);
    assert_memory_equal(maxstax_match_swapstax(c), w, sizeof *w);
    /* the card a finished match falls back on, too (a replay's checkpoint showed another) */
    assert_int_equal(maxstax_match_card(c)->id, maxstax_match_card(m)->id);
    maxstax_match_free(c);
    text = maxstax_match_save(m);
    snprintf(line, sizeof line, "hands %d %d", deck.card[w->hand[0]].id, deck.card[w->hand[1]].id);
    {
        char dup[64];
        snprintf(dup, sizeof dup, "hands %d %d", deck.card[w->hand[0]].id, deck.card[w->hand[0]].id);
        edit(text, line, dup, buf, sizeof buf);
        expect_refused(buf, "hold the same card");
    }
    edit(text, "phase swapping", "phase stacking", buf, sizeof buf);
    expect_refused(buf, "does not go with the clock");
    edit(text, "swaps 1", "swaps 2", buf, sizeof buf);
    expect_refused(buf, "expected 'swap'");
    edit(text, "swaps-left", "swaps-lft", buf, sizeof buf);
    expect_refused(buf, "expected 'swaps-left'");
    edit(text, "\nswap ", "\nswap 9 ", buf, sizeof buf);
    expect_refused(buf, "");
    free(text);
    /* Stacking, mid-claim: the claim holds in the resumed match. */
    all_pass(m);
    maxstax_match_compose(m, 1, MAXSTAX_CARD_MAX_BLOCKS);
    for (int f = 0; f < 10; f++)
        frame(m, NULL, 0);
    claim(m, 1);
    for (int f = 0; f < 20; f++)
        frame(m, NULL, 0);
    assert_int_equal(maxstax_match_claim(m, 1), MAXSTAX_CLAIM_CHECKING);
    c = round_trip(m);
    fuzz_phase(m, 5);
    for (int f = 0; f < 100; f++)
        frame(c, NULL, 0);
    assert_int_equal(maxstax_match_claim(c, 1), MAXSTAX_CLAIM_HELD);
    maxstax_match_free(c);
    /* Between rounds with points scored, then the stack-off. */
    for (int r = 1; r <= 5; r++) {
        if (w->phase == SWAPSTAX_SWAPPING)
            all_pass(m);
        while (w->round == r && w->phase == SWAPSTAX_STACKING)
            frame(m, NULL, 0);
        if (r == 2) {
            c = round_trip(m);
            assert_int_equal(maxstax_match_rounds(c)->score[1], maxstax_match_rounds(m)->score[1]);
            assert_int_equal(maxstax_match_card(c)->id, maxstax_match_card(m)->id);
            maxstax_match_free(c);
        }
    }
    assert_true(w->phase == SWAPSTAX_OVER || w->phase == SWAPSTAX_TIEBREAK);
    if (w->phase == SWAPSTAX_OVER) { /* seat 1 led alone: start a tied game to reach the stack-off */
        maxstax_match_free(m);
        m = mode_match(MAXSTAX_SWAPSTAX, 2, 1, -1, 0, 15);
        w = maxstax_match_swapstax(m);
        for (int r = 1; r <= 5; r++) {
            all_pass(m);
            while (w->round == r && w->phase == SWAPSTAX_STACKING)
                frame(m, NULL, 0);
        }
    }
    assert_int_equal(w->phase, SWAPSTAX_TIEBREAK);
    c = round_trip(m);
    fuzz_phase(m, 6);
    assert_int_equal(maxstax_match_swapstax(c)->phase, SWAPSTAX_TIEBREAK);
    assert_int_equal(maxstax_match_card(c)->id, maxstax_match_card(m)->id);
    text = maxstax_match_save(m);
    edit(text, "hands 0", "hands 1", buf, sizeof buf);
    expect_refused(buf, "nobody holds a card");
    free(text);
    maxstax_match_free(c);
    maxstax_match_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deal_from_the_shuffler), cmocka_unit_test(test_swaps_with_deck_and_player),
        cmocka_unit_test(test_passing_round),          cmocka_unit_test(test_reshuffle_from_discard),
        cmocka_unit_test(test_star_scoring_and_choice), cmocka_unit_test(test_stars_in_the_match),
        cmocka_unit_test(test_tiebreak_stackoff),      cmocka_unit_test(test_computer_game),
        cmocka_unit_test(test_save_every_phase),       cmocka_unit_test(test_composed_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
