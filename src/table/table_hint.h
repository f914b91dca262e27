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
/* The position changed: a hint for another position goes. */
void table_hint_forget(table *t);
/* Draws the hint's words above the button row while a hint shows. */
void table_hint_draw(table *t, shell *sh, render *r);

#endif
