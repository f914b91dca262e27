/* Game records: save, load and replay give the same state; malformed or
 * illegal records are refused without touching the record; undo and redo;
 * each move keeps the time it was played; version-1 records still read. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/ai.h"
#include "core/record.h"
#include "games/stax/rules/stax.h"

static const game_rules *G = &stax_rules;

/* A record of a random STAX game of up to plies moves; st is its position. */
static void random_record(game_record *rec, stax_state *st, int plies, uint64_t seed)
{
    game_params p;
    char err[256];
    game_params_default(G, &p, 2);
    p.opt[STAX_OPT_FIFTY] = 0;
    assert_int_equal(record_init(rec, "stax", &p, seed, err, sizeof err), 0);
    assert_int_equal(G->init(st, &p, seed, err, sizeof err), 0);
    for (int k = 0; k < plies && G->current_player(st) >= 0; k++) {
        game_move m;
        record_set_clock(rec, 1500 * k + (int64_t)seed); /* a move every 1.5 s */
        assert_int_equal(ai_choose(G, st, AI_RANDOM, seed + (uint64_t)k, &m), 0);
        assert_int_equal(record_play(rec, st, &m, err, sizeof err), 0);
    }
}

static void test_round_trip(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        game_record rec, back;
        stax_state st, replayed;
        char err[256];
        random_record(&rec, &st, 60, seed);
        char *text = record_write(&rec);
        assert_non_null(text);
        memset(&back, 0, sizeof back);
        if (record_read(&back, text, err, sizeof err) != 0)
            fail_msg("%s\n%s", err, text);
        assert_string_equal(back.game, "stax");
        assert_int_equal(back.seed, seed);
        assert_int_equal(back.params.opt[STAX_OPT_FIFTY], 0);
        assert_int_equal(back.n_moves, rec.n_moves);
        assert_int_equal(back.rules_version, 1);
        assert_int_equal(back.clock, rec.clock);
        for (int k = 0; k < rec.n_moves; k++)
            assert_int_equal(back.times[k], 1500 * k + (int64_t)seed);
        assert_int_equal(record_replay(&back, back.cursor, &replayed, err, sizeof err), 0);
        assert_memory_equal(&replayed, &st, sizeof st);
        char *again = record_write(&back);
        assert_string_equal(again, text);
        free(text);
        free(again);
        record_free(&rec);
        record_free(&back);
    }
}

static void test_undo_redo(void **state)
{
    (void)state;
    game_record rec;
    stax_state st, want;
    char err[256];
    random_record(&rec, &st, 30, 99);
    int n = rec.n_moves;
    stax_state end = st;
    for (int k = 1; k <= 3; k++) {
        assert_int_equal(record_undo(&rec, &st, err, sizeof err), 0);
        assert_int_equal(record_replay(&rec, n - k, &want, err, sizeof err), 0);
        assert_memory_equal(&st, &want, sizeof st);
    }
    assert_int_equal(rec.cursor, n - 3);
    for (int k = 0; k < 3; k++)
        assert_int_equal(record_redo(&rec, &st, err, sizeof err), 0);
    assert_memory_equal(&st, &end, sizeof st);
    assert_int_equal(record_redo(&rec, &st, err, sizeof err), -1);
    /* A new move after an undo drops the redo tail. */
    assert_int_equal(record_undo(&rec, &st, err, sizeof err), 0);
    assert_int_equal(record_undo(&rec, &st, err, sizeof err), 0);
    game_move mv[GAME_MAX_MOVES];
    assert_true(G->legal_moves(&st, mv, GAME_MAX_MOVES) > 0);
    assert_int_equal(record_play(&rec, &st, &mv[0], err, sizeof err), 0);
    assert_int_equal(rec.n_moves, n - 1);
    assert_int_equal(record_redo(&rec, &st, err, sizeof err), -1);
    while (rec.cursor > 0)
        assert_int_equal(record_undo(&rec, &st, err, sizeof err), 0);
    assert_int_equal(record_undo(&rec, &st, err, sizeof err), -1);
    G->init(&want, &rec.params, rec.seed, err, sizeof err);
    assert_memory_equal(&st, &want, sizeof st);
    record_free(&rec);
}

/* A record from a composed position keeps it through write, read and undo. */
static void test_start_position(void **state)
{
    game_record rec, back;
    game_params p;
    stax_state st, re;
    game_move m;
    char err[256], pos[512];
    char *text;
    (void)state;
    game_params_default(G, &p, 2);
    assert_int_equal(record_init(&rec, "stax", &p, 7, err, sizeof err), 0);
    assert_int_equal(record_set_start(&rec, "r:c3=r,d4=b,f6=b,h8=B", err, sizeof err), 0);
    assert_int_equal(record_replay(&rec, 0, &st, err, sizeof err), 0);
    assert_int_equal(G->move_read(&st, "c3xe5xg7", &m, err, sizeof err), 0);
    assert_int_equal(record_play(&rec, &st, &m, err, sizeof err), 0);
    text = record_write(&rec);
    assert_non_null(strstr(text, "start r:c3=r,d4=b,f6=b,h8=B\n"));
    memset(&back, 0, sizeof back);
    assert_int_equal(record_read(&back, text, err, sizeof err), 0);
    assert_string_equal(back.start, rec.start);
    assert_int_equal(record_replay(&back, back.cursor, &re, err, sizeof err), 0);
    assert_int_equal(G->hash(&re), G->hash(&st));
    assert_int_equal(record_undo(&back, &re, err, sizeof err), 0);
    G->position_write(&re, pos, sizeof pos);
    assert_string_equal(pos, "r:c3=r,d4=b,f6=b,h8=B");
    /* A bad position is refused, and so is one set after moves. */
    assert_int_equal(record_set_start(&rec, "r:c3=r", err, sizeof err), -1);
    record_free(&rec);
    assert_int_equal(record_init(&rec, "stax", &p, 7, err, sizeof err), 0);
    assert_int_equal(record_set_start(&rec, "r:c4=r", err, sizeof err), -1);
    free(text);
    record_free(&rec);
    record_free(&back);
}

static void test_malformed_rejected(void **state)
{
    (void)state;
    static const char *const good =
        "stackhouse-record 1\ngame stax\nplayers 2\noption draw_repetition 1\n"
        "option draw_fifty 1\nseed 5\nmoves 2\ncursor 2\nc3-d4\nf6-e5\nend\n";
    static const char *const bad[] = {
        "",
        "stackhouse-record 3\ngame stax\nrules 1\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\n"
        "seed 5\nclock 0\nmoves 0\ncursor 0\nend\n",
        /* version 2: the rules' version, the clock, and a time on every move */
        "stackhouse-record 2\ngame stax\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\n"
        "seed 5\nclock 0\nmoves 0\ncursor 0\nend\n",
        "stackhouse-record 2\ngame stax\nrules 2\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\n"
        "seed 5\nclock 0\nmoves 0\ncursor 0\nend\n",
        "stackhouse-record 2\ngame stax\nrules 1\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\n"
        "seed 5\nmoves 0\ncursor 0\nend\n",
        "stackhouse-record 2\ngame stax\nrules 1\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\n"
        "seed 5\nclock 900\nmoves 2\ncursor 2\nc3-d4\nf6-e5\nend\n",
        "stackhouse-record 2\ngame stax\nrules 1\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\n"
        "seed 5\nclock 900\nmoves 2\ncursor 2\n500 c3-d4\n400 f6-e5\nend\n",
        "stackhouse-record 2\ngame stax\nrules 1\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\n"
        "seed 5\nclock 900\nmoves 2\ncursor 2\n500 c3-d4\n901 f6-e5\nend\n",
        "stackhouse-record 2\ngame stax\nrules 1\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\n"
        "seed 5\nclock 900\nmoves 2\ncursor 2\n-5 c3-d4\n800 f6-e5\nend\n",
        "stackhouse-record 2\ngame stax\nrules 1\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\n"
        "seed 5\nclock 900\nmoves 2\ncursor 2\n500  c3-d4\n800 f6-e5\nend\n",
        "stackhouse-recrd 1\ngame stax\n",
        "stackhouse-record 1\ngame chess\nplayers 2\n",
        "stackhouse-record 1\ngame stakz\nplayers 2\n",
        "stackhouse-record 1\ngame stax\nplayers 3\noption draw_repetition 1\noption draw_fifty 1\n"
        "seed 5\nmoves 0\ncursor 0\nend\n",
        "stackhouse-record 1\ngame stax\nplayers 2\noption draw_repetition 2\noption draw_fifty 1\n"
        "seed 5\nmoves 0\ncursor 0\nend\n",
        "stackhouse-record 1\ngame stax\nplayers 2\noption draw_fifty 1\n"
        "seed 5\nmoves 0\ncursor 0\nend\n",
        "stackhouse-record 1\ngame stax\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\n"
        "seed -5\nmoves 0\ncursor 0\nend\n",
        "stackhouse-record 1\ngame stax\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\n"
        "seed 5\nmoves 3\ncursor 2\nc3-d4\nf6-e5\nend\n",
        "stackhouse-record 1\ngame stax\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\n"
        "seed 5\nmoves 2\ncursor 3\nc3-d4\nf6-e5\nend\n",
        "stackhouse-record 1\ngame stax\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\n"
        "seed 5\nmoves 2\ncursor 2\nc3-d4\nd4-e5\nend\n",
        "stackhouse-record 1\ngame stax\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\n"
        "seed 5\nmoves 2\ncursor 2\nc3-d4\nf6-e5\n",
        "stackhouse-record 1\ngame stax\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\n"
        "seed 5\nmoves 2\ncursor 2\nc3-d4\nf6-e5\nend\nmore\n",
        "stackhouse-record 1\ngame stax\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\n"
        "seed 5x\nmoves 0\ncursor 0\nend\n",
        "stackhouse-record 1\ngame stax\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\n"
        "seed 5\nmoves 1\ncursor 0\nc3-d4 \nend\n",
    };
    game_record rec;
    stax_state st;
    char err[256];
    memset(&rec, 0, sizeof rec);
    assert_int_equal(record_read(&rec, good, err, sizeof err), 0);
    assert_int_equal(record_replay(&rec, rec.cursor, &st, err, sizeof err), 0);
    char *before = record_write(&rec);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        if (record_read(&rec, bad[i], err, sizeof err) != -1)
            fail_msg("accepted bad record %zu", i);
        assert_true(strlen(err) > 0);
        char *after = record_write(&rec);
        assert_string_equal(after, before);
        free(after);
    }
    free(before);
    record_free(&rec);
}

/* Version 1 (no rules' version, no clock, no times) still reads, as times
 * of 0, and writes back as version 2; undo and redo keep each move's time,
 * and a move played after an undo is stamped with the clock of then. */
static void test_times(void **state)
{
    static const char *const v1 =
        "stackhouse-record 1\ngame stax\nplayers 2\noption draw_repetition 1\n"
        "option draw_fifty 1\nseed 5\nmoves 2\ncursor 2\nc3-d4\nf6-e5\nend\n";
    static const char *const v2 =
        "stackhouse-record 2\ngame stax\nrules 1\nplayers 2\noption draw_repetition 1\n"
        "option draw_fifty 1\nseed 5\nclock 0\nmoves 2\ncursor 2\n0 c3-d4\n0 f6-e5\nend\n";
    game_record rec;
    stax_state st;
    game_move mv[GAME_MAX_MOVES];
    char err[256], *text;
    (void)state;
    memset(&rec, 0, sizeof rec);
    assert_int_equal(record_read(&rec, v1, err, sizeof err), 0);
    assert_int_equal(rec.rules_version, 1);
    assert_int_equal(rec.times[0], 0);
    text = record_write(&rec);
    assert_string_equal(text, v2);
    free(text);
    assert_int_equal(record_replay(&rec, rec.cursor, &st, err, sizeof err), 0);
    record_set_clock(&rec, 4000);
    assert_true(G->legal_moves(&st, mv, GAME_MAX_MOVES) > 0);
    assert_int_equal(record_play(&rec, &st, &mv[0], err, sizeof err), 0);
    assert_int_equal(rec.times[2], 4000);
    /* The clock never goes back. */
    record_set_clock(&rec, 3000);
    assert_int_equal(rec.clock, 4000);
    record_set_clock(&rec, 7000);
    assert_int_equal(record_undo(&rec, &st, err, sizeof err), 0);
    assert_int_equal(record_redo(&rec, &st, err, sizeof err), 0);
    assert_int_equal(rec.times[2], 4000); /* redone: the time it was played */
    assert_int_equal(record_undo(&rec, &st, err, sizeof err), 0);
    assert_int_equal(record_play(&rec, &st, &mv[0], err, sizeof err), 0);
    assert_int_equal(rec.times[2], 7000); /* played anew (not redone): now */
    text = record_write(&rec);
    assert_non_null(strstr(text, "\nclock 7000\nmoves 3\ncursor 3\n0 c3-d4\n0 f6-e5\n7000 "));
    record_free(&rec);
    memset(&rec, 0, sizeof rec);
    assert_int_equal(record_read(&rec, text, err, sizeof err), 0);
    assert_int_equal(rec.times[2], 7000);
    assert_int_equal(rec.clock, 7000);
    free(text);
    record_free(&rec);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_undo_redo),
        cmocka_unit_test(test_malformed_rejected),
        cmocka_unit_test(test_start_position),
        cmocka_unit_test(test_times),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
