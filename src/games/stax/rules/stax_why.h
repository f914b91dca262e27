/* STAX's "why not?": why a move (a stack's path) is refused, one sentence in
 * the game's words, for a lesson's wrong move and any other caller of
 * game_rules.refusal. The table says the same things press by press as the
 * player picks and drops a stack (stax_view.c). */
#ifndef STACKHOUSE_STAX_WHY_H
#define STACKHOUSE_STAX_WHY_H

#include <stddef.h>

#include "core/game.h"
#include "games/stax/rules/stax.h"

/* Why the side to move in s may not play m, a path from its first square
 * ("Capture is compulsory: jump over an enemy stack."). Returns the length
 * written, or -1 when m is legal (or n is too small). */
int stax_refusal(const stax_state *s, const game_move *m, char *buf, size_t n);
/* stax_refusal for game_rules.refusal. */
int stax_refusal_rules(const void *st, const game_move *m, char *buf, size_t n);

#endif
