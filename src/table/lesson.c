/* A lesson on the table: its steps set up, judged and shown by the midend
 * (docs/lessons.md). The file's reader and its judge are lesson_file.c. */
#include "table/lesson.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/paths.h"
#include "app/store.h"
#include "audio/audio.h"
#include "core/log.h"
#include "core/registry.h"
#include "shell/trace.h"
#include "table/lesson_file.h"
#include "table/modes.h"
#include "table/table_priv.h"
#include "table/table_rt.h"
#include "table/table_store.h"
#include "ui/hints.h"
#include "ui/ui.h"

struct lesson_run {
    lesson l;
    int step;       /* the step on the table */
    int k;          /* the next entry of its sequence */
    int done;       /* its moves are played: Continue */
    int replying;   /* the lesson plays a reply now */
    int game_moves; /* moves played since the game began */
    lesson_panel panel; /* the Continue button, where it was drawn last */
};

#define PANEL_PAD 18.0f

static const lesson_step *cur(const struct lesson_run *run) { return &run->l.step[run->step]; }
static int in_game(const struct lesson_run *run) { return cur(run)->game; }

/* The lesson file of mode id, whole (malloc'd); NULL when there is none. */
static char *lesson_text(shell *sh, const char *id)
{
    char path[1200];
    FILE *f;
    char *buf;
    long n;
    snprintf(path, sizeof path, "%s/lessons/%s.txt", shell_paths(sh)->assets, id);
    if (!(f = fopen(path, "rb")))
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    if (buf)
        buf[n] = 0;
    fclose(f);
    return buf;
}

int lesson_exists(shell *sh, const char *id)
{
    const game_info *g = id ? registry_find(id) : NULL;
    const table_mode *t = g ? modes_find(id) : NULL;
    /* a real-time mode's lesson needs a view that plays it */
    char *text = g && (g->rules || (t && t->realtime && t->realtime->lesson)) ? lesson_text(sh, id) : NULL;
    free(text);
    return text != NULL;
}

void lesson_free(struct lesson_run *run) { free(run); }

int lesson_offer_due(shell *sh, const char *id)
{
    char key[64], val[8];
    snprintf(key, sizeof key, "lesson_offered_%s", id);
    /* without a store (no pref folder) the offer would come every time: it does not */
    return shell_store(sh) && lesson_exists(sh, id) && store_get(shell_store(sh), "settings", key, val, sizeof val) == 1;
}

void lesson_offer_done(shell *sh, const char *id)
{
    char key[64];
    snprintf(key, sizeof key, "lesson_offered_%s", id);
    store *db = shell_store(sh);
    if (!db)
        return;
    /* a store write is a transaction (the settings' own way) */
    if (store_begin(db) != 0) {
        log_warn("lesson: could not keep that %s's lesson was offered", id);
        return;
    }
    if (store_put(db, "settings", key, "1") != 0) {
        store_end(db, 0);
        log_warn("lesson: could not keep that %s's lesson was offered", id);
        return;
    }
    store_end(db, 1);
}

/* Sets the table on step i: its position in a fresh record, the view told. */
static int go_step(table *t, shell *sh, int i)
{
    struct lesson_run *run = t->lesson;
    char pos[RECORD_START_LEN], err[256];
    game_record rec;
    if (lesson_position_text(&run->l, table_rules(t), i, pos, sizeof pos) != 0 ||
        record_init(&rec, t->game->id, &t->m.params, t->rec.seed, err, sizeof err) != 0) {
        log_error("lesson %s: step %d has no position", run->l.mode, i + 1);
        return -1;
    }
    if (record_set_start(&rec, pos, err, sizeof err) != 0 || record_replay(&rec, 0, t->st, err, sizeof err) != 0) {
        log_error("lesson %s: %s", run->l.mode, err);
        record_free(&rec);
        return -1;
    }
    record_free(&t->rec);
    t->rec = rec;
    run->step = i;
    run->k = 0;
    run->done = 0;
    run->game_moves = 0;
    table_ai_cancel(t);
    t->anim_on = 0;
    t->anim_len = t->anim_time = t->anim_prev = 0;
    t->has_last = 0;
    t->over = 0;
    table_log_rebuild(&t->log, t->ops->describe, table_rules(t), &t->rec, t->scratch);
    trace_line("lesson %s step %d/%d %s%s", run->l.mode, i + 1, run->l.n, cur(run)->title,
               cur(run)->game ? " (game)" : "");
    table_position_changed(t, sh, TABLE_ENTERED);
    return 0;
}

/* The learner a person, every other seat the easy computer (which plays only in the game), as --seats has them. */
static void lesson_seats(const lesson *l, char *seats, size_t n)
{
    seats[0] = 0;
    for (int i = 0; i < l->players; i++)
        snprintf(seats + strlen(seats), n - strlen(seats), "%s%s", i ? "," : "", i == l->you ? "human" : "easy");
}

/* A real-time mode's lesson (MAXSTAX): read, checked, and played by its view on a real-time table. */
static scene *lesson_start_rt(shell *sh, const game_info *g, char *text)
{
    const table_mode *t = modes_find(g->id);
    lesson *l = calloc(1, sizeof *l);
    char err[400], seats[64];
    match_setup m;
    scene *s = NULL;
    if (!l || lesson_read(l, text, err, sizeof err) != 0 || lesson_check_rt(l, g->realtime, err, sizeof err) != 0 ||
        strcmp(l->mode, g->id) != 0) {
        log_error("lesson %s: %s", g->id, l ? err : "out of memory");
    } else {
        lesson_seats(l, seats, sizeof seats);
        if (table_match_default(&m, g, seats) == 0) {
            /* the learner's space is named as the panel names them ("you are Red") */
            snprintf(m.name[l->you], sizeof m.name[l->you], "%s", l->you_name);
            s = table_rt_lesson(sh, t->realtime, &m, l, shell_seed(sh));
        }
    }
    free(l);
    free(text);
    return s;
}

scene *lesson_start(shell *sh, const char *id)
{
    const game_info *g = registry_find(id);
    struct lesson_run *run;
    char *text, err[400], seats[64] = "", pos[RECORD_START_LEN];
    match_setup m;
    scene *s;
    if (g && !g->rules && lesson_exists(sh, id) && (text = lesson_text(sh, id)) != NULL)
        return lesson_start_rt(sh, g, text);
    if (!g || !g->rules || !modes_playable(g) || !(text = lesson_text(sh, id))) {
        log_error("lesson: no lesson for '%s'", id ? id : "");
        return NULL;
    }
    run = calloc(1, sizeof *run);
    if (!run || lesson_read(&run->l, text, err, sizeof err) != 0 || lesson_check(&run->l, g->rules, err, sizeof err) != 0 ||
        strcmp(run->l.mode, id) != 0 || lesson_position_text(&run->l, g->rules, 0, pos, sizeof pos) != 0) {
        log_error("lesson %s: %s", id, run ? err : "out of memory");
        free(text);
        free(run);
        return NULL;
    }
    free(text);
    lesson_seats(&run->l, seats, sizeof seats);
    if (table_match_default(&m, g, seats) != 0 || !(s = modes_start(sh, &m, pos))) {
        free(run);
        return NULL;
    }
    ((table *)s->data)->lesson = run;
    /* The lesson's panel says what to do: its row has no Hint button (the
     * panel sits where the move log does, above the row as it was laid out). */
    table_hint_sync(s->data);
    trace_line("lesson %s step 1/%d %s", id, run->l.n, cur(run)->title);
    return s;
}

int lesson_holds(const table *t) { return t->lesson && !in_game(t->lesson); }

int lesson_allows(table *t, shell *sh, const game_move *m)
{
    struct lesson_run *run = t->lesson;
    char why[LESSON_LINE_LEN];
    if (!run || in_game(run) || run->replying)
        return 0;
    if (!run->done && lesson_judge(cur(run), run->k, table_rules(t), t->st, m, why, sizeof why) == 0)
        return 0;
    if (run->done)
        lesson_wait_words(t, why, sizeof why);
    /* The move is not played: the view lets go of what it held, then says why. */
    table_view_changed(t, sh, TABLE_JUMPED);
    table_refuse(t, -1, "%s", why);
    return -1;
}

void lesson_played(table *t)
{
    struct lesson_run *run = t->lesson;
    const lesson_step *s;
    if (!run)
        return;
    if (in_game(run)) {
        run->game_moves++;
        return;
    }
    s = cur(run);
    if (run->k < s->n_seq)
        run->k++;
    if (run->k >= s->n_seq && !run->done) {
        run->done = 1;
        audio_play(SFX_CLICK);
        trace_line("lesson %s step %d done", run->l.mode, run->step + 1);
    }
}

void lesson_update(table *t, shell *sh)
{
    struct lesson_run *run = t->lesson;
    const lesson_act *a;
    game_move m;
    char err[200];
    if (!run || in_game(run) || run->done || run->k >= cur(run)->n_seq || table_busy(t))
        return;
    a = &cur(run)->seq[run->k];
    if (!a->reply)
        return;
    if (table_rules(t)->move_read(t->st, a->alt[0], &m, err, sizeof err) != 0) {
        log_error("lesson %s: reply %s: %s", run->l.mode, a->alt[0], err);
        run->done = 1;
        return;
    }
    run->replying = 1;
    table_play_by(t, sh, &m, 1);
    run->replying = 0;
}

/* On to the next step (the last is the game, which ends at the score screen). */
static void next_step(table *t, shell *sh)
{
    struct lesson_run *run = t->lesson;
    if (run->step + 1 < run->l.n) {
        audio_play(SFX_CLICK);
        go_step(t, sh, run->step + 1);
    }
}

int lesson_input(table *t, shell *sh, const action_event *ev)
{
    struct lesson_run *run = t->lesson;
    if (!run || in_game(run) || !(run->done || cur(run)->watch))
        return 0;
    if (lesson_panel_pressed(&run->panel, ev)) {
        trace_line("lesson %s continue", run->l.mode);
        next_step(t, sh);
        return 1;
    }
    return 0;
}

const char *lesson_continue_word(const table *t)
{
    const struct lesson_run *run = t->lesson;
    if (!run || in_game(run) || !(run->done || cur(run)->watch))
        return NULL;
    return run->step + 1 < run->l.n && run->l.step[run->step + 1].game ? "Start the game" : "Continue";
}

int lesson_wait_words(const table *t, char *buf, size_t n)
{
    const struct lesson_run *run = t->lesson;
    if (!lesson_continue_word(t))
        return 0;
    snprintf(buf, n, "%s", run->done ? "That step is done: press Continue for the next."
                                     : "Read the lesson, then press Continue.");
    return 1;
}

int lesson_status(const table *t, input_device dev, char *buf, size_t n)
{
    const struct lesson_run *run = t->lesson;
    const char *cont = lesson_continue_word(t);
    char press[32];
    if (!run || in_game(run))
        return 0;
    if (!cont) {
        if (table_seat_human(t, table_rules(t)->current_player(t->st)))
            return 0; /* the learner's move: the view's own words say how */
        /* nobody is thinking: the lesson plays the answer itself */
        snprintf(buf, n, "The lesson plays the answer.");
        return 1;
    }
    /* the step waits for Continue, whoever's turn the position shows: say so, in the controls in hand */
    if (dev == DEV_MOUSE) /* the panel's button, by its name */
        snprintf(buf, n, "Click %s%s.", cont, strcmp(cont, "Continue") == 0 ? " for the next step" : "");
    else
        snprintf(buf, n, "%s %s.", ui_hint_press(dev, ACT_ACCEPT, press, sizeof press),
                 strcmp(cont, "Continue") == 0 ? "for the next step" : "to start the game");
    return 1;
}

void lesson_panel_draw(render *r, rrect box, const lesson *l, int step, int done, lesson_panel *p)
{
    const lesson_step *s = &l->step[step];
    const char *text = done ? (s->done[0] ? s->done : "Press Continue for the next step.") : s->say;
    rrect in;
    char head[160];
    float y, size, avail, bh;
    int button;
    in = (rrect){box.x + PANEL_PAD, box.y + 14, box.w - 2 * PANEL_PAD, box.h - 14 - PANEL_PAD};
    button = !s->game && (done || s->watch);
    bh = button ? 56.0f : 0.0f;
    ui_audit_box(box);
    render_round_rect(r, box, 14, UI_PAPER);
    if (s->game)
        snprintf(head, sizeof head, "Your game \xc2\xb7 you are %s", l->you_name);
    else
        snprintf(head, sizeof head, "Step %d/%d \xc2\xb7 you are %s", step + 1, l->n - 1, l->you_name);
    size = ui_text_fit_line(r, FONT_SANS_BOLD, UI_SMALL, UI_MIN, (rrect){in.x, in.y, in.w, 30}, TEXT_LEFT,
                            UI_INK_SOFT, head);
    y = in.y + render_line_height(r, FONT_SANS_BOLD, size) + 4;
    /* The title goes where the words would not fit under it even at UI_MIN (a small box, 4:3). */
    avail = in.y + in.h - bh - y;
    if (render_line_height(r, FONT_SANS_BOLD, UI_BODY) + 8 +
            render_text_wrapped(r, FONT_SANS, UI_MIN, in.x, y, in.w, TEXT_LEFT, UI_INK, text, 0) <= avail) {
        size = ui_text_fit_line(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){in.x, y, in.w, 38}, TEXT_LEFT,
                                done ? UI_ACCENT : UI_INK, done ? "Done!" : s->title);
        y += render_line_height(r, FONT_SANS_BOLD, size) + 8;
        avail = in.y + in.h - bh - y;
    }
    /* The words at the largest size that fits above the button, UI_MIN at the least, kept in the box. */
    for (size = UI_BODY; size > UI_MIN; size -= 1)
        if (render_text_wrapped(r, FONT_SANS, size, in.x, y, in.w, TEXT_LEFT, UI_INK, text, 0) <= avail)
            break;
    render_push_clip(r, (rrect){box.x, y, box.w, avail > 0 ? avail : 0});
    render_text_wrapped(r, FONT_SANS, size, in.x, y, in.w, TEXT_LEFT, UI_INK, text, 1);
    render_pop_clip(r);
    p->cont_shown = button;
    if (button) {
        float w = in.w < 260 ? in.w : 260;
        rrect was = p->cont;
        p->cont = (rrect){in.x + in.w - w, in.y + in.h - 48, w, 48};
        /* where it stands, once per place: what a script clicks */
        if (!p->cont_traced || was.x != p->cont.x || was.y != p->cont.y)
            trace_line("lesson continue at %.0f %.0f", p->cont.x + p->cont.w / 2, p->cont.y + p->cont.h / 2);
        p->cont_traced = 1;
        ui_draw_button(r, p->cont, step + 1 < l->n && s[1].game ? "Start the game" : "Continue", 1, 1, 1);
    }
}

int lesson_panel_pressed(const lesson_panel *p, const action_event *ev)
{
    return ev->act == ACT_ACCEPT || (ev->act == ACT_POINTER_DOWN && ev->button == INPUT_BUTTON_LEFT && p->cont_shown &&
                                     ui_rect_contains(p->cont, ev->x, ev->y));
}

int lesson_draw_panel(const table *t, shell *sh, render *r, rrect box)
{
    struct lesson_run *run = t->lesson;
    (void)sh;
    if (!run)
        return 0;
    if (cur(run)->game && run->game_moves > 0)
        return 0; /* the game has begun: the move log again */
    lesson_panel_draw(r, box, &run->l, run->step, run->done, &run->panel);
    return 1;
}
