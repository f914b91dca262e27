/* MAXSTAX's "why not?" (SPEEDSTAX, SAMESTAX, SWAPSTAX): why a seat may not
 * build now (take a block, call MAX STAX) or make a swap, one sentence in the
 * game's words, for the table's refused press, a phone's pad and a lesson's
 * wrong step. A wrong call of MAX STAX says what differs with
 * maxstax_miss_phrase (maxstax_matcher.h). */
#ifndef STACKHOUSE_MAXSTAX_WHY_H
#define STACKHOUSE_MAXSTAX_WHY_H

#include <stddef.h>

#include "games/maxstax/rules/maxstax_match.h"

/* Why seat p may not build in m now ("Player 2 is the Creator: watch, then
 * copy what they build."); names[q] says seat q as the table does (NULL:
 * "Player N"). Returns the length written, or -1 when p may build (or n is
 * too small). */
int maxstax_build_refusal(const maxstax_match *m, int p, const char *const *names, char *buf, size_t n);
/* Why seat p may not swap with `with` now (a seat, SWAPSTAX_DECK or
 * SWAPSTAX_PASS); -1 when it may. */
int maxstax_swap_refusal(const maxstax_match *m, int p, int with, const char *const *names, char *buf, size_t n);

#endif
