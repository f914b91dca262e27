/* Statistics per player and mode (#28), counted from the history (history.h)
 * each time they are asked for: nothing is kept apart that could disagree
 * with the matches. Only finished matches count as played; abandoned ones
 * are counted on their own. Pure C11 over SQLite, no SDL. */
#ifndef STACKHOUSE_STATS_H
#define STACKHOUSE_STATS_H

#include <stdint.h>

#include "app/history.h"

#define STATS_LEVELS 4 /* indexed by ai_level: 1 easy, 2 medium, 3 hard (0 unused) */

/* One player's record in one mode (or every mode). */
typedef struct stats_summary {
    int played;    /* finished matches */
    int won;       /* first alone */
    int shared;    /* first, tied with another seat */
    int lost;      /* not first */
    int abandoned; /* left before the end (not in played) */
    /* Against each computer level: finished matches with a computer of that
     * level at another seat, and those won (first alone) and shared. */
    int vs_played[STATS_LEVELS], vs_won[STATS_LEVELS], vs_shared[STATS_LEVELS];
    int streak;      /* wins in a row up to the newest finished match */
    int best_streak; /* the longest run of wins */
    int avg_seconds; /* the finished matches' average time played, rounded */
    int avg_moves;   /* their average moves (turn-based) or ticks, rounded */
    int best_ms;     /* real-time: the fastest finish (docs/rules/maxstax.md); 0 none */
} stats_summary;

/* A point of the win-rate chart: a run of finished matches. */
typedef struct stats_point {
    int64_t from, to; /* the first and last match's start (unix seconds) */
    int played, won, shared;
} stats_point;

/* player's statistics in f's mode (f->mode "" every mode; f->player is the
 * player, required). 0, or -1 (no player named, or a store error). */
int stats_compute(store *db, const history_filter *f, stats_summary *out);
/* player's win rate over time in f's mode, oldest first: one point per
 * per_matches finished matches (the last may be short), or, per_matches 0,
 * one per week (Monday 00:00 UTC) that has a match. Up to max points into
 * out; the number written (the newest kept when there are more), or -1. */
int stats_over_time(store *db, const history_filter *f, int per_matches, stats_point *out, int max);

#endif
