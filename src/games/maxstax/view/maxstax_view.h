/* The MAXSTAX table, one view for the three real-time modes (the mode row's
 * real-time rules say which match it plays: SPEEDSTAX, SAMESTAX or SWAPSTAX): every
 * player's stacking space and starter piles drawn from the physics world
 * (poses interpolated between fixed steps), the card,
 * the clock and the MAX STAX button. The mouse drives the first person's
 * hand; each controller drives one person's hand with a cursor of its own;
 * computer stackers (maxstax_bot) build in their spaces. Round results after
 * each round, then the common score screen. The rules and the scoring are the
 * core's (maxstax_match); this file only shows them and feeds them input.
 *
 * Quitting mid-match saves it (the real-time midend puts its save text,
 * maxstax_bots_save and the tape, behind the table's seats in the mode's own
 * slot) and Resume in match setup reads it back: the round goes on where it was.
 *
 * For tests, --position takes words: "seed=N", "round=S" (a round's length
 * in seconds), "compose=P:K" (stand the first K blocks of the card in seat
 * P's space; K = 99 is the whole card; "compose=P:K:each" again at every new
 * round and stack-off), "played=A.B/C.D" (start after rounds already played
 * with these points, a round per '/', a seat per '.'; every round ends the
 * match as the rules do), "stackoff=P" (seat P wins the stack-off that
 * tied played rounds begin), "creator=P" (SAMESTAX's first Creator) and
 * "ghost". */
#ifndef STACKHOUSE_MAXSTAX_VIEW_H
#define STACKHOUSE_MAXSTAX_VIEW_H

#include "table/table_rt.h"

/* The MAXSTAX table (a real-time view, run by table_rt.c): a new match from a
 * seed, or a saved match from its text (maxstax_match_save and the computer
 * stackers' lines, then the tape). */
extern const table_realtime_ops maxstax_view_realtime;
/* A practice table (#29) for one person of m's mode, on deck card `card`
 * (0-based), no clock, the ghost always on: a view that maxstax_view_realtime's
 * enter, update, draw, input and destroy run (never saved). NULL when it
 * cannot be made (logged). */
void *maxstax_view_practice_create(shell *sh, const match_setup *m, int card);
/* The deck index of the card a practice view builds now (-1: no practice). */
int maxstax_view_practice_card(const void *v);

#endif
