/* The 9 STAX table (2 to 4 seats): every seat's numbered stacks with their
 * tokens, the held stack fanned face up for its owner only, the draw and
 * discard piles, the active colour, the direction disk and the Immunity
 * tiles; moves and targets by clicking or by a focus ring (keyboard and
 * controller); animated deal, plays, draws, swaps and attacks; a log in
 * words; a privacy curtain between humans sharing the screen; the computer
 * on a worker thread; saving on leave and the score screen at the end.
 *
 * Everything private is drawn from nine_rules.observe(state, viewing seat),
 * never from the true state. */
#ifndef STACKHOUSE_NINE_VIEW_H
#define STACKHOUSE_NINE_VIEW_H

#include "core/record.h"
#include "scenes/scenes.h"

struct app;

/* The table for match m, continuing rec (taken over). NULL if rec is not a
 * 9 STAX record. */
scene *nine_view_create(struct app *a, const match_setup *m, game_record *rec);

#endif
