/* MAXSTAX's "why not?" (#29): each reason a seat may not build now (take a
 * block, call MAX STAX) or make a swap has its sentence from the rules
 * (maxstax_why.h), in SPEEDSTAX, SAMESTAX and SWAPSTAX, with the seats'
 * names as the table gives them; a seat that may build gets none. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "games/maxstax/rules/maxstax_why.h"
#include "maxstax_modes_util.h"

static const char *const names[SPEEDSTAX_MAX_PLAYERS] = {"Ann", "Bo", "Cy", "Di"};

/* frames of play, every hand still (no computers). */
static void run(maxstax_match *m, int frames)
{
    for (int i = 0; i < frames; i++)
        frame(m, NULL, 0);
}

/* Fails unless seat p of m is refused building with exactly want. */
static void build_refused(const maxstax_match *m, int p, const char *want)
{
    char got[160];
    assert_int_equal(maxstax_build_refusal(m, p, names, got, sizeof got), (int)strlen(want));
    assert_string_equal(got, want);
}

static void build_allowed(const maxstax_match *m, int p)
{
    char got[160];
    assert_int_equal(maxstax_build_refusal(m, p, names, got, sizeof got), -1);
}

static void swap_refused(const maxstax_match *m, int p, int with, const char *want)
{
    char got[160];
    assert_int_equal(maxstax_swap_refusal(m, p, with, names, got, sizeof got), (int)strlen(want));
    assert_string_equal(got, want);
}

/* SPEEDSTAX: a claim being checked, then a structure that holds; and with
 * one mouse, a seat whose turn has not come. */
static void test_speedstax(void **state)
{
    maxstax_match *m = mode_match(MAXSTAX_SPEEDSTAX, 3, 0, -1, 0, 1);
    (void)state;
    build_allowed(m, 0);
    maxstax_match_compose(m, 0, maxstax_match_card(m)->n);
    run(m, 60);
    claim(m, 0);
    assert_int_equal(maxstax_match_claim(m, 0), MAXSTAX_CLAIM_CHECKING);
    build_refused(m, 0, "Hands off: your MAX STAX is being checked.");
    run(m, 150);
    assert_true(maxstax_match_rounds(m)->finish[0] >= 0);
    build_refused(m, 0, "Your MAX STAX stands: you have finished this round.");
    build_allowed(m, 1);
    swap_refused(m, 0, SWAPSTAX_DECK, "Only SWAPSTAX has swaps.");
    maxstax_match_free(m);
}

static void test_speedstax_turns(void **state)
{
    char err[256];
    maxstax_setup setup;
    maxstax_match *m;
    (void)state;
    assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
    maxstax_setup_default(&setup, 2);
    setup.turn_mask = 3; /* two people, one mouse */
    m = maxstax_match_new(&setup, &deck, 1, err, sizeof err);
    assert_non_null(m);
    build_allowed(m, 0);
    build_refused(m, 1, "It is Ann's turn to build: yours comes next.");
    maxstax_match_free(m);
}

/* SAMESTAX: only the Creator builds while creating; hands off while the
 * structure settles; then the Creator watches the others copy it. */
static void test_samestax(void **state)
{
    maxstax_match *m = mode_match(MAXSTAX_SAMESTAX, 2, 0, 1, 0, 1);
    (void)state;
    build_refused(m, 0, "Bo is the Creator: watch, then copy what they build.");
    build_allowed(m, 1);
    for (int i = 0; i < 3; i++) /* three planks flat on the floor: a structure that stands */
        maxstax_match_place(m, 1, maxstax_match_first_block(1) + i, (maxstax_pose){-5.0 + 5.0 * i, 0.5, 0});
    run(m, 60);
    claim(m, 1); /* the Creator's Ready */
    assert_int_equal(maxstax_match_samestax(m)->phase, SAMESTAX_SETTLE);
    build_refused(m, 0, "Hands off: the Creator's structure is settling.");
    for (int i = 0; i < 600 && maxstax_match_samestax(m)->phase == SAMESTAX_SETTLE; i++)
        run(m, 1);
    assert_int_equal(maxstax_match_samestax(m)->phase, SAMESTAX_REPLICATE);
    build_allowed(m, 0);
    build_refused(m, 1, "You created this structure: the others copy it now.");
    maxstax_match_free(m);
}

/* SWAPSTAX: nobody builds during the swaps; only the seat whose turn it is
 * swaps, never with itself; once the swaps are over, none. */
static void test_swapstax(void **state)
{
    maxstax_match *m = mode_match(MAXSTAX_SWAPSTAX, 2, 0, -1, 0, 1);
    const swapstax_state *w = maxstax_match_swapstax(m);
    int t = w->turn, o = 1 - t;
    char want[80];
    (void)state;
    build_refused(m, t, "The swaps come first: building starts once everyone has passed.");
    snprintf(want, sizeof want, "It is %s's turn to swap or pass.", names[t]);
    swap_refused(m, o, SWAPSTAX_DECK, want);
    swap_refused(m, t, t, "That card is your own: swap with the deck or another player.");
    assert_int_equal(maxstax_swap_refusal(m, t, SWAPSTAX_PASS, names, want, sizeof want), -1);
    assert_int_equal(maxstax_swap_refusal(m, t, o, names, want, sizeof want), -1);
    while (w->phase == SWAPSTAX_SWAPPING)
        assert_int_equal(maxstax_match_swap(m, w->turn, SWAPSTAX_PASS), 0);
    build_allowed(m, 0);
    swap_refused(m, 0, SWAPSTAX_DECK, "The swaps are over: build the card you hold.");
    maxstax_match_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_speedstax),
        cmocka_unit_test(test_speedstax_turns),
        cmocka_unit_test(test_samestax),
        cmocka_unit_test(test_swapstax),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
