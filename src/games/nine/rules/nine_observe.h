/* 9 STAX's observe and determinize (the game interface's hidden information). */
#ifndef STACKHOUSE_NINE_OBSERVE_H
#define STACKHOUSE_NINE_OBSERVE_H

#include "core/rng.h"

/* Copies the position st into view with what seat may not know dealt blind
 * (in a fixed order, so the view depends only on what it knows); seat -1 is
 * the public view: the discard pile and the face-up revealed stacks, no more. */
void nine_observe(const void *st, int seat, void *view);
/* Deals the cards seat does not know at random, keeping what it knows. */
void nine_determinize(void *st, int seat, rng *r);

#endif
