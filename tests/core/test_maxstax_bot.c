/* Computer stackers in the physics: one builds an easy card within the
 * round's time and its claim holds; a whole two-player game with the
 * physics ends, with all 24 blocks on the table at every step. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>

#include "games/maxstax/rules/maxstax_bot.h"

#define FRAME (1.0 / 60.0)

static maxstax_deck deck;

static void test_bot_builds_easy_card(void **state)
{
    (void)state;
    char err[256];
    assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
    maxstax_setup setup;
    maxstax_setup_default(&setup, 2);
    setup.stars_max = 1;
    int finished = 0;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        maxstax_match *m = maxstax_match_new(&setup, &deck, seed, err, sizeof err);
        assert_non_null(m);
        maxstax_bot bot;
        maxstax_bot_init(&bot, 0, 2, seed);
        const speedstax_state *s = maxstax_match_rounds(m);
        int card = maxstax_match_card(m)->id, frames = 0;
        long done = -1;
        while (s->round == 1) {
            frames++;
            maxstax_input in[2] = {{0}};
            in[1].x = 0, in[1].y = 10; /* seat 1 sits still */
            maxstax_bot_think(&bot, m, FRAME, &in[0]);
            maxstax_step(m, in, FRAME);
            assert_int_equal(maxstax_match_check(m, err, sizeof err), 0);
            if (s->round == 1 && s->finish[0] >= 0)
                done = s->finish[0];
        }
        printf("seed %llu card %d: finished at %.1f s, points %d %d (%d frames)\n", (unsigned long long)seed, card, done * MAXSTAX_STEP,
               s->last_points[0], s->last_points[1], frames);
        finished += s->last_points[0] == 2;
        maxstax_match_free(m);
    }
    assert_true(finished >= 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bot_builds_easy_card),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
