/* A notice that something the player asked for failed (a save): a modal
 * panel over the screen that says what failed and why, and offers to try
 * again or to carry on. It only asks: the screen below does the retry, as
 * a table does what its pause menu hands back. */
#ifndef STACKHOUSE_NOTICE_H
#define STACKHOUSE_NOTICE_H

#include "shell/scene.h"
#include "shell/shell.h"

/* What the notice hands back when it closes. */
typedef enum ui_notice_choice {
    UI_NOTICE_NONE,
    UI_NOTICE_RETRY, /* Try again */
    UI_NOTICE_KEEP   /* carry on (Back too): nothing is thrown away */
} ui_notice_choice;

/* The words of a notice; copied, so they may be the caller's buffers. */
typedef struct ui_notice_text {
    const char *title; /* "The game was not saved" */
    const char *why;   /* what failed and why ("Saving failed: database or disk is full.") */
    const char *next;  /* what is kept and what to do ("The match is still open ...") */
    const char *file;  /* the file it concerns, or NULL (shown as ~/... under $HOME) */
    const char *keep;  /* the carry-on button's label ("Keep playing") */
} ui_notice_text;

/* A notice with words w; the choice is written to *choice when it closes
 * (focus starts on Try again; the focus names are "retry" and "keep"). */
scene *ui_notice_create(const ui_notice_text *w, ui_notice_choice *choice);
/* Pushes the notice over the top screen, with the error sound; traced
 * "notice <title>: <why>". */
void ui_notice_open(shell *sh, const ui_notice_text *w, ui_notice_choice *choice);

#endif
