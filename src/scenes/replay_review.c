/* The review on the replay screen: its state between the bar, the job and the graph. */
#include "scenes/replay_review.h"

#include <stdlib.h>
#include <string.h>

#include "app/history.h"
#include "app/review_job.h"
#include "core/log.h"
#include "scenes/replay.h"
#include "shell/trace.h"
#include "table/table.h"
#include "ui/review_graph.h"
#include "ui/ui.h"

typedef struct replay_review {
    scene *replay;
    game_record rec; /* the match, for the job and for reading the preferred moves */
    int64_t match_id;
    review rv;
    int have; /* rv holds the review */
    review_job *job;
    int traced_done;
    long shown_at; /* the cursor whose preferred move the board shows; -1 none yet */
} replay_review;

/* The stored review of the match, if it has one. */
static void load_stored(replay_review *p, shell *sh)
{
    char *text = NULL, err[200];
    store *db = shell_store(sh);
    if (!db || p->match_id <= 0 || history_review_get(db, p->match_id, &text) != 0)
        return;
    if (review_read(&p->rv, text, err, sizeof err) == 0 && p->rv.n == p->rec.cursor) {
        p->have = 1;
        trace_line("review loaded %d moves", p->rv.n);
    } else {
        log_error("review of match %lld: %s", (long long)p->match_id, err);
        review_free(&p->rv);
    }
    free(text);
}

/* The finished review kept with its match. */
static void store_review(replay_review *p, shell *sh)
{
    store *db = shell_store(sh);
    char *text;
    if (!db || p->match_id <= 0 || !(text = review_write(&p->rv)))
        return;
    if (history_review_put(db, p->match_id, text) == 0)
        trace_line("review stored");
    free(text);
}

/* Takes the job's news: progress, its end. */
static void poll_job(replay_review *p, shell *sh)
{
    int done, total, marks = 0;
    if (!p->job)
        return;
    review_job_state s = review_job_poll(p->job, &done, &total);
    if (done != p->traced_done) {
        p->traced_done = done;
        trace_line("review progress %d/%d", done, total);
    }
    if (s == REVIEW_JOB_RUNNING)
        return;
    if (s == REVIEW_JOB_DONE && review_job_take(p->job, &p->rv) == 0) {
        p->have = 1;
        for (int k = 0; k < p->rv.n; k++)
            marks += p->rv.moves[k].mark != REVIEW_NONE;
        trace_line("review done %d marks %d", p->rv.n, marks);
        store_review(p, sh);
    } else if (s == REVIEW_JOB_CANCELLED) {
        trace_line("review cancelled");
    } else {
        log_error("review: %s", review_job_error(p->job));
        trace_line("review failed");
    }
    review_job_free(p->job);
    p->job = NULL;
    p->shown_at = -1;
}

/* The board shows the preferred move where the move about to be played was marked. */
static void show_preferred(replay_review *p, long at)
{
    table *t = replay_scene_table(p->replay);
    char err[200];
    game_move m;
    if (!t || !p->have || at == p->shown_at)
        return;
    p->shown_at = at;
    table_replay_show(t, NULL);
    if (at < 0 || at >= p->rv.n || p->rv.moves[at].mark == REVIEW_NONE || !p->rv.moves[at].best[0])
        return;
    if (record_rules(&p->rec)->move_read(table_state(t), p->rv.moves[at].best, &m, err, sizeof err) == 0) {
        table_replay_show(t, &m);
        trace_line("review shows %s", p->rv.moves[at].best);
    }
}

static void step(void *data, shell *sh, long at)
{
    replay_review *p = data;
    poll_job(p, sh);
    show_preferred(p, at);
}

static void draw(void *data, shell *sh, render *r, rrect box, long at, long len)
{
    replay_review *p = data;
    (void)len;
    (void)sh;
    if (p->have) {
        review_graph_draw(r, box, &p->rv, record_rules(&p->rec), (int)at);
    } else if (p->job) {
        int done, total;
        review_job_poll(p->job, &done, &total);
        review_graph_draw_progress(r, box, done, total);
    } else {
        ui_text_fit(r, FONT_SANS, UI_BODY, UI_MIN, (rrect){box.x + 24, box.y + 12, box.w - 48, box.h - 24}, TEXT_LEFT,
                    UI_INK, "Review: the hard computer rates every move and marks the costly ones.");
    }
}

static const char *label(void *data)
{
    replay_review *p = data;
    return p->have ? NULL : p->job ? "Cancel review" : "Review";
}

static void press(void *data, shell *sh)
{
    replay_review *p = data;
    (void)sh;
    if (p->have)
        return;
    if (p->job) {
        review_job_cancel(p->job);
        trace_line("review cancel");
        return;
    }
    p->job = review_job_start(&p->rec, 0);
    p->traced_done = 0;
    trace_line("review start %d", p->rec.cursor);
}

static void release(void *data)
{
    replay_review *p = data;
    review_job_free(p->job);
    review_free(&p->rv);
    record_free(&p->rec);
    free(p);
}

int replay_review_attach(scene *replay, shell *sh, const char *body, int64_t match_id)
{
    char err[200];
    replay_review *p;
    if (!replay_scene_table(replay) || !(p = calloc(1, sizeof *p)))
        return -1;
    if (record_read(&p->rec, body, err, sizeof err) != 0) {
        log_error("review: %s", err);
        free(p);
        return -1;
    }
    p->replay = replay;
    p->match_id = match_id;
    p->shown_at = -1;
    load_stored(p, sh);
    replay_scene_set_review(replay, draw, p, release);
    replay_scene_set_review_control(replay, label, press, step);
    return 0;
}
