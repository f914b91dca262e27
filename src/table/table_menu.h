/* The pause menu every table shares: resume, undo and redo (where the mode
 * has them), rules, save & quit. */
#ifndef STACKHOUSE_TABLE_MENU_H
#define STACKHOUSE_TABLE_MENU_H

#include "shell/scene.h"
#include "shell/shell.h"


/* What the pause menu hands back to its table. */
typedef enum table_menu_choice {
    TABLE_MENU_NONE,
    TABLE_MENU_RESUME,
    TABLE_MENU_UNDO,
    TABLE_MENU_REDO,
    TABLE_MENU_RULES,
    TABLE_MENU_QUIT
} table_menu_choice;

/* The pause menu over a table; the choice is written to *choice when it closes.
 * Undo and Redo are listed only when the mode offers_undo, greyed while
 * can_undo (can_redo) is 0. */
scene *table_menu_create(shell *sh, table_menu_choice *choice, int offers_undo, int can_undo,
                         int can_redo);
/* Opens the pause menu over the table (with its click). */
void table_menu_open(shell *sh, table_menu_choice *choice, int offers_undo, int can_undo,
                     int can_redo);
/* Takes the choice the menu left in *choice (NONE from then on) and does what
 * every table does with Rules: opens the document rules_doc. Returns the
 * choice, for the table to act on undo, redo and quit. */
table_menu_choice table_menu_take(shell *sh, table_menu_choice *choice, const char *rules_doc);

#endif
