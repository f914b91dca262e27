/* The inside of a maxstax_match, shared by its core (maxstax_match.c) and its
 * saves (maxstax_match_save.c); nothing else includes it. */
#ifndef STACKHOUSE_MAXSTAX_MATCH_PRIV_H
#define STACKHOUSE_MAXSTAX_MATCH_PRIV_H

#include "games/maxstax/rules/maxstax_match.h"

#define HOLD_TICKS ((int)(MAXSTAX_CLAIM_HOLD_S / MAXSTAX_STEP + 0.5))

struct maxstax_match {
    maxstax_setup setup;
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
};

/* Takes every structure down: each player's blocks back into 3 piles of 4. */
void maxstax_match_reset_piles(maxstax_match *m);
/* The poses of the blocks over player p's space, relative to it, into in (12
 * at most); returns how many there are (13 means too many). */
int maxstax_match_space(const maxstax_match *m, int p, maxstax_pose *in);
/* Nonzero when the blocks in player p's space match card. */
int maxstax_match_space_matches(const maxstax_match *m, int p, const maxstax_card *card);
/* SAMESTAX: starts the current round's creation (maxstax_modes.c). */
void samestax_begin(maxstax_match *m);
/* SAMESTAX: one clock tick of the round's phase. */
void samestax_tick(maxstax_match *m);
/* SWAPSTAX: once the swap phase is over, starts the stacking clock. */
void swapstax_begin_if_ready(maxstax_match *m);
/* SWAPSTAX: one clock tick of stacking or the stack-off. */
void swapstax_tick(maxstax_match *m);

#endif
