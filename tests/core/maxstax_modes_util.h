/* Helpers shared by the SAMESTAX and SWAPSTAX tests (a header, so that each
 * test stays one file): a match of a mode, stepping with computer stackers,
 * and saves read back, edited and refused. */
#ifndef STACKHOUSE_TEST_MAXSTAX_MODES_UTIL_H
#define STACKHOUSE_TEST_MAXSTAX_MODES_UTIL_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/maxstax/rules/maxstax_bot.h"
#include "maxstax_save_util.h"

#define FRAME (1.0 / 60.0)

/* A match of this scoring; setup is filled in and may be edited by the caller first via tweak. */
static inline maxstax_match *mode_match(maxstax_scoring scoring, int players, double round_s, int first_creator,
                                 int level, uint64_t seed)
{
    char err[256];
    maxstax_setup setup;
    maxstax_match *m;
    assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
    maxstax_setup_default(&setup, players);
    setup.scoring = scoring;
    setup.round_seconds = round_s;
    setup.first_creator = first_creator;
    for (int p = 0; p < players; p++)
        setup.levels[p] = level;
    m = maxstax_match_new(&setup, &deck, seed, err, sizeof err);
    if (!m)
        fprintf(stderr, "%s\n", err);
    assert_non_null(m);
    return m;
}

/* One frame: each seat in bots_mask played by its bot, the rest idle. */
static inline void frame(maxstax_match *m, maxstax_bot *bots, unsigned bots_mask)
{
    maxstax_input in[SPEEDSTAX_MAX_PLAYERS];
    memset(in, 0, sizeof in);
    for (int p = 0; p < maxstax_match_rounds(m)->players; p++) {
        double x, y;
        maxstax_match_hand(m, p, &x, &y);
        in[p].x = x;
        in[p].y = y;
        if (bots_mask >> p & 1)
            maxstax_bot_think(&bots[p], m, FRAME, &in[p]);
    }
    maxstax_step(m, in, FRAME);
}

/* Seat p presses MAX STAX (or Ready) this frame, hand where it is. */
static inline void claim(maxstax_match *m, int p)
{
    maxstax_input in[SPEEDSTAX_MAX_PLAYERS];
    memset(in, 0, sizeof in);
    for (int q = 0; q < maxstax_match_rounds(m)->players; q++)
        maxstax_match_hand(m, q, &in[q].x, &in[q].y);
    in[p].actions = MAXSTAX_IN_CLAIM;
    maxstax_step(m, in, FRAME);
}

/* Saves m, loads it back and saves that: the same text; returns the copy. */
static inline maxstax_match *round_trip(const maxstax_match *m)
{
    char *text;
    maxstax_match *c = reload(m, &text);
    saves_as(c, text);
    assert_int_equal(maxstax_match_scoring(c), maxstax_match_scoring(m));
    assert_true(fabs(maxstax_match_time_left(m) - maxstax_match_time_left(c)) < 1e-9);
    free(text);
    return c;
}

/* Damaged copies of m's save, each refused at a line or loaded as a sound
 * match that plays on for half a second. */
static inline void fuzz_phase(const maxstax_match *m, uint64_t seed)
{
#ifdef __SANITIZE_ADDRESS__
    const int rounds = 60;
#else
    const int rounds = 300;
#endif
    char *text = maxstax_match_save(m);
    assert_non_null(text);
    assert_true(fuzz_load(text, seed, rounds, 30) < rounds); /* most damage is caught */
    free(text);
}

#endif
