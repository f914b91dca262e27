/* STAX's hint words: what a move does, in the game's words, for the table's
 * Hint and a lesson (game_rules.move_reason). */
#ifndef STACKHOUSE_STAX_HINT_H
#define STACKHOUSE_STAX_HINT_H

#include <stddef.h>

#include "core/game.h"

/* What legal move m does for the side to move in st ("captures two and
 * builds a stack of 3"); its length, or -1 when m is not legal or n too small. */
int stax_move_reason(const void *st, const game_move *m, char *buf, size_t n);

#endif
