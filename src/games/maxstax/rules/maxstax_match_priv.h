/* The inside of a maxstax_match, shared by its core (maxstax_match.c), its
 * saves (maxstax_match_save.c) and practice (maxstax_practice.c); nothing else includes it. */
#ifndef STACKHOUSE_MAXSTAX_MATCH_PRIV_H
#define STACKHOUSE_MAXSTAX_MATCH_PRIV_H

#include "games/maxstax/rules/maxstax_mode.h"

#define HOLD_TICKS MAXSTAX_HOLD_TICKS

struct maxstax_match {
    maxstax_setup setup;
    const maxstax_mode *mode; /* how setup.scoring plays */
    maxstax_deck deck;
    maxstax_world *world;
    speedstax_state rounds; /* the clock, claims and finishes of every mode */
    samestax_state same;    /* SAMESTAX only */
    swapstax_state swap;    /* SWAPSTAX only */
    long create_ticks, replicate_ticks; /* SAMESTAX's phases */
    double acc;
    maxstax_claim claim[SPEEDSTAX_MAX_PLAYERS];
    long claim_tick[SPEEDSTAX_MAX_PLAYERS];
    int hold_left[SPEEDSTAX_MAX_PLAYERS];
    maxstax_claim_event event[SPEEDSTAX_MAX_PLAYERS]; /* the last claim event of each seat */
};

/* Takes every structure down: each player's blocks back into 3 piles of 4,
 * their claims forgotten (maxstax_match.c; practice's next card too). */
void maxstax_match_reset_piles(maxstax_match *m);

#endif
