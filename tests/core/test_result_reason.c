/* Why a game ended is the rules' to say (game_rules.result_reason): every
 * turn-based mode of the one list says it once a game is over, and only
 * then; random games between legal moves reach every mode's ends. The CLI's
 * apply --why prints it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/registry.h"
#include "core/rng.h"

static void test_every_end_has_a_reason(void **state)
{
    (void)state;
    for (int i = 0; i < registry_count(); i++) {
        const game_info *gi = registry_get(i);
        const game_rules *g = gi->rules;
        int ended = 0;
        if (gi->kind != GAME_KIND_TURNS)
            continue;
        assert_non_null(g);
        assert_non_null(g->result_reason);
        for (int game = 0; game < 6; game++) {
            void *st = calloc(1, g->state_size);
            game_params p;
            char err[200], why[200];
            rng r;
            int moves = 0;
            game_result res;
            assert_non_null(st);
            game_params_default(g, &p, gi->min_players + game % (gi->max_players - gi->min_players + 1));
            assert_int_equal(g->init(st, &p, 1000 + (uint64_t)game, err, sizeof err), 0);
            assert_int_equal(g->result_reason(st, why, sizeof why), -1); /* nothing to say yet */
            rng_seed(&r, 77 + (uint64_t)game);
            for (g->result(st, &res); res.status == GAME_ONGOING && moves < 5000; g->result(st, &res), moves++) {
                game_move mv[GAME_MAX_MOVES];
                int n = g->legal_moves(st, mv, GAME_MAX_MOVES);
                assert_true(n > 0);
                assert_int_equal(g->apply(st, &mv[rng_below(&r, (uint32_t)n)]), 0);
            }
            if (res.status == GAME_OVER) {
                int len = g->result_reason(st, why, sizeof why);
                assert_true(len > 10);
                assert_int_equal((int)strlen(why), len);
                assert_int_equal(why[len - 1], '.'); /* a sentence */
                assert_int_equal(g->result_reason(st, why, 5), -1); /* too small: says so */
                ended++;
            }
            free(st);
        }
        if (!ended)
            fail_msg("%s: no random game ended", gi->id);
    }
}

/* What stackhouse-cli prints for args (exit status 0 checked). */
static void cli(const char *args, char *out, size_t n)
{
    char cmd[600];
    FILE *f;
    size_t got;
    snprintf(cmd, sizeof cmd, "%s/stackhouse-cli %s", STACKHOUSE_BINARY_DIR, args);
    f = popen(cmd, "r");
    assert_non_null(f);
    got = fread(out, 1, n - 1, f);
    out[got] = 0;
    assert_int_equal(pclose(f), 0);
}

static void test_cli_apply_why(void **state)
{
    char out[600];
    (void)state;
    /* a finished Stack-A-Track game (Red and Gold share the win) */
    cli("apply --why stackatrack '1;RL/RL/RL/RL/RL/RL;TB:TB/TB:TB/-;4,1,4'", out, sizeof out);
    assert_string_equal(out, "1;RL/RL/RL/RL/RL/RL;TB:TB/TB:TB/-;4,1,4\nresult: 1 3\n"
                             "why: Nobody who still holds blocks can place one without breaking the track.\n");
    /* without --why, the output is as it always was */
    cli("apply stackatrack '1;RL/RL/RL/RL/RL/RL;TB:TB/TB:TB/-;4,1,4'", out, sizeof out);
    assert_string_equal(out, "1;RL/RL/RL/RL/RL/RL;TB:TB/TB:TB/-;4,1,4\nresult: 1 3\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_end_has_a_reason),
        cmocka_unit_test(test_cli_apply_why),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
