/* SPEEDSTAX saves: a match mid-round (computer stackers at work, blocks in
 * the air), mid-claim and mid-stack-off written and read back is the same
 * match (saving it again gives the same text, every field and pose equal)
 * and plays on from there; damaged saves are refused with the line at fault,
 * and seeded mutations of a save either load as a sound match or are
 * refused with a message, never crash. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "games/maxstax/rules/maxstax_bot.h"
#include "maxstax_save_util.h"

#define FRAME (1.0 / 60.0)

static maxstax_match *new_match(int players, double round_s, uint64_t seed)
{
    char err[256];
    maxstax_setup setup;
    maxstax_match *m;
    assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
    maxstax_setup_default(&setup, players);
    setup.round_seconds = round_s;
    m = maxstax_match_new(&setup, &deck, seed, err, sizeof err);
    assert_non_null(m);
    return m;
}

/* Saves m, loads it back, and checks the copy field by field and pose by pose. */
static maxstax_match *round_trip(const maxstax_match *m)
{
    char *text;
    const speedstax_state *a = maxstax_match_rounds(m), *b;
    maxstax_match *c = reload(m, &text);
    b = maxstax_match_rounds(c);
    assert_int_equal(a->players, b->players);
    assert_int_equal(a->phase, b->phase);
    assert_int_equal(a->round, b->round);
    assert_int_equal(a->shuffler, b->shuffler);
    assert_int_equal(a->card, b->card);
    assert_int_equal(a->tick, b->tick);
    assert_int_equal(a->round_ticks, b->round_ticks);
    assert_int_equal(a->turn_mask, b->turn_mask);
    assert_int_equal(a->turn_seat, b->turn_seat);
    assert_int_equal(a->turn_start, b->turn_start);
    assert_int_equal(a->n_order, b->n_order);
    assert_int_equal(a->next, b->next);
    assert_memory_equal(a->order, b->order, sizeof a->order[0] * (size_t)a->n_order);
    assert_memory_equal(&a->r, &b->r, sizeof a->r);
    assert_memory_equal(a->round_points, b->round_points, sizeof a->round_points);
    for (int p = 0; p < a->players; p++) {
        assert_int_equal(a->in_play[p], b->in_play[p]);
        assert_int_equal(a->pending[p], b->pending[p]);
        assert_int_equal(a->finish[p], b->finish[p]);
        assert_int_equal(a->last_points[p], b->last_points[p]);
        assert_int_equal(a->score[p], b->score[p]);
        assert_int_equal(maxstax_match_claim(m, p), maxstax_match_claim(c, p));
    }
    assert_true(fabs(maxstax_match_time_left(m) - maxstax_match_time_left(c)) < 1e-9);
    for (int k = 0; k < a->players * MAXSTAX_BLOCKS_PER_PLAYER; k++) {
        maxstax_pose p = maxstax_world_pose(maxstax_match_world(m), k);
        maxstax_pose q = maxstax_world_pose(maxstax_match_world(c), k);
        assert_true(p.x == q.x && p.y == q.y && fabs(p.angle - q.angle) < 1e-9);
    }
    saves_as(c, text);
    free(text);
    return c;
}

/* Two computers build for a while (a block may be in a hand); the save
 * holds it all, and the resumed match's clock runs on from there. */
static void test_round_trip_mid_round(void **state)
{
    maxstax_match *m = new_match(3, 0, 5), *c;
    maxstax_bot bot[3];
    char err[256];
    (void)state;
    for (int p = 0; p < 3; p++)
        maxstax_bot_init(&bot[p], p, 3, 40 + (uint64_t)p);
    for (int f = 0; f < 60 * 5; f++) {
        maxstax_input in[3];
        for (int p = 0; p < 3; p++)
            maxstax_bot_think(&bot[p], m, FRAME, &in[p]);
        maxstax_step(m, in, FRAME);
    }
    assert_int_equal(maxstax_match_rounds(m)->round, 1);
    c = round_trip(m);
    {
        long t0 = maxstax_match_rounds(c)->tick;
        for (int f = 0; f < 60; f++)
            maxstax_step(c, NULL, FRAME);
        assert_int_equal(maxstax_match_rounds(c)->tick, t0 + 120);
        assert_int_equal(maxstax_match_check(c, err, sizeof err), 0);
    }
    maxstax_match_free(c);
    maxstax_match_free(m);
}

/* A computer stacker saved mid-build resumes as the same stacker: its line
 * reads back to the same line, and on the resumed match it carries on with
 * the blocks it has placed instead of taking its structure down. Damaged
 * lines are refused and leave the bot as it was. */
static void test_bots_resume_mid_build(void **state)
{
    maxstax_match *m = new_match(2, 0, 5), *c;
    maxstax_bot bot[2], back[2];
    char line[2048], again[2048], err[256];
    int f;
    (void)state;
    for (int p = 0; p < 2; p++)
        maxstax_bot_init(&bot[p], p, 3, 70 + (uint64_t)p);
    for (f = 0; f < 60 * 60 && !(bot[0].n_placed >= 2 && bot[0].block < 0 && !bot[0].clearing); f++) {
        maxstax_input in[2];
        for (int p = 0; p < 2; p++)
            maxstax_bot_think(&bot[p], m, FRAME, &in[p]);
        maxstax_step(m, in, FRAME);
    }
    assert_true(f < 60 * 60);
    for (int p = 0; p < 2; p++) {
        assert_true(maxstax_bot_save(&bot[p], line, sizeof line) > 0);
        assert_int_equal(maxstax_bot_load(&back[p], line, 2, err, sizeof err), 0);
        assert_true(maxstax_bot_save(&back[p], again, sizeof again) > 0);
        assert_string_equal(line, again);
        assert_memory_equal(&back[p].r, &bot[p].r, sizeof bot[p].r);
    }
    int placed = back[0].n_placed;
    c = round_trip(m);
    for (f = 0; f < 60; f++) {
        maxstax_input in[2];
        for (int p = 0; p < 2; p++)
            maxstax_bot_think(&back[p], c, FRAME, &in[p]);
        maxstax_step(c, in, FRAME);
        assert_int_equal(back[0].clearing, 0);
        assert_true(back[0].n_placed >= placed);
    }
    assert_int_equal(maxstax_match_check(c, err, sizeof err), 0);
    /* Damaged lines: each refused with a message, the bot untouched. */
    assert_true(maxstax_bot_save(&bot[1], line, sizeof line) > 0);
    const char *bad[] = {"", "bot", "bot 2", "bot 0 9", "robot 0", "bot 1 3 1 0 0 0 0 -1"};
    maxstax_bot keep = back[1];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        assert_int_equal(maxstax_bot_load(&back[1], bad[i], 2, err, sizeof err), -1);
        assert_true(err[0] != 0);
        assert_memory_equal(&keep, &back[1], sizeof keep);
    }
    for (size_t cut = 0; cut < strlen(line); cut += 7) {
        char part[2048];
        memcpy(part, line, cut);
        part[cut] = 0;
        assert_int_equal(maxstax_bot_load(&back[1], part, 2, err, sizeof err), -1);
    }
    strcat(line, " 7");
    assert_int_equal(maxstax_bot_load(&back[1], line, 2, err, sizeof err), -1);
    assert_memory_equal(&keep, &back[1], sizeof keep);
    maxstax_match_free(c);
    maxstax_match_free(m);
}

/* Saved while a claim is being checked: the resumed claim holds, with the
 * same finish time as the one that was not interrupted. */
static void test_round_trip_mid_claim(void **state)
{
    maxstax_match *m = new_match(2, 0, 9), *c;
    maxstax_input in[2] = {{0, 8, 0, 0}, {0, 8, 0, 0}};
    (void)state;
    maxstax_match_compose(m, 0, 99);
    for (int f = 0; f < 60; f++)
        maxstax_step(m, in, FRAME); /* it settles */
    in[0].actions = MAXSTAX_IN_CLAIM;
    maxstax_step(m, in, FRAME);
    in[0].actions = 0;
    for (int f = 0; f < 20; f++)
        maxstax_step(m, in, FRAME);
    assert_int_equal(maxstax_match_claim(m, 0), MAXSTAX_CLAIM_CHECKING);
    c = round_trip(m);
    for (int f = 0; f < 90; f++) {
        maxstax_step(m, in, FRAME);
        maxstax_step(c, in, FRAME);
    }
    assert_int_equal(maxstax_match_claim(m, 0), MAXSTAX_CLAIM_HELD);
    assert_int_equal(maxstax_match_claim(c, 0), MAXSTAX_CLAIM_HELD);
    assert_int_equal(maxstax_match_rounds(c)->finish[0], maxstax_match_rounds(m)->finish[0]);
    maxstax_match_free(c);
    maxstax_match_free(m);
}

/* Four rounds composed, the fifth ends in a tie between seats 0 and 2: the
 * stack-off (seat 1 out) and the points of every round survive the save. */
static void test_round_trip_mid_stackoff(void **state)
{
    /* Totals 9, 7, 9 after four rounds; nobody finishes the 1-second fifth. */
    static const int played[4][4] = {{3, 2, 1}, {1, 2, 3}, {2, 1, 3}, {3, 2, 2}};
    maxstax_match *m = new_match(3, 1, 3), *c;
    char err[256];
    (void)state;
    assert_int_equal(maxstax_match_compose_played(m, 4, played, err, sizeof err), 0);
    assert_int_equal(maxstax_match_rounds(m)->round, 5);
    while (maxstax_match_rounds(m)->phase == SPEEDSTAX_ROUND)
        maxstax_step(m, NULL, FRAME);
    for (int f = 0; f < 10; f++)
        maxstax_step(m, NULL, FRAME);
    c = round_trip(m);
    {
        const speedstax_state *s = maxstax_match_rounds(c);
        assert_int_equal(s->phase, SPEEDSTAX_STACKOFF);
        assert_int_equal(s->score[0], 9), assert_int_equal(s->score[1], 7), assert_int_equal(s->score[2], 9);
        assert_true(s->in_play[0] && !s->in_play[1] && s->in_play[2]);
        assert_int_equal(speedstax_rounds_scored(s), 5);
        assert_int_equal(s->round_points[3][2], 2);
        assert_int_equal(s->round_points[4][0], 0);
    }
    maxstax_match_free(c);
    maxstax_match_free(m);
}

/* A composed history must be possible points and only at the start. */
static void test_compose_played_checks(void **state)
{
    static const int bad[1][4] = {{5, 0, 0, 0}};
    static const int ok[1][4] = {{2, 1, 0, 0}};
    maxstax_match *m = new_match(2, 0, 1);
    char err[256] = "";
    (void)state;
    assert_int_equal(maxstax_match_compose_played(m, 1, bad, err, sizeof err), -1);
    assert_non_null(strstr(err, "cannot compose 1 of 5 rounds"));
    assert_int_equal(maxstax_match_rounds(m)->round, 1); /* unchanged */
    assert_int_equal(maxstax_match_rounds(m)->score[0], 0);
    maxstax_step(m, NULL, FRAME);
    assert_int_equal(maxstax_match_compose_played(m, 1, ok, err, sizeof err), -1);
    maxstax_match_free(m);
}

static void test_damaged_saves_are_refused(void **state)
{
    maxstax_match *m = new_match(2, 0, 12);
    char *text, buf[20000], line[64];
    (void)state;
    for (int f = 0; f < 30; f++)
        maxstax_step(m, NULL, FRAME);
    text = maxstax_match_save(m);
    assert_non_null(text);
    expect_refused("", "ends early");
    edit(text, "stackhouse-maxstax 1", "stackhouse-maxstax 7", buf, sizeof buf);
    expect_refused(buf, "version 7 is not supported");
    edit(text, "game speedstax", "game stax", buf, sizeof buf);
    expect_refused(buf, "stax match");
    edit(text, "players 2", "players 5", buf, sizeof buf);
    expect_refused(buf, "players 5 is outside 2..4");
    edit(text, "phase round", "phase over", buf, sizeof buf);
    expect_refused(buf, "unknown phase 'over'");
    edit(text, "rng ", "rng x", buf, sizeof buf);
    expect_refused(buf, "hex digits");
    snprintf(line, sizeof line, "deck %d %d", deck.card[maxstax_match_rounds(m)->order[0]].id,
             deck.card[maxstax_match_rounds(m)->order[1]].id);
    {
        char dup[64];
        snprintf(dup, sizeof dup, "deck %d %d", deck.card[maxstax_match_rounds(m)->order[0]].id,
                 deck.card[maxstax_match_rounds(m)->order[0]].id);
        edit(text, line, dup, buf, sizeof buf);
        expect_refused(buf, "in the deck twice");
    }
    edit(text, "score 0 claim", "score 3 claim", buf, sizeof buf);
    expect_refused(buf, "add up to 0");
    edit(text, "block 5 ", "block 6 ", buf, sizeof buf);
    expect_refused(buf, "block 6 is outside 5..5");
    {
        const char *b7 = strstr(text, "block 7 ");
        snprintf(buf, sizeof buf, "%.*sblock 7 nan 0.5 0\n%s", (int)(b7 - text), text, strchr(b7, '\n') + 1);
        expect_refused(buf, "'nan' is not a finite number");
        snprintf(buf, sizeof buf, "%.*sblock 7 3 -9 0\n%s", (int)(b7 - text), text, strchr(b7, '\n') + 1);
        expect_refused(buf, "off the table");
    }
    snprintf(buf, sizeof buf, "%.*s", (int)(strstr(text, "end\n") - text), text);
    expect_refused(buf, "expected 'end'");
    snprintf(buf, sizeof buf, "%sblock 0 0 0 0\n", text);
    expect_refused(buf, "text after 'end'");
    edit(text, "tick ", "tick  ", buf, sizeof buf);
    expect_refused(buf, "stray space");
    free(text);
    maxstax_match_free(m);
}

static void test_fuzz_load(void **state)
{
    maxstax_match *m = new_match(3, 0, 77);
    maxstax_bot bot[3];
    char *text;
    int loaded;
#ifdef __SANITIZE_ADDRESS__
    const int rounds = 300;
#else
    const int rounds = 2000;
#endif
    (void)state;
    for (int p = 0; p < 3; p++)
        maxstax_bot_init(&bot[p], p, 2, (uint64_t)p);
    for (int f = 0; f < 60 * 6; f++) {
        maxstax_input in[3];
        for (int p = 0; p < 3; p++)
            maxstax_bot_think(&bot[p], m, FRAME, &in[p]);
        maxstax_step(m, in, FRAME);
    }
    text = maxstax_match_save(m);
    assert_non_null(text);
    loaded = fuzz_load(text, 2025, rounds, 1);
    assert_true(loaded < rounds); /* most damage is caught */
    free(text);
    maxstax_match_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_mid_round),
        cmocka_unit_test(test_round_trip_mid_claim),
        cmocka_unit_test(test_bots_resume_mid_build),
        cmocka_unit_test(test_round_trip_mid_stackoff),
        cmocka_unit_test(test_compose_played_checks),
        cmocka_unit_test(test_damaged_saves_are_refused),
        cmocka_unit_test(test_fuzz_load),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
