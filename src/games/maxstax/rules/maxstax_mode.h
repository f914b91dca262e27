/* How the match core (maxstax_match.c) drives a scoring mode: one const
 * table of hooks per mode (speedstax_mode, samestax_mode, swapstax_mode, in
 * speedstax.c, samestax.c and swapstax.c). A hook sees its match only through
 * a maxstax_turf: the setup, the deck, the physics to look at, the shared
 * clock and its own rounds; what it wants done to the physics it asks for in
 * the turf, and the core does it after the hook. No mode calls the match. */
#ifndef STACKHOUSE_MAXSTAX_MODE_H
#define STACKHOUSE_MAXSTAX_MODE_H

#include "games/maxstax/rules/maxstax_match.h"
#include "games/maxstax/rules/maxstax_world.h"

/* Ticks a claim (or a SAMESTAX structure after Ready) must stand. */
#define MAXSTAX_HOLD_TICKS ((int)(MAXSTAX_CLAIM_HOLD_S / MAXSTAX_STEP + 0.5))

/* What a scoring mode's hook sees of its match, and asks of it. */
typedef struct maxstax_turf {
    const maxstax_setup *setup;
    const maxstax_deck *deck;
    const maxstax_world *world; /* to look at (maxstax_space_read) */
    speedstax_state *rounds;    /* the clock, claims, finishes and scores */
    samestax_state *same;       /* SAMESTAX's rounds */
    long *create_ticks, *replicate_ticks; /* SAMESTAX's phase lengths */
    swapstax_state *swap;       /* SWAPSTAX's hands and swaps */
    /* Asked by a hook, done by the core after it. */
    int reset;  /* take every structure down, the blocks back into their piles */
    int let_go; /* open this seat's hand (-1: none) */
} maxstax_turf;

typedef struct maxstax_mode {
    maxstax_scoring scoring;
    int fewest; /* the fewest seats it plays (0: the rules' 2; practice's 1) */
    /* Whether a match of setup can be dealt from n_cards eligible cards; 0,
     * or -1 with a message (NULL: always). */
    int (*check)(const maxstax_setup *setup, int n_cards, char *err, size_t errn);
    /* Starts the match once the shared clock has shuffled (NULL: its first round runs). */
    void (*begin)(maxstax_turf *t);
    /* Nonzero when seat p's claim stands at once, unchecked (SAMESTAX's Ready; NULL: never). */
    int (*ready)(const maxstax_turf *t, int p);
    /* One clock tick, after the physics step and the claims' checks. */
    void (*tick)(maxstax_turf *t);
    /* Seat p's decision between ticks (SWAPSTAX's swap); 0, or -1 when it is not p's (NULL: none). */
    int (*act)(maxstax_turf *t, int p, int with);
    /* The card seat p builds, or NULL for the round's card. */
    const maxstax_card *(*seat_card)(const maxstax_turf *t, int p);
    /* Each seat's place (0 is first, ties share; NULL: by points, then
     * the stack-off, speedstax_ranks). */
    void (*ranks)(const maxstax_turf *t, int rank[SPEEDSTAX_MAX_PLAYERS]);
    /* A test hook (maxstax_match_compose_played): at the very start, as if
     * the first n rounds had been played with these points, the last one
     * ending the match as a played one does; 0, or -1 with nothing changed. */
    int (*played)(maxstax_turf *t, int n, const int (*points)[SPEEDSTAX_MAX_PLAYERS]);
    /* A test hook: seat p wins the stack-off just begun; 0, or -1 (NULL: the mode has none). */
    int (*stackoff)(maxstax_turf *t, int p);
} maxstax_mode;

extern const maxstax_mode speedstax_mode, samestax_mode, swapstax_mode, practice_mode;

/* The poses of the blocks over seat p's space in w, relative to it, into in
 * (12 at most); returns how many there are (13 means too many). */
int maxstax_space_read(const maxstax_world *w, int p, maxstax_pose *in);
/* Nonzero when the blocks over seat p's space in w match card. */
int maxstax_space_matches(const maxstax_world *w, int p, const maxstax_card *card);

#endif
