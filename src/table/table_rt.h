/* The real-time midend: the scene of every real-time match (SPEEDSTAX,
 * SAMESTAX, SWAPSTAX), the counterpart of table.c for a game with a clock.
 * It owns what every real-time table shares, written once: the pause menu
 * and Save & quit, saving the match as it goes (every round's start and
 * every few seconds) and on leave, a failed save's notice, game over (the save
 * forgotten, the phones told) and the score screen, the mode's rules
 * document, and leaving. A mode's view (src/games/<game>/view) is a const
 * table_realtime_ops: it runs its match, draws it and turns actions into the
 * match's input or an intent; it never saves, opens a menu or a screen. */
#ifndef STACKHOUSE_TABLE_RT_H
#define STACKHOUSE_TABLE_RT_H

#include <stddef.h>
#include <stdint.h>

#include "render/render.h"
#include "shell/shell.h"
#include "table/match.h"
#include "table/table.h"

struct lesson; /* table/lesson_file.h */
/* Where a record has been written up to for good (table_realtime_ops.record_on):
 * part is the view's own count, at the bytes of record_text's text before it.
 * Zeroed: nothing written yet. */
typedef struct table_rt_mark {
    long part;
    size_t at;
} table_rt_mark;

/* A real-time view: every callback but create, resume and summary takes the
 * view's own state (from create or resume). */
typedef struct table_realtime_ops {
    /* A new match m of its row's real-time rules (m->game->realtime) from
     * seed; test_options (NULL for a player's match) are the view's own test
     * words (--position: a shorter round, a built card). NULL when it cannot
     * be made (logged). */
    void *(*create)(shell *sh, const match_setup *m, uint64_t seed, const char *test_options);
    /* A saved match from the view's own text with seats m; NULL with the
     * reason in err when the text is not sound. */
    void *(*resume)(shell *sh, const match_setup *m, const char *text, char *err, size_t errn);
    /* Frees the view's state and its match. */
    void (*destroy)(void *v);
    /* The table is on screen: lay out, take the controllers. */
    void (*enter)(void *v, shell *sh);
    /* One logic step of dt seconds: runs the match; may hand back an intent
     * (TABLE_SCORE once the match is over and its results are seen). */
    table_intent (*update)(void *v, shell *sh, double dt);
    /* Draws the table. */
    void (*draw)(void *v, shell *sh, render *r, float alpha);
    /* One action: the match's input, or an intent (menu, rules, score). */
    table_intent (*input)(void *v, shell *sh, const action_event *ev);
    /* Optional: seconds until the view, left alone, looks different (scene.h's
     * wake); NULL: it never rests (its clock runs). */
    double (*wake)(const void *v);
    /* Whether the match has begun (a match not yet begun is not saved). */
    int (*begun)(const void *v);
    /* Optional: a number that changes when a new round (or phase) starts;
     * the midend saves the match there, besides every few seconds. */
    int (*round)(const void *v);
    /* Whether the match is over (nothing left to save or resume). */
    int (*over)(const void *v);
    /* The score lines: names, totals, ranks and the words (the midend fills in the game). */
    void (*score)(const void *v, score_report *rep);
    /* The match as the view's own text, which resume reads back (malloc'd; NULL on failure). */
    char *(*save_text)(const void *v);
    /* Optional: the match without its record, which resume also reads (the
     * record then starts again there), cheap enough for the saves every few
     * seconds of play (malloc'd; NULL on failure). NULL: save_text. */
    char *(*autosave_text)(const void *v);
    /* Optional: the match's whole record, which a replay plays again, also
     * once it is over (the history's final body, #28; malloc'd, NULL on
     * failure). NULL: save_text. */
    char *(*record_text)(const void *v);
    /* Optional: the record (record_text's) written on from *mark: the first
     * mark->at bytes of the text written before, then this, are its whole
     * text now, so keeping it at every move costs what happened since, not
     * the whole record (#28). *mark moves past what can no longer change.
     * malloc'd; NULL on failure (mark unchanged). NULL: the midend keeps the
     * whole text at each round's start only. */
    char *(*record_on)(const void *v, table_rt_mark *mark);
    /* Optional, after resume: the record kept as the match went before the
     * save it resumed from (the history's body). A view whose save holds no
     * record (an autosave's) goes on from it, so a resume after a crash
     * keeps what was played before it; else it is ignored. */
    void (*record_before)(void *v, const char *record);
    /* Optional: a count that grows at each move (MAXSTAX: a block let go, a
     * call of MAX STAX, a swap); the midend keeps the match at each. */
    long (*moves)(const void *v);
    /* Optional: seat's best this sitting in ms, the mode's "best" of the
     * statistics (docs/rules/maxstax.md: its fastest finish); 0 none. */
    int (*best_ms)(const void *v, int seat);
    /* Optional: the ticks record_text holds (the history's and match file's "ticks"); NULL: 0. */
    long (*ticks)(const void *v);
    /* One line that tells two matches apart, traced on saving and resuming. */
    void (*note)(const void *v, char *buf, size_t n);
    /* Optional: one line on a saved match's text for setup's Resume; 0, or -1. */
    int (*summary)(const match_setup *m, const char *text, char *buf, size_t n);
    /* Optional, for the replay screen (#28): match m's record (the view's
     * save text, with its tape) opened to be watched, standing at its start:
     * no input plays, nothing is saved; NULL with the reason in err. The view
     * then draws it with draw, and the replay calls only the three below. */
    void *(*replay_open)(shell *sh, const match_setup *m, const char *text, char *err, size_t errn);
    /* A replay's length in ticks (1/60 s each) and the tick it stands at. */
    long (*replay_length)(const void *v, long *at);
    /* Moves a replay to tick; the view follows (a short step on shows what
     * happened, claims and crashes). 0, or -1 logged. */
    int (*replay_seek)(void *v, shell *sh, long tick);
    /* Work behind the scenes for up to budget seconds (the exact match catching up). */
    void (*replay_work)(void *v, shell *sh, double budget);
    /* Whether the match shown is exactly the one played (nothing left to work on). */
    int (*replay_exact)(const void *v);
    /* Optional, for the rules viewer's diagrams (#29): a picture of mode
     * (its row's id) read from position, the view's own words for it
     * (docs/rules/maxstax.md), as plain data that free() frees; NULL with
     * why in err. */
    void *(*diagram_read)(const char *mode, const char *position, char *err, size_t errn);
    /* Draws a picture diagram_read gave, fitted into box, as the table draws it. */
    void (*draw_position)(shell *sh, render *r, const void *pic, rrect box);
    /* Optional (#29, docs/lessons.md): a new view playing lesson l (read and
     * checked) of m's mode from seed: its steps, then its game against the
     * easy computer; NULL when it cannot (logged). */
    void *(*lesson)(shell *sh, const match_setup *m, const struct lesson *l, uint64_t seed);
} table_realtime_ops;

/* A table playing a new match m of view ops from seed (test_options: the
 * view's test words, NULL for a player's match); NULL when the view fails. */
scene *table_rt_create(shell *sh, const table_realtime_ops *ops, const match_setup *m, uint64_t seed,
                       const char *test_options);
/* A table resuming the saved match text of view ops with seats m; NULL with
 * the reason in err when the view cannot read it. */
scene *table_rt_resume(shell *sh, const table_realtime_ops *ops, const match_setup *m, const char *text,
                       char *err, size_t errn);
/* A table playing lesson l of view ops (its lesson hook) with seats m:
 * never saved, nor kept in the history; NULL when the view cannot. */
scene *table_rt_lesson(shell *sh, const table_realtime_ops *ops, const match_setup *m, const struct lesson *l,
                       uint64_t seed);
/* The score lines of a real-time table's match (its scene's data), as the
 * score screen gets them; 0, or -1 while the match goes on. */
int table_rt_report(const void *rt, score_report *rep);

#endif
