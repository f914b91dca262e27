/* The table midend: computer turns and their pace, undo and redo, the pause
 * menu, the button row (table_buttons.c), the hot-seat curtain, game over and
 * the score screen, saving on leave. One copy for every turn-based mode; the view only shows and asks. */
#include "table/table.h"
#include "table/table_priv.h"

#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "shell/shell.h"
#include "shell/settings.h"
#include "audio/audio.h"
#include "core/log.h"
#include "core/registry.h"
#include "table/table_ai.h"
#include "table/lesson.h"
#include "table/table_buttons.h"
#include "table/table_log.h"
#include "table/phones.h"
#include "table/table_menu.h"
#include "table/table_phones.h"
#include "app/store.h"
#include "table/table_history.h"
#include "table/table_store.h"
#include "ui/ui.h"
#include "shell/trace.h"

#define OVER_DELAY 3.0 /* the result shows this long before the score screen */
#define POSITION_MAX 2048


/* ---------------------------------------------------------------- reading */

const void *table_state(const table *t) { return t->st; }
const game_record *table_record(const table *t) { return &t->rec; }
const match_setup *table_match(const table *t) { return &t->m; }
double table_time(const table *t) { return t->time; }

float table_pulse(const table *t, float speed)
{
    double left = TABLE_LIVELY - (t->time - t->lively_from);
    float k = left > 1 ? 1.0f : left < 0 ? 0.0f : (float)left;
    return k * (0.5f + 0.5f * sinf((float)t->time * speed)) + (1 - k);
}
int table_over(const table *t) { return t->over; }
int table_thinking(const table *t) { return t->job != NULL; }
int table_can_undo(const table *t) { return t->can_undo; }
int table_can_redo(const table *t) { return t->can_redo; }
int table_viewer(const table *t) { return t->replay ? table_replay_eyes(t) : t->viewer; }
table_row *table_row_of(table *t) { return &t->row; }
const table_row *table_row_read(const table *t) { return &t->row; }
int table_curtain(const table *t) { return t->curtain; }
int table_handoff(const table *t) { return t->handoff; }
void table_hold_curtain(table *t) { t->hold = 1; }
int table_hides_private(const table *t)
{
    if (t->replay)
        return table_replay_eyes(t) < 0;
    return t->curtain >= 0 || t->all_phones || (t->cover && !t->peeking);
}
int table_peek_offered(const table *t) { return t->cover && !t->over; }
int table_peeking(const table *t) { return t->cover && t->peeking; }
/* A played move's animation runs. */
static int animating(const table *t) { return t->anim_on; }

int table_busy(const table *t) { return animating(t) || (t->ops->busy && t->ops->busy(t->view)); }

double table_anim_time(const table *t, double *prev)
{
    if (prev)
        *prev = t->anim_prev;
    return t->anim_time;
}

double table_anim_length(const table *t) { return t->anim_len; }
int64_t table_phones_rev(const table *t) { return t->phone_rev; }
void table_phones_bump(table *t) { t->phone_rev++; }

int table_viewer_seat(const table *t)
{
    int v = table_viewer(t);
    return v < 0 ? 0 : v;
}
int table_private_seat(const table *t) { return table_hides_private(t) ? -1 : table_viewer_seat(t); }


int table_seat_human(const table *t, int seat)
{
    return seat >= 0 && seat < t->m.params.players && t->m.seat[seat] == SEAT_HUMAN;
}

int table_humans(const table *t)
{
    int n = 0;
    for (int s = 0; s < t->m.params.players; s++)
        n += table_seat_human(t, s);
    return n;
}

/* The Computer pace setting's factor on every pause (Slow, Normal, Fast). */
static double pace_factor(const table *t)
{
    static const double factor[3] = {2.0, 1.0, 0.35};
    int v = t->pace_setting;
    return factor[v < 0 ? 0 : v > 2 ? 2 : v];
}

void table_pace(table *t)
{
    /* A computer following a computer (watching, or the steps of one
     * computer's turn, or the computers between two humans) waits the
     * watching pause, so a TV can follow each step; a computer answering a
     * human waits the shorter reply. */
    int watching = table_humans(t) == 0 || (t->has_last && !table_seat_human(t, t->last_seat));
    t->due = t->time + pace_factor(t) * (watching ? t->ops->pace_watch : t->ops->pace_reply);
}

/* Lets go of a search in flight: its answer no longer matters. */
void table_ai_cancel(table *t)
{
    table_ai_drop(t->job, 0);
    t->job = NULL;
}

/* ---------------------------------------------------------------- refusals */

const char *table_refusev(table *t, int spot, const char *fmt, va_list ap)
{
    audio_play(SFX_ERROR);
    vsnprintf(t->refuse_msg, sizeof t->refuse_msg, fmt, ap);
    t->refuse_spot = spot;
    t->refuse_flash = TABLE_REFUSE_FLASH;
    t->refuse_words = TABLE_REFUSE_WORDS;
    trace_line("%s refused: %s", t->ops->trace, t->refuse_msg); /* the one line every mode's refusal leaves */
    return t->refuse_msg;
}

const char *table_refuse(table *t, int spot, const char *fmt, ...)
{
    va_list ap;
    const char *why;
    va_start(ap, fmt);
    why = table_refusev(t, spot, fmt, ap);
    va_end(ap);
    return why;
}

void table_refuse_clear(table *t) { t->refuse_words = 0; }

void table_turn_words(const table *t, int seat, char *buf, size_t n)
{
    char who[40];
    int d = t->m.game->rules->current_player(table_state(t));
    if (lesson_wait_words(t, buf, n))
        return; /* a lesson's step waits for Continue (#29) */
    if (table_over(t))
        snprintf(buf, n, "The game is over.");
    else if (d < 0 || d == seat)
        snprintf(buf, n, "Wait: your move is still being played.");
    else
        snprintf(buf, n, "Wait: it is %s's turn.", table_seat_label(t, d, who, sizeof who));
}

const char *table_refuse_turn(table *t, int spot)
{
    char why[80];
    table_turn_words(t, table_viewer_seat(t), why, sizeof why);
    return table_refuse(t, spot, "%s", why);
}

const char *table_refusal(const table *t, int *spot, float *flash)
{
    *spot = t->refuse_spot;
    *flash = t->refuse_flash > 0 ? t->refuse_flash : 0;
    return t->refuse_words > 0 ? t->refuse_msg : NULL;
}

/* The view hears of a change; the last refusal is old news by then. */
void table_view_changed(table *t, shell *sh, table_change why)
{
    t->refuse_words = 0;
    t->lively_from = t->time;
    t->ops->changed(t->view, sh, why);
}

/* ---------------------------------------------------------------- animation */

/* Move m, played from before, starts its animation: as long as the view
 * says; with Reduced motion (one place for every view) of length 0, so the
 * move lands at the next step. */
void table_anim_start(table *t, shell *sh, const void *before, const game_move *m, int by_computer)
{
    double len = t->ops->anim_length ? t->ops->anim_length(t->view, before, m, by_computer) : 0;
    t->anim_on = len > 0;
    t->anim_len = t->anim_on && !shell_settings(sh)->v[SETTING_reduced_motion] ? len : 0;
    t->anim_time = t->anim_prev = 0;
}

/* One step of the animation; when it ends, the computer's pause starts. */
void table_anim_step(table *t, double dt)
{
    t->anim_prev = t->anim_time;
    if (!animating(t))
        return;
    t->anim_time = fmin(t->anim_time + dt, t->anim_len);
    if (t->anim_time >= t->anim_len) {
        t->anim_on = 0;
        table_pace(t);
    }
}

/* ---------------------------------------------------------------- position */

/* Undo as far back as the turn of the human before the last one; -1 if
 * undoing would only hand the move back to the computer, or would take back
 * a move the view calls final (undoable). */
static int undo_target(const table *t)
{
    char err[200];
    int c = t->rec.cursor - 1;
    game_move m;
    if (c < 0 || table_humans(t) == 0)
        return -1;
    for (; c >= 0; c--) {
        if (record_replay(&t->rec, c, t->scratch, err, sizeof err) != 0)
            return -1;
        if (t->ops->undoable && (table_rules(t)->move_read(t->scratch, t->rec.moves[c], &m, err, sizeof err) != 0 ||
                                 !t->ops->undoable(t->scratch, &m)))
            return -1;
        if (table_seat_human(t, table_rules(t)->current_player(t->scratch)))
            return c;
    }
    return -1;
}

/* How far a redo goes: one move, then the computer's replies too. */
static int redo_target(const table *t)
{
    char err[200];
    int c = t->rec.cursor + 1;
    if (t->rec.cursor >= t->rec.n_moves || table_humans(t) == 0)
        return -1;
    for (; c < t->rec.n_moves; c++) {
        if (record_replay(&t->rec, c, t->scratch, err, sizeof err) != 0)
            return -1;
        if (table_seat_human(t, table_rules(t)->current_player(t->scratch)))
            break;
    }
    return c;
}






/* The move that made the position at the cursor, its mover and the position before it. */
void table_last_update(table *t)
{
    char err[200];
    int c = t->rec.cursor - 1;
    t->has_last = c >= 0 && record_replay(&t->rec, c, t->last_before, err, sizeof err) == 0 &&
                  table_rules(t)->move_read(t->last_before, t->rec.moves[c], &t->last, err, sizeof err) == 0;
    t->last_seat = t->has_last ? table_rules(t)->current_player(t->last_before) : -1;
}

int table_last_move(const table *t, game_move *m, int *seat)
{
    if (!t->has_last)
        return -1;
    if (m)
        *m = t->last;
    if (seat)
        *seat = t->last_seat;
    return 0;
}

const void *table_last_before(const table *t) { return t->has_last ? t->last_before : NULL; }

/* ---------------------------------------------------------------- the log */

const char *table_seat_label(const table *t, int seat, char *buf, size_t n)
{
    if (t->ops->seat_labels)
        snprintf(buf, n, "%s", t->ops->seat_labels[seat]);
    else
        snprintf(buf, n, "Player %d", seat + 1);
    return buf;
}

int table_log_count(const table *t) { return t->log.n; }
int table_log_total(const table *t) { return t->log.total; }

const char *table_log_line(const table *t, int i, int *seat)
{
    int slot;
    if (i < 0 || i >= t->log.n)
        return NULL;
    slot = (t->log.first + t->log.n - 1 - i) % TABLE_LOG_LINES;
    if (seat)
        *seat = t->log.seat[slot];
    return t->log.line[slot];
}

/* The log from the record's start to its cursor (the table opened, or undo or redo moved it). */
void table_log_reset(table *t)
{
    if (table_log_rebuild(&t->log, t->ops->describe, table_rules(t), &t->rec, t->scratch) != 0)
        log_error("%s table: the move log could not be read back", t->game->id);
    trace_line("%s log rebuilt %d", t->ops->trace, t->log.total);
}

/* The match's header for the history as it stands. */
static void history_info(const table *t, match_info *mi)
{
    table_history_info(&t->m, t->rec.seed, t->started, t->rec.clock, t->rec.cursor, mi);
}

/* Saves the match as it stands (not when over or empty), and keeps it in the
 * history (#28) in the same transaction, before the save so that the save
 * names its row; quitting: for Save & quit, whose failure keeps the table
 * open under the notice. 0 or -1. */
static int save_now(table *t, shell *sh, int quitting)
{
    if (t->replay)
        return 0; /* a replay is a kept match's, never the save slot's nor the history's */
    if (t->lesson)
        return 0; /* a lesson never takes the mode's save slot, nor is kept */
    store *db = shell_store(sh);
    int64_t kept = t->m.history;
    int tx = db && t->rec.n_moves > 0 && store_begin(db) == 0, rc;
    char *body = tx ? record_write(&t->rec) : NULL;
    if (body) {
        match_info mi;
        history_info(t, &mi);
        table_history_write(sh, &t->m, &mi, body);
        free(body);
    }
    rc = table_save_unfinished(sh, &t->m, &t->rec, t->over) < 0 ? -1 : 0;
    if (tx && store_end(db, rc == 0) != 0)
        rc = -1;
    if (rc != 0)
        t->m.history = kept; /* rolled back: a row begun in it is not there */
    return table_saver_done(&t->saver, sh, t->ops->trace, rc, quitting);
}

/* Everything that follows from the position at the cursor. */
void table_position_changed(table *t, shell *sh, table_change why)
{
    char pos[POSITION_MAX];
    game_result res;
    table_rules(t)->result(t->st, &res);
    t->over = res.status == GAME_OVER;
    t->over_announced = 0;
    t->can_undo = !t->replay && t->ops->undo && !lesson_holds(t) && undo_target(t) >= 0;
    t->can_redo = !t->replay && t->ops->undo && !lesson_holds(t) && redo_target(t) >= 0;
    if (why != TABLE_PLAYED)
        table_last_update(t); /* play() has set it without a replay */
    table_pace(t);
    table_hint_forget(t);
    if (table_uses_curtain(t) && !t->replay)
        table_choose_viewer(t);
    table_view_changed(t, sh, why);
    if (!t->replay)
        table_phones_publish(t, sh);
    /* Saved after every move (and undo, redo) before it is traced: a crash
     * loses nothing played. A finished game's save is forgotten instead. */
    if (why == TABLE_PLAYED || why == TABLE_JUMPED)
        save_now(t, sh, 0);
    if (table_rules(t)->position_write(t->st, pos, sizeof pos) >= 0)
        trace_line("%s position %s", t->ops->trace, pos);
}

void table_refresh(table *t, shell *sh) { table_position_changed(t, sh, TABLE_ENTERED); }

/* The match's clock in the record: earlier sittings' play, then this table's time. */
static void clock_update(table *t) { record_set_clock(&t->rec, t->clock0 + llround(t->time * 1000)); }

/* Plays m into the record at the match's time; the view shows it, then the new position. */
static int play(table *t, shell *sh, const game_move *m, int by_computer)
{
    char err[200], text[RECORD_MOVE_LEN];
    if (!by_computer && lesson_allows(t, sh, m) != 0)
        return -1; /* not the lesson step's move: refused with why */
    clock_update(t);
    memcpy(t->scratch, t->st, table_rules(t)->state_size);
    if (table_rules(t)->move_write(t->st, m, text, sizeof text) < 0)
        snprintf(text, sizeof text, "?");
    table_ai_cancel(t);
    if (record_play(&t->rec, t->st, m, err, sizeof err) != 0) {
        log_error("%s table: %s", t->game->id, err);
        audio_play(SFX_ERROR);
        return -1;
    }
    /* A hold lasts through computers' moves until the curtain it delays. */
    if (!by_computer)
        t->hold = 0;
    /* the move just played is the last move: its position before is at hand */
    t->last = *m;
    t->last_seat = table_rules(t)->current_player(t->scratch);
    memcpy(t->last_before, t->scratch, table_rules(t)->state_size);
    t->has_last = 1;
    table_log_add(&t->log, t->ops->describe, table_rules(t), t->scratch, m, t->last_seat);
    table_anim_start(t, sh, t->scratch, m, by_computer);
    t->ops->played(t->view, sh, t->scratch, m, text, by_computer);
    {
        char who[48];
        trace_line("%s log %s %s", t->ops->trace, table_seat_label(t, t->last_seat, who, sizeof who),
                   table_log_line(t, 0, NULL));
    }
    lesson_played(t);
    table_position_changed(t, sh, TABLE_PLAYED);
    return 0;
}

int table_play(table *t, shell *sh, const game_move *m) { return play(t, sh, m, 0); }
int table_play_by(table *t, shell *sh, const game_move *m, int by_computer) { return play(t, sh, m, by_computer); }

/* Moves the record's cursor (undo, redo) and shows the position there. */
static void go_to(table *t, shell *sh, int cursor)
{
    char err[200];
    table_ai_cancel(t);
    t->hold = 0;
    t->handoff = -1;
    t->anim_len = t->anim_time = t->anim_prev = 0;
    t->anim_on = 0;
    while (t->rec.cursor > cursor && record_undo(&t->rec, t->st, err, sizeof err) == 0) {
    }
    while (t->rec.cursor < cursor && record_redo(&t->rec, t->st, err, sizeof err) == 0) {
    }
    table_log_reset(t);
    table_position_changed(t, sh, TABLE_JUMPED);
}

/* Why undo (redo) takes nothing back now: the table's and its menu's words. */
static const char *undo_why(const table *t)
{
    return t->rec.cursor == 0 ? "Nothing has been played yet." : "There is nothing more to take back.";
}
#define REDO_WHY "There is nothing to redo."

static void undo(table *t, shell *sh)
{
    int c = lesson_holds(t) ? -1 : undo_target(t);
    if (c < 0) {
        table_refuse(t, -1, "%s", undo_why(t)); /* the sound, and why */
        return;
    }
    audio_play(SFX_CLICK);
    trace_line("%s undo", t->ops->trace);
    go_to(t, sh, c);
}

static void redo(table *t, shell *sh)
{
    int c = lesson_holds(t) ? -1 : redo_target(t);
    game_move m;
    char err[200];
    if (c < 0) {
        table_refuse(t, -1, REDO_WHY);
        return;
    }
    trace_line("%s redo", t->ops->trace);
    go_to(t, sh, c);
    /* Show the last redone move being played, as if it were. */
    if (t->ops->redone && c == t->rec.cursor && c > 0 &&
        record_replay(&t->rec, c - 1, t->scratch, err, sizeof err) == 0 &&
        table_rules(t)->move_read(t->scratch, t->rec.moves[c - 1], &m, err, sizeof err) == 0) {
        table_anim_start(t, sh, t->scratch, &m, 1);
        t->ops->redone(t->view, sh, t->scratch, &m);
    }
}

/* ---------------------------------------------------------------- intents */

static void open_menu(table *t, shell *sh)
{
    /* A table without undo (hidden cards) never lists it. */
    table_phones_menu(&t->m, &t->menu_extra);
    snprintf(t->menu_extra.undo_why, sizeof t->menu_extra.undo_why, "%s", undo_why(t));
    snprintf(t->menu_extra.redo_why, sizeof t->menu_extra.redo_why, REDO_WHY);
    table_menu_open(sh, &t->menu_choice, t->ops->undo, t->can_undo, t->can_redo, &t->menu_extra);
    table_phones_pause(t, 1);
}

int table_report(const table *t, score_report *rep)
{
    game_result res;
    memset(rep, 0, sizeof *rep);
    rep->game_id = t->game->id;
    /* The lines every table's score has: each seat's name and place. */
    table_rules(t)->result(t->st, &res);
    rep->players = t->m.params.players;
    for (int s = 0; s < rep->players; s++) {
        char seat[48], label[32];
        table_seat_name(&t->m, s, seat, sizeof seat);
        if (t->ops->seat_labels)
            snprintf(label, sizeof label, "%s", t->ops->seat_labels[s]);
        else
            snprintf(label, sizeof label, "P%d", s + 1);
        snprintf(rep->names[s], sizeof rep->names[s], "%s \xe2\x80\x94 %s", label, seat);
        rep->rank[s] = res.rank[s];
    }
    /* how long the game was, for the score screen's summary */
    rep->moves = t->rec.cursor;
    rep->seconds = (int)(t->rec.clock / 1000);
    t->ops->score(t->view, rep);
    /* Why the game ended is the rules' to say. */
    if (!rep->reason[0] && table_rules(t)->result_reason)
        table_rules(t)->result_reason(t->st, rep->reason, sizeof rep->reason);
    return res.status == GAME_OVER ? 0 : -1;
}

static void show_score(table *t, shell *sh)
{
    score_report rep;
    table_report(t, &rep);
    shell_replace(sh, shell_score_screen(sh, &rep));
}



static void announce_over(table *t, shell *sh);

void table_do(table *t, shell *sh, table_intent i)
{
    switch (i) {
    case TABLE_MENU: open_menu(t, sh); break;
    case TABLE_UNDO: undo(t, sh); break;
    case TABLE_REDO: redo(t, sh); break;
    case TABLE_RULES: shell_push(sh, shell_rules_screen(sh, t->game->rules_doc)); break;
    case TABLE_SCORE:
        /* a press for the score before the end was announced announces it first
         * (not in a lesson's step, whose end is the lesson's to go on from) */
        if (t->over && !lesson_holds(t)) {
            announce_over(t, sh);
            show_score(t, sh);
        }
        break;
    case TABLE_LIFT: table_lift_curtain(t, sh); break;
    case TABLE_PASS: table_pass_screen(t); break;
    case TABLE_HINT:
        table_hint_ask(t, sh);
        break;
    case TABLE_NONE: break;
    }
}

/* ---------------------------------------------------------------- the turn */

static void computer_turn(table *t, shell *sh)
{
    int seat = table_rules(t)->current_player(t->st);
    game_move m;
    table_ai *j;
    if (t->replay || t->over || table_busy(t) || seat < 0 || table_seat_human(t, seat) || lesson_holds(t))
        return;
    if (!t->job)
        t->job = table_ai_start(table_rules(t), t->st, t->m.level[seat], table_ai_seed(&t->rec));
    if (!t->job || t->time < t->due)
        return;
    /* Headless capture waits for the answer, so its frames are the same every run. */
    if (!table_ai_done(t->job) && !shell_capturing(sh))
        return;
    j = t->job;
    t->job = NULL;
    if (table_ai_take(j, &m) != 0) {
        log_error("%s table: the computer found no move", t->game->id);
        return;
    }
    play(t, sh, &m, 1);
}

/* The match ended: its history row finished with the score screen's words
 * and its save forgotten, in one transaction. A match over before any move
 * at this table (a finished position opened to be looked at) was never kept. */
static void history_over(table *t, shell *sh)
{
    store *db = shell_store(sh);
    int tx = db && !t->replay && t->m.history > 0 && store_begin(db) == 0;
    if (tx) {
        score_report rep;
        match_info mi;
        char *body = record_write(&t->rec);
        table_report(t, &rep);
        history_info(t, &mi);
        if (body)
            table_history_finish(sh, &t->m, &mi, &rep, body);
        free(body);
    }
    table_save_delete(sh, t->game->id);
    if (tx)
        store_end(db, 1);
}

/* The game is over: the view traces it, the phones hear it, the win sounds
 * and the save slot is emptied (nothing is left to resume). Once. */
static void announce_over(table *t, shell *sh)
{
    game_result res;
    if (t->over_announced)
        return;
    t->over_announced = 1;
    t->over_time = t->time;
    table_rules(t)->result(t->st, &res);
    t->ops->over(t->view, sh, &res);
    table_phones_over(t, &res);
    audio_play(SFX_WIN);
    if (!t->lesson)
        history_over(t, sh);
}

static void over_update(table *t, shell *sh)
{
    if (t->replay || !t->over || table_busy(t) || lesson_holds(t))
        return;
    if (!t->over_announced)
        announce_over(t, sh);
    else if (t->time - t->over_time > OVER_DELAY)
        show_score(t, sh);
}


/* ---------------------------------------------------------------- the scene */

static void table_update(scene *s, shell *sh, double dt)
{
    table *t = s->data;
    table_menu_choice c = table_menu_take(sh, &t->menu_choice, t->game->rules_doc);
    table_phones_pause(t, !shell_is_top(sh, s)); /* the menu closed, unless its Rules now cover us */
    t->time += dt;
    t->pace_setting = shell_settings(sh)->v[SETTING_ai_pace];
    clock_update(t);
    if (t->refuse_flash > 0)
        t->refuse_flash -= (float)dt;
    if (t->refuse_words > 0)
        t->refuse_words -= (float)dt;
    if (c == TABLE_MENU_UNDO)
        undo(t, sh);
    else if (c == TABLE_MENU_REDO)
        redo(t, sh);
    else if (c == TABLE_MENU_SEAT)
        table_hand_seat(t, sh, t->menu_extra.picked);
    else if (c == TABLE_MENU_QUIT && table_quit(sh, &t->m, &t->rec, t->over, t->ops->trace, &t->saver) == 0)
        return;
    /* The notice's Try again: Save & quit leaves once it saves. */
    if (table_saver_take(&t->saver) == UI_NOTICE_RETRY) {
        if (t->saver.quitting && table_quit(sh, &t->m, &t->rec, t->over, t->ops->trace, &t->saver) == 0)
            return;
        if (!t->saver.quitting)
            save_now(t, sh, 0);
    }
    table_hint_sync(t); /* a seat that changed hands may change who may ask */
    if (!shell_is_top(sh, s))
        return; /* the notice is up: the table waits for the player */
    table_phones_step(t, sh);
    table_phones_card_update(t, &t->m);
    table_peek_update(t, sh);
    table_anim_step(t, dt);
    lesson_update(t, sh);
    t->ops->update(t->view, sh, dt);
    computer_turn(t, sh);
    over_update(t, sh);
    if (!shell_is_top(sh, s))
        return; /* the score screen replaced us */
    if (t->ops->follow)
        t->ops->follow(t->view, sh, dt);
}

static void table_input(scene *s, shell *sh, const action_event *ev)
{
    table *t = s->data;
    /* A phone's pad plays its own seat's turns only; menus, the curtain and
     * the TV's buttons are the TV's (#25 item 5). */
    int phone = ev->dev == DEV_PAD && ev->pad >= INPUT_MAX_PADS;
    if (phone && (t->curtain >= 0 || ev->pad - INPUT_MAX_PADS != table_rules(t)->current_player(t->st)))
        return;
    t->lively_from = t->time;
    /* The curtain takes every press: ready, or the menu. */
    if (t->curtain >= 0) {
        if (ev->act == ACT_MENU || ev->act == ACT_BACK)
            table_do(t, sh, TABLE_MENU);
        else if (ev->act == ACT_ACCEPT || (ev->act == ACT_POINTER_DOWN && ev->button == INPUT_BUTTON_LEFT))
            table_do(t, sh, TABLE_LIFT);
        return;
    }
    if (lesson_input(t, sh, ev))
        return; /* the lesson's Continue */
    if (ev->act == ACT_HINT) { /* H, a controller's Back: the midend's, as the row's Hint button */
        if (!phone)
            table_do(t, sh, TABLE_HINT);
        return;
    }
    {
        /* a press on the button row is the midend's, done once the view has seen the event */
        table_intent i = t->ops->input(t->view, sh, ev), pressed = table_row_take(&t->row);
        if (phone) /* the view's own play only: no menu, undo, rules or score from a phone */
            i = pressed = TABLE_NONE;
        table_do(t, sh, i != TABLE_NONE ? i : pressed);
    }
}


static void table_draw(scene *s, shell *sh, render *r, float alpha)
{
    table *t = s->data;
    if (t->curtain < 0) {
        t->ops->draw(t->view, sh, r, alpha);
        if (!t->replay) /* a replay's controls are the replay screen's */
            table_row_draw(&t->row, r, t->can_undo, t->can_redo);
        if (t->ops->draw_top)
            t->ops->draw_top(t->view, sh, r, alpha);
        table_phones_card_draw(&t->m, sh, r);
        return;
    }
    ui_draw_table(r, shell_vw(sh));
    if (t->ops->draw_public)
        t->ops->draw_public(t->view, sh, r, alpha);
    table_draw_curtain(t, sh, r);
    ui_draw_hints(r, sh, "Continue", "Menu", NULL);
    table_phones_card_draw(&t->m, sh, r);
}

/* A table at rest draws nothing: no computer to move, no move animating, no
 * refusal flashing, and the lively seconds after the last press or change
 * gone; a refusal's words or a view's timer wake it when they are due. */
static double table_wake(scene *s, shell *sh)
{
    table *t = s->data;
    (void)sh; /* the scene interface's */
    int seat = table_rules(t)->current_player(t->st);
    double w = SCENE_AT_REST, v;
    /* a replay waits for no computer and no score screen */
    if (!t->ops->wake || t->job || (t->over && !t->replay) || t->refuse_flash > 0 || animating(t) ||
        (!t->replay && seat >= 0 && !table_seat_human(t, seat)))
        return 0;
    if (t->curtain >= 0)
        return SCENE_AT_REST; /* the curtain's panel, until someone is ready */
    if (t->time - t->lively_from < TABLE_LIVELY)
        return 0;
    if (t->refuse_words > 0)
        w = t->refuse_words;
    v = t->ops->wake(t->view);
    return v < w ? v : w;
}

static void table_enter(scene *s, shell *sh)
{
    table *t = s->data;
    t->pace_setting = shell_settings(sh)->v[SETTING_ai_pace];
    t->ops->enter(t->view, sh);
}

static void table_leave_scene(scene *s, shell *sh)
{
    table *t = s->data;
    /* The window closed: nothing is left on screen to tell; the log says it. */
    int saved = t->replay || t->lesson ? 0 : table_save_unfinished(sh, &t->m, &t->rec, t->over);
    if (saved > 0)
        trace_line("%s saved", t->ops->trace);
    else if (saved < 0)
        log_warn("%s table: the game could not be saved on leaving", t->game->id);
    /* The match is over or left: the phones' server stops with it. */
    if (!t->replay)
        phones_close(NULL);
    /* The app is closing: let a search finish rather than leave it running at exit. */
    table_ai_drop(t->job, shell_quitting(sh));
    t->job = NULL;
    record_free(&t->rec);
    lesson_free(t->lesson);
    free(t->view);
    free(t->scratch);
    free(t->last_before);
    free(t);
}

/* The view's state: zeroed, its table set (its first member), then its own values. */
static void *view_new(table *t)
{
    void *v;
    assert(t->ops->size >= sizeof(table *));
    if (!(v = calloc(1, t->ops->size)))
        return NULL;
    *(table **)v = t;
    if (t->ops->init)
        t->ops->init(v);
    return v;
}

/* A table of match m from rec; replay: one that is only watched (table_create_replay). */
static scene *create(const table_view_ops *ops, const match_setup *m, game_record *rec, int replay)
{
    const game_rules *g = m->game->rules;
    table *t = calloc(1, sizeof *t + g->state_size + sizeof(max_align_t));
    if (!t || !(t->scratch = calloc(1, g->state_size)) || !(t->last_before = calloc(1, g->state_size)))
        abort();
    t->ops = ops;
    t->game = m->game;
    t->m = *m;
    t->viewer = -1;
    t->curtain = -1;
    t->started = (int64_t)time(NULL);
    t->handoff = -1;
    t->refuse_spot = -1;
    t->pace_setting = 1;
    t->replay = replay;
    t->replay_seat = TABLE_WATCH_PUBLIC;
    table_row_init(&t->row, ops, !replay && table_hint_allowed(t));
    if (table_record_take(&t->rec, rec, m->game->id, t->st) != 0 || !(t->view = view_new(t))) {
        record_free(&t->rec);
        free(t->scratch);
        free(t->last_before);
        free(t);
        return NULL;
    }
    table_log_reset(t);
    t->clock0 = t->rec.clock;
    if (!replay) {
        table_match_trace(&t->m, &t->rec.params);
        if (t->m.hints != MATCH_HINTS_VS_COMPUTERS || t->m.hints_used > 0) /* a resumed match keeps both */
            trace_line("%s hints %s, %d used", ops->trace, match_hints_label(t->m.hints), t->m.hints_used);
        phones_drop_queue(); /* moves sent before this table opened were for no table */
    }
    t->base = (scene){"table", 0, table_enter, table_leave_scene, table_input, table_update, table_draw, t, table_wake,
                      MUSIC_TABLE};
    return &t->base;
}

scene *table_create(const table_view_ops *ops, const match_setup *m, game_record *rec)
{
    return create(ops, m, rec, 0);
}

scene *table_create_replay(const table_view_ops *ops, const match_setup *m, game_record *rec)
{
    return create(ops, m, rec, 1);
}
