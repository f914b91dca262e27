/* MAXSTAX lessons at the rules' level (#29, docs/lessons.md): a step's
 * position, a scene of blocks and a stacker card written in the match's own
 * tape and save lines (docs/records.md), made into a match; and what the
 * learner must do (build the card, call MAX STAX, press Ready, swap or pass),
 * read and judged by the rules with their own refusals (maxstax_why.h). */
#ifndef STACKHOUSE_MAXSTAX_LESSON_H
#define STACKHOUSE_MAXSTAX_LESSON_H

#include <stddef.h>
#include <stdint.h>

#include "games/maxstax/rules/maxstax_match.h"

/* What a learner (or, for a reply, the seat on turn) does in a step. */
typedef enum maxstax_lesson_kind {
    MAXSTAX_LESSON_BUILD, /* build the card: done when the matcher says it matches */
    MAXSTAX_LESSON_CLAIM, /* call MAX STAX: done when the call holds */
    MAXSTAX_LESSON_READY, /* SAMESTAX: the Creator's Ready (2 blocks or more standing) */
    MAXSTAX_LESSON_SWAP   /* SWAPSTAX: swap with the deck or a seat, or pass (the tape's swap) */
} maxstax_lesson_kind;

typedef struct maxstax_lesson_act {
    maxstax_lesson_kind kind;
    int with; /* a swap's: SWAPSTAX_DECK, SWAPSTAX_PASS or a seat from 0 */
} maxstax_lesson_act;

/* A new match of setup from seed and deck with position applied:
 * "; "-separated lines, each a line of the tape or the save:
 *  - the tape's setup lines `round-seconds S`, `first-creator P`, `stars LO HI`;
 *  - the tape's `played ROUNDS POINTS...` (the rounds already played);
 *  - `card ID...`, the cards in play: SPEEDSTAX the round's card; SWAPSTAX
 *    each seat's hand in seat order, then the deck's next card; SAMESTAX the
 *    Creator's structure, standing in its space, the target of replication;
 *  - the tape's `place SEAT BLOCK X Y ANGLE` (relative to the seat's space);
 *  - any other save line (`tick T`, `samestax ...`, `swapstax ...`, `hands ...`,
 *    `swaps-left ...`, `seat P ...`): it replaces the new match's.
 * The match is saved, changed and read back, so every line is checked as a
 * save's is. NULL with "position line K: ..." (or the save's words) in err. */
maxstax_match *maxstax_lesson_match(const maxstax_setup *setup, const maxstax_deck *deck, uint64_t seed,
                                    const char *position, char *err, size_t errn);

/* Reads an action: `build`, `claim`, `ready`, or the tape's `swap WITH`
 * (-2 the deck, -1 a pass, else a seat from 0); 0, or -1 with a message. */
int maxstax_lesson_act_read(const char *text, int players, maxstax_lesson_act *a, char *err, size_t errn);

/* Whether seat p may do a in m now, by the rules: 0; else -1 with why in the
 * game's words (the table's own refusals). */
int maxstax_lesson_act_allowed(const maxstax_match *m, int p, const maxstax_lesson_act *a, char *why, size_t n);

/* Whether the blocks standing in seat p's space match what p builds: 0;
 * else -1 with what differs ("the top plank is missing") in why. */
int maxstax_lesson_built(const maxstax_match *m, int p, char *why, size_t n);

#endif
