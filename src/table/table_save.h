/* Saving as a match goes, and never in silence: what both midends (table.c,
 * table_rt.c) do with a save. Every save is one store transaction; one that
 * fails is traced, and the player is told on screen what failed and why
 * (ui/notice.h), with Try again; the match stays open, so nothing is lost. */
#ifndef STACKHOUSE_TABLE_SAVE_H
#define STACKHOUSE_TABLE_SAVE_H

#include "shell/shell.h"
#include "ui/notice.h"

/* Seconds of real-time play between saves, besides every round's start. */
#define TABLE_SAVE_EVERY 5.0

/* One match's saving: whether the last save failed and what the notice
 * handed back. Zeroed it is a match whose saves have gone well. */
typedef struct table_saver {
    int failing;  /* the last save failed */
    int told;     /* the notice was shown for this run of failures */
    int quitting; /* Save & quit waits on the notice: a retry that saves leaves */
    ui_notice_choice choice;
    char why[300];
} table_saver;

/* After a save of tag's match (rc from table_save or table_save_text):
 * a failure is traced ("<tag> save failed: why") and, when the player asked
 * to leave (quitting) or the saves had been going well, the notice opens
 * (else a toast says it is still not saved). Returns rc. */
int table_saver_done(table_saver *sv, shell *sh, const char *tag, int rc, int quitting);
/* Takes what the notice handed back (NONE from then on): RETRY means the
 * midend saves again, with sv->quitting as it was (a retry that fails shows
 * the notice again). */
ui_notice_choice table_saver_take(table_saver *sv);

#endif
