#include "games/stax/rules/stax_ai.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/log.h"
#include "games/stax/rules/stax.h"

#define MATE 30000
#define MAX_PLY 96
#define QS_MAX 12
#define INF 32000
/* The review's budget per search: a quarter of what hard searches in its
 * 900 ms on an idle core, about a ply less deep, counted in nodes so that a
 * review replays exactly (docs/performance.md). */
#define STAX_REVIEW_NODES 1000000

enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };

typedef struct tt_entry {
    uint64_t key;
    uint32_t move; /* move_key of the best move, 0 if none */
    int16_t score;
    int8_t depth;
    uint8_t flag;
} tt_entry;

typedef struct search_ctx {
    tt_entry *tt;
    uint64_t tt_mask, nodes, node_limit;
    struct timespec start;
    int time_ms, stop;
    uint32_t killers[MAX_PLY][2];
    int32_t history[64][64];
} search_ctx;

/* Moves are told apart by a hash of their whole path: two capture chains may
 * share their first landing square. */
static uint32_t move_key(const game_move *m)
{
    uint32_t h = 2166136261u ^ m->kind;
    for (int k = 0; k < m->len; k++)
        h = (h ^ m->b[k]) * 16777619u;
    return h | 1;
}

static int elapsed_ms(const search_ctx *c)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int)((now.tv_sec - c->start.tv_sec) * 1000 + (now.tv_nsec - c->start.tv_nsec) / 1000000);
}

static int should_stop(search_ctx *c)
{
    if (c->stop)
        return 1;
    if ((c->nodes & 1023) == 0) {
        if ((c->time_ms && elapsed_ms(c) >= c->time_ms) ||
            (c->node_limit && c->nodes >= c->node_limit))
            c->stop = 1;
    }
    return c->stop;
}

/* Men under your own top are reserves (they take over when the top is
 * captured); enemy men under your top are prisoners out of play, but only
 * safe while more of your own men guard them from above. */
int stax_ai_eval(const stax_board *b)
{
    int score[2] = {0, 0};
    for (uint64_t occ = b->occ; occ; occ &= occ - 1) {
        int sq = __builtin_ctzll(occ), i = sq >> 1, h = b->ht[i];
        int side = (int)(b->blue >> sq & 1), guard = 0, n[2];
        stax_stack_count(b, sq, n);
        while (guard < h && (int)(b->col[i] >> (h - 1 - guard) & 1) == side)
            guard++;
        int rank = sq >> 3, adv = side ? 7 - rank : rank;
        int v = (b->major >> sq & 1) ? 160 : 100 + adv * 6;
        v += 35 * (n[side] - 1);
        v += n[!side] * (guard >= 2 ? 70 : 45);
        score[side] += v;
    }
    score[0] += 3 * stax_step_count(b, 0);
    score[1] += 3 * stax_step_count(b, 1);
    return b->stm ? score[1] - score[0] : score[0] - score[1];
}

static void order_moves(search_ctx *c, game_move *mv, int n, uint32_t tt_move, int ply)
{
    int32_t key[GAME_MAX_MOVES];
    for (int k = 0; k < n; k++) {
        uint32_t mk = move_key(&mv[k]);
        if (mk == tt_move)
            key[k] = 1 << 30;
        else if (mv[k].kind)
            key[k] = (1 << 28) + mv[k].len * 1000;
        else if (ply < MAX_PLY && (mk == c->killers[ply][0] || mk == c->killers[ply][1]))
            key[k] = 1 << 27;
        else
            key[k] = c->history[mv[k].b[0]][mv[k].b[1]];
    }
    /* Insertion sort: lists are short and mostly ordered already. */
    for (int k = 1; k < n; k++) {
        game_move m = mv[k];
        int32_t v = key[k];
        int j = k - 1;
        while (j >= 0 && key[j] < v) {
            mv[j + 1] = mv[j];
            key[j + 1] = key[j];
            j--;
        }
        mv[j + 1] = m;
        key[j + 1] = v;
    }
}

/* Captures are compulsory, so a position with one is not quiet: follow the
 * forced captures (no stand-pat) before trusting the evaluation. */
static int quiesce(search_ctx *c, const stax_board *b, int alpha, int beta, int ply, int qd)
{
    c->nodes++;
    if (!stax_has_capture(b)) {
        if (stax_step_count(b, b->stm) == 0)
            return -(MATE - ply); /* blocked or no stack left: lost */
        return stax_ai_eval(b);
    }
    if (qd >= QS_MAX || ply >= MAX_PLY - 1)
        return stax_ai_eval(b);
    game_move mv[GAME_MAX_MOVES];
    int n = stax_gen(b, mv, GAME_MAX_MOVES), best = -INF;
    for (int k = 0; k < n; k++) {
        stax_board nb = *b;
        stax_make(&nb, &mv[k]);
        int v = -quiesce(c, &nb, -beta, -alpha, ply + 1, qd + 1);
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    return best;
}

static int negamax(search_ctx *c, const stax_board *b, int depth, int alpha, int beta, int ply)
{
    if (depth <= 0)
        return quiesce(c, b, alpha, beta, ply, 0);
    c->nodes++;
    if (should_stop(c))
        return 0;
    tt_entry *e = &c->tt[b->hash & c->tt_mask];
    uint32_t tt_move = 0;
    int alpha0 = alpha;
    if (e->key == b->hash) {
        tt_move = e->move;
        if (e->depth >= depth) {
            int v = e->score;
            if (e->flag == TT_EXACT || (e->flag == TT_LOWER && v >= beta) ||
                (e->flag == TT_UPPER && v <= alpha))
                return v;
        }
    }
    game_move mv[GAME_MAX_MOVES];
    int n = stax_gen(b, mv, GAME_MAX_MOVES);
    if (n == 0)
        return -(MATE - ply);
    order_moves(c, mv, n, tt_move, ply);
    int best = -INF;
    uint32_t best_move = 0;
    for (int k = 0; k < n; k++) {
        stax_board nb = *b;
        stax_make(&nb, &mv[k]);
        int v = -negamax(c, &nb, depth - 1, -beta, -alpha, ply + 1);
        if (c->stop)
            return 0;
        if (v > best) {
            best = v;
            best_move = move_key(&mv[k]);
        }
        if (v > alpha)
            alpha = v;
        if (alpha >= beta) {
            if (!mv[k].kind && ply < MAX_PLY) {
                if (c->killers[ply][0] != best_move) {
                    c->killers[ply][1] = c->killers[ply][0];
                    c->killers[ply][0] = best_move;
                }
                int32_t *hh = &c->history[mv[k].b[0]][mv[k].b[1]];
                *hh += depth * depth;
                if (*hh > (1 << 26))
                    *hh /= 2;
            }
            break;
        }
    }
    e->key = b->hash;
    e->move = best_move;
    e->score = (int16_t)best;
    e->depth = (int8_t)depth;
    e->flag = best <= alpha0 ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
    return best;
}

static int seen_before(const stax_search_limits *lim, uint64_t hash)
{
    for (int k = 0; k < lim->n_seen; k++)
        if (lim->seen[k] == hash)
            return 1;
    return 0;
}

int stax_ai_search_board(const stax_board *b, const stax_search_limits *lim, uint64_t seed,
                         game_move *out, stax_search_info *info)
{
    game_move mv[GAME_MAX_MOVES];
    int n = stax_gen(b, mv, GAME_MAX_MOVES);
    stax_search_info dummy;
    if (!info)
        info = &dummy;
    memset(info, 0, sizeof *info);
    if (n == 0)
        return -1;
    /* The seed breaks ties among the first moves, so equal engines differ. */
    rng r;
    rng_seed(&r, seed);
    rng_shuffle(&r, mv, n, sizeof mv[0]);
    *out = mv[0];
    if (n == 1 && !lim->nodes)
        return 0;

    search_ctx *c = calloc(1, sizeof *c);
    int bits = lim->time_ms > 400 || lim->depth > 8 ? 20 : 16;
    if (!c || !(c->tt = calloc((size_t)1 << bits, sizeof(tt_entry)))) {
        free(c);
        log_error("stax_ai: out of memory for the search; playing a random move");
        return 0;
    }
    c->tt_mask = ((uint64_t)1 << bits) - 1;
    c->time_ms = lim->time_ms;
    c->node_limit = lim->nodes;
    clock_gettime(CLOCK_MONOTONIC, &c->start);
    int max_depth = lim->depth ? lim->depth : MAX_PLY - QS_MAX - 2;
    for (int depth = 1; depth <= max_depth; depth++) {
        int alpha = -INF, best = -INF, best_k = 0, exact = -INF;
        for (int k = 0; k < n; k++) {
            stax_board nb = *b;
            stax_make(&nb, &mv[k]);
            /* the exact move gets a full window: its score, not a bound */
            int full = lim->exact && game_move_equal(lim->exact, &mv[k]);
            int v = -negamax(c, &nb, depth - 1, -INF, full ? INF : -alpha, 1);
            if (c->stop)
                break;
            if (seen_before(lim, nb.hash))
                v = 0; /* heading for a repetition draw */
            if (full)
                exact = v;
            if (v > best) {
                best = v;
                best_k = k;
            }
            if (v > alpha)
                alpha = v;
        }
        if (c->stop && depth > 1)
            break;
        /* Best move first: the next iteration searches it with a full window. */
        game_move m = mv[best_k];
        memmove(mv + 1, mv, sizeof mv[0] * (size_t)best_k);
        mv[0] = m;
        *out = m;
        info->prev_score = depth > 1 ? info->score : best;
        info->prev_exact_score = depth > 1 ? info->exact_score : exact;
        info->depth = depth;
        info->score = best;
        info->exact_score = exact;
        if (best > MATE - 200 || best < -MATE + 200 || c->stop)
            break;
    }
    info->nodes = c->nodes;
    free(c->tt);
    free(c);
    return 0;
}

int stax_ai_search(const void *st, int level, uint64_t seed, game_move *out)
{
    const stax_state *s = st;
    stax_search_limits lim = {0, 0, 0, NULL, 0, NULL};
    if (s->opt[STAX_OPT_REPETITION]) {
        lim.seen = s->hist;
        lim.n_seen = s->nhist;
    }
    switch (level) {
    case 1: lim.depth = 2; break;
    case 2: lim.depth = 6; lim.time_ms = 250; break;
    default: lim.time_ms = 900; break;
    }
    if (stax_ai_search_board(&s->b, &lim, seed, out, NULL) < 0)
        return -1;
    memset(out->b + out->len, 0, GAME_MOVE_BYTES - out->len);
    return 0;
}

/* A logistic curve: about 0.73 for one Minor's worth of advantage. */
static double chance_of(int score)
{
    return 1.0 / (1.0 + exp(-score / 100.0));
}

double stax_ai_evaluate(const void *st, int seat)
{
    const stax_state *s = st;
    int v = stax_ai_eval(&s->b);
    if (s->b.stm != seat)
        v = -v;
    return chance_of(v);
}

/* A review's score from the last two depths' (see stax_ai_review). */
static int review_score(int last, int prev)
{
    if (last > MATE - 200 || last < -MATE + 200)
        return last;
    return (last + prev) / 2;
}

int stax_ai_review(const void *st, const game_move *played, uint64_t seed, game_move *best, double *best_chance,
                   double *played_chance)
{
    const stax_state *s = st;
    stax_search_limits lim = {0, 0, STAX_REVIEW_NODES, NULL, 0, played};
    stax_search_info info;
    if (s->opt[STAX_OPT_REPETITION]) {
        lim.seen = s->hist;
        lim.n_seen = s->nhist;
    }
    if (stax_ai_search_board(&s->b, &lim, seed, best, &info) < 0)
        return -1;
    memset(best->b + best->len, 0, GAME_MOVE_BYTES - best->len);
    /* Each score is the mean of the last two depths: a search that stops on
     * an odd depth flatters the side to move (it moves last), on an even one
     * its opponent, by up to a Minor at the start (d11 +65, d12 -9), and the
     * depth a budget of nodes reaches varies from move to move; the mean
     * keeps the review's curve from swinging between plies where nothing
     * happened. A mate found stands as found. */
    *best_chance = chance_of(review_score(info.score, info.prev_score));
    /* The played move is scored in the same search, at the same depths and
     * with a full window: the two chances differ only by the moves. */
    if (played)
        *played_chance = game_move_equal(played, best) ? *best_chance
                                                       : chance_of(review_score(info.exact_score, info.prev_exact_score));
    return 0;
}
