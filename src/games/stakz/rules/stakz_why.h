/* Stakz's "why not?": why a tile may not go on a stack or the turn may not
 * end so, one sentence in the game's words (never notation), for the
 * table's refused press, a phone's refused move and a lesson's wrong move. */
#ifndef STACKHOUSE_STAKZ_WHY_H
#define STACKHOUSE_STAKZ_WHY_H

#include <stddef.h>

#include "core/game.h"
#include "games/stakz/rules/stakz.h"

/* Why the seat to move in s may not play m ("The red star is neither blue
 * nor a circle."); a place move's tile may be STAKZ_CODES or more for "no
 * tile chosen". Returns the length written, or -1 when m is legal (or n is
 * too small). */
int stakz_refusal(const stakz_state *s, const game_move *m, char *buf, size_t n);
/* Why tile code, chosen from the hand of the seat to move, goes on no stack
 * now ("The red star fits on no stack now."); -1 when it fits one. */
int stakz_tile_refusal(const stakz_state *s, int code, char *buf, size_t n);
/* stakz_refusal for game_rules.refusal. */
int stakz_refusal_rules(const void *st, const game_move *m, char *buf, size_t n);

#endif
