/* 1,000 random games of STAX from the start, and a few at easy level, with
 * the rules' invariants (men per colour conserved, no empty stack, tops
 * decide owners, incremental hash right) checked after every move. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/ai.h"
#include "games/stax/rules/stax.h"

static void play_games(int games, ai_level level, uint64_t seed)
{
    const game_rules *g = &stax_rules;
    stax_state s;
    char err[256];
    int finished = 0;
    for (int game = 0; game < games; game++) {
        assert_int_equal(g->init(&s, NULL, seed + (uint64_t)game, err, sizeof err), 0);
        for (int ply = 0; g->current_player(&s) >= 0; ply++) {
            game_move m;
            assert_true(ply < 5000);
            assert_int_equal(ai_choose(g, &s, level, (seed + (uint64_t)game) * 7919 + (uint64_t)ply, &m), 0);
            assert_int_equal(g->apply(&s, &m), 0);
            if (g->check_invariants(&s, err, sizeof err) != 0)
                fail_msg("game %d ply %d: %s", game, ply, err);
            assert_int_equal(s.men[0], 12);
            assert_int_equal(s.men[1], 12);
        }
        game_result r;
        g->result(&s, &r);
        finished += r.status == GAME_OVER;
    }
    assert_int_equal(finished, games);
}

static void test_random_games(void **state)
{
    (void)state;
    play_games(1000, AI_RANDOM, 1);
}

static void test_easy_games(void **state)
{
    (void)state;
    play_games(10, AI_EASY, 77);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_games),
        cmocka_unit_test(test_easy_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
