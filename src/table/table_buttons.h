/* The button row's state inside the midend (table.c keeps one per table);
 * views use the table_buttons_* calls of table.h. */
#ifndef STACKHOUSE_TABLE_BUTTONS_H
#define STACKHOUSE_TABLE_BUTTONS_H

#include "table/table.h"
#include "ui/ui.h"

typedef struct table_row {
    int n;                               /* buttons shown */
    table_button which[TABLE_BUTTONS];   /* in row order */
    rrect slot[TABLE_BUTTONS];           /* where the view placed them last */
    int placed;                          /* the view has placed the row */
    const ui_nav *nav;                   /* the focus set holding them; NULL none */
    int hot;                             /* a view's own focus set lights this slot; -1 none */
    table_intent pressed;                /* a press waiting for the view's input to return */
} table_row;

/* The row a table of ops shows (hint: the match allows hints). */
void table_row_init(table_row *row, const table_view_ops *ops, int hint);
/* The midend's row of table t (table.c). */
table_row *table_row_of(table *t);
/* The same, to read. */
const table_row *table_row_read(const table *t);
/* Takes the intent a press on the row left (TABLE_NONE from then on). */
table_intent table_row_take(table_row *row);
/* Draws the row where it was placed, lit where hovered; undo and redo
 * greyed while they would do nothing. */
void table_row_draw(table_row *row, render *r, int can_undo, int can_redo);

#endif
