/* The Hint button's state inside the midend (table.c keeps one per table):
 * the move the medium computer would make for the person to move, chosen
 * from their own view (core/hint.h), shown until they move or dismiss it.
 * Views read it with table_hint_move (table.h) to light its squares. */
#ifndef STACKHOUSE_TABLE_HINT_H
#define STACKHOUSE_TABLE_HINT_H

#include "table/table.h"

typedef struct table_hint_state {
    int shown;      /* a hint is on the board */
    int cursor;     /* the record's cursor it was chosen at */
    game_move move; /* the move */
    char why[112];  /* what it does, in the game's words */
} table_hint_state;

/* The person asked for a hint (the Hint button, H, a controller's Back):
 * a shown hint goes (dismissed); otherwise one is chosen and shown, traced
 * "<mode> hint: <move> (<reason>)" and counted in the match (m.hints_used),
 * or the press is refused with why (hints off, not their turn). */
void table_hint_ask(table *t, shell *sh);
/* The row shows the Hint button exactly when this match lets the person ask
 * now: seats change hands at the table (the pause menu gives a seat to the
 * computer or back to people), so the midend calls it every step; a shown
 * hint goes with its button. Traced "<mode> hint button shown|hidden". */
void table_hint_sync(table *t);
/* The position changed: a hint for another position goes. */
void table_hint_forget(table *t);
/* Draws the hint's words while a hint shows, over the foot of the move
 * log's box (table_log_draw passes it): never over the board, a hand, a
 * pile or a legend the player needs to play it. */
void table_hint_draw_in(const table *t, render *r, rrect box);

#endif
