/* 9 STAX's invariants, checked after every move in tests and self-play and
 * on every position read. */
#ifndef STACKHOUSE_NINE_CHECK_H
#define STACKHOUSE_NINE_CHECK_H

#include <stddef.h>

#include "games/nine/rules/nine.h"

/* The invariants: all 200 cards, each id in exactly one place, counts and
 * pending decision consistent; returns 0, or -1 with a message. */
int nine_check(const nine_state *s, char *err, size_t errn);

#endif
