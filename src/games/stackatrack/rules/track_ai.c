#include "games/stackatrack/rules/track_ai.h"

#include <math.h>
#include <string.h>
#include <time.h>

#include "core/ai.h"
#include "core/mcts.h"
#include "games/stackatrack/rules/track.h"

#define INF 1000000
/* Most children a node can have: 36 distinct blocks x 8 ways x 6 columns. */
#define MAX_CHILDREN (TRACK_HAND_MAX * 8 * TRACK_COLS)
#define MAX_PLY 64
/* child.i of the pass, the one move of a seat with nothing to place. */
#define PASS_CHILD 255

/* One way to play, small (a node's list lives on the stack): the hand
 * block, its orientation, where the face lands and its points. */
typedef struct child {
    uint8_t i, o, col, row;
    track_face face;
    int16_t points;
} child;

typedef struct search_ctx {
    int root;
    int time_ms, stop, horizon;
    uint64_t nodes, node_limit, placements;
    struct timespec start;
} search_ctx;

static int elapsed_ms(const search_ctx *c)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int)((now.tv_sec - c->start.tv_sec) * 1000 + (now.tv_nsec - c->start.tv_nsec) / 1000000);
}

/* The searching seat's score less the best rival's: above 0 wins. */
static int margin(const track_state *s, int seat)
{
    int best = -INF;
    for (int p = 0; p < s->players; p++)
        if (p != seat && s->score[p] > best)
            best = s->score[p];
    return s->score[seat] - best;
}

/* The mover's distinct placements (a block's orientations that show the
 * same face are one), best points first, or the pass when there are none;
 * returns how many. */
static int children(const track_state *s, child *out, uint64_t *evaluated)
{
    int seat = s->to_move, n = 0;
    for (int i = 0; i < s->nhand[seat]; i++) {
        if (i && memcmp(&s->hand[seat][i], &s->hand[seat][i - 1], sizeof(track_block)) == 0)
            continue;
        track_face seen[8];
        int nseen = 0;
        for (int o = 0; o < 8; o++) {
            if (!track_orient_ok(s, o))
                continue;
            track_face f = track_block_face(s->hand[seat][i], o);
            int dup = 0;
            for (int k = 0; k < nseen; k++)
                dup |= seen[k] == f;
            if (dup)
                continue;
            seen[nseen++] = f;
            for (int col = 0; col < TRACK_COLS; col++) {
                track_place pl;
                (*evaluated)++;
                if (track_place_eval(s, col, f, &pl))
                    out[n++] = (child){(uint8_t)i, (uint8_t)o, (uint8_t)col, (uint8_t)pl.row, f, (int16_t)pl.points};
            }
        }
    }
    if (n == 0) {
        out[0] = (child){PASS_CHILD, 0, 0, 0, 0, 0};
        return 1;
    }
    /* Insertion sort on points: lists are a few dozen long. */
    for (int k = 1; k < n; k++) {
        child m = out[k];
        int j = k - 1;
        while (j >= 0 && out[j].points < m.points) {
            out[j + 1] = out[j];
            j--;
        }
        out[j + 1] = m;
    }
    return n;
}

static void play(track_state *t, const child *ch)
{
    if (ch->i == PASS_CHILD) {
        track_pass(t);
        return;
    }
    track_place pl = {ch->face, ch->col, ch->row, 0, 0, 0, ch->points};
    track_play(t, ch->i, &pl);
}

static int alphabeta(search_ctx *c, const track_state *s, int depth, int alpha, int beta, int ply)
{
    c->nodes++;
    if (s->over)
        return margin(s, c->root);
    if (depth <= 0 || ply >= MAX_PLY) {
        c->horizon = 1;
        return margin(s, c->root);
    }
    if ((c->nodes & 255) == 0 && ((c->time_ms && elapsed_ms(c) >= c->time_ms) ||
                                  (c->node_limit && c->nodes >= c->node_limit)))
        c->stop = 1;
    if (c->stop)
        return 0;
    child ch[MAX_CHILDREN];
    int n = children(s, ch, &c->placements), maxing = s->to_move == c->root;
    int best = maxing ? -INF : INF;
    for (int k = 0; k < n; k++) {
        track_state t = *s;
        play(&t, &ch[k]);
        int v = alphabeta(c, &t, depth - 1, alpha, beta, ply + 1);
        if (c->stop)
            return 0;
        if (maxing ? v > best : v < best)
            best = v;
        if (maxing && v > alpha)
            alpha = v;
        if (!maxing && v < beta)
            beta = v;
        if (alpha >= beta)
            break;
    }
    return best;
}

static void move_of(const track_state *s, const child *ch, game_move *out)
{
    if (ch->i == PASS_CHILD) {
        memset(out, 0, sizeof *out);
        out->kind = TRACK_MOVE_PASS;
        return;
    }
    track_move_set(out, s->hand[s->to_move][ch->i], ch->col, ch->o);
}

int track_ai_search_state(const track_state *s, const track_search_limits *lim, uint64_t seed, game_move *out,
                          track_search_info *info)
{
    /* On the stack, as alphabeta's are: thread-local storage is set up in
     * every thread of the process, the GL driver's and the audio device's
     * included (14 KB each, per array). */
    child ch[MAX_CHILDREN];
    track_search_info dummy;
    search_ctx c;
    if (!info)
        info = &dummy;
    memset(info, 0, sizeof *info);
    if (s->over)
        return -1;
    memset(&c, 0, sizeof c);
    c.root = s->to_move;
    c.time_ms = lim->time_ms;
    c.node_limit = lim->nodes;
    clock_gettime(CLOCK_MONOTONIC, &c.start);
    int n = children(s, ch, &c.placements);
    /* The seed breaks ties among equal first moves, so equal engines differ;
     * the shuffle is stable on points, keeping the ordering. */
    rng r;
    rng_seed(&r, seed);
    for (int k = n - 1; k > 0; k--) {
        int j = (int)rng_below(&r, (uint32_t)k + 1);
        if (ch[j].points == ch[k].points) {
            child t = ch[j];
            ch[j] = ch[k];
            ch[k] = t;
        }
    }
    move_of(s, &ch[0], out);
    if (n == 1 && (lim->time_ms || lim->nodes))
        return 0; /* forced: no time spent on the value */
    int max_depth = lim->depth ? lim->depth : MAX_PLY;
    for (int depth = 1; depth <= max_depth; depth++) {
        int alpha = -INF, best = -INF, best_k = 0;
        c.horizon = 0;
        for (int k = 0; k < n; k++) {
            track_state t = *s;
            play(&t, &ch[k]);
            int v = alphabeta(&c, &t, depth - 1, alpha, INF, 1);
            if (c.stop)
                break;
            if (v > best) {
                best = v;
                best_k = k;
            }
            if (v > alpha)
                alpha = v;
        }
        if (c.stop && depth > 1)
            break;
        /* Best move first: the next iteration searches it first. */
        child m = ch[best_k];
        memmove(ch + 1, ch, sizeof ch[0] * (size_t)best_k);
        ch[0] = m;
        move_of(s, &m, out);
        info->prev_score = depth > 1 ? info->score : best;
        info->depth = depth;
        info->score = best;
        info->exact = !c.horizon && !c.stop;
        if (info->exact || c.stop)
            break;
    }
    info->nodes = c.nodes;
    info->placements = c.placements;
    return 0;
}

int track_ai_greedy(const track_state *s, uint64_t seed, game_move *out)
{
    child ch[MAX_CHILDREN];
    uint64_t evaluated = 0;
    if (s->over)
        return -1;
    int n = children(s, ch, &evaluated), ties = 0;
    while (ties < n && ch[ties].points == ch[0].points)
        ties++;
    rng r;
    rng_seed(&r, seed);
    move_of(s, &ch[rng_below(&r, (uint32_t)ties)], out);
    return 0;
}

int track_ai_search(const void *st, int level, uint64_t seed, game_move *out)
{
    const track_state *s = st;
    if (s->over)
        return -1;
    if (s->opt[TRACK_OPT_HIDDEN]) {
        /* Hidden blocks: IS-MCTS on what the seat can see, capped in time
         * so that hard stays within a second. */
        mcts_config cfg;
        ai_mcts_config((ai_level)level, &cfg);
        cfg.time_ms = level >= AI_HARD ? TRACK_HARD_MS : TRACK_HARD_MS / 2;
        cfg.playout_cutoff = 0;
        return mcts_search(&stackatrack_rules, st, &cfg, seed, out, NULL);
    }
    if (level <= AI_EASY)
        return track_ai_greedy(s, seed, out);
    track_search_limits lim;
    track_ai_limits(level, &lim);
    return track_ai_search_state(s, &lim, seed, out, NULL);
}

void track_ai_limits(int level, track_search_limits *lim)
{
    memset(lim, 0, sizeof *lim);
    if (level <= AI_MEDIUM) {
        lim->depth = 3;
        lim->nodes = 60000; /* no clock: medium replays exactly */
    } else {
        lim->time_ms = TRACK_HARD_MS;
    }
}

static double chance_of(double margin_points)
{
    return 1.0 / (1.0 + exp(-margin_points / 4.0));
}

double track_ai_evaluate(const void *st, int seat)
{
    const track_state *s = st;
    return chance_of(margin(s, seat));
}

/* A margin as a chance: the curve while the end is beyond the horizon, the
 * result itself once every line was searched to it (a tie for first is
 * counted as half). */
static double review_chance(double margin_points, int exact)
{
    if (!exact)
        return chance_of(margin_points);
    return margin_points > 0 ? 1.0 : margin_points < 0 ? 0.0 : 0.5;
}

/* seat's margin at t searched to depth (whoever is to move), or 0 with
 * *stopped set when the budget ran out first; *exact: every line reached
 * the end. */
static int margin_at(const track_state *t, int seat, int depth, uint64_t nodes, int *stopped, int *exact)
{
    search_ctx c;
    memset(&c, 0, sizeof c);
    c.root = seat;
    c.node_limit = nodes;
    clock_gettime(CLOCK_MONOTONIC, &c.start);
    int v = alphabeta(&c, t, depth, -INF, INF, 0);
    *stopped = c.stop;
    *exact = !c.horizon;
    return v;
}

/* A review's margin from two depths': the last alone once it reached the
 * end of every line, else the mean of the last two. The margin swings with
 * the depth's parity, as the seat that places the last block gains its
 * points: from the first move of a deal, depth 1 +0, 2 -1, 3 +0, 4 -1; the
 * depth a budget of positions reaches varies from move to move, and with
 * the last depth alone two searches of one position a ply apart (the
 * mover's, after its move, and its rival's next) were a point apart, six
 * points of chance, where nothing happened. */
static double review_margin(int last, int prev, int depth, int exact)
{
    return exact || depth < 2 ? last : (last + prev) / 2.0;
}

/* seat's margin at t (the position after one of its moves) from searches
 * to depth and depth - 1 as review_margin takes them, the deepest the
 * budget allows at or under depth; *exact: the end of every line. */
static double margin_after(const track_state *t, int seat, int depth, int *exact)
{
    int stopped, prev_exact;
    *exact = t->over;
    if (t->over)
        return margin(t, seat);
    for (; depth > 0; depth--) {
        int v = margin_at(t, seat, depth, TRACK_REVIEW_NODES, &stopped, exact);
        if (stopped)
            continue;
        if (*exact || depth < 2)
            return v;
        int w = margin_at(t, seat, depth - 1, TRACK_REVIEW_NODES, &stopped, &prev_exact);
        return stopped ? v : review_margin(v, w, 2, 0);
    }
    *exact = 0;
    return margin(t, seat);
}

int track_ai_review(const void *st, const game_move *played, uint64_t seed, game_move *best, double *best_chance,
                    double *played_chance)
{
    const track_state *s = st;
    track_search_limits lim = {0, 0, TRACK_REVIEW_NODES};
    track_search_info info;
    int exact;
    if (s->over)
        return -1;
    if (s->opt[TRACK_OPT_HIDDEN])
        return 1;
    if (track_ai_search_state(s, &lim, seed, best, &info) < 0)
        return -1;
    /* The position after a move is searched a ply less deep than the root
     * searched every move, so both are comparable. */
    int depth = info.depth > 1 ? info.depth - 1 : 0;
    if (info.depth == 0) {
        /* Forced: the search spent nothing on it; the one move's value is
         * searched as a played move's would be. */
        track_state t = *s;
        stackatrack_rules.apply(&t, best);
        double v = margin_after(&t, s->to_move, 4, &exact);
        *best_chance = review_chance(v, exact);
    } else {
        *best_chance = review_chance(review_margin(info.score, info.prev_score, info.depth, info.exact), info.exact);
    }
    if (!played)
        return 0;
    if (game_move_equal(played, best)) {
        *played_chance = *best_chance;
        return 0;
    }
    track_state t = *s;
    if (stackatrack_rules.apply(&t, played) != 0)
        return -1;
    double v = margin_after(&t, s->to_move, depth, &exact);
    *played_chance = review_chance(v, exact);
    return 0;
}
