/* 9 STAX's "why not?": why a move may not be played, one sentence in the
 * game's words (never notation), for the table's refused press, a phone's
 * refused move and a lesson's wrong move alike. */
#ifndef STACKHOUSE_NINE_WHY_H
#define STACKHOUSE_NINE_WHY_H

#include <stddef.h>

#include "core/game.h"
#include "games/nine/rules/nine.h"

/* Why the seat that decides in s may not play m ("A red 5 matches neither
 * the colour nor the number of the blue 7."); a stack named by m (a Peek, a
 * Swap, a Free Discard) may be any stack the player pressed. Returns the
 * length written, or -1 when m is legal (or n is too small). */
int nine_refusal(const nine_state *s, const game_move *m, char *buf, size_t n);
/* A card as the table says it ("red 5", "blue Attack", "Color Shift"), in buf. */
const char *nine_card_words(uint8_t code, char *buf, size_t n);
/* nine_refusal for game_rules.refusal. */
int nine_refusal_rules(const void *st, const game_move *m, char *buf, size_t n);

#endif
