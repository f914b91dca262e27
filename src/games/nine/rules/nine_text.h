/* 9 STAX notation: the full-state position text and the move words, as
 * documented under "Notation" in docs/rules/9stax.md. */
#ifndef STACKHOUSE_NINE_TEXT_H
#define STACKHOUSE_NINE_TEXT_H

#include <stddef.h>

#include "core/game.h"
#include "games/nine/rules/nine.h"

/* Longest position text, with its NUL (every card named once, plus fields). */
#define NINE_POSITION_MAX 2048

/* Writes the canonical position of a nine_state; returns its length, or -1. */
int nine_position_write(const void *st, char *buf, size_t n);
/* Reads a position ("start", "start:N", "start:N:SEED" or the full text) into
 * a nine_state; players, when nonzero, must match. 0, or -1 with a message. */
int nine_position_read(void *st, int players, const char *text, char *err, size_t errn);
/* Writes the codes of the cards in a place (a nine_zone plus a seat; stack k
 * for stack places) into codes, sorted as the notation writes them; returns
 * how many. */
int nine_place_codes(const nine_state *s, int place, int k, uint8_t *codes);
/* The word of a pending decision (a nine_pend_kind) in a position's pend
 * field ("take", "immune"), or "?". */
const char *nine_pend_word(int kind);
/* The word of an action card's face in pend=immune ("attack", "peek"), or "?". */
const char *nine_action_word(int face);
/* Writes a move's words ("play R7", "attack p2"); returns the length, or -1. */
int nine_move_write(const void *st, const game_move *m, char *buf, size_t n);
/* Reads a move that must be legal in st; returns 0, or -1 with a message. */
int nine_move_read(const void *st, const char *text, game_move *m, char *err, size_t errn);

#endif
