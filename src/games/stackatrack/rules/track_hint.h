/* Stack-A-Track's hint words: what a placement does, in the game's words,
 * for the table's Hint and a lesson (game_rules.move_reason). */
#ifndef STACKHOUSE_TRACK_HINT_H
#define STACKHOUSE_TRACK_HINT_H

#include <stddef.h>

#include "core/game.h"

/* What legal move m does for the seat to move in st ("completes a loop in
 * column 3: +5"); its length, or -1 when m is not legal or n too small. */
int track_move_reason(const void *st, const game_move *m, char *buf, size_t n);

#endif
