/* The pause menu every table shares: resume, undo and redo (where the mode
 * has them), rules, save & quit; with phones on, the phones' card (room code
 * and QR code) and who plays the seats whose phones are away. */
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
    TABLE_MENU_QUIT,
    TABLE_MENU_SEAT /* one of the extra's seat actions (its picked) */
} table_menu_choice;

#define TABLE_MENU_SEATS 8

/* What the menu shows besides its usual items (owned by the table, read
 * while the menu is up). */
typedef struct table_menu_extra {
    int phones; /* show the phones' card: how a late guest or a lost phone joins */
    int nseat;  /* seat actions, listed after Rules */
    struct {
        int seat;       /* 0-based */
        int to_tv;      /* 1: people play it (the TV, or a phone that joins); 0: the computer */
        char label[48]; /* "Computer plays Player 2" */
        char name[24];  /* its focus name: "seat2_computer", "seat2_tv" */
    } seat[TABLE_MENU_SEATS];
    int picked; /* out: the seat action chosen (TABLE_MENU_SEAT) */
    /* Why Undo and Redo are greyed, in the table's own refusal words (a
     * press on one says so in the toast); "" for nothing to say. */
    char undo_why[96], redo_why[96];
} table_menu_extra;

/* The pause menu over a table; the choice is written to *choice when it closes.
 * Undo and Redo are listed only when the mode offers_undo, greyed while
 * can_undo (can_redo) is 0, and a press on a greyed one says why (extra's
 * undo_why, redo_why) in the toast; extra (NULL: none) adds the phones' part. */
scene *table_menu_create(shell *sh, table_menu_choice *choice, int offers_undo, int can_undo,
                         int can_redo, table_menu_extra *extra);
/* Opens the pause menu over the table (with its click). */
void table_menu_open(shell *sh, table_menu_choice *choice, int offers_undo, int can_undo,
                     int can_redo, table_menu_extra *extra);
/* Takes the choice the menu left in *choice (NONE from then on) and does what
 * every table does with Rules: opens the document rules_doc. Returns the
 * choice, for the table to act on undo, redo and quit. */
table_menu_choice table_menu_take(shell *sh, table_menu_choice *choice, const char *rules_doc);

#endif
