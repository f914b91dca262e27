/* 9 STAX search strength: whole 4-player games between levels, checked by
 * outcome. Labelled "strength" (left out of the sanitizer pass). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/ai.h"
#include "games/nine/rules/nine.h"

/* The search is worth its time: a medium seat (the cheap search; hard's
 * 400-game figures are in docs/performance.md) against three random seats
 * in 4-player games, taking each seat in turn, wins most games. A random
 * seat would win about a quarter. */
static void test_search_beats_random(void **state)
{
    (void)state;
    enum { GAMES = 16 };
    int wins = 0;
    for (int game = 0; game < GAMES; game++) {
        nine_state s;
        char err[256];
        game_params p = {4, {0}};
        int searcher = game % 4;
        assert_int_equal(nine_rules.init(&s, &p, 5000 + (uint64_t)game, err, sizeof err), 0);
        for (int ply = 0; nine_rules.current_player(&s) >= 0 && ply < 20000; ply++) {
            game_move m;
            ai_level lv = nine_rules.current_player(&s) == searcher ? AI_MEDIUM : AI_RANDOM;
            assert_int_equal(ai_choose(&nine_rules, &s, lv, (uint64_t)game * 7919 + (uint64_t)ply, &m), 0);
            assert_int_equal(nine_rules.apply(&s, &m), 0);
        }
        game_result res;
        nine_rules.result(&s, &res);
        assert_int_equal(res.status, GAME_OVER);
        wins += res.winner == searcher;
    }
    if (wins < GAMES * 3 / 4)
        fail_msg("medium won %d of %d 4-player games against random seats", wins, GAMES);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_search_beats_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
