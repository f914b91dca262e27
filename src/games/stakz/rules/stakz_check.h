/* Stakz's invariants, checked after every move in tests and self-play and
 * on every position read. */
#ifndef STACKHOUSE_STAKZ_CHECK_H
#define STACKHOUSE_STAKZ_CHECK_H

#include <stddef.h>

#include "games/stakz/rules/stakz.h"

/* The invariants: the game's tiles all there (75 from a deal, each code as
 * often as the game's set has it), stacks within the limits, derived fields
 * and bonuses consistent; returns 0, or -1 with a message. */
int stakz_check(const stakz_state *s, char *err, size_t errn);

#endif
