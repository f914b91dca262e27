/* A computer Creator's original structure for SAMESTAX: random planks,
 * flat and upright, dropped onto what is already there, kept only once the
 * physics shows that the whole stands on its own. */
#ifndef STACKHOUSE_MAXSTAX_DESIGN_H
#define STACKHOUSE_MAXSTAX_DESIGN_H

#include "core/rng.h"
#include "games/maxstax/rules/maxstax_cards.h"

/* Designs a structure at level 1..3 (more blocks, more uprights and
 * overhangs as it rises) into out, as a card (2..12 blocks, centred on
 * x = 0). Returns 0; -1 only if no design stood in many tries. */
int maxstax_design(rng *r, int level, maxstax_card *out);
/* Nonzero when the structure stands: placed at rest in an empty world, no
 * block moves by more than a tenth of its thickness in 3 seconds. */
int maxstax_design_stands(const maxstax_card *c);

#endif
