/* The real-time midend: the pause menu, saving on leave, game over and the
 * score screen, the rules document and leaving, once for every real-time
 * view; the view runs its match and only shows and asks. */
#include "table/table_rt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "shell/trace.h"
#include "table/phones.h"
#include "table/table_menu.h"
#include "table/table_phones.h"
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
    table_menu_extra menu_extra; /* the phones' card while the menu is up */
} table_rt;

/* Saves a match that has begun and is not over, for Resume in match setup. */
static void save_match(table_rt *t, shell *sh)
{
    char *text, note[160];
    if (t->saved || t->ops->over(t->view) || !t->ops->begun(t->view))
        return;
    text = t->ops->save_text(t->view);
    if (text && table_save_text(sh, &t->m, t->game->id, text) == 0) {
        t->saved = 1;
        t->ops->note(t->view, note, sizeof note);
        trace_line("%s saved: %s", t->game->id, note);
    } else {
        log_warn("%s table: the match could not be saved", t->game->id);
    }
    free(text);
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
    if (t->over || !t->ops->over(t->view))
        return;
    t->over = 1;
    table_save_delete(sh, t->game->id);
    fill_score(t, &rep);
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
    if (table_menu_take(sh, &t->menu_choice, t->game->rules_doc) == TABLE_MENU_QUIT) {
        save_match(t, sh);
        table_leave(sh);
        return;
    }
    i = t->ops->update(t->view, sh, dt);
    over_update(t, sh);
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
    save_match(t, sh); /* the window closed mid-match: keep it for Resume too */
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
    t->base = (scene){"table", 0, rt_enter, rt_leave, rt_input, rt_update, rt_draw, t, ops->wake ? rt_wake : NULL};
    return t;
}

scene *table_rt_create(shell *sh, const table_realtime_ops *ops, const match_setup *m, uint64_t seed,
                       const char *test_options)
{
    table_rt *t = rt_new(ops, m, ops->create(sh, m, seed, test_options));
    return t ? &t->base : NULL;
}

scene *table_rt_resume(shell *sh, const table_realtime_ops *ops, const match_setup *m, const char *text,
                       char *err, size_t errn)
{
    table_rt *t = rt_new(ops, m, ops->resume(sh, m, text, err, errn));
    char note[160];
    if (t) {
        t->ops->note(t->view, note, sizeof note);
        trace_line("%s resumed: %s", t->game->id, note);
    }
    return t ? &t->base : NULL;
}
