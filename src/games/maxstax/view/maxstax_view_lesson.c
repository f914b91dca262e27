/* A MAXSTAX lesson on the table (#29, docs/lessons.md): the steps of
 * assets/lessons/<mode>.txt on the real-time view. Each step's position is
 * made into the view's match (maxstax_lesson_match), the lesson panel stands
 * where the computer's space is, the ghost and the matcher's words are on;
 * the computer waits, except for the replies the lesson plays; the learner's
 * action is judged at once (a wrong one refused with why in the game's
 * words), and the step is done when the card is built, a MAX STAX holds,
 * Ready is pressed or the swaps are made. The last step is a short round
 * against the easy computer, which ends at the score screen. */
#include "games/maxstax/rules/maxstax_lesson.h"
#include "games/maxstax/rules/maxstax_mode.h"
#include "games/maxstax/rules/maxstax_world.h"
#include "games/maxstax/view/maxstax_view_priv.h"
#include "shell/toast.h"
#include "shell/trace.h"
#include "table/lesson.h"

#define REPLY_S 1.2 /* a reply waits this long, so the learner sees it come */
#define GAME_PANEL_S 8.0 /* the game's words stay this long, or until the learner's first action */

struct maxstax_lesson_run {
    lesson l;
    int step;          /* the step on the table */
    int k;             /* the next entry of its sequence */
    int done;          /* its actions are taken: Continue */
    double reply_wait; /* before the next reply */
    double game_time;  /* seconds into the game */
    int game_acted;    /* the learner has acted in the game: the panel gives way */
    uint64_t seed;
    lesson_panel panel;
    float space_traced[3]; /* where the learner's space was last traced: its middle at the floor, its scale */
    unsigned claims;       /* the learner's claim events when the entry began */
    char *before;          /* a claim step: the match as it stood before the last tick (maxstax_match_save) */
    int before_key;        /* its round (maxstax_round_key) */
    maxstax_match *next;   /* a done step that ended its round shows the round as it ended; the match goes on from this */
};

static const lesson_step *cur(const maxstax_lesson_run *run) { return &run->l.step[run->step]; }

int maxstax_lesson_holds(const maxstax_view *v) { return v->lesson && !cur(v->lesson)->game; }

/* The learner's seat. */
static int you(const maxstax_view *v) { return v->lesson->l.you; }

/* The action the step waits for from the learner now ("" for none: a reply, a watch, or done). */
static const lesson_act *wanted(const maxstax_lesson_run *run)
{
    const lesson_step *s = cur(run);
    return !s->game && !run->done && run->k < s->n_seq && !s->seq[run->k].reply ? &s->seq[run->k] : NULL;
}

/* Whether the entry's right actions include text. */
static int is_right(const lesson_act *a, const char *text)
{
    for (int i = 0; a && i < a->n_alts; i++)
        if (!strcmp(a->alt[i], text))
            return 1;
    return 0;
}

/* The learner's blocks in their space lie still, none in the hand. */
static int still(const maxstax_view *v)
{
    const maxstax_world *w = maxstax_match_world(v->match);
    int p = you(v);
    if (maxstax_world_held(w, p) >= 0)
        return 0;
    for (int b = maxstax_match_first_block(p); b < maxstax_match_first_block(p + 1); b++)
        if (!maxstax_world_sleeping(w, b))
            return 0;
    return 1;
}

/* What the table shows while a step waits for Continue: its round and clock
 * (a test sees that it holds still, and which round it holds). */
static void trace_held(const maxstax_view *v, const char *when)
{
    trace_line("lesson %s %s: round %d, %.2f s left", v->lesson->l.mode, when, maxstax_round_key(v),
               maxstax_match_time_left(v->match));
}

/* A claim ended the round (a SAMESTAX copy that held, the last to finish):
 * the table shows the round as it stood at the call, not the next round
 * already running, until Continue; the match goes on from where it is. */
static void hold_round(maxstax_view *v)
{
    maxstax_lesson_run *run = v->lesson;
    maxstax_match *shown;
    char err[200];
    if (!run->before || run->before_key == maxstax_round_key(v))
        return;
    if (!(shown = maxstax_match_load(run->before, &v->deck, err, sizeof err))) {
        log_error("lesson %s: the round as it ended: %s", run->l.mode, err);
        return;
    }
    run->next = v->match;
    v->match = shown;
    v->layout_w = 0; /* the round's own frame */
    maxstax_view_snapshot(v, 1);
}

/* Continue: the match the held round stood for comes back. */
static void release_round(maxstax_view *v)
{
    maxstax_lesson_run *run = v->lesson;
    if (!run->next)
        return;
    maxstax_match_free(v->match);
    v->match = run->next;
    run->next = NULL;
    v->layout_w = 0;
    maxstax_view_snapshot(v, 1);
}

/* The entry taken: on to the next, and the step done after its last. */
static void advance(maxstax_view *v)
{
    maxstax_lesson_run *run = v->lesson;
    run->claims = maxstax_match_claim_event(v->match, you(v))->serial;
    run->k++;
    run->reply_wait = REPLY_S;
    if (run->k >= cur(run)->n_seq && !run->done) {
        run->done = 1;
        audio_play(SFX_CLICK);
        trace_line("lesson %s step %d done", run->l.mode, run->step + 1);
        hold_round(v);
        trace_held(v, "holds");
    }
}

/* Sets the table on step i: a new match from its position (a step without
 * one goes on with the match as it is), the view started on it. */
static int go_step(maxstax_view *v, shell *sh, int i)
{
    maxstax_lesson_run *run = v->lesson;
    const lesson_step *s = &run->l.step[i];
    char err[400];
    if (s->position[0]) {
        realtime_match *m = lesson_match_rt(&run->l, v->m.game->realtime, i, run->seed, err, sizeof err);
        if (!m) {
            log_error("lesson %s: %s", run->l.mode, err);
            return -1;
        }
        maxstax_match_free(v->match);
        v->match = (maxstax_match *)m;
        v->results_left = 0;
        v->layout_w = 0; /* the new card's frame: laid out again */
        memset(v->flash, 0, sizeof v->flash);
        memset(v->ghost_seen, 0, sizeof v->ghost_seen);
        memset(v->hint, 0, sizeof v->hint);
        maxstax_view_start(v, sh, run->seed);
    }
    run->step = i;
    run->claims = maxstax_match_claim_event(v->match, you(v))->serial;
    run->k = 0;
    run->done = 0;
    run->reply_wait = REPLY_S;
    run->game_time = 0;
    run->game_acted = 0;
    trace_line("lesson %s step %d/%d %s%s", run->l.mode, i + 1, run->l.n, s->title, s->game ? " (game)" : "");
    maxstax_layout(v, sh);
    return 0;
}

void *maxstax_view_lesson(shell *sh, const match_setup *m, const lesson *l, uint64_t seed)
{
    maxstax_view *v = maxstax_view_new(m);
    if (!v)
        return NULL;
    if (!(v->lesson = calloc(1, sizeof *v->lesson)))
        abort();
    v->lesson->l = *l;
    v->lesson->seed = seed;
    v->ghost = 1; /* a lesson shows the ghost and what differs, whatever the setting */
    if (go_step(v, sh, 0) != 0) {
        maxstax_view_free(v);
        return NULL;
    }
    return v;
}

void maxstax_lesson_free(maxstax_lesson_run *run)
{
    if (!run)
        return;
    free(run->before);
    maxstax_match_free(run->next);
    free(run);
}

int maxstax_lesson_waits(const maxstax_view *v) { return v->lesson && !cur(v->lesson)->game && v->lesson->done; }

const char *maxstax_lesson_continue_word(const maxstax_view *v)
{
    const maxstax_lesson_run *run = v->lesson;
    if (!run || cur(run)->game || !(run->done || cur(run)->watch))
        return NULL;
    return run->step + 1 < run->l.n && run->l.step[run->step + 1].game ? "Start the game" : "Continue";
}

/* Whether a seat's MAX STAX is being checked: the only way a round ends
 * under a step (the clock's end starts the step again). */
static int claim_checking(const maxstax_match *m)
{
    for (int p = 0; p < maxstax_match_rounds(m)->players; p++)
        if (maxstax_match_claim(m, p) == MAXSTAX_CLAIM_CHECKING)
            return 1;
    return 0;
}

void maxstax_lesson_before_tick(maxstax_view *v)
{
    maxstax_lesson_run *run = v->lesson;
    const lesson_act *a = run ? wanted(run) : NULL;
    free(run ? run->before : NULL);
    if (!run)
        return;
    run->before = NULL;
    if (!a || strcmp(a->alt[0], "claim") != 0)
        return; /* only a call ends a round under a step */
    /* and only once it is being checked: the match's text is not written
     * every frame of the step, only over the few ticks a check takes */
    if (!claim_checking(v->match))
        return;
    run->before = maxstax_match_save(v->match);
    run->before_key = maxstax_round_key(v);
}

/* Refuses the learner's action with why: the error sound, the toast, the trace. */
static int refuse(maxstax_view *v, const char *why)
{
    maxstax_refuse_say(v, you(v), why);
    return 1;
}

int maxstax_lesson_refuse(maxstax_view *v, int p, const char *act)
{
    maxstax_lesson_run *run = v->lesson;
    const lesson_step *s;
    const lesson_act *a;
    char why[LESSON_LINE_LEN];
    if (!run || p != you(v))
        return 0;
    s = cur(run);
    if (s->game) {
        run->game_acted = 1;
        return 0;
    }
    a = wanted(run);
    if (run->done)
        return refuse(v, "That step is done: press Continue for the next.");
    if (s->watch)
        return refuse(v, "Read the lesson, then press Continue.");
    /* A MAX STAX called before the card is built: what still differs, the matcher's words. */
    if (!strcmp(act, "claim") && maxstax_lesson_built(v->match, p, why, sizeof why) != 0) {
        char say[LESSON_LINE_LEN + 16];
        snprintf(say, sizeof say, "Not yet: %s.", why);
        return refuse(v, say);
    }
    if (!strcmp(act, "ready")) {
        maxstax_pose in[MAXSTAX_CARD_MAX_BLOCKS + 1];
        int n = maxstax_space_read(maxstax_match_world(v->match), p, in);
        if (n < MAXSTAX_CARD_MIN_BLOCKS)
            return refuse(v, "Build two blocks or more that stand on their own, then press Ready.");
    }
    if (is_right(a, act))
        return 0;
    for (int i = 0; i < s->n_wrongs; i++)
        if (!strcmp(s->wrong[i].move, act))
            return refuse(v, s->wrong[i].why);
    if (s->other[0])
        return refuse(v, s->other);
    if (a && !strcmp(a->alt[0], "build"))
        return refuse(v, "Build the card first: the words under your name say what still differs.");
    snprintf(why, sizeof why, "That is allowed, but it is not what this step asks for.");
    return refuse(v, why);
}

int maxstax_lesson_refuse_swap(maxstax_view *v, int p, int with)
{
    char act[32];
    snprintf(act, sizeof act, "swap %d", with);
    if (maxstax_lesson_refuse(v, p, act))
        return 1;
    if (v->lesson && !cur(v->lesson)->game)
        advance(v); /* the learner's swap, about to be played */
    return 0;
}

/* Plays the reply due: a swap or a pass by the seat on turn, once it has waited. */
static void play_reply(maxstax_view *v, const char *text, double dt)
{
    maxstax_lesson_run *run = v->lesson;
    const swapstax_state *w = maxstax_match_swapstax(v->match);
    maxstax_lesson_act a;
    char err[200];
    int seat = w ? w->turn : -1;
    if ((run->reply_wait -= dt) > 0)
        return;
    if (maxstax_lesson_act_read(text, v->players, &a, err, sizeof err) != 0 || !w ||
        maxstax_tape_swap(v->tape, v->match, seat, a.with) != 0) {
        log_error("lesson %s: reply %s cannot be played", run->l.mode, text);
        run->done = 1;
        return;
    }
    /* as the table traces a swap */
    trace_line("swapstax swap %d %s", seat, a.with == SWAPSTAX_PASS ? "pass" : a.with == SWAPSTAX_DECK ? "deck" : "seat");
    audio_play(SFX_PICKUP);
    advance(v);
}

/* Whether a call of the learner's has held since the entry began. */
static int claim_held(const maxstax_view *v)
{
    const maxstax_claim_event *e = maxstax_match_claim_event(v->match, you(v));
    return e->serial != v->lesson->claims && e->verdict == MAXSTAX_CLAIM_HELD;
}

void maxstax_lesson_update(maxstax_view *v, shell *sh, double dt)
{
    maxstax_lesson_run *run = v->lesson;
    const lesson_step *s;
    const lesson_act *a;
    char why[200];
    if (!run)
        return;
    {
        /* where the learner's space stands on screen, as it changes: what a script aims at */
        float at[3];
        maxstax_to_screen(v, you(v), 0, 0, &at[0], &at[1]);
        at[2] = v->scale[you(v)];
        if (memcmp(at, run->space_traced, sizeof at) != 0) {
            memcpy(run->space_traced, at, sizeof at);
            trace_line("lesson space at %.1f %.1f scale %.3f", at[0], at[1], at[2]);
        }
    }
    s = cur(run);
    if (s->game) {
        run->game_time += dt;
        return;
    }
    /* A round a step's action ended (a SAMESTAX copy that held) shows no results: the step says what it did. */
    v->results_left = 0;
    /* Time ran out in a step: it starts again (a step's round is the rules' two minutes). */
    if (!run->done && maxstax_match_time_left(v->match) <= 0.5 && !s->watch) {
        toast_show("Time is up: the step starts again.");
        go_step(v, sh, run->step);
        return;
    }
    if (run->done || s->watch || run->k >= s->n_seq)
        return;
    if (s->seq[run->k].reply) {
        play_reply(v, s->seq[run->k].alt[0], dt);
        return;
    }
    a = wanted(run);
    if (!strcmp(a->alt[0], "build") && still(v) && maxstax_lesson_built(v->match, you(v), why, sizeof why) == 0)
        advance(v); /* the matcher says it matches */
    else if (!strcmp(a->alt[0], "claim") && claim_held(v))
        advance(v); /* the call held (the round may have ended with it) */
    else if (!strcmp(a->alt[0], "ready") && maxstax_match_samestax(v->match) &&
             maxstax_match_samestax(v->match)->phase != SAMESTAX_CREATE)
        advance(v); /* creation is over */
}

int maxstax_lesson_input(maxstax_view *v, shell *sh, const action_event *ev)
{
    maxstax_lesson_run *run = v->lesson;
    if (!run || cur(run)->game || !(run->done || cur(run)->watch) || !lesson_panel_pressed(&run->panel, ev))
        return 0;
    if (run->done)
        trace_held(v, "held until continue");
    trace_line("lesson %s continue", run->l.mode);
    audio_play(SFX_CLICK);
    release_round(v);
    for (int p = 0; p < v->players; p++) { /* what was pressed while the table held still is not played after */
        v->ctl[p].actions = 0;
        v->ctl[p].turn = 0;
        v->ctl[p].press = 0;
    }
    if (run->step + 1 < run->l.n)
        go_step(v, sh, run->step + 1);
    return 1;
}

void maxstax_lesson_draw(render *r, shell *sh, maxstax_view *v)
{
    maxstax_lesson_run *run = v->lesson;
    rrect box, mine;
    float top = 0, bottom = 0;
    if (!run || v->results_left > 0)
        return;
    mine = v->pane[you(v)];
    if (cur(run)->game && (run->game_acted || run->game_time > GAME_PANEL_S))
        return; /* the game has begun: the computer's space again */
    /* Where the other spaces are: the band under (or over) the learner's, as wide as it. */
    for (int q = 0; q < v->players; q++)
        if (q != you(v)) {
            top = top == 0 || v->pane[q].y < top ? v->pane[q].y : top;
            bottom = fmaxf(bottom, v->pane[q].y + v->pane[q].h);
        }
    box = (rrect){mine.x, top, mine.w, bottom - top};
    if (maxstax_swapping(v)) {
        /* the swaps' panel holds the middle: the lesson's goes over the card and the clock above it */
        rrect sw = maxstax_swap_panel(v, sh);
        box = (rrect){sw.x, v->card_box.y, sw.w, sw.y - 10 - v->card_box.y};
    } else if (top < mine.y + mine.h - 1 && mine.h > 420) {
        /* the other spaces stand beside the learner's big one: the panel goes over the top of it */
        box = (rrect){mine.x + 12, mine.y + 12, mine.w - 24, fminf(mine.h * 0.45f, 260)};
    } else if (top < mine.y + mine.h - 1 || box.h < 180) {
        /* the learner's space is a small one (a SAMESTAX game, someone else creating): over the card and the clock */
        box = (rrect){v->card_box.x, v->card_box.y, v->score_box.x + v->score_box.w - v->card_box.x, v->card_box.h};
    }
    lesson_panel_draw(r, box, &run->l, run->step, run->done, &run->panel);
}
