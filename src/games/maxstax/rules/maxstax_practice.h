/* MAXSTAX practice (#29): a maxstax_match of MAXSTAX_PRACTICE scoring is one
 * stacker card the player chose, with no clock and no round end. Each seat
 * builds that card in its own space; a MAX STAX call is judged as in a
 * round (maxstax_match.h) and, when it holds, the card is matched: the
 * structure stays, nothing is scored, and the match goes on until another
 * card is chosen. Practice is never saved nor kept in the history. The
 * lessons build their cards on the same state. */
#ifndef STACKHOUSE_MAXSTAX_PRACTICE_H
#define STACKHOUSE_MAXSTAX_PRACTICE_H

#include <stddef.h>

#include "games/maxstax/rules/maxstax_match.h"

/* A practice match of players seats (1..4) on deck, every seat building deck
 * card `card` (0-based index into deck); NULL with a message in err. */
maxstax_match *maxstax_practice_new(int players, const maxstax_deck *deck, int card, char *err, size_t errn);
/* Every seat builds deck card `card` now: every structure taken down, the
 * blocks back in their piles, claims and matches forgotten. 0, or -1 when m
 * is no practice match or there is no such card (m unchanged). */
int maxstax_practice_choose(maxstax_match *m, int card);
/* The deck index of the card practised, or -1 when m is no practice match. */
int maxstax_practice_card(const maxstax_match *m);
/* Nonzero once seat p's MAX STAX on the card held (until another is chosen). */
int maxstax_practice_matched(const maxstax_match *m, int p);

#endif
