/* Stakz's hint words: what a move does, in the game's words, for the
 * table's Hint and a lesson (game_rules.move_reason). Only what the mover
 * may know: their own tile, the stacks, the colour they draw. */
#ifndef STACKHOUSE_STAKZ_HINT_H
#define STACKHOUSE_STAKZ_HINT_H

#include <stddef.h>

#include "core/game.h"

/* What legal move m does for the seat to move in st ("puts your blue star
 * on stack 2, matching its star, and splits it in two"); its length, or -1
 * when m is not legal or n too small. */
int stakz_move_reason(const void *st, const game_move *m, char *buf, size_t n);

#endif
