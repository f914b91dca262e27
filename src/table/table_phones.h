/* The table midend's side of phones as hands: a phone's move goes through
 * table_play like a click's, and every change sends each phone its seat's
 * view, written from observe(state, seat) only (docs/phones.md). */
#ifndef STACKHOUSE_TABLE_PHONES_H
#define STACKHOUSE_TABLE_PHONES_H

#include <stdint.h>

#include "shell/shell.h"
#include "table/table.h"
#include "table/table_menu.h"


/* Takes the phones' queued events for table t: plays their moves, answers
 * what is refused, and sends a joining phone its view. */
void table_phones_step(table *t, shell *sh);
/* Sends every phone its seat's view of the position now (watchers the
 * public one); rev counts the views sent, so a move from an older one is stale. */
void table_phones_publish(table *t, shell *sh);
/* The TV's menu covers table t (paused 1) or no longer does (0): phones get
 * their views again, with `paused` while it is open; their moves wait. */
void table_phones_pause(table *t, int paused);
/* What the pause menu offers for match m's seats (x cleared first): the
 * phones' card while phones are on; for each seat whose phone is away
 * (asleep, or its token lost), the computer or people (the TV, or a phone
 * that joins with the room code) to play it; for each seat in m->handed
 * (given to the computer from this menu, in this sitting or a saved one),
 * people again. */
void table_phones_menu(const match_setup *m, table_menu_extra *x);
/* Seats of match m waiting for their phone (bit per seat): a person's seat
 * whose phone is asleep or lost its token. */
unsigned table_phones_waiting(const match_setup *m);
/* One logic step of the table owner (any table, turn-based or real-time):
 * the join card is up while a seat of m waits for its phone (traced
 * "phones card shown" and "phones card hidden" as that changes). */
void table_phones_card_update(const void *owner, const match_setup *m);
/* Draws the join card (QR code, address, room code) in the screen's top
 * right corner while a seat of m waits: a late guest scans it from the couch. */
void table_phones_card_draw(const match_setup *m, shell *sh, render *r);
/* The match is over: phones get the result; the server stops with the table. */
void table_phones_over(table *t, const game_result *res);
/* A real-time match m is over: phones get its result as the score screen shows it. */
void table_phones_end(const match_setup *m, const score_report *rep);

#endif
