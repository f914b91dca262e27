/* The 9 STAX table (2 to 4 seats): every seat's numbered stacks with their
 * tokens, the held stack fanned face up for its owner only, the draw and
 * discard piles, the active colour, the direction disk and the Immunity
 * tiles; moves and targets by clicking or by a focus ring (keyboard and
 * controller); animated deal, plays, draws, swaps and attacks; a log in
 * words; the curtain's panel. The table midend (table/table.h) decides
 * when the curtain falls, runs the computer, saves and shows the score.
 *
 * Everything private is drawn from nine_rules.observe(state, viewing seat),
 * never from the true state. */
#ifndef STACKHOUSE_NINE_VIEW_H
#define STACKHOUSE_NINE_VIEW_H

#include "table/table.h"

/* The view callbacks of a 9 STAX table. */
extern const table_view_ops nine_view_ops;

#endif
