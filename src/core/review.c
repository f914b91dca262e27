#include "core/review.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ai.h"
#include "core/mcts.h"
#include "core/textin.h"

/* A seed of its own for every search, from the record's seed, the move's
 * number and which search (splitmix64's mix): the same record gets the
 * same review. */
static uint64_t search_seed(uint64_t seed, int k, int which)
{
    uint64_t z = seed + 0x9e3779b97f4a7c15ull * (uint64_t)(2 * k + which + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* The mover's share of a finished game: 1 for a win, 1/k for a win shared
 * by k, 0 for a loss (as the searches score their playouts). */
static double outcome(const game_rules *g, const void *st, int seat)
{
    game_result r;
    g->result(st, &r);
    if (r.winner >= 0)
        return r.winner == seat;
    int firsts = 0;
    for (int s = 0; s < GAME_MAX_PLAYERS; s++)
        firsts += r.rank[s] == 0;
    return r.rank[seat] == 0 && firsts ? 1.0 / firsts : 0.0;
}

/* The scratch one review needs: the position before the move and after. */
typedef struct review_ctx {
    const game_rules *g;
    const review_options *opt;
    mcts_config cfg;
    void *st, *next;
    game_move *mv;
} review_ctx;

static int cancelled(const review_ctx *c)
{
    return c->opt->cancel && atomic_load(c->opt->cancel);
}

/* The mover's chances before and after move m of c->st (c->next is the
 * position after it) and the move the computer prefers: the game's own
 * searcher when it has one for this position, else IS-MCTS from the
 * mover's view. 0, 1 cancelled, -1. */
static int estimate(review_ctx *c, const game_move *m, int mover, uint64_t seed, int k, game_move *best,
                    double *before, double *after)
{
    const game_rules *g = c->g;
    int rc = g->review_search ? g->review_search(c->st, m, search_seed(seed, k, 0), best, before, after) : 1;
    if (rc <= 0)
        return rc;
    double ch[GAME_MAX_PLAYERS];
    if (mcts_analyse(g, c->st, mover, &c->cfg, search_seed(seed, k, 0), best, ch) < 0)
        return -1;
    *before = ch[mover];
    if (game_move_equal(m, best) || g->current_player(c->next) < 0) {
        *after = *before; /* the preferred move, or the end (set by the caller) */
        return 0;
    }
    if (cancelled(c))
        return 1;
    game_move reply;
    if (mcts_analyse(g, c->next, mover, &c->cfg, search_seed(seed, k, 1), &reply, ch) < 0)
        return -1;
    *after = ch[mover];
    return 0;
}

static int review_moves(review_ctx *c, const game_record *rec, review *out, char *err, size_t errn)
{
    const game_rules *g = c->g;
    for (int k = 0; k < rec->cursor; k++) {
        review_move *rm = &out->moves[k];
        game_move m, best;
        if (cancelled(c))
            return 1;
        if (g->move_read(c->st, rec->moves[k], &m, err, errn) != 0)
            return -1;
        rm->mover = g->current_player(c->st);
        snprintf(rm->move, sizeof rm->move, "%s", rec->moves[k]);
        rm->forced = g->legal_moves(c->st, c->mv, GAME_MAX_MOVES) == 1;
        memcpy(c->next, c->st, g->state_size);
        if (g->apply(c->next, &m) != 0) {
            snprintf(err, errn, "move %d (%s) is not legal", k + 1, rec->moves[k]);
            return -1;
        }
        int rc = estimate(c, &m, rm->mover, rec->seed, k, &best, &rm->before, &rm->after);
        if (rc != 0) {
            if (rc < 0)
                snprintf(err, errn, "move %d: the search failed", k + 1);
            return rc;
        }
        if (g->current_player(c->next) < 0) {
            /* The end is known, not estimated; and no move was better than
             * the one that won. */
            rm->after = outcome(g, c->next, rm->mover);
            if (rm->after > rm->before)
                rm->before = rm->after;
        }
        int preferred = game_move_equal(&m, &best);
        rm->mark = preferred || rm->forced ? REVIEW_NONE : review_mark_of(rm->before - rm->after);
        rm->best[0] = 0;
        if (!preferred && g->move_write(c->st, &best, rm->best, sizeof rm->best) < 0)
            rm->best[0] = 0;
        memcpy(c->st, c->next, g->state_size);
        if (c->opt->progress)
            c->opt->progress(c->opt->user, k + 1, rec->cursor);
    }
    return 0;
}

int review_run(const game_record *rec, const review_options *opt, review *out, char *err, size_t errn)
{
    static const review_options none;
    review_ctx c;
    int rc = -1;
    memset(out, 0, sizeof *out);
    memset(&c, 0, sizeof c);
    c.g = record_rules(rec);
    c.opt = opt ? opt : &none;
    ai_mcts_config(AI_HARD, &c.cfg);
    c.cfg.iterations = c.opt->mcts_iterations > 0 ? c.opt->mcts_iterations : REVIEW_MCTS_ITERATIONS;
    if (!c.g) {
        snprintf(err, errn, "unknown game '%s'", rec->game);
        return -1;
    }
    c.st = malloc(c.g->state_size);
    c.next = malloc(c.g->state_size);
    c.mv = malloc(sizeof *c.mv * GAME_MAX_MOVES);
    out->moves = calloc(rec->cursor > 0 ? (size_t)rec->cursor : 1, sizeof *out->moves);
    if (!c.st || !c.next || !c.mv || !out->moves) {
        snprintf(err, errn, "out of memory");
        goto done;
    }
    snprintf(out->game, sizeof out->game, "%s", rec->game);
    out->n = rec->cursor;
    if (record_replay(rec, 0, c.st, err, errn) != 0)
        goto done;
    rc = review_moves(&c, rec, out, err, errn);
done:
    free(c.st);
    free(c.next);
    free(c.mv);
    if (rc != 0)
        review_free(out);
    return rc;
}

void review_free(review *rv)
{
    free(rv->moves);
    rv->moves = NULL;
    rv->n = 0;
}

int review_seats(const review *rv)
{
    int n = 0;
    for (int k = 0; k < rv->n; k++)
        if (rv->moves[k].mover + 1 > n)
            n = rv->moves[k].mover + 1;
    return n;
}

/* A chance of mover's as seat's, in a two-seat game. */
static double as_seat(double chance, int mover, int seat)
{
    return mover == seat ? chance : 1 - chance;
}

double review_curve(const review *rv, int seat, int k)
{
    if (rv->n <= 0)
        return 0.5;
    if (k <= 0)
        return as_seat(rv->moves[0].before, rv->moves[0].mover, seat);
    if (k >= rv->n)
        return as_seat(rv->moves[rv->n - 1].after, rv->moves[rv->n - 1].mover, seat);
    return (as_seat(rv->moves[k - 1].after, rv->moves[k - 1].mover, seat) +
            as_seat(rv->moves[k].before, rv->moves[k].mover, seat)) / 2;
}

review_mark review_mark_of(double drop)
{
    if (drop >= REVIEW_BLUNDER_DROP)
        return REVIEW_BLUNDER;
    if (drop >= REVIEW_MISTAKE_DROP)
        return REVIEW_MISTAKE;
    if (drop >= REVIEW_INACCURACY_DROP)
        return REVIEW_INACCURACY;
    return REVIEW_NONE;
}

static const char *const mark_names[] = {"-", "inaccuracy", "mistake", "blunder"};

const char *review_mark_name(review_mark m)
{
    return m >= REVIEW_NONE && m <= REVIEW_BLUNDER ? mark_names[m] : "-";
}

const char *review_seat_name(const game_rules *g, int seat, char *buf, size_t n)
{
    if (g && g->seat_names && seat >= 0 && seat < g->max_players)
        snprintf(buf, n, "%s", g->seat_names[seat]);
    else
        snprintf(buf, n, "p%d", seat + 1);
    return buf;
}

char *review_write(const review *rv)
{
    size_t cap = 128 + (size_t)rv->n * (2 * RECORD_MOVE_LEN + 80), len = 0;
    char *buf = malloc(cap);
    if (!buf)
        return NULL;
    len += (size_t)snprintf(buf + len, cap - len, "%s\ngame %s\nmoves %d\n", REVIEW_MAGIC, rv->game, rv->n);
    for (int k = 0; k < rv->n; k++) {
        const review_move *m = &rv->moves[k];
        len += (size_t)snprintf(buf + len, cap - len, "%d\t%.17g\t%.17g\t%s\t%d\t%s\t%s\n", m->mover + 1, m->before,
                                m->after, review_mark_name(m->mark), m->forced, m->move, m->best[0] ? m->best : "-");
    }
    return buf;
}

/* One move line: seat, before, after, mark, forced, move, preferred move. */
static int read_move(text_in *in, review_move *m)
{
    text_span f;
    int seat;
    static const char *const forced[] = {"0", "1"};
    if (text_in_field(in, "\t", &f) < 0 || text_in_int(in, f, 1, GAME_MAX_PLAYERS, &seat) < 0)
        return text_in_fail(in, "expected a seat 1..%d", GAME_MAX_PLAYERS);
    m->mover = seat - 1;
    if (text_in_field(in, "\t", &f) < 0 || text_double(f, &m->before) < 0 || m->before < 0 || m->before > 1)
        return text_in_fail(in, "expected a chance 0..1 before the move");
    if (text_in_field(in, "\t", &f) < 0 || text_double(f, &m->after) < 0 || m->after < 0 || m->after > 1)
        return text_in_fail(in, "expected a chance 0..1 after the move");
    int mark;
    if (text_in_field(in, "\t", &f) < 0 || (mark = text_in_word(in, f, mark_names, 4)) < 0)
        return text_in_fail(in, "expected a mark");
    m->mark = (review_mark)mark;
    if (text_in_field(in, "\t", &f) < 0 || (m->forced = text_in_word(in, f, forced, 2)) < 0)
        return text_in_fail(in, "expected 0 or 1 (forced)");
    text_span mv, best;
    if (text_in_field(in, "\t", &mv) < 0 || mv.len == 0 || mv.len >= RECORD_MOVE_LEN)
        return text_in_fail(in, "expected the move played");
    best = text_in_rest(in);
    if (best.len == 0 || best.len >= RECORD_MOVE_LEN || memchr(best.p, '\t', best.len))
        return text_in_fail(in, "expected the preferred move or -");
    memcpy(m->move, mv.p, mv.len);
    m->move[mv.len] = 0;
    if (text_is(best, "-"))
        m->best[0] = 0;
    else {
        memcpy(m->best, best.p, best.len);
        m->best[best.len] = 0;
    }
    return 0;
}

int review_read(review *rv, const char *text, char *err, size_t errn)
{
    text_in in;
    text_span f;
    review r;
    memset(&r, 0, sizeof r);
    text_in_init(&in, text, "review", err, errn);
    if (text_in_line(&in) < 0 || !text_is(text_in_rest(&in), REVIEW_MAGIC))
        return text_in_fail(&in, "expected \"%s\"", REVIEW_MAGIC);
    if (text_in_line(&in) < 0 || text_in_field(&in, " ", &f) < 0 || !text_is(f, "game"))
        return text_in_fail(&in, "expected \"game ID\"");
    f = text_in_rest(&in);
    if (f.len == 0 || f.len >= sizeof r.game)
        return text_in_fail(&in, "expected a game id");
    memcpy(r.game, f.p, f.len);
    if (text_in_line(&in) < 0 || text_in_field(&in, " ", &f) < 0 || !text_is(f, "moves"))
        return text_in_fail(&in, "expected \"moves N\"");
    f = text_in_rest(&in);
    if (text_in_int(&in, f, 0, RECORD_MAX_MOVES, &r.n) < 0)
        return -1;
    r.moves = calloc(r.n > 0 ? (size_t)r.n : 1, sizeof *r.moves);
    if (!r.moves)
        return text_in_fail(&in, "out of memory");
    for (int k = 0; k < r.n; k++)
        if (text_in_line(&in) < 0 || read_move(&in, &r.moves[k]) < 0) {
            if (in.line_no <= k + 3) /* the line is missing, not wrong */
                text_in_fail(&in, "expected %d moves, found %d", r.n, k);
            free(r.moves);
            return -1;
        }
    if (text_in_line(&in) == 0) {
        free(r.moves);
        return text_in_fail(&in, "more lines than the %d moves", r.n);
    }
    *rv = r;
    return 0;
}
