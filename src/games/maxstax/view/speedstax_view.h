/* The SPEEDSTAX table: every player's stacking space and starter piles drawn
 * from the physics world (poses interpolated between fixed steps), the card,
 * the clock and the MAX STAX button. The mouse drives the first person's
 * hand; each controller drives one person's hand with a cursor of its own;
 * computer stackers (maxstax_bot) build in their spaces. Round results after
 * each round, then the common score screen. The rules and the scoring are the
 * core's (maxstax_match); this file only shows them and feeds them input.
 *
 * For tests, --position takes words: "seed=N", "round=S" (a round's length
 * in seconds) and "compose=P:K" (stand the first K blocks of the card in seat
 * P's space; K = 99 is the whole card). */
#ifndef STACKHOUSE_SPEEDSTAX_VIEW_H
#define STACKHOUSE_SPEEDSTAX_VIEW_H

#include "core/record.h"
#include "scenes/scenes.h"

struct app;

/* The table for match m (a SPEEDSTAX setup); rec may be NULL (a real-time
 * match keeps no move record) and is freed when given. */
scene *speedstax_view_create(struct app *a, const match_setup *m, game_record *rec);

#endif
