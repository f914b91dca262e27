/* A lesson on the table (#29, docs/lessons.md): the midend runs the steps
 * of assets/lessons/<mode>.txt on the mode's own table. Each step's position
 * is set in the record, its words show in the lesson panel (where the move
 * log goes), only its right moves are played (a legal wrong one is refused
 * with why), its replies are played for the other seat, Continue goes on;
 * the last step is a game against the easy computer. */
#ifndef STACKHOUSE_LESSON_H
#define STACKHOUSE_LESSON_H

#include "core/game.h"
#include "render/render.h"
#include "shell/scene.h"
#include "shell/shell.h"
#include "table/lesson_file.h"
#include "table/table.h"

struct lesson_run;

/* Whether mode id has a lesson file. */
int lesson_exists(shell *sh, const char *id);
/* A table playing mode id's lesson from its first step; NULL (logged) when
 * the mode has none or its file does not read or check. */
scene *lesson_start(shell *sh, const char *id);
/* Whether mode id's lesson is still to be offered: it has one, and its
 * first start has not offered it yet (the store's "lesson_offered_<id>"
 * setting, kept out of the Settings screen). */
int lesson_offer_due(shell *sh, const char *id);
/* The lesson of mode id has been offered (the mode started, or the lesson taken). */
void lesson_offer_done(shell *sh, const char *id);
/* The lesson panel's Continue button, where it was drawn last (a script clicks it). */
typedef struct lesson_panel {
    rrect cont;
    int cont_shown;
    int cont_traced; /* its place was traced ("lesson continue at X Y") */
} lesson_panel;
/* Draws the panel of l's step (done: its moves are played) in box: step N
 * of M and who the learner is, the title, the words at the largest size
 * that fits, and Continue where the step waits for it; the turn-based
 * midend's and a real-time view's (MAXSTAX) alike. */
void lesson_panel_draw(render *r, rrect box, const lesson *l, int step, int done, lesson_panel *p);
/* Whether ev presses the panel's Continue: Enter or (A), or a click on it. */
int lesson_panel_pressed(const lesson_panel *p, const action_event *ev);

/* Frees a table's lesson (the table is leaving). */
void lesson_free(struct lesson_run *run);

/* The midend's hooks (table.c), each a no-op on a table with no lesson. */

/* Whether a lesson step (not its game) holds the table: no computer turn,
 * no game over, no saving. */
int lesson_holds(const table *t);
/* The person's move m is about to be played: 0 to play it, or -1 when it
 * is not the step's (refused with the lesson's words, the view reset). */
int lesson_allows(table *t, shell *sh, const game_move *m);
/* A move was played (the person's or a reply): the step goes on. */
void lesson_played(table *t);
/* One logic step: a reply is played once the table is still. */
void lesson_update(table *t, shell *sh);
/* An action: 1 when the lesson took it (Continue), else 0 for the view. */
int lesson_input(table *t, shell *sh, const action_event *ev);
/* What the accept control does while a step waits for it: "Continue", or
 * "Start the game" before the lesson's game; NULL when it waits for a move
 * (or there is no lesson): a view's hint bar names it. */
const char *lesson_continue_word(const table *t);
/* While a step waits for Continue (its moves played, or one to read), 1
 * with why the learner may not move ("That step is done: press Continue for
 * the next."): the table then offers no move (table_may_act), and a press on
 * the board says this; else 0. */
int lesson_wait_words(const table *t, char *buf, size_t n);
/* The table's status line while a step holds it and the learner has nothing
 * to play (the step is done, or it is one to read): 1 with what to press
 * next in the words of dev ("Press (A) for the next step.", "Click Start the
 * game to start your game."), never that a computer is thinking; else 0 and
 * the view says what it says in a game. */
int lesson_status(const table *t, input_device dev, char *buf, size_t n);
/* Draws the lesson panel in box, where the view puts the move log; 1 when
 * it did (a step is on, or the game has just begun), 0 to draw the log. */
int lesson_draw_panel(const table *t, shell *sh, render *r, rrect box);

#endif
