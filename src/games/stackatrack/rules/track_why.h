/* Stack-A-Track's "why not?": why a block may not go down a column that way
 * up, or the player may not pass, one sentence in the game's words (never
 * notation), for the table's refused press, a phone's refused move and a
 * lesson's wrong move. */
#ifndef STACKHOUSE_TRACK_WHY_H
#define STACKHOUSE_TRACK_WHY_H

#include <stddef.h>

#include "core/game.h"
#include "games/stackatrack/rules/track.h"

/* Why the seat to move in s may not play m ("Column 3 is full."). Returns
 * the length written, or -1 when m is legal (or n is too small). */
int track_refusal(const track_state *s, const game_move *m, char *buf, size_t n);
/* track_refusal for game_rules.refusal. */
int track_refusal_rules(const void *st, const game_move *m, char *buf, size_t n);

#endif
