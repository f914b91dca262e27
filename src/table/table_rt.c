/* The real-time midend: the pause menu, saving on leave, game over and the
 * score screen, the rules document and leaving, once for every real-time
 * view; the view runs its match and only shows and asks. */
#include "table/table_rt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/history.h"
#include "app/store.h"
#include "audio/audio.h"
#include "core/log.h"
#include "shell/trace.h"
#include "table/phones.h"
#include "table/table_menu.h"
#include "table/table_history.h"
#include "table/table_phones.h"
#include "table/table_save.h"
#include "table/table_store.h"

typedef struct table_rt {
    scene base;
    const table_realtime_ops *ops;
    const game_info *game; /* the mode's row: rules document, save slot, score id */
    void *view;
    match_setup m;
    int saved; /* saved on the way out: leaving does not save again */
    int over;  /* the match's end was seen: its save forgotten, the phones told */
    table_menu_choice menu_choice;
    table_saver saver; /* saves as the match goes, and a failed one's notice */
    double since_save; /* seconds since the last save */
    uint64_t saved_hash; /* of the last text saved, so a held match is not saved again; 0 none */
    int round;         /* the view's round when last saved */
    table_menu_extra menu_extra; /* the phones' card while the menu is up */
    int64_t started;  /* when this table opened (unix seconds): a new match's start in the history */
    int64_t played0;  /* ms played in earlier sittings (the history row's, on resume) */
    double played;    /* seconds played at this table */
    int whole_due;    /* a round began: the next history write carries the whole text */
    uint64_t seed;    /* the match's seed (its history row's, on resume) */
    int body_ticks;   /* the ticks of the body last kept in the history */
    int lesson;       /* a lesson's table (#29): never saved, nor kept in the history */
    table_rt_mark mark; /* the history's body holds the record up to here (record_on) */
    long moves;         /* the view's moves when the match was last kept */
} table_rt;

/* FNV-1a of a save's text. */
static uint64_t text_hash(const char *s)
{
    uint64_t h = 14695981039346656037ull;
    for (; *s; s++)
        h = (h ^ (uint8_t)*s) * 1099511628211ull;
    return h;
}

/* Saves a match that has begun and is not over, for Resume in match setup
 * (traced "<id> <how>: <note>"); an autosave of what is saved already (a
 * round's results, held) writes nothing. 0, or -1 when it could not be written. */
/* The match's header for the history as it stands. */
static void history_info(const table_rt *t, match_info *mi)
{
    table_history_info(&t->m, t->seed, t->started, t->played0 + (int64_t)(t->played * 1000),
                       t->ops->ticks ? (int)t->ops->ticks(t->view) : 0, mi);
}

/* Keeps the record in the history as it goes (#28): whole at the first
 * write and after a resume, else a piece, what was recorded since the last
 * (history_append), so a crash loses at most the last move and a write
 * costs what happened since, not the whole tape (docs/performance.md). */
static void record_keep(table_rt *t, shell *sh)
{
    match_info mi;
    table_rt_mark was = t->mark;
    int whole = t->whole_due || t->m.history <= 0, rc;
    char *text;
    if (whole)
        memset(&t->mark, 0, sizeof t->mark);
    if (!(text = t->ops->record_on(t->view, &t->mark))) {
        t->mark = was;
        log_warn("%s table: the match's record could not be written for the history", t->game->id);
        return;
    }
    history_info(t, &mi);
    if (whole) {
        rc = table_history_write(sh, &t->m, &mi, text);
    } else if ((rc = history_append(shell_store(sh), t->m.history, &mi, was.at, text)) != 0) {
        log_warn("%s table: history %lld could not be kept: %s", t->game->id, (long long)t->m.history,
                 store_error(shell_store(sh)));
    }
    if (rc == 0) {
        t->body_ticks = mi.moves;
        t->whole_due = 0;
    } else {
        t->mark = was; /* not kept: the next write starts where this one did */
    }
    free(text);
}

/* Keeps the match in the history (#28) inside the caller's transaction. A
 * view that writes its record on (record_on) keeps it at every save;
 * another the whole text (the save and the whole tape, which a replay
 * re-simulates): whole when given, at its first write, or when a round has
 * begun since the last; else only the header (the time played). */
static void history_keep(table_rt *t, shell *sh, const char *whole)
{
    match_info mi;
    char *text = NULL;
    if (t->ops->record_on) {
        record_keep(t, sh);
        return;
    }
    /* whole: the save's whole text when the caller has it (Save & quit, leaving) */
    if (!whole && (t->whole_due || t->m.history <= 0) && !(whole = text = t->ops->save_text(t->view)))
        return;
    history_info(t, &mi);
    /* The header's ticks are the body's: a header alone keeps those of the body it goes with. */
    if (whole)
        t->body_ticks = mi.moves;
    else
        mi.moves = t->body_ticks;
    if (table_history_write(sh, &t->m, &mi, whole) == 0 && whole)
        t->whole_due = 0;
    free(text);
}

static int write_match(table_rt *t, shell *sh, const char *how, int autosave)
{
    char *text, note[160];
    uint64_t h = 0;
    int rc, tx, whole_due = t->whole_due;
    int64_t kept = t->m.history;
    table_rt_mark mark = t->mark;
    store *db = shell_store(sh);
    if (t->lesson || t->ops->over(t->view) || !t->ops->begun(t->view))
        return 0;
    /* As the match goes, the cheap text: a crash loses the record, never the match. */
    text = autosave && t->ops->autosave_text ? t->ops->autosave_text(t->view) : t->ops->save_text(t->view);
    t->since_save = 0;
    if (text && autosave && (h = text_hash(text)) == t->saved_hash) {
        free(text);
        return 0;
    }
    /* The history row and the save in one transaction: the save names the row. */
    tx = text && db && store_begin(db) == 0;
    if (tx)
        history_keep(t, sh, autosave && t->ops->autosave_text ? NULL : text);
    rc = text ? table_save_text(sh, &t->m, t->game->id, text) : -1;
    if (tx && store_end(db, rc == 0) != 0)
        rc = -1;
    if (rc != 0) {
        /* rolled back: a row begun in it is not there, nor the record kept */
        t->m.history = kept;
        t->mark = mark;
        t->whole_due = whole_due;
    }
    t->saved_hash = rc == 0 ? h : 0;
    free(text);
    if (rc == 0) {
        t->ops->note(t->view, note, sizeof note);
        trace_line("%s %s: %s", t->game->id, how, note);
    }
    return rc;
}

/* write_match, and the notice when it fails (quitting: Save & quit, whose
 * failure keeps the match open under it); 0 or -1. */
static int save_match(table_rt *t, shell *sh, const char *how, int quitting)
{
    return table_saver_done(&t->saver, sh, t->game->id, write_match(t, sh, how, !quitting), quitting);
}

/* Saves as the match goes: at every move (the view's moves), every round's
 * start and every TABLE_SAVE_EVERY seconds of play, so a crash loses at
 * most the last move, never the match. */
static void autosave(table_rt *t, shell *sh, double dt)
{
    int round = t->ops->round ? t->ops->round(t->view) : 0;
    long moves = t->ops->moves ? t->ops->moves(t->view) : 0;
    t->since_save += dt;
    if (round == t->round && moves == t->moves && t->since_save < TABLE_SAVE_EVERY)
        return;
    if (round != t->round && !t->ops->record_on)
        t->whole_due = 1; /* a record kept whole is kept at a round's start */
    t->round = round;
    t->moves = moves;
    save_match(t, sh, "autosaved", 0);
}

/* The view's score lines under the mode's id. */
static void fill_score(const table_rt *t, score_report *rep)
{
    memset(rep, 0, sizeof *rep);
    t->ops->score(t->view, rep);
    rep->game_id = t->game->id;
}

/* The match just ended: nothing left to resume, and the phones hear how it went. */
static void over_update(table_rt *t, shell *sh)
{
    score_report rep;
    store *db = shell_store(sh);
    int tx;
    char note[200];
    if (t->over || !t->ops->over(t->view))
        return;
    t->over = 1;
    t->ops->note(t->view, note, sizeof note);
    trace_line("%s over: %s", t->game->id, note); /* the end its replay must reach (#28) */
    fill_score(t, &rep);
    if (t->lesson)
        return; /* a lesson's game: no history row, and the mode's save is not its */
    /* Its history row finished with the whole text, and its save forgotten, in one transaction. */
    tx = db && store_begin(db) == 0;
    if (tx) {
        match_info mi;
        /* Over, a match has no save to write: its record replays it. */
        char *text = t->ops->record_text ? t->ops->record_text(t->view) : t->ops->save_text(t->view);
        history_info(t, &mi);
        if (text && table_history_finish(sh, &t->m, &mi, &rep, text) == 0 && t->ops->best_ms)
            for (int i = 0; i < t->m.params.players; i++)
                if (t->ops->best_ms(t->view, i) > 0)
                    history_set_best(db, t->m.history, i, t->ops->best_ms(t->view, i));
        if (!text)
            log_warn("%s table: the finished match's record could not be written for the history", t->game->id);
        free(text);
    }
    table_save_delete(sh, t->game->id);
    if (tx)
        store_end(db, 1);
    table_phones_end(&t->m, &rep);
}

int table_rt_report(const void *rt, score_report *rep)
{
    const table_rt *t = rt;
    fill_score(t, rep);
    return t->ops->over(t->view) ? 0 : -1;
}

static void do_intent(table_rt *t, shell *sh, table_intent i)
{
    score_report rep;
    switch (i) {
    case TABLE_MENU:
        /* real time: nothing to undo; a phone is a pad, and a late one joins by the card */
        memset(&t->menu_extra, 0, sizeof t->menu_extra);
        t->menu_extra.phones = phones_on();
        table_menu_open(sh, &t->menu_choice, 0, 0, 0, &t->menu_extra);
        break;
    case TABLE_RULES:
        shell_push(sh, shell_rules_screen(sh, t->game->rules_doc));
        break;
    case TABLE_SCORE:
        fill_score(t, &rep);
        shell_replace(sh, shell_score_screen(sh, &rep));
        break;
    default:
        break;
    }
}

static void rt_update(scene *s, shell *sh, double dt)
{
    table_rt *t = s->data;
    table_intent i;
    ui_notice_choice again = table_saver_take(&t->saver);
    /* Save & quit, or its Try again: leaves once the match is saved. */
    if ((table_menu_take(sh, &t->menu_choice, t->game->rules_doc) == TABLE_MENU_QUIT ||
         (again == UI_NOTICE_RETRY && t->saver.quitting)) &&
        save_match(t, sh, "saved", 1) == 0) {
        t->saved = 1;
        table_leave(sh);
        return;
    }
    if (again == UI_NOTICE_RETRY && !t->saver.quitting)
        save_match(t, sh, "autosaved", 0);
    if (!shell_is_top(sh, s))
        return; /* the notice is up: the match waits for the player */
    i = t->ops->update(t->view, sh, dt);
    if (t->ops->begun(t->view) && !t->over)
        t->played += dt;
    table_phones_card_update(t, &t->m);
    over_update(t, sh);
    if (!t->over)
        autosave(t, sh, dt);
    if (!shell_is_top(sh, s))
        return;
    do_intent(t, sh, i);
}

static void rt_input(scene *s, shell *sh, const action_event *ev)
{
    table_rt *t = s->data;
    do_intent(t, sh, t->ops->input(t->view, sh, ev));
}

static void rt_draw(scene *s, shell *sh, render *r, float alpha)
{
    table_rt *t = s->data;
    t->ops->draw(t->view, sh, r, alpha);
    table_phones_card_draw(&t->m, sh, r);
}

static double rt_wake(scene *s, shell *sh)
{
    table_rt *t = s->data;
    (void)sh; /* the scene interface's */
    return t->ops->wake(t->view);
}

static void rt_enter(scene *s, shell *sh)
{
    table_rt *t = s->data;
    t->ops->enter(t->view, sh);
}

static void rt_leave(scene *s, shell *sh)
{
    table_rt *t = s->data;
    /* The window closed mid-match: keep it for Resume too (nothing is left
     * on screen to tell of a failure; the log says it). */
    if (!t->saved && write_match(t, sh, "saved", 0) != 0)
        log_warn("%s table: the match could not be saved on leaving", t->game->id);
    phones_close(NULL); /* the phones' server stops with the match */
    t->ops->destroy(t->view);
    free(t);
}

/* The midend around view v of match m (NULL: the view failed). */
static table_rt *rt_new(const table_realtime_ops *ops, const match_setup *m, void *v)
{
    table_rt *t;
    if (!v)
        return NULL;
    if (!(t = calloc(1, sizeof *t)))
        abort();
    t->ops = ops;
    t->game = m->game;
    t->m = *m;
    t->view = v;
    t->round = ops->round ? ops->round(v) : 0;
    t->moves = ops->moves ? ops->moves(v) : 0;
    t->started = (int64_t)time(NULL);
    t->base = (scene){"table", 0, rt_enter, rt_leave, rt_input, rt_update, rt_draw, t, ops->wake ? rt_wake : NULL,
                      MUSIC_MAXSTAX};
    return t;
}

scene *table_rt_create(shell *sh, const table_realtime_ops *ops, const match_setup *m, uint64_t seed,
                       const char *test_options)
{
    table_rt *t = rt_new(ops, m, ops->create(sh, m, seed, test_options));
    if (t)
        t->seed = seed;
    return t ? &t->base : NULL;
}

scene *table_rt_lesson(shell *sh, const table_realtime_ops *ops, const match_setup *m, const struct lesson *l,
                       uint64_t seed)
{
    table_rt *t = ops->lesson ? rt_new(ops, m, ops->lesson(sh, m, l, seed)) : NULL;
    if (t)
        t->lesson = 1;
    return t ? &t->base : NULL;
}

scene *table_rt_resume(shell *sh, const table_realtime_ops *ops, const match_setup *m, const char *text,
                       char *err, size_t errn)
{
    table_rt *t = rt_new(ops, m, ops->resume(sh, m, text, err, errn));
    char note[160];
    if (t) {
        match_info mi;
        t->ops->note(t->view, note, sizeof note);
        trace_line("%s resumed: %s", t->game->id, note);
        /* The row it goes on: its time played so far, the record it kept
         * before this save (the save written as the match went holds none),
         * and the record from here on written whole. */
        char *body = NULL;
        if (t->m.history > 0 && shell_store(sh) &&
            history_get(shell_store(sh), t->m.history, &mi, t->ops->record_before ? &body : NULL) == 0) {
            t->played0 = mi.played_ms;
            t->seed = mi.seed;
            if (body && mi.status == MATCH_PLAYING)
                t->ops->record_before(t->view, body);
        }
        free(body);
        t->whole_due = 1;
    }
    return t ? &t->base : NULL;
}
