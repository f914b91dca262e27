#include "core/mcts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/log.h"

#define POOL_TIMED 200000

typedef struct mcts_node {
    game_move move;
    int parent, child, sibling; /* pool indices, -1 for none */
    int mover;                  /* seat that played move */
    uint32_t visits, avail;     /* avail: iterations in which move was legal */
    uint32_t won;               /* visits in which move itself ended the game, mover the winner */
    double reward;              /* summed reward of mover */
} mcts_node;

typedef struct mcts_ctx {
    const game_rules *g;
    const mcts_config *cfg;
    mcts_node *pool;
    int n_nodes, cap, seats;
    void *work, *view;
    game_move *mv;
    int *slot; /* per legal move: 1 + its child node, or 0 while untried */
    double (*vec)[GAME_MAX_PLAYERS]; /* per root child: every seat's summed reward (mcts_analyse) */
    rng r;
} mcts_ctx;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int node_new(mcts_ctx *c, int parent, const game_move *m, int mover)
{
    mcts_node *n = &c->pool[c->n_nodes];
    memset(n, 0, sizeof *n);
    if (m)
        n->move = *m;
    n->parent = parent;
    n->child = -1;
    n->sibling = -1;
    n->mover = mover;
    if (parent >= 0) {
        n->sibling = c->pool[parent].child;
        c->pool[parent].child = c->n_nodes;
    }
    return c->n_nodes++;
}

/* Walks down from the root in c->work: among children legal in this
 * determinization, UCB on availability counts; expands one untried move. */
static int tree_policy(mcts_ctx *c)
{
    int node = 0;
    double k = c->cfg->exploration > 0 ? c->cfg->exploration : 0.7;
    for (;;) {
        int seat = c->g->current_player(c->work);
        if (seat < 0)
            return node;
        if (seat + 1 > c->seats)
            c->seats = seat + 1;
        int n = c->g->legal_moves(c->work, c->mv, GAME_MAX_MOVES), untried = n;
        if (n == 0)
            return node;
        memset(c->slot, 0, sizeof *c->slot * (size_t)n);
        for (int ch = c->pool[node].child; ch >= 0; ch = c->pool[ch].sibling)
            for (int i = 0; i < n; i++)
                if (!c->slot[i] && game_move_equal(&c->pool[ch].move, &c->mv[i])) {
                    c->slot[i] = ch + 1;
                    c->pool[ch].avail++;
                    untried--;
                    break;
                }
        if (untried > 0 && c->n_nodes < c->cap) {
            int pick = (int)rng_below(&c->r, (uint32_t)untried);
            for (int i = 0; i < n; i++)
                if (!c->slot[i] && pick-- == 0) {
                    int child = node_new(c, node, &c->mv[i], seat);
                    c->g->apply(c->work, &c->mv[i]);
                    return child;
                }
        }
        int best = -1;
        double best_v = -1;
        for (int i = 0; i < n; i++) {
            if (!c->slot[i])
                continue;
            int ch = c->slot[i] - 1;
            const mcts_node *x = &c->pool[ch];
            double v = x->visits ? x->reward / x->visits + k * sqrt(log((double)x->avail) / x->visits)
                                 : 1e9;
            if (v > best_v) {
                best_v = v;
                best = ch;
            }
        }
        if (best < 0) /* pool full and every legal move untried: stop here */
            return node;
        c->g->apply(c->work, &c->pool[best].move);
        node = best;
    }
}

/* Plays randomly to the end (or the cut-off) and scores every seat in [0, 1]. */
static void playout(mcts_ctx *c, double *reward)
{
    const mcts_config *cfg = c->cfg;
    int plies = 0, seat;
    while ((seat = c->g->current_player(c->work)) >= 0) {
        if (seat + 1 > c->seats)
            c->seats = seat + 1;
        if (cfg->playout_cutoff > 0 && plies >= cfg->playout_cutoff && c->g->evaluate) {
            for (int s = 0; s < c->seats; s++)
                reward[s] = c->g->evaluate(c->work, s);
            return;
        }
        int n = c->g->legal_moves(c->work, c->mv, GAME_MAX_MOVES);
        if (n == 0 || (cfg->playout_max > 0 && plies >= cfg->playout_max))
            break;
        c->g->apply(c->work, &c->mv[rng_below(&c->r, (uint32_t)n)]);
        plies++;
    }
    game_result res;
    c->g->result(c->work, &res);
    for (int s = 0; s < c->seats; s++)
        reward[s] = 1.0 / c->seats;
    if (res.status != GAME_OVER)
        return;
    if (res.winner >= 0) {
        for (int s = 0; s < c->seats; s++)
            reward[s] = s == res.winner;
        return;
    }
    /* No single winner: the seats sharing first place share the point. */
    int firsts = 0;
    for (int s = 0; s < c->seats; s++)
        firsts += res.rank[s] == 0;
    for (int s = 0; s < c->seats; s++)
        reward[s] = res.rank[s] == 0 && firsts ? 1.0 / firsts : 0.0;
}

/* How many of its own moves node's mover needs to win for certain from
 * there: 1 where node's move ended the game in the mover's favour in every
 * iteration that tried it (every world the viewer imagined), 1 more where
 * the mover, still to move, has such a move of its own next; 0 when no
 * such line is in the tree. The playouts score a win now and a win later
 * alike (1), so without this a search is indifferent between going out and
 * passing the turn when both win in every world it samples (Stakz's last
 * tile), and picks either. */
static int sure_win(const mcts_ctx *c, int node, int depth)
{
    const mcts_node *x = &c->pool[node];
    int best = 0;
    if (x->visits && x->won == x->visits)
        return 1;
    if (depth >= 8)
        return 0;
    for (int ch = x->child; ch >= 0; ch = c->pool[ch].sibling) {
        int k = c->pool[ch].mover == x->mover ? sure_win(c, ch, depth + 1) : 0;
        if (k && (!best || k + 1 < best))
            best = k + 1;
    }
    return best;
}

/* One search of st from viewer's observation; chance, when not NULL, gets
 * every seat's mean reward through the chosen root move. */
static int search_run(const game_rules *g, const void *st, int viewer, const mcts_config *cfg, uint64_t seed,
                      game_move *out, mcts_stats *stats, double *chance)
{
    mcts_ctx c;
    int root_seat = g->current_player(st), rc = -1;
    memset(&c, 0, sizeof c);
    if (stats)
        memset(stats, 0, sizeof *stats);
    if (root_seat < 0 || (cfg->iterations <= 0 && cfg->time_ms <= 0))
        return -1;
    c.g = g;
    c.cfg = cfg;
    c.seats = g->min_players > root_seat + 1 ? g->min_players : root_seat + 1;
    if (viewer + 1 > c.seats)
        c.seats = viewer + 1;
    c.cap = cfg->iterations > 0 ? cfg->iterations + 1 : POOL_TIMED;
    c.pool = malloc(sizeof *c.pool * (size_t)c.cap);
    c.work = malloc(g->state_size);
    c.view = malloc(g->state_size);
    c.mv = malloc(sizeof *c.mv * GAME_MAX_MOVES);
    c.slot = malloc(sizeof *c.slot * GAME_MAX_MOVES);
    c.vec = chance ? calloc((size_t)c.cap, sizeof *c.vec) : NULL;
    game_move *root_moves = malloc(sizeof *root_moves * GAME_MAX_MOVES);
    if (!c.pool || !c.work || !c.view || !c.mv || !c.slot || !root_moves || (chance && !c.vec)) {
        log_error("mcts: out of memory");
        goto done;
    }
    int n_root = g->legal_moves(st, root_moves, GAME_MAX_MOVES);
    if (n_root == 0)
        goto done;
    rng_seed(&c.r, seed);
    node_new(&c, -1, NULL, -1);
    /* The search never sees the truth it may not know: every iteration
     * plays in a world sampled from what the viewing seat observes. */
    if (g->hidden_info)
        g->observe(st, viewer, c.view);
    else
        memcpy(c.view, st, g->state_size);
    double deadline = cfg->time_ms > 0 ? now_ms() + cfg->time_ms : 0;
    int it = 0;
    /* A forced move needs no search, unless its value is asked for. */
    while ((n_root > 1 || chance) && (cfg->iterations <= 0 || it < cfg->iterations)) {
        if (deadline && (it & 15) == 0 && now_ms() >= deadline)
            break;
        memcpy(c.work, c.view, g->state_size);
        if (g->hidden_info)
            g->determinize(c.work, viewer, &c.r);
        int node = tree_policy(&c);
        double reward[GAME_MAX_PLAYERS] = {0};
        int ended = g->current_player(c.work) < 0;
        playout(&c, reward);
        if (ended && node > 0 && reward[c.pool[node].mover] == 1.0)
            c.pool[node].won++;
        for (; node > 0; node = c.pool[node].parent) {
            c.pool[node].visits++;
            c.pool[node].reward += reward[c.pool[node].mover];
            if (c.vec && c.pool[node].parent == 0)
                for (int s = 0; s < GAME_MAX_PLAYERS; s++)
                    c.vec[node][s] += reward[s];
        }
        c.pool[0].visits++;
        it++;
    }
    /* The root move legal in the real position that wins for certain in
     * the fewest moves of the root's own, else the most visited. */
    *out = root_moves[0];
    uint32_t best = 0;
    int best_node = -1, best_sure = 0;
    for (int ch = c.pool[0].child; ch >= 0; ch = c.pool[ch].sibling)
        for (int i = 0; i < n_root; i++)
            if (game_move_equal(&c.pool[ch].move, &root_moves[i])) {
                int sure = c.pool[ch].mover == root_seat ? sure_win(&c, ch, 0) : 0;
                int better = sure ? !best_sure || sure < best_sure || (sure == best_sure && c.pool[ch].visits > best)
                                  : !best_sure && c.pool[ch].visits > best;
                if (better) {
                    best = c.pool[ch].visits;
                    best_node = ch;
                    best_sure = sure;
                    *out = root_moves[i];
                }
                break;
            }
    if (chance) {
        if (best_node < 0)
            goto done;
        for (int s = 0; s < GAME_MAX_PLAYERS; s++)
            chance[s] = best_sure ? s == root_seat : c.vec[best_node][s] / best;
    }
    if (stats) {
        stats->iterations = it;
        stats->nodes = c.n_nodes;
    }
    rc = 0;
done:
    free(c.pool);
    free(c.work);
    free(c.view);
    free(c.mv);
    free(c.slot);
    free(c.vec);
    free(root_moves);
    return rc;
}

int mcts_search(const game_rules *g, const void *st, const mcts_config *cfg, uint64_t seed,
                game_move *out, mcts_stats *stats)
{
    return search_run(g, st, g->current_player(st), cfg, seed, out, stats, NULL);
}

int mcts_analyse(const game_rules *g, const void *st, int viewer, const mcts_config *cfg, uint64_t seed,
                 game_move *out, double chance[GAME_MAX_PLAYERS])
{
    return search_run(g, st, viewer, cfg, seed, out, NULL, chance);
}
