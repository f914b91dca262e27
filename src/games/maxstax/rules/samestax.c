#include "games/maxstax/rules/samestax.h"

#include <math.h>
#include <string.h>

#include "games/maxstax/rules/maxstax_design.h"
#include "games/maxstax/rules/maxstax_mode.h"

/* Every 0.1 s: as often as claims are checked. */
#define FAULT_EVERY 12

int samestax_rounds(int players) { return 2 * players; }

int samestax_init(samestax_state *s, int players, int first_creator)
{
    if (players < 2 || players > SPEEDSTAX_MAX_PLAYERS || first_creator < 0 || first_creator >= players)
        return -1;
    memset(s, 0, sizeof *s);
    s->players = players;
    s->rounds = samestax_rounds(players);
    s->round = 1;
    s->first_creator = first_creator;
    s->creator = first_creator;
    s->phase = SAMESTAX_CREATE;
    return 0;
}

int samestax_creator_of(const samestax_state *s, int r) { return (s->first_creator + r - 1) % s->players; }

void samestax_round_points(int players, int creator, int faulty, const long *finish, int *points)
{
    points[creator] = 0;
    for (int p = 0; p < players; p++) {
        if (p == creator)
            continue;
        points[p] = faulty || finish[p] >= 0;
        points[creator] += !points[p]; /* retained */
    }
}

void samestax_end_round(samestax_state *s, const long *finish)
{
    samestax_round_points(s->players, s->creator, s->faulty, finish, s->last_points);
    for (int p = 0; p < s->players; p++) {
        s->round_points[s->round - 1][p] = s->last_points[p];
        s->score[p] += s->last_points[p];
    }
    s->round_faulty[s->round - 1] = s->faulty;
    s->faulty = 0;
    s->target.n = 0;
    s->design.n = 0;
    if (s->round == s->rounds) {
        s->phase = SAMESTAX_OVER;
        return;
    }
    s->round++;
    s->creator = samestax_creator_of(s, s->round);
    s->phase = SAMESTAX_CREATE;
}

void samestax_ranks(const samestax_state *s, int rank[SPEEDSTAX_MAX_PLAYERS])
{
    for (int p = 0; p < s->players; p++) {
        rank[p] = 0;
        for (int q = 0; q < s->players; q++)
            rank[p] += s->score[q] > s->score[p];
    }
}

/* SAMESTAX in a match (samestax_mode): its rounds on the shared clock, held
 * at each end for its own scoring. */

/* The top score, and whether it is one seat's alone (its seat, else -1). */
static int sole_leader(const int *score, int players)
{
    int best = 0, n = 0, who = -1;
    for (int p = 0; p < players; p++)
        best = score[p] > best ? score[p] : best;
    for (int p = 0; p < players; p++)
        if (score[p] == best) {
            n++;
            who = p;
        }
    return n == 1 ? who : -1;
}

/* Starts the current round's creation (the first: deals the roles). */
static void mode_begin(maxstax_turf *t)
{
    samestax_state *g = t->same;
    speedstax_state *s = t->rounds;
    const maxstax_setup *setup = t->setup;
    int first = setup->first_creator;
    int in_play[SPEEDSTAX_MAX_PLAYERS] = {0};
    if (g->players == 0) { /* a new match: the first Creator, or one at random */
        if (first < 0)
            first = (int)rng_below(&s->r, (uint32_t)setup->players);
        samestax_init(g, setup->players, first);
        long rep = setup->round_seconds > 0 ? (long)(setup->round_seconds / MAXSTAX_STEP + 0.5)
                                            : (long)(SAMESTAX_REPLICATE_SECONDS / MAXSTAX_STEP + 0.5);
        *t->replicate_ticks = rep;
        *t->create_ticks = 2 * rep;
        s->hold = 1;
        s->round = 0;
    }
    g->phase = SAMESTAX_CREATE;
    g->target.n = 0;
    g->design.n = 0;
    if (setup->levels[g->creator] > 0)
        maxstax_design(&s->r, setup->levels[g->creator], &g->design);
    in_play[g->creator] = 1;
    speedstax_start(s, in_play, *t->create_ticks);
}

/* The structure in the Creator's space, as it rests now, becomes the target. */
static void snapshot(maxstax_turf *t)
{
    samestax_state *g = t->same;
    maxstax_pose in[MAXSTAX_CARD_MAX_BLOCKS];
    int n = maxstax_space_read(t->world, g->creator, in);
    double lo = 1e9, hi = -1e9;
    memset(&g->target, 0, sizeof g->target);
    if (n > MAXSTAX_CARD_MAX_BLOCKS)
        n = 0;
    for (int i = 0; i < n; i++) {
        lo = fmin(lo, in[i].x);
        hi = fmax(hi, in[i].x);
    }
    for (int i = 0; i < n; i++) {
        g->target.block[i] = in[i];
        g->target.block[i].x -= (lo + hi) / 2;
    }
    g->target.n = n;
    strcpy(g->target.name, "target");
}

/* Scores the round and starts the next, or ends the match. */
static void finish_round(maxstax_turf *t)
{
    samestax_state *g = t->same;
    speedstax_state *s = t->rounds;
    samestax_end_round(g, s->finish);
    memcpy(s->last_points, g->last_points, sizeof s->last_points);
    memcpy(s->score, g->score, sizeof s->score);
    t->reset = 1;
    if (g->phase == SAMESTAX_OVER) {
        s->phase = SPEEDSTAX_OVER;
        s->winner = sole_leader(g->score, g->players); /* ties share the win */
        return;
    }
    mode_begin(t);
}

/* After the settle: a faulty round ends, else replication starts. */
static void settled(maxstax_turf *t)
{
    samestax_state *g = t->same;
    speedstax_state *s = t->rounds;
    int in_play[SPEEDSTAX_MAX_PLAYERS];
    /* A stack that fell since Ready is not free-standing: faulty, and the
     * fallen blocks never become the target. (A settle resumed from a save
     * made before the Ready snapshot existed has none to compare.) */
    int fell = g->target.n >= MAXSTAX_CARD_MIN_BLOCKS && !maxstax_space_matches(t->world, g->creator, &g->target);
    snapshot(t);
    if (fell || g->target.n < MAXSTAX_CARD_MIN_BLOCKS) { /* nothing stands: faulty */
        g->faulty = 1;
        memset(s->finish, 0xff, sizeof s->finish); /* -1: nobody replicated */
        finish_round(t);
        return;
    }
    for (int p = 0; p < g->players; p++)
        in_play[p] = p != g->creator;
    g->phase = SAMESTAX_REPLICATE;
    speedstax_start(s, in_play, *t->replicate_ticks);
}

/* One clock tick of the round's phase. */
static void mode_tick(maxstax_turf *t)
{
    samestax_state *g = t->same;
    speedstax_state *s = t->rounds;
    switch (g->phase) {
    case SAMESTAX_CREATE:
        speedstax_tick(s);
        if (s->phase == SPEEDSTAX_HELD) {
            t->let_go = g->creator;
            /* The stack as the Creator calls it done: it must stand just so.
             * (Letting go moves nothing before the next step.) */
            snapshot(t);
            g->phase = SAMESTAX_SETTLE;
            g->settle_left = MAXSTAX_HOLD_TICKS;
        }
        break;
    case SAMESTAX_SETTLE:
        if (--g->settle_left <= 0)
            settled(t);
        break;
    case SAMESTAX_REPLICATE:
        /* The target must stand through all of replication, every turn of it. */
        if (s->tick % FAULT_EVERY == 0 && !maxstax_space_matches(t->world, g->creator, &g->target))
            g->faulty = 1;
        speedstax_tick(s);
        if (g->faulty || s->phase == SPEEDSTAX_HELD)
            finish_round(t);
        break;
    case SAMESTAX_OVER:
        break;
    }
}

/* The Creator's claim while creating is Ready: creation ends with what stands. */
static int mode_ready(const maxstax_turf *t, int p)
{
    (void)p;
    return t->same->phase == SAMESTAX_CREATE;
}

static const maxstax_card *mode_seat_card(const maxstax_turf *t, int p)
{
    const samestax_state *g = t->same;
    return g->phase == SAMESTAX_CREATE && p == g->creator ? &g->design : &g->target;
}

static void mode_ranks(const maxstax_turf *t, int rank[SPEEDSTAX_MAX_PLAYERS]) { samestax_ranks(t->same, rank); }

/* Who copied round r's target (0-based): its points as replication's
 * finishes (0: copied, -1: not) into finish; 0, or -1 when no copying
 * scores those points. */
static int played_finish(const samestax_state *g, int r, const int *points, long *finish)
{
    int creator = samestax_creator_of(g, r + 1), scored[SPEEDSTAX_MAX_PLAYERS];
    for (int p = 0; p < g->players; p++)
        finish[p] = p != creator && points[p] == 1 ? 0 : -1;
    samestax_round_points(g->players, creator, 0, finish, scored);
    return memcmp(scored, points, sizeof scored[0] * (size_t)g->players) == 0 ? 0 : -1;
}

/* Each round as the Creator's Ready and replication would have ended it,
 * scored by the rules (finish_round), Creators in their order. */
static int mode_played(maxstax_turf *t, int n, const int (*points)[SPEEDSTAX_MAX_PLAYERS])
{
    samestax_state *g = t->same;
    long finish[SPEEDSTAX_MAX_PLAYERS];
    if (g->round != 1 || g->phase != SAMESTAX_CREATE || t->rounds->tick != 0 || n < 0 || n > g->rounds)
        return -1;
    for (int r = 0; r < n; r++)
        if (played_finish(g, r, points[r], finish) != 0)
            return -1;
    for (int r = 0; r < n; r++) {
        played_finish(g, r, points[r], t->rounds->finish);
        finish_round(t);
    }
    return 0;
}

const maxstax_mode samestax_mode = {.scoring = MAXSTAX_SAMESTAX, .begin = mode_begin, .ready = mode_ready,
                                     .tick = mode_tick, .seat_card = mode_seat_card, .ranks = mode_ranks,
                                     .played = mode_played};
