/* Computer stackers in the physics: one builds an easy card within the
 * round's time and its claim holds; a whole two-player game with the
 * physics ends, with all 24 blocks on the table at every step. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <string.h>

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

/* Two stackers of one level at different seats are not clones: each has its
 * own hand (speed, pauses, think time) drawn from its seed, so on the same
 * card they grab their first block and claim at different ticks, with
 * timings that change with the seed; and the same seeds replay to the same
 * ticks. */
static void first_moves(uint64_t seed, long grab[2], long claim[2])
{
    maxstax_match *m = new_match(2, seed);
    maxstax_bot bots[2];
    const speedstax_state *s = maxstax_match_rounds(m);
    for (int p = 0; p < 2; p++) {
        maxstax_bot_init(&bots[p], p, 3, seed * 31 + (uint64_t)p); /* as the table seeds them */
        grab[p] = claim[p] = -1;
    }
    while (s->round == 1) {
        maxstax_input in[2];
        for (int p = 0; p < 2; p++)
            maxstax_bot_think(&bots[p], m, FRAME, &in[p]);
        maxstax_step(m, in, FRAME);
        for (int p = 0; p < 2 && s->round == 1; p++) {
            if (grab[p] < 0 && maxstax_world_held(maxstax_match_world(m), p) >= 0)
                grab[p] = s->tick;
            if (claim[p] < 0 && maxstax_match_claim(m, p) == MAXSTAX_CLAIM_CHECKING)
                claim[p] = s->tick;
        }
    }
    maxstax_match_free(m);
}

static void test_same_level_not_clones(void **state)
{
    (void)state;
    long first_grab[3], gap[3];
    for (uint64_t seed = 1; seed <= 3; seed++) {
        long grab[2], claim[2], grab2[2], claim2[2];
        first_moves(seed, grab, claim);
        printf("seed %llu: grabs at %ld %ld, claims at %ld %ld\n", (unsigned long long)seed, grab[0], grab[1], claim[0],
               claim[1]);
        assert_true(grab[0] >= 0 && grab[1] >= 0);
        assert_true(grab[0] != grab[1]);
        assert_true(claim[0] != claim[1] || claim[0] < 0);
        first_moves(seed, grab2, claim2);
        assert_memory_equal(grab, grab2, sizeof grab);
        assert_memory_equal(claim, claim2, sizeof claim);
        first_grab[seed - 1] = grab[0];
        gap[seed - 1] = grab[1] - grab[0];
    }
    /* A hand is the seat's own: its timing changes with the seed, and the
     * two seats' are not one timing shifted by where their hands start. */
    assert_true(first_grab[0] != first_grab[1] || first_grab[1] != first_grab[2]);
    assert_true(gap[0] != gap[1] || gap[1] != gap[2]);
    /* Their hands themselves differ, drawn from the seed. */
    maxstax_bot a, b;
    maxstax_bot_init(&a, 0, 2, 5 * 31 + 0);
    maxstax_bot_init(&b, 1, 2, 5 * 31 + 1);
    assert_true(a.speed != b.speed && a.think != b.think && a.pause != b.pause);
}

/* Levels differ measurably: over whole seeded SPEEDSTAX matches between an
 * easy and a hard stacker (each at both seats in turn), the hard one scores
 * far more and finishes more cards. */
static void test_easy_worse_than_hard(void **state)
{
    (void)state;
    char err[256];
    int score[4] = {0}, finished[4] = {0}; /* by level */
    for (uint64_t seed = 1; seed <= 4; seed++) {
        maxstax_match *m = new_match(3, seed);
        maxstax_bot bots[2];
        int level[2] = {seed % 2 ? 1 : 3, seed % 2 ? 3 : 1};
        for (int p = 0; p < 2; p++)
            maxstax_bot_init(&bots[p], p, level[p], seed * 31 + (uint64_t)p);
        const speedstax_state *s = maxstax_match_rounds(m);
        for (int frame = 0; s->phase != SPEEDSTAX_OVER && s->round <= SPEEDSTAX_ROUNDS; frame++) {
            assert_true(frame < 60 * 60 * 30);
            maxstax_input in[2];
            for (int p = 0; p < 2; p++)
                maxstax_bot_think(&bots[p], m, FRAME, &in[p]);
            maxstax_step(m, in, FRAME);
            if (maxstax_match_check(m, err, sizeof err) != 0)
                fail_msg("seed %llu frame %d: %s", (unsigned long long)seed, frame, err);
        }
        for (int r = 0; r < SPEEDSTAX_ROUNDS; r++)
            for (int p = 0; p < 2; p++) {
                score[level[p]] += s->round_points[r][p];
                finished[level[p]] += s->round_points[r][p] > 0;
            }
        maxstax_match_free(m);
    }
    printf("easy: %d points, %d cards; hard: %d points, %d cards (of %d)\n", score[1], finished[1], score[3],
           finished[3], 4 * SPEEDSTAX_ROUNDS);
    assert_true(score[3] >= 2 * score[1]);
    assert_true(finished[3] >= finished[1] + 4);
}

/* A stacker saved before each had its own hand (13 numbers where there are
 * now 18) still loads, with its level's hand; one number short otherwise is refused. */
static void test_old_save_line_loads(void **state)
{
    maxstax_bot b, back;
    char line[2048], old[2048], err[200], *tok[600];
    int n = 0;
    size_t len = 0;
    (void)state;
    maxstax_bot_init(&b, 1, 2, 99);
    assert_true(maxstax_bot_save(&b, line, sizeof line) >= 0);
    assert_int_equal(maxstax_bot_load(&back, line, 4, err, sizeof err), 0);
    for (char *t = strtok(line, " "); t && n < 600; t = strtok(NULL, " "))
        tok[n++] = t;
    /* "bot", the seat, 7 whole numbers, then the numbers: the hand's five follow the first 13 */
    old[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (i >= 2 + 7 + 13 && i < 2 + 7 + 18)
            continue;
        len += (size_t)snprintf(old + len, sizeof old - len, "%s%s", len ? " " : "", tok[i]);
    }
    assert_int_equal(maxstax_bot_load(&back, old, 4, err, sizeof err), 0);
    assert_true(back.speed > 0 && back.think > 0 && back.level == 2);
    /* one of the hand's numbers left in: neither layout, refused */
    len = 0;
    old[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (i >= 2 + 7 + 13 && i < 2 + 7 + 17)
            continue;
        len += (size_t)snprintf(old + len, sizeof old - len, "%s%s", len ? " " : "", tok[i]);
    }
    assert_int_equal(maxstax_bot_load(&back, old, 4, err, sizeof err), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bot_builds_easy_card),
        cmocka_unit_test(test_whole_game),
        cmocka_unit_test(test_same_level_not_clones),
        cmocka_unit_test(test_easy_worse_than_hard),
        cmocka_unit_test(test_old_save_line_loads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
