/* Game records: save, load and replay give the same state; malformed or
 * illegal records are refused without touching the record; undo and redo. */
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
        "stackhouse-record 2\ngame stax\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\n"
        "seed 5\nmoves 0\ncursor 0\nend\n",
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_undo_redo),
        cmocka_unit_test(test_malformed_rejected),
        cmocka_unit_test(test_start_position),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
