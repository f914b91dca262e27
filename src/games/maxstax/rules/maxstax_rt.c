/* SPEEDSTAX, SAMESTAX and SWAPSTAX behind core/realtime.h: a realtime_match
 * is a maxstax_match, and the computer players are maxstax_bots (with
 * swapstax_choose for a SWAPSTAX swap). */
#include "games/maxstax/rules/maxstax_rt.h"
#include "games/maxstax/rules/swapstax_chances.h"

#include <stdio.h>
#include <stdlib.h>

#include "games/maxstax/rules/maxstax_bot.h"
#include "games/maxstax/rules/maxstax_lesson.h"

_Static_assert(GAME_MAX_PLAYERS == SPEEDSTAX_MAX_PLAYERS, "a MAXSTAX seat is a game seat");

struct realtime_bots {
    maxstax_deck deck; /* the match's, for a swap's choice */
    int level[SPEEDSTAX_MAX_PLAYERS]; /* 0: a person's seat */
    maxstax_bot bot[SPEEDSTAX_MAX_PLAYERS];
    /* SWAPSTAX, for self-play's figures: swaps made in each round, and
     * swaps that took back a card the seat held earlier in that round */
    long swaps[SWAPSTAX_ROUNDS], taken_back;
    /* SPEEDSTAX: the tick each seat's last claim of each round was first
     * seen being checked (-1: none); the round's points tell whether it
     * stood. For self-play's figures on how alike the stackers are (a round
     * ends on its last claim's verdict, before the bots see it). */
    long finish[SPEEDSTAX_ROUNDS][SPEEDSTAX_MAX_PLAYERS];
};

/* What self-play counts (realtime_figures.n): SAMESTAX's faulty rounds and
 * points won back, both modes' points, SWAPSTAX's take-backs and swaps in
 * each round (FIG_SWAPS + round - 1). */
enum { FIG_FAULTY, FIG_RECLAIMED, FIG_POINTS, FIG_TAKEN_BACK, FIG_SWAPS };
_Static_assert(FIG_SWAPS + SWAPSTAX_ROUNDS <= (int)(sizeof(realtime_figures) / sizeof(long)),
               "room for the figures");

static const game_option samestax_options[] = {
    {"first_creator", "First Creator", GAME_OPT_SEAT, 0, 4, 0, NULL},
};

/* A mode's scoring by its table, or 0. */
static maxstax_scoring scoring_of(const realtime_rules *rt)
{
    return rt == &speedstax_rules_rt  ? MAXSTAX_SPEEDSTAX
           : rt == &samestax_rules_rt ? MAXSTAX_SAMESTAX
           : rt == &swapstax_rules_rt ? MAXSTAX_SWAPSTAX
                                      : 0;
}

int maxstax_setup_for(const realtime_rules *rt, const game_params *p, const int *levels, maxstax_setup *setup)
{
    maxstax_scoring scoring = scoring_of(rt);
    if (!scoring)
        return -1;
    maxstax_setup_default(setup, p->players);
    setup->scoring = scoring;
    /* SAMESTAX's first Creator: a seat (1-based), 0 at random */
    if (scoring == MAXSTAX_SAMESTAX && p->opt[0] > 0 && p->opt[0] <= p->players)
        setup->first_creator = p->opt[0] - 1;
    for (int s = 0; levels && s < p->players && s < SPEEDSTAX_MAX_PLAYERS; s++)
        setup->levels[s] = levels[s]; /* computer Creators design their structures */
    return 0;
}

static maxstax_match *match_of(realtime_match *m) { return (maxstax_match *)m; }

static const maxstax_match *look(const realtime_match *m) { return (const maxstax_match *)m; }

/* A new match of rt's mode on the built-in deck. */
static realtime_match *create_as(const realtime_rules *rt, const game_params *p, const int *levels, uint64_t seed,
                                 char *err, size_t errn)
{
    maxstax_deck deck;
    maxstax_setup setup;
    if (maxstax_cards_builtin(&deck, err, errn) < 0 || maxstax_setup_for(rt, p, levels, &setup) < 0)
        return NULL;
    return (realtime_match *)maxstax_match_new(&setup, &deck, seed, err, errn);
}

static realtime_match *speedstax_create(const game_params *p, const int *levels, uint64_t seed, char *err,
                                        size_t errn)
{
    return create_as(&speedstax_rules_rt, p, levels, seed, err, errn);
}

static realtime_match *samestax_create(const game_params *p, const int *levels, uint64_t seed, char *err,
                                       size_t errn)
{
    return create_as(&samestax_rules_rt, p, levels, seed, err, errn);
}

static realtime_match *swapstax_create(const game_params *p, const int *levels, uint64_t seed, char *err,
                                       size_t errn)
{
    return create_as(&swapstax_rules_rt, p, levels, seed, err, errn);
}

static void rt_destroy(realtime_match *m) { maxstax_match_free(match_of(m)); }

static void rt_step(realtime_match *m, const void *inputs, double dt)
{
    maxstax_step(match_of(m), (const maxstax_input *)inputs, dt);
}

static int rt_over(const realtime_match *m) { return maxstax_match_over(look(m)); }

static void rt_standings(const realtime_match *m, int score[GAME_MAX_PLAYERS], int rank[GAME_MAX_PLAYERS])
{
    maxstax_match_standings(look(m), score, rank);
}

static int rt_check(const realtime_match *m, char *err, size_t errn)
{
    return maxstax_match_check(look(m), err, errn);
}

static char *rt_save(const realtime_match *m) { return maxstax_match_save(look(m)); }

/* Reads a match's text, with or without the table's stackers after it. */
static realtime_match *rt_load(const char *text, char *err, size_t errn)
{
    maxstax_deck deck;
    const char *bots_text;
    if (maxstax_cards_builtin(&deck, err, errn) < 0)
        return NULL;
    return (realtime_match *)maxstax_bots_load_match(text, &deck, &bots_text, err, errn);
}

static realtime_bots *rt_bots_new(const realtime_match *m, const int *levels, uint64_t seed)
{
    realtime_bots *b = calloc(1, sizeof *b);
    char err[200];
    if (!b || maxstax_cards_builtin(&b->deck, err, sizeof err) < 0) {
        free(b);
        return NULL;
    }
    for (int r = 0; r < SPEEDSTAX_ROUNDS; r++)
        for (int p = 0; p < SPEEDSTAX_MAX_PLAYERS; p++)
            b->finish[r][p] = -1;
    for (int p = 0; p < maxstax_match_rounds(look(m))->players; p++)
        if ((b->level[p] = levels ? levels[p] : 0) > 0)
            maxstax_bot_init(&b->bot[p], p, b->level[p], seed * 31 + (uint64_t)p);
    return b;
}

static void rt_bots_free(realtime_bots *b) { free(b); }

/* A computer on turn in a SWAPSTAX swap phase swaps or passes; then each
 * computer stacker moves its hand. */
static void rt_bots_think(realtime_bots *b, realtime_match *rm, double dt, void *inputs)
{
    maxstax_match *m = match_of(rm);
    maxstax_input *in = inputs;
    const swapstax_state *sw = maxstax_match_swapstax(m);
    const speedstax_state *s = maxstax_match_rounds(m);
    for (int p = 0; s->phase == SPEEDSTAX_ROUND && s->round <= SPEEDSTAX_ROUNDS && p < s->players; p++) {
        long *t = &b->finish[s->round - 1][p];
        maxstax_claim c = maxstax_match_claim(m, p);
        if (c == MAXSTAX_CLAIM_CHECKING && *t < 0)
            *t = s->tick;
        else if (c != MAXSTAX_CLAIM_CHECKING && c != MAXSTAX_CLAIM_HELD)
            *t = -1;
    }
    if (sw && sw->phase == SWAPSTAX_SWAPPING && b->level[sw->turn] > 0) {
        int p = sw->turn, before = sw->n_log, round = sw->round;
        maxstax_match_swap(m, p, swapstax_choose(sw, maxstax_match_rounds(m), &b->deck, p, b->level[p]));
        if (sw->n_log > before && round >= 1 && round <= SWAPSTAX_ROUNDS) {
            b->swaps[round - 1]++;
            b->taken_back += swapstax_took_back(sw, sw->n_log - 1);
        }
    }
    for (int p = 0; p < maxstax_match_rounds(m)->players; p++)
        if (b->level[p] > 0)
            maxstax_bot_think(&b->bot[p], m, dt, &in[p]);
}

/* Points scored; SAMESTAX's faulty rounds and the points the replicators
 * won back; SWAPSTAX's swaps by round and its take-backs. */
static void rt_figures_add(const realtime_match *rm, const realtime_bots *b, realtime_figures *f)
{
    const maxstax_match *m = look(rm);
    const speedstax_state *s = maxstax_match_rounds(m);
    const samestax_state *g = maxstax_match_samestax(m);
    for (int r = 0; g && r < g->rounds; r++) {
        f->n[FIG_FAULTY] += g->round_faulty[r];
        for (int p = 0; p < s->players; p++)
            f->n[FIG_RECLAIMED] += p != samestax_creator_of(g, r + 1) ? g->round_points[r][p] : 0;
    }
    for (int p = 0; p < s->players; p++)
        f->n[FIG_POINTS] += s->score[p];
    for (int r = 0; b && r < SWAPSTAX_ROUNDS; r++)
        f->n[FIG_SWAPS + r] += b->swaps[r];
    f->n[FIG_TAKEN_BACK] += b ? b->taken_back : 0;
}

/* SPEEDSTAX's figures (realtime_figures.n): rounds where two finished on the
 * same tick, rounds finished in seat order, rounds with two finishers or
 * more, and the sum of their spreads (last finisher's tick - first's). */
enum { FIG_TIES, FIG_SEAT_ORDER, FIG_RACES, FIG_SPREAD };

static void speedstax_figures_add(const realtime_match *rm, const realtime_bots *b, realtime_figures *f)
{
    const speedstax_state *s = maxstax_match_rounds(look(rm));
    int players = s->players;
    for (int r = 0; b && r < SPEEDSTAX_ROUNDS; r++) {
        long t[SPEEDSTAX_MAX_PLAYERS], lo = -1, hi = -1;
        int n = 0, tie = 0, in_order = 1;
        for (int p = 0; p < players; p++)
            t[p] = s->round_points[r][p] > 0 ? b->finish[r][p] : -1;
        for (int p = 0; p < players; p++) {
            if (t[p] < 0)
                continue;
            n++;
            lo = lo < 0 || t[p] < lo ? t[p] : lo;
            hi = t[p] > hi ? t[p] : hi;
            for (int q = 0; q < p; q++) {
                tie |= t[q] == t[p];
                in_order &= t[q] >= 0 && t[q] < t[p];
            }
        }
        if (n < 2)
            continue;
        f->n[FIG_TIES] += tie;
        f->n[FIG_SEAT_ORDER] += in_order && n == players;
        f->n[FIG_RACES]++;
        f->n[FIG_SPREAD] += hi - lo;
    }
}

static int speedstax_figures(const realtime_figures *f, int games, int players, char *buf, size_t n)
{
    (void)games;
    (void)players;
    return snprintf(buf, n, "%ld rounds with 2+ finishers: %ld exact ties, %ld in seat order, mean spread %.1f s",
                    f->n[FIG_RACES], f->n[FIG_TIES], f->n[FIG_SEAT_ORDER],
                    f->n[FIG_RACES] ? (double)f->n[FIG_SPREAD] * MAXSTAX_STEP / (double)f->n[FIG_RACES] : 0.0);
}

static int samestax_figures(const realtime_figures *f, int games, int players, char *buf, size_t n)
{
    (void)games;
    (void)players;
    return snprintf(buf, n, "replicators won back %ld of %ld points; %d faulty rounds", f->n[FIG_RECLAIMED],
                    f->n[FIG_POINTS], (int)f->n[FIG_FAULTY]);
}

static int swapstax_figures(const realtime_figures *f, int games, int players, char *buf, size_t n)
{
    const long *r = f->n + FIG_SWAPS;
    return snprintf(buf, n,
                    "%.2f stars a player a game, %ld swaps (by round %ld %ld %ld %ld %ld), %ld taking back a card",
                    (double)f->n[FIG_POINTS] / games / players, r[0] + r[1] + r[2] + r[3] + r[4], r[0], r[1], r[2],
                    r[3], r[4], f->n[FIG_TAKEN_BACK]);
}

/* A lesson step's match (maxstax_lesson.h) of rt's mode. */
static realtime_match *lesson_as(const realtime_rules *rt, const game_params *p, const int *levels, uint64_t seed,
                                 const char *position, char *err, size_t errn)
{
    maxstax_deck deck;
    maxstax_setup setup;
    if (maxstax_cards_builtin(&deck, err, errn) < 0 || maxstax_setup_for(rt, p, levels, &setup) < 0)
        return NULL;
    return (realtime_match *)maxstax_lesson_match(&setup, &deck, seed, position, err, errn);
}

static realtime_match *speedstax_lesson(const game_params *p, const int *levels, uint64_t seed, const char *position,
                                        char *err, size_t errn)
{
    return lesson_as(&speedstax_rules_rt, p, levels, seed, position, err, errn);
}

static realtime_match *samestax_lesson(const game_params *p, const int *levels, uint64_t seed, const char *position,
                                       char *err, size_t errn)
{
    return lesson_as(&samestax_rules_rt, p, levels, seed, position, err, errn);
}

static realtime_match *swapstax_lesson(const game_params *p, const int *levels, uint64_t seed, const char *position,
                                       char *err, size_t errn)
{
    return lesson_as(&swapstax_rules_rt, p, levels, seed, position, err, errn);
}

/* The seat an action is for: seat, or (-1) the seat on turn to swap. */
static int actor(const maxstax_match *m, int seat)
{
    const swapstax_state *w = maxstax_match_swapstax(m);
    return seat >= 0 ? seat : w && w->phase == SWAPSTAX_SWAPPING ? w->turn : -1;
}

static int rt_lesson_action(const realtime_match *rm, int seat, const char *text, char *err, size_t errn)
{
    maxstax_lesson_act a;
    int p = actor(look(rm), seat);
    if (maxstax_lesson_act_read(text, maxstax_match_rounds(look(rm))->players, &a, err, errn) != 0)
        return -1;
    if (p < 0)
        return snprintf(err, errn, "nobody is on turn to swap"), -1;
    return maxstax_lesson_act_allowed(look(rm), p, &a, err, errn);
}

static int rt_lesson_play(realtime_match *rm, int seat, const char *text)
{
    maxstax_lesson_act a;
    char err[200];
    int p = actor(look(rm), seat);
    if (maxstax_lesson_act_read(text, maxstax_match_rounds(look(rm))->players, &a, err, sizeof err) != 0 || p < 0)
        return -1;
    if (a.kind != MAXSTAX_LESSON_SWAP)
        return 0;
    return maxstax_match_swap(match_of(rm), p, a.with) == 0 ? 1 : -1;
}

/* The columns every MAXSTAX mode shares. */
#define MAXSTAX_RT_COMMON                                                                                          \
    .input_size = sizeof(maxstax_input), .destroy = rt_destroy, .step = rt_step, .over = rt_over,                 \
    .standings = rt_standings, .check = rt_check, .save = rt_save, .load = rt_load, .bots_new = rt_bots_new,      \
    .bots_free = rt_bots_free, .bots_think = rt_bots_think, .bench = maxstax_bench,                               \
    .lesson_action = rt_lesson_action, .lesson_play = rt_lesson_play

/* 5 rounds of 2 minutes and a few stack-offs at most. */
const realtime_rules speedstax_rules_rt = {
    .id = "speedstax", .max_seconds = 30 * 60, .create = speedstax_create, .lesson_position = speedstax_lesson,
    .figures_add = speedstax_figures_add,
    .figures_write = speedstax_figures, MAXSTAX_RT_COMMON};
/* 8 rounds of 3 minutes, or 5 with one mouse. */
const realtime_rules samestax_rules_rt = {.id = "samestax",
                                          .options = samestax_options,
                                          .n_options = 1,
                                          .max_seconds = 60 * 60,
                                          .create = samestax_create,
                                          .lesson_position = samestax_lesson,
                                          .figures_add = rt_figures_add,
                                          .figures_write = samestax_figures,
                                          MAXSTAX_RT_COMMON};
const realtime_rules swapstax_rules_rt = {.id = "swapstax",
                                          .max_seconds = 60 * 60,
                                          .create = swapstax_create,
                                          .lesson_position = swapstax_lesson,
                                          .figures_add = rt_figures_add,
                                          .figures_write = swapstax_figures,
                                          .study = "chances",
                                          .study_args = "[GAMES]",
                                          .study_about = "SWAPSTAX: each card's chance per level, as swapstax_odds.c",
                                          .study_run = swapstax_chances,
                                          MAXSTAX_RT_COMMON};
