/* The MAXSTAX tape's text: ticks at rest are one line, a hand's target that
 * stays is "=", actions and turns ride on a seat's word; a tape from a save
 * (an old save resumed) starts with its load; every malformed tape is
 * refused with its line and field, another rules version included (numbers
 * under core/textin's rule: no leading zero or '+'); a tape whose swap
 * the match refuses does not play. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/maxstax/rules/maxstax_bot.h"
#include "games/maxstax/rules/maxstax_tape.h"
#include "games/maxstax/rules/maxstax_world.h"

#define FRAME (1.0 / 60.0)

static maxstax_deck deck;

static maxstax_match *new_match(maxstax_setup *setup, uint64_t seed)
{
    char err[256];
    maxstax_match *m;
    assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
    maxstax_setup_default(setup, 2);
    m = maxstax_match_new(setup, &deck, seed, err, sizeof err);
    assert_non_null(m);
    return m;
}

/* Every block's pose, bit for bit. */
static void same_blocks(const maxstax_match *a, const maxstax_match *b)
{
    const maxstax_world *wa = maxstax_match_world(a), *wb = maxstax_match_world(b);
    assert_int_equal(maxstax_world_count(wa), maxstax_world_count(wb));
    for (int k = 0; k < maxstax_world_count(wa); k++) {
        maxstax_pose qa = maxstax_world_pose(wa, k), qb = maxstax_world_pose(wb, k);
        assert_memory_equal(&qa, &qb, sizeof qa);
    }
}

static void test_text_is_compact(void **state)
{
    maxstax_setup setup;
    maxstax_match *m = new_match(&setup, 3), *again;
    maxstax_tape *t = maxstax_tape_new(&setup, 3), *back;
    maxstax_input in[SPEEDSTAX_MAX_PLAYERS];
    char err[256], *text;
    (void)state;
    memset(in, 0, sizeof in);
    in[0].x = 12.5;
    in[0].y = 3.5;
    in[1].x = -0.25;
    in[1].y = 6;
    for (int k = 0; k < 30; k++)
        maxstax_tape_step(t, m, in, FRAME);
    in[0].actions = MAXSTAX_IN_GRAB;
    maxstax_tape_step(t, m, in, FRAME);
    in[0].actions = 0;
    in[0].x = 2;
    in[0].turn = -1;
    maxstax_tape_step(t, m, in, FRAME);
    in[0].turn = 0;
    for (int k = 0; k < 200; k++)
        maxstax_tape_step(t, m, in, FRAME);
    in[0].actions = MAXSTAX_IN_RELEASE;
    maxstax_tape_step(t, m, in, FRAME);
    for (int k = 0; k < 100; k++)
        maxstax_tape_step(t, m, NULL, FRAME);
    assert_int_equal(maxstax_tape_ticks(t), 333);
    text = maxstax_tape_write(t);
    assert_non_null(text);
    assert_non_null(strstr(text, "\ntick 1 0.016666666666666666 12.5,3.5 -0.25,6\ntick 29 = = =\n"
                                 "tick 1 = =a1 =\ntick 1 = 2,3.5t-1 =\ntick 200 = = =\ntick 1 = =a2 =\n"
                                 "tick 1 = 0,0 0,0\ntick 99 = = =\nticks 333\nend\n"));
    back = maxstax_tape_read(text, err, sizeof err);
    if (!back)
        fail_msg("%s\n%s", err, text);
    again = maxstax_tape_play(back, &deck, err, sizeof err);
    assert_non_null(again);
    same_blocks(m, again);
    free(text);
    maxstax_match_free(m);
    maxstax_match_free(again);
    maxstax_tape_free(t);
    maxstax_tape_free(back);
}

/* An old save without a tape resumes: its tape starts from the saved match. */
static void test_tape_from_a_save(void **state)
{
    maxstax_setup setup;
    maxstax_match *m = new_match(&setup, 8), *again;
    maxstax_input in[SPEEDSTAX_MAX_PLAYERS];
    maxstax_tape *t;
    char err[256], *save, *text;
    (void)state;
    memset(in, 0, sizeof in);
    for (int k = 0; k < 60; k++)
        maxstax_step(m, in, FRAME);
    save = maxstax_match_save(m);
    maxstax_match_free(m);
    m = maxstax_match_load(save, &deck, err, sizeof err);
    assert_non_null(m);
    t = maxstax_tape_new_saved(2, save);
    in[1].x = 12.5;
    in[1].y = 3.5;
    in[1].actions = MAXSTAX_IN_GRAB;
    maxstax_tape_step(t, m, in, FRAME);
    in[1].actions = 0;
    for (int k = 0; k < 120; k++)
        maxstax_tape_step(t, m, in, FRAME);
    text = maxstax_tape_write(t);
    assert_non_null(strstr(text, "\nstart saved\nload "));
    maxstax_tape_free(t);
    t = maxstax_tape_read(text, err, sizeof err);
    assert_non_null(t);
    again = maxstax_tape_play(t, &deck, err, sizeof err);
    assert_non_null(again);
    same_blocks(m, again);
    free(save);
    free(text);
    maxstax_match_free(m);
    maxstax_match_free(again);
    maxstax_tape_free(t);
}

static void test_malformed_refused(void **state)
{
#define HEAD "maxstax-tape 1\nrules 1\nplayers 2\n"
#define NEW "start new\ngame speedstax\nstars 1 3\nsnap 1\nround-seconds 0\nturn-mask 0\nfirst-creator -1\nlevels 0 2\nseed 4\n"
    static const struct {
        const char *text, *why;
    } bad[] = {
        {"maxstax-tape 2\n", "tape line 1, field 2: tape version 2 is not supported"},
        {"maxstax-tape 1\nrules 2\n",
         "tape line 2, field 2: the tape was played by MAXSTAX rules version 2; this build plays version 1"},
        {"maxstax-tape 1\nrules 1\nplayers 5\n", "tape line 3, field 2: 'players N': expected 2..4, got \"5\""},
        {HEAD "start now\n", "tape line 4, field 1: expected 'start new' or 'start saved'"},
        {HEAD "start new\ngame maxstax\n",
         "tape line 5, field 2: expected speedstax, samestax or swapstax, got \"maxstax\""},
        {HEAD "start new\ngame speedstax\nstars 1 3\nsnap 2\n",
         "tape line 7, field 2: 'snap ON': expected 0..1, got \"2\""},
        {HEAD "start new\ngame speedstax\nstars 1 3\nsnap 1\nround-seconds nan\n",
         "tape line 8, field 2: 'round-seconds S': expected a finite number of at least 0, got \"nan\""},
        {HEAD NEW "tick 1 = 1,2\nticks 1\nend\n", "tape line 13, field 5: seat 1's input is missing"},
        {HEAD NEW "tick 1 = 1,2 3,4 5,6\nticks 1\nend\n", "tape line 13, field 6: more seats than 2"},
        {HEAD NEW "tick 0 = = =\nticks 0\nend\n",
         "tape line 13, field 2: 'tick COUNT DT SEAT...': expected 1..5184000, got \"0\""},
        {HEAD NEW "tick 1 = 1;2 =\nticks 1\nend\n", "tape line 13, field 4: seat 0: expected '=' or 'X,Y', then"},
        {HEAD NEW "tick 1 = =a99 =\nticks 1\nend\n",
         "tape line 13, field 4: seat 0: expected '=' or 'X,Y', then 'aN' (0..15)"},
        {HEAD NEW "tick 2 = = =\nticks 3\nend\n", "tape line 14, field 2: 'ticks N': the tape has 2 ticks, not 3"},
        {HEAD NEW "swap 0 7\nticks 0\nend\n", "tape line 13, field 3: 'swap SEAT WITH': expected -2..1, got \"7\""},
        {HEAD NEW "place 0 99 1 2 3\nticks 0\nend\n",
         "tape line 13, field 3: 'place SEAT BLOCK X Y ANGLE': expected 0..23"},
        {HEAD NEW "jump 3\nticks 0\nend\n",
         "tape line 13, field 1: expected tick, swap, snap, place, compose, played, load, stackoff or ticks, got \"jump\""},
        {HEAD NEW "ticks 0\n", "tape line 14: the tape ends early"},
        {HEAD NEW "ticks 0\nend\nmore\n", "tape line 14, field 1: expected 'end'"},
        {HEAD "start saved\ntick 1 = = =\nticks 1\nend\n",
         "tape line 5, field 1: a tape that starts saved starts with 'load'"},
        {HEAD "start saved\nload 3\nx\n", "tape line 7: the tape ends early"},
        {HEAD "start saved\nload 1\nx", "tape line 7: the tape ends early"},
        /* textin's number rule: no leading zero, no '+', a '-' only where the range has negatives, never "-0". */
        {HEAD NEW "tick 01 = = =\nticks 1\nend\n",
         "tape line 13, field 2: 'tick COUNT DT SEAT...': expected 1..5184000, got \"01\""},
        {HEAD NEW "tick 1 = =a01 =\nticks 1\nend\n", "tape line 13, field 4: seat 0: expected '=' or 'X,Y', then"},
        {HEAD "start new\ngame speedstax\nstars 1 +3\n",
         "tape line 6, field 3: 'stars MIN MAX': expected 0..100, got \"+3\""},
        {HEAD "start new\ngame speedstax\nstars 1 3\nsnap -1\n",
         "tape line 7, field 2: 'snap ON': expected 0..1, got \"-1\""},
        {HEAD "start new\ngame speedstax\nstars 1 3\nsnap 1\nround-seconds 0\nturn-mask 0\nfirst-creator -0\n",
         "tape line 10, field 2: 'first-creator SEAT': expected -1..1, got \"-0\""},
        {HEAD "start new\ngame speedstax\nstars 1 3\nsnap 1\nround-seconds 0\nturn-mask 0\nfirst-creator -1\n"
              "levels 0 2\nseed 04\n",
         "tape line 12, field 2: 'seed N': expected digits, no leading zero, got \"04\""},
    };
    char err[256];
    (void)state;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        maxstax_tape *t;
        err[0] = 0;
        t = maxstax_tape_read(bad[i].text, err, sizeof err);
        if (t || strncmp(err, bad[i].why, strlen(bad[i].why)) != 0)
            fail_msg("bad tape %zu: '%s', not '%s'", i, t ? "(read)" : err, bad[i].why);
    }
    /* A '-' where the range admits it, and every seat's word form, read. */
    {
        maxstax_tape *t = maxstax_tape_read(HEAD NEW "tick 1 = =t-1 -0.5,1e-05a3t2\nticks 1\nend\n", err, sizeof err);
        if (!t)
            fail_msg("%s", err);
        maxstax_tape_free(t);
    }
    /* Read, but it does not play: the match refuses the swap (not SWAPSTAX). */
    {
        maxstax_tape *t = maxstax_tape_read(HEAD NEW "swap 0 -1\nticks 0\nend\n", err, sizeof err);
        assert_non_null(t);
        assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
        assert_null(maxstax_tape_play(t, &deck, err, sizeof err));
        assert_string_equal(err, "tape event 1: seat 0 may not swap with -1 then");
        maxstax_tape_free(t);
    }
#undef HEAD
#undef NEW
}

/* A match composed to its end, a tie and its stack-off, plays again from
 * its tape's text: the same rounds, winner and phase. */
static void test_composed_end_replays(void **state)
{
    static const int played[5][4] = {{2, 1}, {1, 2}, {2, 1}, {1, 2}, {0, 0}};
    maxstax_setup setup;
    maxstax_match *m = new_match(&setup, 3), *again;
    maxstax_tape *t = maxstax_tape_new(&setup, 3), *read;
    char err[256], *text;
    (void)state;
    assert_int_equal(maxstax_tape_played(t, m, 5, played, err, sizeof err), 0);
    assert_int_equal(maxstax_match_rounds(m)->phase, SPEEDSTAX_STACKOFF);
    assert_int_equal(maxstax_tape_stackoff(t, m, 1, err, sizeof err), 0);
    assert_true(maxstax_match_over(m));
    text = maxstax_tape_write(t);
    assert_non_null(text);
    assert_non_null(strstr(text, "\nplayed 5 2 1 1 2 2 1 1 2 0 0\nstackoff 1\n"));
    read = maxstax_tape_read(text, err, sizeof err);
    assert_non_null(read);
    again = maxstax_tape_play(read, &deck, err, sizeof err);
    assert_non_null(again);
    assert_true(maxstax_match_over(again));
    assert_int_equal(maxstax_match_rounds(again)->winner, 1);
    assert_int_equal(maxstax_match_rounds(again)->round, 6);
    assert_memory_equal(maxstax_match_rounds(again)->round_points, maxstax_match_rounds(m)->round_points,
                        sizeof maxstax_match_rounds(m)->round_points);
    maxstax_match_free(again);
    maxstax_tape_free(read);
    maxstax_tape_free(t);
    free(text);
    maxstax_match_free(m);
}

/* Kept as it goes (#28 mxtape): the text written on from a mark, laid over
 * what was written before at the mark's bytes, is the whole text at every
 * point of a match of two computers (runs of ticks that grow, a load, the
 * square-up setting), and a piece holds only what was taped since; the
 * moves count each let-go and claim once. */
static void test_written_as_it_goes(void **state)
{
    maxstax_setup setup;
    maxstax_match *m = new_match(&setup, 9);
    maxstax_tape *t = maxstax_tape_new(&setup, 9);
    maxstax_tape_mark mark = {0, 0};
    maxstax_bot bots[2];
    char *kept = calloc(1, 1), *whole, *piece;
    size_t biggest = 0;
    long lets = 0, pieces = 0;
    unsigned was[2] = {0, 0};
    (void)state;
    for (int p = 0; p < 2; p++)
        maxstax_bot_init(&bots[p], p, 2, 5 + (uint64_t)p);
    for (int k = 1; k <= 2400; k++) {
        maxstax_input in[SPEEDSTAX_MAX_PLAYERS];
        memset(in, 0, sizeof in);
        for (int p = 0; p < 2; p++) {
            maxstax_bot_think(&bots[p], m, FRAME, &in[p]);
            lets += (in[p].actions & ~was[p] & (MAXSTAX_IN_RELEASE | MAXSTAX_IN_CLAIM)) != 0;
            was[p] = in[p].actions;
        }
        maxstax_tape_step(t, m, in, FRAME);
        if (k == 600)
            maxstax_tape_snap(t, m, 0);
        if (k == 1200) {
            /* a resume: the match goes on from its save */
            char *save = maxstax_match_save(m), err[256];
            maxstax_match *back = maxstax_match_load(save, &deck, err, sizeof err);
            assert_non_null(back);
            maxstax_tape_load(t, save);
            maxstax_match_free(m);
            m = back;
            free(save);
        }
        if (k % 37 && k % 600)
            continue;
        {
            size_t at = mark.at, len;
            piece = maxstax_tape_write_on(t, &mark);
            assert_non_null(piece);
            assert_true(mark.at >= at && at <= strlen(kept));
            len = strlen(piece);
            biggest = len > biggest ? len : biggest;
            kept = realloc(kept, at + len + 1);
            memcpy(kept + at, piece, len + 1);
            free(piece);
            pieces++;
        }
        whole = maxstax_tape_write(t);
        assert_string_equal(kept, whole);
        free(whole);
    }
    assert_int_equal(maxstax_tape_moves(t), lets);
    assert_true(lets > 4);
    /* 37 ticks of two hands on the move and the end: a few kilobytes, never the whole. */
    assert_true(biggest < strlen(kept) / 8);
    fprintf(stderr, "tape kept as it goes: %ld pieces, at most %zu bytes, %zu in all; %ld moves\n", pieces, biggest,
            strlen(kept), lets);
    free(kept);
    maxstax_tape_free(t);
    maxstax_match_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_text_is_compact),
        cmocka_unit_test(test_tape_from_a_save),
        cmocka_unit_test(test_malformed_refused),
        cmocka_unit_test(test_composed_end_replays),
        cmocka_unit_test(test_written_as_it_goes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
