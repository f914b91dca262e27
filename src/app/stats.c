/* Statistics from the history: one query per call over the player's seats
 * (the seats_player index), each match once however many of its seats the
 * player held, oldest first so streaks and the chart come out in order. */
#include "app/stats.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"

/* One match as the statistics see it. */
typedef struct stats_match {
    int64_t started;
    int status;
    int place;      /* the player's best place in it */
    int firsts;     /* seats placed first */
    int levels;     /* bit L: a computer of level L at a seat not the player's */
    int64_t played_ms;
    int moves;
    int best_ms;    /* the player's best finish in it; 0 none */
} stats_match;

/* Calls fn for each of the player's matches in f's mode, oldest first. 0, or -1. */
typedef void (*stats_fn)(const stats_match *m, void *user);

static int stats_each(store *db, const history_filter *f, stats_fn fn, void *user)
{
    char sql[900];
    sqlite3_stmt *st = NULL;
    int64_t pid = -1;
    int rc;
    if (!db || !f || !f->player[0])
        return -1;
    if (sqlite3_prepare_v2(store_sqlite(db), "SELECT id FROM players WHERE name = ?1", -1, &st, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_text(st, 1, f->player, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st) == SQLITE_ROW)
        pid = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    if (pid < 0)
        return -1;
    snprintf(sql, sizeof sql,
             "SELECT m.started, m.status, min(s.place), m.played_ms, m.moves, min(nullif(s.best_ms, 0)),"
             " (SELECT count(*) FROM match_seats o WHERE o.match = m.id AND o.place = 0),"
             " (SELECT coalesce(sum(DISTINCT 1 << o.level), 0) FROM match_seats o"
             "  WHERE o.match = m.id AND o.level BETWEEN 1 AND 3 AND o.player IS NOT ?1)"
             " FROM match_seats s JOIN matches m ON m.id = s.match"
             " WHERE s.player = ?1%s GROUP BY m.id ORDER BY m.started, m.id",
             f->mode[0] ? " AND m.mode = ?2" : "");
    if (sqlite3_prepare_v2(store_sqlite(db), sql, -1, &st, NULL) != SQLITE_OK) {
        log_error("stats: %s", sqlite3_errmsg(store_sqlite(db)));
        return -1;
    }
    sqlite3_bind_int64(st, 1, pid);
    if (f->mode[0])
        sqlite3_bind_text(st, 2, f->mode, -1, SQLITE_TRANSIENT);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        stats_match m;
        m.started = sqlite3_column_int64(st, 0);
        m.status = sqlite3_column_int(st, 1);
        m.place = sqlite3_column_int(st, 2);
        m.played_ms = sqlite3_column_int64(st, 3);
        m.moves = sqlite3_column_int(st, 4);
        m.best_ms = sqlite3_column_int(st, 5);
        m.firsts = sqlite3_column_int(st, 6);
        m.levels = sqlite3_column_int(st, 7);
        fn(&m, user);
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* A finished match's outcome for the player: 2 won, 1 shared, 0 lost. */
static int outcome(const stats_match *m)
{
    if (m->place != 0)
        return 0;
    return m->firsts > 1 ? 1 : 2;
}

typedef struct summing {
    stats_summary *out;
    int64_t ms, moves;
} summing;

static void sum_one(const stats_match *m, void *user)
{
    summing *s = user;
    stats_summary *o = s->out;
    int r;
    if (m->status == MATCH_ABANDONED)
        o->abandoned++;
    if (m->status != MATCH_FINISHED)
        return;
    r = outcome(m);
    o->played++;
    o->won += r == 2;
    o->shared += r == 1;
    o->lost += r == 0;
    for (int l = 1; l < STATS_LEVELS; l++) {
        if (!(m->levels >> l & 1))
            continue;
        o->vs_played[l]++;
        o->vs_won[l] += r == 2;
        o->vs_shared[l] += r == 1;
    }
    /* A streak is outright wins: a shared first or a loss ends it. */
    o->streak = r == 2 ? o->streak + 1 : 0;
    if (o->streak > o->best_streak)
        o->best_streak = o->streak;
    s->ms += m->played_ms;
    s->moves += m->moves;
    if (m->best_ms > 0 && (o->best_ms == 0 || m->best_ms < o->best_ms))
        o->best_ms = m->best_ms;
}

int stats_compute(store *db, const history_filter *f, stats_summary *out)
{
    summing s = {out, 0, 0};
    if (!out)
        return -1;
    memset(out, 0, sizeof *out);
    if (stats_each(db, f, sum_one, &s) != 0)
        return -1;
    if (out->played) {
        out->avg_seconds = (int)((s.ms + 500LL * out->played) / (1000LL * out->played));
        out->avg_moves = (int)((s.moves * 2 + out->played) / (2LL * out->played));
    }
    return 0;
}

/* 1970-01-05, a Monday: weeks are counted from it. */
#define STATS_MONDAY 345600
#define STATS_WEEK 604800

typedef struct charting {
    stats_point *pts;
    int n, cap, per;
    int64_t key; /* the open point's week (per 0) */
    int failed;
} charting;

static int64_t week_of(int64_t t)
{
    int64_t d = t - STATS_MONDAY;
    return d >= 0 ? d / STATS_WEEK : -((-d + STATS_WEEK - 1) / STATS_WEEK);
}

static void chart_one(const stats_match *m, void *user)
{
    charting *c = user;
    stats_point *p;
    int r;
    int fresh;
    if (m->status != MATCH_FINISHED || c->failed)
        return;
    fresh = c->n == 0 || (c->per > 0 ? c->pts[c->n - 1].played >= c->per : week_of(m->started) != c->key);
    if (fresh) {
        if (c->n == c->cap) {
            int cap = c->cap ? c->cap * 2 : 32;
            stats_point *g = realloc(c->pts, (size_t)cap * sizeof *g);
            if (!g) {
                c->failed = 1;
                return;
            }
            c->pts = g;
            c->cap = cap;
        }
        memset(&c->pts[c->n], 0, sizeof c->pts[c->n]);
        c->pts[c->n].from = m->started;
        c->key = week_of(m->started);
        c->n++;
    }
    p = &c->pts[c->n - 1];
    r = outcome(m);
    p->to = m->started;
    p->played++;
    p->won += r == 2;
    p->shared += r == 1;
}

int stats_over_time(store *db, const history_filter *f, int per_matches, stats_point *out, int max)
{
    charting c = {NULL, 0, 0, per_matches < 0 ? 0 : per_matches, 0, 0};
    int first, n;
    if (!out || max < 0 || stats_each(db, f, chart_one, &c) != 0 || c.failed) {
        free(c.pts);
        return -1;
    }
    n = c.n < max ? c.n : max;
    first = c.n - n; /* the newest points when there are more than max */
    if (n)
        memcpy(out, c.pts + first, (size_t)n * sizeof *out);
    free(c.pts);
    return n;
}
