/* 9 STAX self-play: random and IS-MCTS games for 2, 3 and 4 players with the
 * invariants (all 200 cards, each id once) checked after every move, views
 * and determinizations checked along the way, and the information test: what
 * IS-MCTS chooses for a seat does not change when the cards that seat cannot
 * see are dealt differently. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/ai.h"
#include "core/mcts.h"
#include "nine_testutil.h"

static void check_state(const nine_state *s, const char *what, int game, int ply)
{
    char err[256];
    if (nine_rules.check_invariants(s, err, sizeof err) != 0)
        fail_msg("%s, game %d ply %d: %s", what, game, ply, err);
}

/* A view and a determinization keep every card the seat sees where it is,
 * and every place's size. */
static void check_views(const nine_state *s, rng *r, int game, int ply)
{
    for (int seat = 0; seat < s->players; seat++) {
        nine_state v;
        nine_rules.observe(s, seat, &v);
        check_state(&v, "view", game, ply);
        nine_rules.determinize(&v, seat, r);
        check_state(&v, "determinization", game, ply);
        assert_memory_equal(v.ssize, s->ssize, sizeof v.ssize);
        assert_int_equal(v.ndraw, s->ndraw);
        for (int id = 0; id < NINE_CARDS; id++) {
            int z = s->place[id], seen = z == NINE_Z_DISC || z == NINE_Z_HAND + seat ||
                                         (z >= NINE_Z_STACK &&
                                          nine_stack_visible(s, seat, z - NINE_Z_STACK, s->stk[id]));
            if (seen) {
                assert_int_equal(v.place[id], z);
                assert_int_equal(v.stk[id], s->stk[id]);
            }
        }
    }
}

static void play_games(int players, int games, ai_level level, uint64_t seed)
{
    nine_state s;
    char err[256];
    game_params p = {players, {0}};
    int finished = 0;
    rng r;
    rng_seed(&r, seed);
    for (int game = 0; game < games; game++) {
        assert_int_equal(nine_rules.init(&s, &p, seed + (uint64_t)game, err, sizeof err), 0);
        int ply = 0;
        for (; nine_rules.current_player(&s) >= 0 && ply < 20000; ply++) {
            game_move m;
            /* Seat 0 searches; the others play at random, to keep it quick. */
            ai_level lv = nine_rules.current_player(&s) == 0 ? level : AI_RANDOM;
            assert_int_equal(ai_choose(&nine_rules, &s, lv, seed * 7919 + (uint64_t)ply, &m), 0);
            assert_int_equal(nine_rules.apply(&s, &m), 0);
            check_state(&s, "state", game, ply);
            if (ply % 23 == 0)
                check_views(&s, &r, game, ply);
        }
        game_result res;
        nine_rules.result(&s, &res);
        finished += res.status == GAME_OVER;
        int fewest = 1000;
        for (int q = 0; q < players; q++)
            fewest = res.score[q] < fewest ? res.score[q] : fewest;
        if (res.winner >= 0)
            assert_int_equal(res.score[res.winner], fewest);
    }
    assert_int_equal(finished, games);
}

static void test_random_2(void **state)
{
    (void)state;
    play_games(2, 60, AI_RANDOM, 1);
}

static void test_random_3(void **state)
{
    (void)state;
    play_games(3, 40, AI_RANDOM, 100);
}

static void test_random_4(void **state)
{
    (void)state;
    play_games(4, 30, AI_RANDOM, 200);
}

static void test_mcts_games(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++)
        play_games(players, 1, AI_EASY, 300 + (uint64_t)players);
}

/* Positions where the seat to move knows little: taken from random games at
 * every kind of decision. */
static int decision_points(nine_state *out, int max)
{
    int n = 0, kinds = 0;
    for (uint64_t seed = 1; n < max && seed < 40; seed++) {
        nine_state s;
        char err[256];
        game_params p = {2 + (int)(seed % 3), {0}};
        rng r;
        rng_seed(&r, seed);
        nine_rules.init(&s, &p, seed, err, sizeof err);
        for (int ply = 0; nine_rules.current_player(&s) >= 0 && n < max; ply++) {
            game_move mv[GAME_MAX_MOVES];
            int k = nine_rules.legal_moves(&s, mv, GAME_MAX_MOVES);
            if (k > 1 && (ply % 41 == 5 || !(kinds >> s.pend.kind & 1))) {
                kinds |= 1 << s.pend.kind;
                out[n++] = s;
            }
            nine_rules.apply(&s, &mv[rng_below(&r, (uint32_t)k)]);
        }
    }
    return n;
}

static void test_information_set(void **state)
{
    (void)state;
    static nine_state pos[40];
    int n = decision_points(pos, 40), moved = 0;
    mcts_config cfg = {300, 0, 0.7, 40, 400};
    assert_true(n >= 20);
    for (int i = 0; i < n; i++) {
        nine_state other = pos[i], va, vb;
        int seat = nine_rules.current_player(&pos[i]);
        rng r;
        rng_seed(&r, 1000 + (uint64_t)i);
        /* The same table, with the cards this seat cannot see dealt again. */
        nine_rules.determinize(&other, seat, &r);
        other.imagined = 0; /* a real table from here on: memory is kept */
        nine_memory_note(&other);
        check_state(&other, "permuted", i, 0);
        moved += memcmp(other.place, pos[i].place, sizeof other.place) != 0 ||
                 memcmp(other.draw, pos[i].draw, sizeof other.draw) != 0;
        nine_rules.observe(&pos[i], seat, &va);
        nine_rules.observe(&other, seat, &vb);
        assert_memory_equal(&va, &vb, sizeof va);
        game_move a, b;
        mcts_stats sa, sb;
        assert_int_equal(mcts_search(&nine_rules, &pos[i], &cfg, 77 + (uint64_t)i, &a, &sa), 0);
        assert_int_equal(mcts_search(&nine_rules, &other, &cfg, 77 + (uint64_t)i, &b, &sb), 0);
        assert_memory_equal(&a, &b, sizeof a);
        assert_int_equal(sa.nodes, sb.nodes);
        assert_int_equal(sa.iterations, sb.iterations);
    }
    assert_true(moved >= n - 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_2),
        cmocka_unit_test(test_random_3),
        cmocka_unit_test(test_random_4),
        cmocka_unit_test(test_mcts_games),
        cmocka_unit_test(test_information_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
