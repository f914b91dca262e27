/* Every notation reader follows core/textin's one rule for numbers: a
 * leading zero, a '+' or "-0" is refused in every game, a '-' only where the
 * field may be negative (Stack-A-Track's scores). And a mutation fuzz of
 * every game's position, move and record readers: no crash, a refused text
 * leaves the state (or the record) as it was, an accepted position writes
 * back to a text that reads to itself. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/record.h"
#include "core/registry.h"
#include "core/rng.h"
#include "../fuzz/fuzz_mutate.h"

#define TEXT 4096

static const game_rules *rules_of(const char *id)
{
    const game_info *gi = registry_find(id);
    assert_non_null(gi);
    assert_non_null(gi->rules);
    return gi->rules;
}

/* Whether id's position_read takes text (for players seats). */
static int reads(const char *id, int players, const char *text)
{
    const game_rules *g = rules_of(id);
    game_params p;
    char err[256] = "";
    void *st = malloc(g->state_size);
    assert_non_null(st);
    game_params_default(g, &p, players);
    int rc = g->position_read(st, &p, text, err, sizeof err);
    free(st);
    if (rc < 0)
        assert_true(strlen(err) > 0);
    return rc == 0;
}

static void test_zeros_and_signs_agree(void **state)
{
    (void)state;
    /* The new-deal words: the same in both games that have them. */
    static const char *const ids[] = {"stakz", "9stax"};
    for (int i = 0; i < 2; i++) {
        assert_true(reads(ids[i], 2, "start:2:0"));
        assert_true(reads(ids[i], 2, "start:2:18446744073709551615"));
        assert_false(reads(ids[i], 2, "start:02"));
        assert_false(reads(ids[i], 2, "start:+2"));
        assert_false(reads(ids[i], 2, "start:2:07"));
        assert_false(reads(ids[i], 2, "start:2:-1"));
        assert_false(reads(ids[i], 2, "start:2:18446744073709551616"));
    }
    /* Stakz: seat, totals and bonus stacks. */
    assert_true(reads("stakz", 2, "1;r1/o2;r3/o1;-;0,10;-"));
    assert_false(reads("stakz", 2, "01;r1/o2;r3/o1;-;0,10;-"));
    assert_false(reads("stakz", 2, "+1;r1/o2;r3/o1;-;0,10;-"));
    assert_false(reads("stakz", 2, "1;r1/o2;r3/o1;-;0,010;-"));
    assert_false(reads("stakz", 2, "1;r1/o2;r3/o1;-;-0,10;-"));
    /* 9 STAX: the same rule in its key=value fields (it took "02" before). */
    char text[TEXT], bad[TEXT];
    const game_rules *g = rules_of("9stax");
    game_params p;
    void *st = malloc(g->state_size);
    char err[256];
    assert_non_null(st);
    game_params_default(g, &p, 2);
    assert_int_equal(g->position_read(st, &p, "start:2:5", err, sizeof err), 0);
    assert_true(g->position_write(st, text, sizeof text) > 0);
    free(st);
    assert_true(reads("9stax", 2, text));
    static const char *const nine_edits[][2] = {
        {"players=2", "players=02"}, {"passes=0", "passes=00"}, {"passes=0", "passes=-0"}, {"passes=0", "passes=+0"},
        {"p1=1:", "p1=01:"},
    };
    for (size_t i = 0; i < sizeof nine_edits / sizeof nine_edits[0]; i++) {
        const char *at = strstr(text, nine_edits[i][0]);
        assert_non_null(at);
        snprintf(bad, sizeof bad, "%.*s%s%s", (int)(at - text), text, nine_edits[i][1], at + strlen(nine_edits[i][0]));
        if (reads("9stax", 2, bad))
            fail_msg("9 STAX accepted '%s'", nine_edits[i][1]);
    }
    /* Stack-A-Track: scores may be negative, written as "-3", never "-03" or "-0". */
    assert_true(reads("stackatrack", 2, "1;-/-/-/-/-/-;TB:TB/TB:TB;0,-3"));
    assert_false(reads("stackatrack", 2, "1;-/-/-/-/-/-;TB:TB/TB:TB;0,-03"));
    assert_false(reads("stackatrack", 2, "1;-/-/-/-/-/-;TB:TB/TB:TB;0,-0"));
    assert_false(reads("stackatrack", 2, "1;-/-/-/-/-/-;TB:TB/TB:TB;0,+3"));
    assert_false(reads("stackatrack", 2, "01;-/-/-/-/-/-;TB:TB/TB:TB;0,0"));
    assert_false(reads("stackatrack", 2, "-1;-/-/-/-/-/-;TB:TB/TB:TB;0,0"));
}

static void test_record_numbers(void **state)
{
    (void)state;
    game_record rec;
    char err[256];
    static const char *const bad[] = {
        "stackhouse-record 01\ngame stax\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\nseed 1\nmoves 0\ncursor 0\nend\n",
        "stackhouse-record 1\ngame stax\nplayers 02\noption draw_repetition 1\noption draw_fifty 1\nseed 1\nmoves 0\ncursor 0\nend\n",
        "stackhouse-record 1\ngame stax\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\nseed 01\nmoves 0\ncursor 0\nend\n",
        "stackhouse-record 1\ngame stax\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\nseed 1\nmoves -0\ncursor 0\nend\n",
        "stackhouse-record 1\ngame stax\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\nseed 1\nmoves 0\ncursor +0\nend\n",
    };
    memset(&rec, 0, sizeof rec);
    assert_int_equal(record_read(&rec, "stackhouse-record 1\ngame stax\nplayers 2\noption draw_repetition 1\noption draw_fifty 1\nseed 1\nmoves 0\ncursor 0\nend\n",
                                 err, sizeof err),
                     0);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (record_read(&rec, bad[i], err, sizeof err) == 0)
            fail_msg("accepted:\n%s", bad[i]);
        assert_non_null(strstr(err, "record line "));
    }
    assert_int_equal(record_read(&rec, bad[1], err, sizeof err), -1);
    assert_string_equal(err, "record line 3, field 2: expected 1..4, got \"02\"");
    record_free(&rec);
}

/* Positions along a random game of g from its start: up to n texts. */
static int sample(const game_rules *g, const game_params *p, uint64_t seed, char (*out)[TEXT], int n)
{
    char err[256];
    game_move mv[GAME_MAX_MOVES];
    void *st = malloc(g->state_size);
    int k = 0;
    rng r;
    assert_non_null(st);
    rng_seed(&r, seed);
    assert_int_equal(g->init(st, p, seed, err, sizeof err), 0);
    while (k < n && g->position_write(st, out[k], TEXT) > 0) {
        int m = g->legal_moves(st, mv, GAME_MAX_MOVES);
        k++;
        if (m <= 0 || g->apply(st, &mv[rng_below(&r, (uint32_t)m)]) < 0)
            break;
    }
    free(st);
    return k;
}

static const fuzz_mutator text_mutator = {";:,./=-+0123456789 rbRBpsTRLFx@>\n", 34, 4, 12};

static void fuzz_game(const game_rules *g, uint64_t seed)
{
    static char pos[24][TEXT];
    char buf[TEXT], again[TEXT], err[256];
    game_params p;
    game_move mv[GAME_MAX_MOVES], m;
    unsigned char *st = malloc(g->state_size), *before = malloc(g->state_size), *t = malloc(g->state_size);
    rng r;
    assert_true(st && before && t);
    game_params_default(g, &p, g->min_players);
    int n = sample(g, &p, seed, pos, 24);
    rng_seed(&r, seed);
    for (int k = 0; k < 400; k++) {
        const char *from = pos[rng_below(&r, (uint32_t)n)];
        size_t len = strlen(from);
        memcpy(buf, from, len + 1);
        fuzz_mutate(&text_mutator, &r, buf, len, sizeof buf);
        memset(st, 0xAB, g->state_size);
        memcpy(before, st, g->state_size);
        err[0] = 0;
        if (g->position_read(st, &p, buf, err, sizeof err) < 0) {
            assert_true(strlen(err) > 0);
            assert_memory_equal(st, before, g->state_size); /* refused: untouched */
            continue;
        }
        /* Accepted: its canonical text reads back to itself. */
        assert_true(g->position_write(st, again, sizeof again) > 0);
        if (g->position_read(t, &p, again, err, sizeof err) < 0)
            fail_msg("%s: '%s' read, but its text '%s' did not: %s", g->id, buf, again, err);
        assert_true(g->position_write(t, buf, sizeof buf) > 0);
        assert_string_equal(buf, again);
        /* Moves: a mutated move is refused, or it is legal here. */
        int nm = g->legal_moves(st, mv, GAME_MAX_MOVES);
        if (nm <= 0 || g->move_write(st, &mv[rng_below(&r, (uint32_t)nm)], buf, sizeof buf) < 0)
            continue;
        fuzz_mutate(&text_mutator, &r, buf, strlen(buf), 64);
        memcpy(before, st, g->state_size);
        if (g->move_read(st, buf, &m, err, sizeof err) == 0)
            assert_int_equal(g->apply(st, &m), 0);
        else
            assert_memory_equal(st, before, g->state_size);
    }
    free(st);
    free(before);
    free(t);
}

static void test_fuzz_positions_and_moves(void **state)
{
    (void)state;
    for (int i = 0; i < registry_count(); i++) {
        const game_rules *g = registry_get(i)->rules;
        if (g && g->position_read && g->position_write && g->move_read)
            fuzz_game(g, 100 + (uint64_t)i);
    }
}

/* Mutated records: refused with a message naming the line, the record kept. */
static void test_fuzz_records(void **state)
{
    (void)state;
    rng r;
    rng_seed(&r, 5);
    for (int i = 0; i < registry_count(); i++) {
        const game_rules *g = registry_get(i)->rules;
        game_record rec, back;
        game_params p;
        game_move mv[GAME_MAX_MOVES];
        char err[256], buf[16384];
        if (!g)
            continue;
        game_params_default(g, &p, g->min_players);
        assert_int_equal(record_init(&rec, g->id, &p, 9, err, sizeof err), 0);
        void *st = malloc(g->state_size);
        assert_int_equal(g->init(st, &p, 9, err, sizeof err), 0);
        for (int k = 0; k < 12; k++) {
            int n = g->legal_moves(st, mv, GAME_MAX_MOVES);
            if (n <= 0 || record_play(&rec, st, &mv[rng_below(&r, (uint32_t)n)], err, sizeof err) < 0)
                break;
        }
        free(st);
        char *text = record_write(&rec);
        assert_non_null(text);
        memset(&back, 0, sizeof back);
        assert_int_equal(record_read(&back, text, err, sizeof err), 0);
        char *kept = record_write(&back);
        for (int k = 0; k < 60; k++) {
            size_t len = strlen(text);
            assert_true(len < sizeof buf / 2);
            memcpy(buf, text, len + 1);
            fuzz_mutate(&text_mutator, &r, buf, len, sizeof buf);
            if (record_read(&back, buf, err, sizeof err) == 0) {
                free(kept);
                kept = record_write(&back);
                continue;
            }
            assert_non_null(strstr(err, "record"));
            char *now = record_write(&back);
            assert_string_equal(now, kept);
            free(now);
        }
        free(kept);
        free(text);
        record_free(&back);
        record_free(&rec);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_zeros_and_signs_agree),
        cmocka_unit_test(test_record_numbers),
        cmocka_unit_test(test_fuzz_positions_and_moves),
        cmocka_unit_test(test_fuzz_records),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
