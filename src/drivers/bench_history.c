/* stackhouse --bench-history (stackhouse-cli bench history): the history
 * screen's first frame with 10,000 kept matches against the empty
 * screen's (#28; the target is under 100 ms beyond it). Each history is a
 * fresh database in a scratch folder, filled through history.h as the
 * midend fills it (begin, then finish or abandon); the app opens it as a
 * player's, and the screen is opened anew each time, from its creation
 * (which reads its one page) to the frame done on the GPU (glFinish). */
#include "drivers/bench_history.h"

#include <SDL.h>
#include <epoxy/gl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "app/history.h"
#include "app/store.h"
#include "core/registry.h"
#include "drivers/bench.h"
#include "scenes/scenes.h"

#define MATCHES 10000
#define RUNS 11  /* first frames timed per database in one app */
#define ROUNDS 3 /* apps per database, alternating: a busy machine's slow spell falls on both */

static const char *const people[] = {"Anna", "Bartosz", "Chidi", "Dagny", "Emeka", "Fumiko"};

/* The i-th generated match: a mode in turn, two to four seats of people and
 * computers, one start every ten minutes, one in 17 abandoned. */
static void generated(int i, match_info *mi)
{
    const game_info *g = registry_get(i % registry_count());
    int n = g->min_players + i % (g->max_players - g->min_players + 1);
    memset(mi, 0, sizeof *mi);
    snprintf(mi->mode, sizeof mi->mode, "%s", g->id);
    mi->params.players = n;
    for (int s = 0; s < n; s++) {
        int lv = (i + s) % 4;
        if (lv == 0 || s == 0)
            snprintf(mi->seat[s].name, sizeof mi->seat[s].name, "%s", people[(i / 3 + s) % 6]);
        else
            snprintf(mi->seat[s].name, sizeof mi->seat[s].name, "%s", history_computer_name(lv));
        mi->seat[s].level = s == 0 ? 0 : lv;
        mi->seat[s].place = -1;
    }
    mi->seed = (uint64_t)i * 2654435761u;
    mi->started = 1735689600 + (int64_t)i * 600; /* from 1 January 2025 */
    mi->status = MATCH_PLAYING;
}

/* A database at dir/stackhouse.db holding n generated matches; 0 or -1. */
static int fill(const char *dir, int n)
{
    char path[1100], err[300];
    store *db;
    snprintf(path, sizeof path, "%sstackhouse.db", dir);
    db = store_open(path, err, sizeof err);
    if (!db) {
        fprintf(stderr, "stackhouse: bench history: %s\n", err);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        match_info mi;
        int64_t id;
        generated(i, &mi);
        if (history_begin(db, &mi, "", &id) != 0)
            goto fail;
        if (i % 17 == 5) {
            if (history_abandon(db, id) != 0)
                goto fail;
            continue;
        }
        mi.status = MATCH_FINISHED;
        mi.ended = mi.started + 300 + i % 900;
        mi.played_ms = (mi.ended - mi.started) * 1000;
        mi.moves = 20 + i % 80;
        for (int s = 0; s < mi.params.players; s++)
            mi.seat[s].place = s == i % mi.params.players ? 0 : 1;
        snprintf(mi.result, sizeof mi.result, "%s wins!", mi.seat[i % mi.params.players].name);
        snprintf(mi.reason, sizeof mi.reason, "The last stack was taken.");
        if (history_finish(db, id, &mi, "") != 0)
            goto fail;
    }
    store_close(db);
    return 0;
fail:
    fprintf(stderr, "stackhouse: bench history: could not keep match: %s\n", store_error(db));
    store_close(db);
    return -1;
}

/* One history's timings, RUNS * ROUNDS of each (ms). */
typedef struct timings {
    const char *what;
    char dir[64];
    double frame[RUNS * ROUNDS]; /* opened to drawn, the GPU done (glFinish) */
    double cpu[RUNS * ROUNDS];   /* our thread's CPU time over the same */
    double open[RUNS * ROUNDS];  /* the screen created and entered: players, count, one page read */
} timings;

/* RUNS first frames of the history screen over the database in tm->dir,
 * into round k of tm, each from a fresh screen. 0 or -1. */
static int first_frames(app_options *opt, timings *tm, int k)
{
    double now = 0;
    app *a;
    setenv("STACKHOUSE_PREF_DIR", tm->dir, 1);
    a = app_create(opt);
    if (!a)
        return -1;
    /* the picker first, as a player comes: the art and fonts are warm */
    for (int f = 0; f < 5; f++)
        app_frame(a, now += APP_STEP, 1);
    for (int i = k * RUNS; i < (k + 1) * RUNS; i++) {
        double t0 = app_clock(), c0 = app_thread_cpu();
        shell_replace(a->sh, history_scene_create(a->sh, NULL));
        tm->open[i] = (app_clock() - t0) * 1000.0;
        app_frame(a, now += APP_STEP, 1);
        SDL_GL_SwapWindow(a->window);
        glFinish();
        tm->frame[i] = (app_clock() - t0) * 1000.0;
        tm->cpu[i] = (app_thread_cpu() - c0) * 1000.0;
    }
    app_destroy(a);
    return 0;
}

int bench_history_run(app_options *opt)
{
    /* empty; one page of matches (a full page's drawing, little data); ten thousand */
    static timings tm[3] = {{"empty", "", {0}, {0}, {0}}, {"5 matches", "", {0}, {0}, {0}},
                            {"10000 matches", "", {0}, {0}, {0}}};
    static const int counts[3] = {0, 5, MATCHES};
    double t_fill = 0, med[3][3];
    for (int d = 0; d < 3; d++) {
        snprintf(tm[d].dir, sizeof tm[d].dir, "/tmp/stackhouse-bench-XXXXXX");
        if (!mkdtemp(tm[d].dir))
            return 1;
        strcat(tm[d].dir, "/");
        if (d == 2)
            t_fill = app_clock();
        if (counts[d] && fill(tm[d].dir, counts[d]) != 0)
            return 1;
        if (d == 2)
            t_fill = app_clock() - t_fill;
    }
    opt->window_w = 1920;
    opt->window_h = 1080;
    for (int k = 0; k < ROUNDS; k++)
        for (int d = 0; d < 3; d++)
            if (first_frames(opt, &tm[d], k) != 0)
                return 1;
    printf("history fill: %d matches in %.1f s (one transaction each)\n", MATCHES, t_fill);
    printf("history screen at 1920x1080, medians of %d first frames (ms):\n", RUNS * ROUNDS);
    for (int d = 0; d < 3; d++) {
        med[d][0] = bench_percentile(tm[d].frame, RUNS * ROUNDS, 0.5);
        med[d][1] = bench_percentile(tm[d].cpu, RUNS * ROUNDS, 0.5);
        med[d][2] = bench_percentile(tm[d].open, RUNS * ROUNDS, 0.5);
        printf("  %-14s first frame %8.2f  our CPU %7.2f  opening (count + one page) %6.3f\n", tm[d].what, med[d][0],
               med[d][1], med[d][2]);
    }
    printf("history 10000 beyond empty: first frame %+.2f ms, our CPU %+.2f ms, opening %+.3f ms\n",
           med[2][0] - med[0][0], med[2][1] - med[0][1], med[2][2] - med[0][2]);
    printf("history 10000 beyond one page: first frame %+.2f ms, our CPU %+.2f ms, opening %+.3f ms\n",
           med[2][0] - med[1][0], med[2][1] - med[1][1], med[2][2] - med[1][2]);
    return med[2][0] - med[0][0] < 100.0 ? 0 : 1;
}
