/* Stakz self-play: random and IS-MCTS games for 2, 3 and 4 players, both
 * draw settings, with the invariants (the 75 tiles all there, stacks within
 * the limits) checked after every move, views and determinizations checked
 * along the way, and the information test: what IS-MCTS chooses for a seat
 * does not change when the symbols that seat cannot see are dealt
 * differently. CI plays 228 games here (225 random, 3 with an IS-MCTS seat); the 2,000-game run is
 * `stackhouse-cli selfplay stakz --games 2000` (see docs/performance.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/ai.h"
#include "core/mcts.h"
#include "stakz_testutil.h"

static void check_state(const stakz_state *s, const char *what, int game, int ply)
{
    char err[256];
    if (stakz_rules.check_invariants(s, err, sizeof err) != 0)
        fail_msg("%s, game %d ply %d: %s", what, game, ply, err);
}

static int colour_count(const uint8_t *hand, int c)
{
    int n = hand[STAKZ_UNKNOWN(c)];
    for (int y = 0; y < STAKZ_SYMBOLS; y++)
        n += hand[c * 5 + y];
    return n;
}

/* A view hides exactly the symbols of the others' hands and of the pile;
 * a determinization keeps all the seat sees: stacks, its hand, every
 * colour and count. */
static void check_views(const stakz_state *s, rng *r, int game, int ply)
{
    for (int seat = 0; seat < s->players; seat++) {
        stakz_state v, d;
        stakz_rules.observe(s, seat, &v);
        check_state(&v, "view", game, ply);
        d = v;
        stakz_rules.determinize(&d, seat, r);
        check_state(&d, "determinization", game, ply);
        for (const stakz_state *x = &v; x; x = x == &v ? &d : NULL) {
            assert_int_equal(x->nstacks, s->nstacks);
            assert_memory_equal(x->stack, s->stack, sizeof s->stack);
            assert_memory_equal(x->bonus, s->bonus, sizeof s->bonus);
            assert_memory_equal(x->hand[seat], s->hand[seat], sizeof s->hand[seat]);
            assert_memory_equal(x->score, s->score, sizeof s->score);
            assert_int_equal(x->npile, s->npile);
            for (int i = 0; i < s->npile; i++)
                assert_int_equal(stakz_colour(x->pile[i]), stakz_colour(s->pile[i]));
            for (int p = 0; p < s->players; p++)
                for (int c = 0; c < STAKZ_COLOURS; c++)
                    assert_int_equal(colour_count(x->hand[p], c), colour_count(s->hand[p], c));
        }
        for (int p = 0; p < s->players; p++)
            for (int code = 0; code < STAKZ_CODES && p != seat; code++)
                assert_int_equal(v.hand[p][code], 0);
        for (int i = 0; i < s->npile; i++)
            assert_true(v.pile[i] >= STAKZ_CODES);
    }
}

/* Plays games; seat 0 at level, the others at random. Returns the number of
 * games played to the end. */
static int play_games(int players, int draw, int games, ai_level level, uint64_t seed)
{
    stakz_state s;
    char err[256];
    game_params p;
    int finished = 0;
    rng r;
    rng_seed(&r, seed);
    game_params_default(&stakz_rules, &p, players);
    p.opt[STAKZ_OPT_DRAW] = draw;
    for (int game = 0; game < games; game++) {
        assert_int_equal(stakz_rules.init(&s, &p, seed + (uint64_t)game, err, sizeof err), 0);
        int ply = 0;
        for (; stakz_rules.current_player(&s) >= 0 && ply < 20000; ply++) {
            game_move m;
            ai_level lv = stakz_rules.current_player(&s) == 0 ? level : AI_RANDOM;
            assert_int_equal(ai_choose(&stakz_rules, &s, lv, seed * 7919 + (uint64_t)ply, &m), 0);
            assert_int_equal(stakz_rules.apply(&s, &m), 0);
            check_state(&s, "state", game, ply);
            assert_int_equal(s.total, STAKZ_TILES);
            if (ply % 17 == 0)
                check_views(&s, &r, game, ply);
        }
        game_result res;
        stakz_rules.result(&s, &res);
        finished += res.status == GAME_OVER;
        int lowest = 1 << 20, top = 0;
        for (int q = 0; q < players; q++) {
            lowest = res.score[q] < lowest ? res.score[q] : lowest;
            top = res.score[q] > top ? res.score[q] : top;
        }
        assert_true(top >= STAKZ_GOAL);
        for (int q = 0; q < players; q++)
            assert_int_equal(res.rank[q] == 0, res.score[q] == lowest);
        if (res.winner >= 0)
            assert_int_equal(res.score[res.winner], lowest);
    }
    return finished;
}

static void test_random_2(void **state)
{
    (void)state;
    assert_int_equal(play_games(2, STAKZ_DRAW_CHOOSE, 60, AI_RANDOM, 1), 60);
}

static void test_random_3(void **state)
{
    (void)state;
    assert_int_equal(play_games(3, STAKZ_DRAW_CHOOSE, 50, AI_RANDOM, 100), 50);
}

static void test_random_4(void **state)
{
    (void)state;
    assert_int_equal(play_games(4, STAKZ_DRAW_CHOOSE, 40, AI_RANDOM, 200), 40);
}

static void test_random_draw_setting(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++)
        assert_int_equal(play_games(players, STAKZ_DRAW_RANDOM, 25, AI_RANDOM, 300 + (uint64_t)players), 25);
}

static void test_mcts_games(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++)
        assert_int_equal(play_games(players, STAKZ_DRAW_CHOOSE, 1, AI_EASY, 400 + (uint64_t)players), 1);
}

/* Positions of random games where the seat to move has a real choice. */
static int decision_points(stakz_state *out, int max)
{
    int n = 0;
    for (uint64_t seed = 1; n < max && seed < 40; seed++) {
        stakz_state s;
        char err[256];
        rng r;
        rng_seed(&r, seed);
        assert_int_equal(stakz_deal(&s, 2 + (int)(seed % 3), STAKZ_DRAW_CHOOSE, seed, err, sizeof err), 0);
        for (int ply = 0; stakz_current(&s) >= 0 && n < max; ply++) {
            game_move mv[GAME_MAX_MOVES];
            int k = stakz_legal(&s, mv, GAME_MAX_MOVES);
            if (k > 2 && ply % 31 == 7)
                out[n++] = s;
            stakz_rules.apply(&s, &mv[rng_below(&r, (uint32_t)k)]);
        }
    }
    return n;
}

/* Gives the symbols seat cannot see (the others' hands and the pile) out
 * again at random within each colour: the same table as far as seat knows. */
static void permute_unseen(stakz_state *s, int seat, rng *r)
{
    for (int c = 0; c < STAKZ_COLOURS; c++) {
        uint8_t pool[STAKZ_TILES];
        int n = 0, held[GAME_MAX_PLAYERS];
        for (int p = 0; p < s->players; p++)
            held[p] = p == seat ? 0 : colour_count(s->hand[p], c);
        for (int p = 0; p < s->players; p++)
            for (int y = 0; y < STAKZ_SYMBOLS && p != seat; y++)
                for (; s->hand[p][c * 5 + y]; s->hand[p][c * 5 + y]--)
                    pool[n++] = (uint8_t)(c * 5 + y);
        for (int i = 0; i < s->npile; i++)
            if (stakz_colour(s->pile[i]) == c)
                pool[n++] = s->pile[i];
        rng_shuffle(r, pool, n, 1);
        int at = 0;
        for (int p = 0; p < s->players; p++)
            for (int k = held[p]; k > 0; k--)
                s->hand[p][pool[at++]]++;
        for (int i = 0; i < s->npile; i++)
            if (stakz_colour(s->pile[i]) == c)
                s->pile[i] = pool[at++];
        assert_int_equal(at, n);
    }
}

static void test_information_set(void **state)
{
    (void)state;
    static stakz_state pos[40];
    int n = decision_points(pos, 40), moved = 0;
    assert_true(n >= 30);
    for (int i = 0; i < n; i++) {
        stakz_state other = pos[i];
        int seat = stakz_current(&pos[i]);
        rng r;
        rng_seed(&r, 1000 + (uint64_t)i);
        permute_unseen(&other, seat, &r);
        check_state(&other, "permuted", i, 0);
        moved += memcmp(other.hand, pos[i].hand, sizeof other.hand) != 0 ||
                 memcmp(other.pile, pos[i].pile, sizeof other.pile) != 0;
        /* The generator that deals later rounds is hidden too. */
        rng_seed(&other.r, 5000 + (uint64_t)i);
        for (int lv = AI_EASY; lv <= (i < 4 ? AI_HARD : AI_MEDIUM); lv++) {
            game_move a, b;
            assert_int_equal(ai_choose(&stakz_rules, &pos[i], (ai_level)lv, 77 + (uint64_t)i, &a), 0);
            assert_int_equal(ai_choose(&stakz_rules, &other, (ai_level)lv, 77 + (uint64_t)i, &b), 0);
            if (!game_move_equal(&a, &b))
                fail_msg("position %d, level %d: the choice changed with what the seat cannot see", i, lv);
        }
    }
    assert_true(moved >= n / 2); /* the permutations did change something */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_2),
        cmocka_unit_test(test_random_3),
        cmocka_unit_test(test_random_4),
        cmocka_unit_test(test_random_draw_setting),
        cmocka_unit_test(test_mcts_games),
        cmocka_unit_test(test_information_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
