/* The SPEEDSTAX table: every player's stacking space and starter piles drawn
 * from the physics world (poses interpolated between fixed steps), the card,
 * the clock and the MAX STAX button. The mouse drives the first person's
 * hand; each controller drives one person's hand with a cursor of its own;
 * computer stackers (maxstax_bot) build in their spaces. Round results after
 * each round, then the common score screen. The rules and the scoring are the
 * core's (maxstax_match); this file only shows them and feeds them input.
 *
 * Quitting mid-match saves it (maxstax_match_save behind the table's seats)
 * and Resume in match setup reads it back: the round goes on where it was.
 *
 * For tests, --position takes words: "seed=N", "round=S" (a round's length
 * in seconds), "compose=P:K" (stand the first K blocks of the card in seat
 * P's space; K = 99 is the whole card; "compose=P:K:each" again at every new
 * round and stack-off), "played=A.B/C.D" (start after rounds already played
 * with these points, a round per '/', a seat per '.') and "ghost". */
#ifndef STACKHOUSE_SPEEDSTAX_VIEW_H
#define STACKHOUSE_SPEEDSTAX_VIEW_H

#include "core/record.h"
#include "scenes/scenes.h"

struct app;

/* The table for match m (a SPEEDSTAX setup); rec may be NULL (a real-time
 * match keeps no move record) and is freed when given. */
scene *speedstax_view_create(struct app *a, const match_setup *m, game_record *rec);
/* The table for a saved match (its text from maxstax_match_save) with seats
 * m; NULL with the reason in err when the save is not sound (nothing else
 * changes). A table_resume_fn. */
scene *speedstax_view_resume(struct app *a, const match_setup *m, const char *text, char *err, size_t errn);

#endif
