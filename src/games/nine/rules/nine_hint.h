/* 9 STAX's hint words: what a move does, in the game's words, for the
 * table's Hint and a lesson (game_rules.move_reason). Only what the one who
 * decides may know: their own card, the table, the discard pile. */
#ifndef STACKHOUSE_NINE_HINT_H
#define STACKHOUSE_NINE_HINT_H

#include <stddef.h>

#include "core/game.h"

/* What legal move m does for the seat that decides in st ("plays your red 5
 * on the red 2, matching the colour: 11 cards left"); its length, or -1 when
 * m is not legal or n too small. */
int nine_move_reason(const void *st, const game_move *m, char *buf, size_t n);

#endif
