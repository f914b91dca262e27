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

/* A two-player match on the built-in deck limited to stars_max. */
static maxstax_match *new_match(int stars_max, uint64_t seed)
{
    static maxstax_deck deck;
    char err[256];
    assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
    maxstax_setup setup;
    maxstax_setup_default(&setup, 2);
    setup.stars_max = stars_max;
    maxstax_match *m = maxstax_match_new(&setup, &deck, seed, err, sizeof err);
    assert_non_null(m);
    return m;
}

static void test_bot_builds_easy_card(void **state)
{
    (void)state;
    char err[256];
    int finished = 0;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        maxstax_match *m = new_match(1, seed);
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

static void test_whole_game(void **state)
{
    (void)state;
    char err[256];
    maxstax_match *m = new_match(3, 7);
    maxstax_bot bots[2];
    maxstax_bot_init(&bots[0], 0, 3, 1);
    maxstax_bot_init(&bots[1], 1, 1, 2);
    const speedstax_state *s = maxstax_match_rounds(m);
    for (int frame = 0; s->phase != SPEEDSTAX_OVER; frame++) {
        assert_true(frame < 60 * 60 * 30);
        maxstax_input in[2];
        maxstax_bot_think(&bots[0], m, FRAME, &in[0]);
        maxstax_bot_think(&bots[1], m, FRAME, &in[1]);
        maxstax_step(m, in, FRAME);
        if (maxstax_match_check(m, err, sizeof err) != 0)
            fail_msg("frame %d: %s", frame, err);
    }
    assert_true(s->round >= SPEEDSTAX_ROUNDS);
    assert_true(s->winner == 0 || s->winner == 1);
    assert_true(s->score[0] + s->score[1] > 0);
    maxstax_match_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bot_builds_easy_card),
        cmocka_unit_test(test_whole_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
