/* Stakz notation: the position text P;STACKS;HANDS;PILE;SCORES;BONUS and the
 * move words (r3>2, end:g, end), as documented under "Notation" in
 * docs/rules/stakz.md. */
#ifndef STACKHOUSE_STAKZ_TEXT_H
#define STACKHOUSE_STAKZ_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "core/game.h"

/* Longest position text, with its NUL (75 tiles of 3 characters, 75 stack
 * numbers and the totals leave room to spare). */
#define STAKZ_POSITION_MAX 1024

/* Writes a tile's two characters ("r3"; "r?" for an unknown symbol) and a NUL. */
void stakz_tile_name(uint8_t code, char out[3]);
/* The code of a two-character tile name, or -1. */
int stakz_tile_read(const char *text);
/* Writes the canonical position of a stakz_state; returns its length, or -1. */
int stakz_position_write(const void *st, char *buf, size_t n);
/* Reads a position ("start", "start:N", "start:N:SEED" or the full text)
 * into a stakz_state; players, when nonzero, must match; draw is the
 * match's stakz_draw setting. 0, or -1 with a message (st unchanged). */
int stakz_position_read(void *st, int players, int draw, const char *text, char *err, size_t errn);
/* Writes a move's words ("r3>2", "end:g", "end"); returns the length, or -1. */
int stakz_move_write(const void *st, const game_move *m, char *buf, size_t n);
/* Reads a move that must be legal in st; returns 0, or -1 with a message. */
int stakz_move_read(const void *st, const char *text, game_move *m, char *err, size_t errn);

#endif
