/* The MAXSTAX replay (#28): a tape played again by maxstax_replay, for each
 * of the three modes, reaches the match's own end when stepped tick by
 * tick, and when it jumps (to the end, the middle, back to the start) it
 * lands at once and, once the exact match has caught up behind the scenes,
 * shows exactly the match as played there. The turn-based modes' replay is
 * the record's (tests/app/test_replay.c drives the screen for all seven). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/matchfile.h"
#include "core/matchplay.h"
#include "games/maxstax/rules/maxstax_replay.h"
#include "matchfile_util.h"

/* Shows the replay's match, exact, at tick (seek, then the catching up). */
static char *exact_at(maxstax_replay *r, long tick)
{
    char err[256];
    int rounds = 0;
    if (maxstax_replay_seek(r, tick, err, sizeof err) != 0)
        fail_msg("seek %ld: %s", tick, err);
    assert_int_equal(maxstax_replay_at(r), tick);
    while (!maxstax_replay_exact(r) && rounds++ < 100000)
        maxstax_replay_work(r, 0.004);
    assert_true(maxstax_replay_exact(r));
    assert_int_equal(maxstax_replay_at(r), tick);
    return mf_maxstax_end(maxstax_replay_match(r));
}

static void test_maxstax_replays(void **state)
{
    static const struct {
        const char *id;
        int players;
    } modes[] = {{"speedstax", 2}, {"samestax", 2}, {"swapstax", 3}};
    maxstax_deck deck;
    char err[256];
    (void)state;
    assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        match_info mi;
        mf_final fin;
        char *body, *end, *mid_stepped, *mid_jumped, *start;
        maxstax_replay *r;
        long ticks, mid;
        mf_match(modes[i].id, modes[i].players, 60 + i, &mi, &body, &fin);
        r = maxstax_replay_new(body, &deck, err, sizeof err);
        if (!r)
            fail_msg("%s: %s", modes[i].id, err);
        ticks = maxstax_replay_ticks(r);
        mid = ticks / 2 + 7;
        assert_int_equal(ticks, mi.moves);
        assert_int_equal(maxstax_replay_at(r), 0);
        assert_true(maxstax_replay_exact(r));
        /* Open at once: only the start laid; the rest come behind the scenes or on the way to a jump. */
        assert_int_equal(maxstax_replay_checkpoints(r), 1);
        start = mf_maxstax_end(maxstax_replay_match(r));
        /* Stepped on a tick at a time, through the middle to the end: exact all the way. */
        mid_stepped = NULL;
        for (long t = 1; t <= ticks; t++) {
            if (maxstax_replay_seek(r, t, err, sizeof err) != 0)
                fail_msg("%s tick %ld: %s", modes[i].id, t, err);
            assert_true(maxstax_replay_exact(r));
            if (t == mid)
                mid_stepped = mf_maxstax_end(maxstax_replay_match(r));
        }
        end = mf_maxstax_end(maxstax_replay_match(r));
        assert_string_equal(end, fin.text);
        assert_true(maxstax_match_over(maxstax_replay_match(r)));
        {
            /* the match file's own reading of the body ends there too */
            match_end e;
            mf_final back;
            if (match_end_play(&mi, body, 1, &e, err, sizeof err) != 0)
                fail_msg("%s: %s", modes[i].id, err);
            mf_final_of(&e, &back);
            assert_string_equal(back.text, end);
            free(back.text);
            match_end_free(&e);
        }
        free(end);
        /* Jumps: back to the start (exact at once), to the middle and to the end. */
        assert_int_equal(maxstax_replay_seek(r, 0, err, sizeof err), 0);
        assert_true(maxstax_replay_exact(r));
        end = mf_maxstax_end(maxstax_replay_match(r));
        assert_string_equal(end, start);
        free(end);
        assert_int_equal(maxstax_replay_seek(r, mid, err, sizeof err), 0);
        assert_false(maxstax_replay_exact(r)); /* landed from a checkpoint: near, not yet exact */
        mid_jumped = exact_at(r, mid);
        assert_non_null(mid_stepped);
        assert_string_equal(mid_jumped, mid_stepped);
        end = exact_at(r, ticks);
        assert_string_equal(end, fin.text);
        free(end);
        /* From the end back to the middle: the exact match starts again behind the scenes. */
        free(mid_jumped);
        mid_jumped = exact_at(r, mid);
        assert_string_equal(mid_jumped, mid_stepped);
        /* The jumps laid the checkpoints on their way; working lays the rest, then rests. */
        assert_true(maxstax_replay_checkpoints(r) > 1);
        for (int k = 0; k < 100000 && !maxstax_replay_idle(r); k++)
            maxstax_replay_work(r, 0.004);
        assert_true(maxstax_replay_idle(r));
        assert_int_equal(maxstax_replay_checkpoints(r), ticks / MAXSTAX_REPLAY_CHECK_EVERY + 1);
        /* Out of range: clamped. */
        assert_int_equal(maxstax_replay_seek(r, ticks + 500, err, sizeof err), 0);
        assert_int_equal(maxstax_replay_at(r), ticks);
        fprintf(stderr, "replay %s: %ld ticks, %d checkpoints, stepped and jumped to the same ends\n", modes[i].id,
                ticks, maxstax_replay_checkpoints(r));
        free(mid_jumped);
        free(mid_stepped);
        free(start);
        free(fin.text);
        free(body);
        maxstax_replay_free(r);
    }
}

/* The checkpoints are laid lazily (#28: opening a five-minute replay took
 * 0.3-0.5 s): a replay opens with only its start laid; a jump to the middle
 * before the rest exist plays on to it from the nearest laid and lays those
 * on the way; a frame's work lays more without moving what is shown; once
 * all are laid a jump lands from one of them; every landing, made exact,
 * is the match as stepped there. */
static void test_maxstax_replay_lazy(void **state)
{
    maxstax_deck deck;
    match_info mi;
    mf_final fin;
    char err[256], *body, *stepped, *jumped, *later;
    maxstax_replay *r;
    long ticks, mid, end_cp;
    int laid;
    (void)state;
    assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
    mf_match("speedstax", 2, 71, &mi, &body, &fin);
    r = maxstax_replay_new(body, &deck, err, sizeof err);
    if (!r)
        fail_msg("%s", err);
    ticks = maxstax_replay_ticks(r);
    end_cp = ticks / MAXSTAX_REPLAY_CHECK_EVERY + 1;
    mid = ticks / 2 + 11;
    assert_true(end_cp > 4);
    assert_int_equal(maxstax_replay_checkpoints(r), 1);
    assert_false(maxstax_replay_idle(r)); /* there is work left: the screen keeps waking */
    /* A jump before they exist: laid up to the nearest on the way, no further. */
    assert_int_equal(maxstax_replay_seek(r, mid, err, sizeof err), 0);
    assert_int_equal(maxstax_replay_at(r), mid);
    laid = maxstax_replay_checkpoints(r);
    assert_int_equal(laid, mid / MAXSTAX_REPLAY_CHECK_EVERY + 1);
    jumped = exact_at(r, mid);
    /* A frame's work lays more and leaves the match shown where it was. */
    maxstax_replay_work(r, 0.0);
    assert_true(maxstax_replay_checkpoints(r) > laid);
    assert_int_equal(maxstax_replay_at(r), mid);
    later = mf_maxstax_end(maxstax_replay_match(r));
    assert_string_equal(later, jumped);
    free(later);
    while (!maxstax_replay_idle(r))
        maxstax_replay_work(r, 0.004);
    assert_int_equal(maxstax_replay_checkpoints(r), end_cp);
    /* Stepped there from the start, exact all the way: the same match. */
    assert_int_equal(maxstax_replay_seek(r, 0, err, sizeof err), 0);
    for (long t = 0; t < mid; t += MAXSTAX_REPLAY_ON)
        assert_int_equal(maxstax_replay_seek(r, t + MAXSTAX_REPLAY_ON < mid ? t + MAXSTAX_REPLAY_ON : mid, err, sizeof err), 0);
    assert_true(maxstax_replay_exact(r));
    stepped = mf_maxstax_end(maxstax_replay_match(r));
    assert_string_equal(stepped, jumped);
    /* From the end, all laid: the same landing again. */
    assert_int_equal(maxstax_replay_seek(r, ticks, err, sizeof err), 0);
    later = exact_at(r, mid);
    assert_string_equal(later, stepped);
    free(later);
    free(stepped);
    free(jumped);
    free(fin.text);
    free(body);
    maxstax_replay_free(r);
}

/* Read a part at a time: a tape with a bad line three quarters through
 * opens at once (only its start is read), plays and jumps before the bad
 * line, and a jump past it is refused naming the tape's line, the replay
 * standing where it was. */
static void test_maxstax_replay_reads_lazily(void **state)
{
    maxstax_deck deck;
    match_info mi;
    mf_final fin;
    char err[256], *body, *bad;
    maxstax_replay *r;
    long ticks;
    int line = 1;
    (void)state;
    assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
    mf_match("speedstax", 2, 73, &mi, &body, &fin);
    /* the first tick line past three quarters of the text, its count made "x" */
    bad = strstr(body + strlen(body) * 3 / 4, "\ntick ");
    assert_non_null(bad);
    memcpy(bad + 6, "x", 1);
    for (const char *c = maxstax_replay_tape_text(body); c <= bad; c++)
        line += *c == '\n'; /* the tape's own line numbers */
    r = maxstax_replay_new(body, &deck, err, sizeof err);
    if (!r)
        fail_msg("%s", err);
    ticks = maxstax_replay_ticks(r);
    assert_int_equal(ticks, mi.moves); /* as the text says */
    assert_int_equal(maxstax_replay_seek(r, ticks / 2, err, sizeof err), 0);
    assert_int_equal(maxstax_replay_at(r), ticks / 2);
    assert_int_equal(maxstax_replay_seek(r, ticks, err, sizeof err), -1);
    {
        char want[64];
        snprintf(want, sizeof want, "tape line %d", line);
        if (!strstr(err, want))
            fail_msg("expected '%s' in: %s", want, err);
    }
    assert_int_equal(maxstax_replay_at(r), ticks / 2);
    assert_non_null(maxstax_replay_match(r));
    /* behind the scenes the pass stops at the bad line and the screen may rest */
    for (int k = 0; k < 100000 && !maxstax_replay_idle(r); k++)
        maxstax_replay_work(r, 0.004);
    assert_true(maxstax_replay_idle(r));
    assert_true(maxstax_replay_checkpoints(r) < ticks / MAXSTAX_REPLAY_CHECK_EVERY + 1);
    free(fin.text);
    free(body);
    maxstax_replay_free(r);
}

/* A tape that is not there, or not a tape: the reason, and no replay. */
static void test_maxstax_replay_refuses(void **state)
{
    maxstax_deck deck;
    char err[256];
    (void)state;
    assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
    assert_null(maxstax_replay_new("stackhouse-maxstax 1\n", &deck, err, sizeof err));
    assert_string_equal(err, "the match holds no tape");
    assert_null(maxstax_replay_new("maxstax-tape 1\nrules 99\n", &deck, err, sizeof err));
    assert_non_null(strstr(err, "tape line"));
    assert_null(maxstax_replay_tape_text(NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_maxstax_replays),
        cmocka_unit_test(test_maxstax_replay_lazy),
        cmocka_unit_test(test_maxstax_replay_reads_lazily),
        cmocka_unit_test(test_maxstax_replay_refuses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
