/* The table midend's own state, shared by its files (table.c, table_seats.c)
 * and no one else: views see only table.h. */
#ifndef STACKHOUSE_TABLE_PRIV_H
#define STACKHOUSE_TABLE_PRIV_H

#include <stddef.h>

#include "table/table.h"
#include "table/table_ai.h"
#include "table/table_buttons.h"
#include "table/table_hint.h"
#include "table/table_log.h"
#include "table/table_menu.h"
#include "table/table_save.h"

struct table {
    scene base;
    const table_view_ops *ops;
    const game_info *game; /* the mode's row: rules, rules document, save slot */
    void *view;
    match_setup m;
    game_record rec;
    double time;
    int64_t clock0; /* the record's clock when the table opened: ms played in earlier sittings */
    int64_t started; /* when this table opened (unix seconds): a new match's start in the history */
    double lively_from; /* when the last press or change came (table_pulse, table_wake) */
    int over, over_announced;
    double over_time;
    int can_undo, can_redo;
    int viewer, curtain;
    int all_phones; /* every person plays on a phone: nothing private on the TV */
    int cover;      /* one person at the TV, others on phones: that hand hides until they peek */
    int peeking;    /* the person at the TV holds a peek control (table_peek_update) */
    int64_t phone_rev; /* views sent to phones */
    int hold;    /* the viewer's last move showed them something: the curtain waits */
    int handoff; /* the seat a held curtain will go to; -1 none */
    table_ai *job;
    double due; /* when the computer's move may be shown */
    /* the played move's animation (Tatham's anim_length and anim_time):
     * seconds it lasts, seconds shown at this step and at the one before */
    double anim_len, anim_time, anim_prev;
    int pace_setting; /* the Computer pace setting, read at every step */
    int anim_on; /* it runs: until a step has shown its end (the next, with Reduced motion) */
    table_menu_choice menu_choice;
    table_menu_extra menu_extra; /* the phones' part of the menu while it is up */
    table_saver saver; /* saves as the match goes, and a failed one's notice */
    table_row row; /* Undo, Redo, Menu: the midend's buttons (table_buttons.c) */
    table_hint_state hint; /* the hint on show (table_hint.c) */
    char refuse_msg[256]; /* a refused press: why (table_refuse; a lesson's why-not is a sentence or two) */
    int refuse_spot;
    float refuse_flash, refuse_words; /* seconds left of its flash and of its words */
    table_log log;     /* one line per action up to the cursor (table_log.c) */
    int has_last;      /* a move made the position at the cursor: */
    game_move last;    /* that move, */
    int last_seat;     /* who made it, */
    void *last_before; /* and the position it was made from (state_size bytes) */
    void *scratch;     /* a position to replay into, state_size bytes */
    int replay;        /* a replay (replay_turns.c): no seat decides, nothing saved, no score screen */
    int replay_seat;   /* whose eyes it shows: a seat, TABLE_WATCH_PUBLIC or TABLE_WATCH_MOVER */
    game_move shown;   /* a replay's move to show on the board (the review's preferred move) */
    int has_shown;
    struct lesson_run *lesson; /* the lesson this table teaches (lesson.c); NULL: a match */
    max_align_t st[];  /* the position at the record's cursor, state_size bytes */
};

/* The game's rules. */
static inline const game_rules *table_rules(const table *t) { return t->game->rules; }
/* The view hears of a change (the last refusal is old news by then). */
void table_view_changed(table *t, shell *sh, table_change why);
/* Everything that follows from the position at the cursor. */
void table_position_changed(table *t, shell *sh, table_change why);
/* Plays m as the person (0) or as the computer (by_computer: shown whole); 0, or -1. */
int table_play_by(table *t, shell *sh, const game_move *m, int by_computer);
/* Lets go of a search in flight. */
void table_ai_cancel(table *t);

/* The move that made the position at the cursor, its mover and the position before it. */
void table_last_update(table *t);
/* Move m, played from before, starts its animation (0 long with Reduced motion). */
void table_anim_start(table *t, shell *sh, const void *before, const game_move *m, int by_computer);
/* One step of a played move's animation; when it ends, the computer's pause starts. */
void table_anim_step(table *t, double dt);
/* The move log from the record's start to its cursor. */
void table_log_reset(table *t);

/* replay_turns.c: the seat whose eyes a replay shows now; -1 only the public view. */
int table_replay_eyes(const table *t);

/* table_seats.c */
/* Whether this match passes the screen behind a curtain (a house rule may decide). */
int table_uses_curtain(const table *t);
/* Chooses the viewer, the curtain and the cover from who sits where and who decides. */
void table_choose_viewer(table *t);
/* Follows the peek controls (one logic step). */
void table_peek_update(table *t, shell *sh);
/* The player behind the curtain is ready. */
void table_lift_curtain(table *t, shell *sh);
/* The viewer has seen what their move showed them: down comes the curtain. */
void table_pass_screen(table *t);
/* Does the pause menu's seat action k. */
void table_hand_seat(table *t, shell *sh, int k);
/* Draws the curtain's panel. */
void table_draw_curtain(table *t, shell *sh, render *r);

#endif
