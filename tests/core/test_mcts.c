/* The generic MCTS: on STAX it beats random play and is deterministic for a
 * seed and an iteration budget; on a tiny hidden-card game it searches
 * through determinizations and never reads the hidden truth. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/ai.h"
#include "core/mcts.h"
#include "games/stax/rules/stax.h"

/* ------------------------------------------------------------ STAX */

static int play_stax(const mcts_config *cfg, int mcts_seat, uint64_t seed)
{
    const game_rules *g = &stax_rules;
    stax_state s;
    char err[256];
    g->init(&s, NULL, seed, err, sizeof err);
    for (int ply = 0; g->current_player(&s) >= 0; ply++) {
        game_move m;
        int seat = g->current_player(&s);
        uint64_t x = seed * 1000 + (uint64_t)ply;
        if (seat == mcts_seat)
            assert_int_equal(mcts_search(g, &s, cfg, x, &m, NULL), 0);
        else
            assert_int_equal(ai_choose(g, &s, AI_RANDOM, x, &m), 0);
        assert_int_equal(g->apply(&s, &m), 0);
    }
    game_result r;
    g->result(&s, &r);
    return r.winner;
}

static void test_beats_random(void **state)
{
    (void)state;
    mcts_config cfg = {200, 0, 0.7, 20, 300};
    int wins = 0;
    for (int game = 0; game < 10; game++)
        wins += play_stax(&cfg, game & 1, (uint64_t)game + 1) == (game & 1);
    assert_true(wins >= 9);
}

static void test_deterministic(void **state)
{
    (void)state;
    const game_rules *g = &stax_rules;
    stax_state s;
    char err[256];
    mcts_config cfg = {500, 0, 0.7, 20, 300};
    mcts_stats a, b;
    game_move ma, mb;
    g->position_read(&s, NULL, "b:c1=r,e1=r,b2=r,d2=rbr,h2=r,c3=r,g3=r,d4=b,f4=brR,b6=b,f6=b,c7=b",
                     err, sizeof err);
    assert_int_equal(mcts_search(g, &s, &cfg, 11, &ma, &a), 0);
    assert_int_equal(mcts_search(g, &s, &cfg, 11, &mb, &b), 0);
    assert_memory_equal(&ma, &mb, sizeof ma);
    assert_int_equal(a.iterations, 500);
    assert_int_equal(a.nodes, b.nodes);
    assert_true(a.nodes <= 501);
}

/* ---------------------------------------- a hidden-information toy game */

/* High card: each seat holds one of the cards 1..3. Seat 0 folds (a draw)
 * or bets; after a bet seat 1 calls (higher card wins) or concedes. */
typedef struct toy_state {
    int hand[2]; /* 0 in a view: unknown to the viewer */
    int phase;   /* 0: seat 0 to act, 1: seat 1 to act, 2: over */
    int winner;
} toy_state;

static int toy_unknown_seen, toy_determinized;

static int toy_init(void *st, const game_params *p, uint64_t seed, char *err, size_t errn)
{
    toy_state *s = st;
    rng r;
    (void)p;
    (void)err;
    (void)errn;
    rng_seed(&r, seed);
    s->hand[0] = 1 + (int)rng_below(&r, 3);
    s->hand[1] = 1 + (s->hand[0] + (int)rng_below(&r, 2)) % 3;
    s->phase = 0;
    s->winner = -1;
    return 0;
}

static int toy_current(const void *st)
{
    const toy_state *s = st;
    return s->phase < 2 ? s->phase : -1;
}

static int toy_legal(const void *st, game_move *out, int max)
{
    const toy_state *s = st;
    if (s->hand[0] == 0 || s->hand[1] == 0)
        toy_unknown_seen++; /* the search played in a world it never sampled */
    if (s->phase == 2 || max < 2)
        return 0;
    for (int k = 0; k < 2; k++) {
        memset(&out[k], 0, sizeof out[k]);
        out[k].len = 1;
        out[k].kind = (uint8_t)k;
        out[k].b[0] = (uint8_t)k;
    }
    return 2;
}

static int toy_apply(void *st, const game_move *m)
{
    toy_state *s = st;
    if (s->phase == 2 || m->kind > 1)
        return -1;
    if (s->phase == 0 && m->kind == 0) { /* fold */
        s->phase = 2;
        s->winner = -1;
    } else if (s->phase == 0) {
        s->phase = 1;
    } else {
        s->phase = 2;
        s->winner = m->kind == 1 ? (s->hand[0] > s->hand[1] ? 0 : 1) : 0;
    }
    return 0;
}

static void toy_result(const void *st, game_result *r)
{
    const toy_state *s = st;
    memset(r, 0, sizeof *r);
    r->status = s->phase == 2 ? GAME_OVER : GAME_ONGOING;
    r->winner = s->winner;
    if (s->winner >= 0)
        r->rank[!s->winner] = 1;
}

static void toy_observe(const void *st, int seat, void *view)
{
    toy_state *v = view;
    memcpy(v, st, sizeof *v);
    v->hand[!seat] = 0;
}

static void toy_determinize(void *st, int seat, rng *r)
{
    toy_state *s = st;
    int other[2], n = 0;
    for (int c = 1; c <= 3; c++)
        if (c != s->hand[seat])
            other[n++] = c;
    s->hand[!seat] = other[rng_below(r, 2)];
    toy_determinized++;
}

static const game_rules toy_rules = {
    .id = "toy",
    .state_size = sizeof(toy_state),
    .min_players = 2,
    .max_players = 2,
    .hidden_info = 1,
    .init = toy_init,
    .current_player = toy_current,
    .legal_moves = toy_legal,
    .apply = toy_apply,
    .result = toy_result,
    .observe = toy_observe,
    .determinize = toy_determinize,
};

static int toy_choice(int mine, int theirs, uint64_t seed, mcts_stats *stats)
{
    toy_state s = {{mine, theirs}, 0, -1};
    mcts_config cfg = {2000, 0, 0.7, 0, 0};
    game_move m;
    assert_int_equal(mcts_search(&toy_rules, &s, &cfg, seed, &m, stats), 0);
    return m.kind;
}

static void test_information_set(void **state)
{
    (void)state;
    mcts_stats a, b;
    toy_unknown_seen = toy_determinized = 0;
    assert_int_equal(toy_choice(3, 1, 5, &a), 1); /* best card: bet */
    assert_int_equal(toy_choice(1, 3, 5, &a), 0); /* worst card: fold */
    assert_true(toy_determinized >= 2000);
    assert_int_equal(toy_unknown_seen, 0);
    /* With the middle card the truth (1 or 3) must not change anything. */
    int x = toy_choice(2, 1, 8, &a), y = toy_choice(2, 3, 8, &b);
    assert_int_equal(x, y);
    assert_int_equal(a.nodes, b.nodes);
    /* ai_choose sends games without their own searcher to MCTS. */
    toy_state s = {{3, 2}, 0, -1};
    game_move m;
    assert_int_equal(ai_choose(&toy_rules, &s, AI_MEDIUM, 1, &m), 0);
    assert_int_equal(m.kind, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_beats_random),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_information_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
