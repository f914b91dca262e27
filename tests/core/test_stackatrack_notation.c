/* Stack-A-Track notation, the CLI contract of issue 13: positions and moves
 * round trip from games of 2 to 4 seats, moves are listed once each,
 * malformed text is refused with a message, a seeded-mutation fuzz of the
 * position and move parsers (every input is read whole or refused; nothing crashes;
 * run under ASan too), and the CLI itself (exit 2, nothing on stdout). */
#include "track_testutil.h"

#include <stdlib.h>
#include <sys/wait.h>

#ifndef FUZZ_ROUNDS
#define FUZZ_ROUNDS 4000 /* a big batch: -DFUZZ_ROUNDS=... */
#endif

/* Positions met in random games of 2 to 4 seats, with and without quarter
 * turns; returns how many (each TRACK_POSITION_MAX long). */
static int sample_positions(char (*out)[TRACK_POSITION_MAX], int max)
{
    int n = 0;
    for (int players = 2; players <= 4; players++)
        for (int quarter = 0; quarter <= 1; quarter++) {
            track_state s;
            char err[256];
            game_params p = track_params(players, quarter, 1);
            rng r;
            rng_seed(&r, (uint64_t)(players * 2 + quarter));
            assert_int_equal(stackatrack_rules.init(&s, &p, (uint64_t)players, err, sizeof err), 0);
            for (int ply = 0; stackatrack_rules.current_player(&s) >= 0; ply++) {
                game_move mv[GAME_MAX_MOVES];
                if (ply % 5 == 0 && n < max)
                    stackatrack_rules.position_write(&s, out[n++], TRACK_POSITION_MAX);
                int k = stackatrack_rules.legal_moves(&s, mv, GAME_MAX_MOVES);
                stackatrack_rules.apply(&s, &mv[rng_below(&r, (uint32_t)k)]);
            }
            if (n < max)
                stackatrack_rules.position_write(&s, out[n++], TRACK_POSITION_MAX);
        }
    return n;
}

/* Writing, reading and writing again gives the same text and hash; every
 * legal move is listed once, and reads back from its words to itself. */
static void test_round_trip(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++)
        for (int quarter = 0; quarter <= 1; quarter++) {
            track_state s, t;
            char err[256], a[TRACK_POSITION_MAX], b[TRACK_POSITION_MAX];
            game_params p = track_params(players, quarter, 1);
            rng r;
            rng_seed(&r, (uint64_t)players * 7 + (uint64_t)quarter);
            assert_int_equal(stackatrack_rules.init(&s, &p, 99 + (uint64_t)players, err, sizeof err), 0);
            for (int ply = 0; stackatrack_rules.current_player(&s) >= 0; ply++) {
                game_move mv[GAME_MAX_MOVES];
                static char words[GAME_MAX_MOVES][64];
                assert_true(stackatrack_rules.position_write(&s, a, sizeof a) > 0);
                if (stackatrack_rules.position_read(&t, &p, a, err, sizeof err) != 0)
                    fail_msg("%s\n%s", err, a);
                stackatrack_rules.position_write(&t, b, sizeof b);
                assert_string_equal(a, b);
                assert_true(stackatrack_rules.hash(&s) == stackatrack_rules.hash(&t));
                int k = stackatrack_rules.legal_moves(&s, mv, GAME_MAX_MOVES);
                assert_true(k > 0 && k < GAME_MAX_MOVES);
                for (int i = 0; i < k; i++) {
                    game_move back;
                    assert_true(stackatrack_rules.move_write(&s, &mv[i], words[i], sizeof words[i]) > 0);
                    if (stackatrack_rules.move_read(&t, words[i], &back, err, sizeof err) != 0)
                        fail_msg("%s", err);
                    assert_memory_equal(&back, &mv[i], sizeof back);
                    for (int j = 0; j < i; j++)
                        assert_string_not_equal(words[i], words[j]);
                }
                stackatrack_rules.apply(&s, &mv[rng_below(&r, (uint32_t)k)]);
            }
        }
}

static void test_fields(void **state)
{
    (void)state;
    track_state s;
    game_move mv[GAME_MAX_MOVES];
    /* Hands sort in ASCII order; faces and arcs in T R B L order. */
    track_load(&s, NULL, "2;BT/-/LR+TB/-/-/-;TB:RL.RL:RB.B+T:R/-/TR:L;0,-3,12");
    track_expect(&s, "2;TB/-/TB+RL/-/-/-;RL:RB.T+B:R.TB:RL/-/TR:L;0,-3,12");
    /* Two of a block give the moves of one. */
    track_load(&s, NULL, "1;-/-/-/-/-/-;RL:RB.RL:RB/-;0,0");
    int two = stackatrack_rules.legal_moves(&s, mv, GAME_MAX_MOVES);
    track_load(&s, NULL, "1;-/-/-/-/-/-;RL:RB/-;0,0");
    assert_int_equal(stackatrack_rules.legal_moves(&s, mv, GAME_MAX_MOVES), two);
    assert_int_equal(two, 24);
    /* "start": the fixed deal of the CLI, 2 seats of 18. */
    track_load(&s, NULL, "start");
    assert_int_equal(s.players, 2);
    assert_int_equal(s.nhand[0] + s.nhand[1], 36);
}

static void expect_position_error(const char *text)
{
    track_state s;
    char err[256] = "";
    memset(&s, 0x5a, sizeof s);
    track_state before = s;
    if (stackatrack_rules.position_read(&s, NULL, text, err, sizeof err) != -1)
        fail_msg("accepted: '%s'", text);
    assert_true(strlen(err) > 0);
    assert_memory_equal(&s, &before, sizeof s);
}

static void test_bad_positions(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "",
        "1",
        "0;-/-/-/-/-/-;-/-;0,0",
        "3;-/-/-/-/-/-;-/-;0,0",
        "01;-/-/-/-/-/-;-/-;0,0",
        "1;-/-/-/-/-;-/-;0,0",
        "1;-/-/-/-/-/-/-;-/-;0,0",
        "1;X/-/-/-/-/-;-/-;0,0",
        "1;TT/-/-/-/-/-;-/-;0,0",
        "1;T+T/-/-/-/-/-;-/-;0,0",
        "1;TB+/-/-/-/-/-;-/-;0,0",
        "1;+TB/-/-/-/-/-;-/-;0,0",
        "1;TB./-/-/-/-/-;-/-;0,0",
        "1;TB..TB/-/-/-/-/-;-/-;0,0",
        "1;TB.TB.TB.TB.TB.TB.TB/-/-/-/-/-;-/-;0,0",
        "1;-/-/-/-/-/-;-;0",
        "1;-/-/-/-/-/-;-/-/-/-/-;0,0,0,0,0",
        "1;-/-/-/-/-/-;RL/-;0,0",
        "1;-/-/-/-/-/-;RL:/-;0,0",
        "1;-/-/-/-/-/-;:RL/-;0,0",
        "1;-/-/-/-/-/-;RL:RB:TB/-;0,0",
        "1;-/-/-/-/-/-;RL:RB./-;0,0",
        "1;-/-/-/-/-/-;-/-;0",
        "1;-/-/-/-/-/-;-/-;0,0,0",
        "1;-/-/-/-/-/-;-/-;0,x",
        "1;-/-/-/-/-/-;-/-;+1,0",
        "1;-/-/-/-/-/-;-/-;-0,0",
        "1;-/-/-/-/-/-;-/-;0,0;",
        "1;-/-/-/-/-/-;-/-;99999,0",
        "1;-/-/-/-/-/-;--/-;0,0",
        "1;--/-/-/-/-/-;-/-;0,0",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect_position_error(bad[i]);
    /* 22 different blocks: more moves than one list holds. */
    char many[1024] = "1;-/-/-/-/-/-;";
    const char *faces[] = {"T", "R", "B", "L", "TR", "RB", "BL", "TL", "TB", "RL", "TB+RL", "TL+RB", "TR+BL"};
    for (int i = 0; i < 22; i++)
        snprintf(many + strlen(many), sizeof many - strlen(many), "%s%s:%s", i ? "." : "", faces[i % 13],
                 faces[i / 13 + 1]);
    strcat(many, "/-;0,0");
    expect_position_error(many);
    /* A 3-seat position for a 2-seat game. */
    game_params p = track_params(2, 0, 1);
    track_state s;
    char err[256];
    assert_int_equal(stackatrack_rules.position_read(&s, &p, "1;-/-/-/-/-/-;-/-/-;0,0,0", err, sizeof err), -1);
}

static void test_bad_moves(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "", "Pass", "pass ", "RL:RB", "RL:RB@", "RL:RB@3", "RL:RB@0F", "RL:RB@7F", "RL:RB@3X", "RL:RB@3F0",
        "RL:RB@3F4", "RL:RB@3F2x", "RL:RB@3F1", "RL:RB@3B3", "RL@3F", "RL:RB:RB@3F", "TB:BL@3F", "RL:RB 3F",
        "@3F", "pass",
    };
    track_state s;
    track_load(&s, NULL, "1;-/-/TB.TB.TB.TB.TB.TB/-/-/-;RL:RB/TB:BL;0,0");
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        game_move m;
        char err[256] = "";
        if (stackatrack_rules.move_read(&s, bad[i], &m, err, sizeof err) != -1)
            fail_msg("accepted: '%s'", bad[i]);
        assert_true(strlen(err) > 0);
    }
    game_move m;
    char err[256];
    assert_int_equal(stackatrack_rules.move_read(&s, "RL:RB@3F", &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "full"));
    /* Arcs in any order name the same block. */
    assert_int_equal(stackatrack_rules.move_read(&s, "LR:BR@2B2", &m, err, sizeof err), 0);
}

/* Seeded edits of valid text: characters of the notation changed or put
 * in, spans deleted or repeated. */
static void fuzz_edit(rng *r, char *buf, size_t cap)
{
    static const char alphabet[] = "TRBL+.:/;,-0123456789@FBx ";
    size_t len = strlen(buf);
    for (int e = 1 + (int)rng_below(r, 4); e > 0; e--) {
        size_t at = len ? rng_below(r, (uint32_t)len) : 0, span = 1 + rng_below(r, 10);
        int op = (int)rng_below(r, 4);
        if (op == 0 && len) {
            buf[at] = alphabet[rng_below(r, sizeof alphabet - 1)];
        } else if (op == 1 && len + 1 < cap) {
            memmove(buf + at + 1, buf + at, len - at + 1);
            buf[at] = alphabet[rng_below(r, sizeof alphabet - 1)];
            len++;
        } else if (op == 2 && at + span <= len) {
            memmove(buf + at, buf + at + span, len - at - span + 1);
            len -= span;
        } else if (op == 3 && at + span <= len && len + span < cap) {
            memmove(buf + at + span, buf + at, len - at + 1);
            len += span;
        }
    }
}

static void test_position_fuzz(void **state)
{
    (void)state;
    static char pos[64][TRACK_POSITION_MAX];
    int n = sample_positions(pos, 64), accepted = 0;
    rng r;
    rng_seed(&r, 2026);
    assert_true(n > 20);
    for (int i = 0; i < FUZZ_ROUNDS; i++) {
        char buf[TRACK_POSITION_MAX], a[TRACK_POSITION_MAX], b[TRACK_POSITION_MAX], err[256] = "";
        track_state s, t;
        snprintf(buf, sizeof buf, "%s", pos[rng_below(&r, (uint32_t)n)]);
        fuzz_edit(&r, buf, sizeof buf);
        if (stackatrack_rules.position_read(&s, NULL, buf, err, sizeof err) != 0) {
            assert_true(strlen(err) > 0);
            continue;
        }
        accepted++;
        if (stackatrack_rules.check_invariants(&s, err, sizeof err) != 0)
            fail_msg("%s: %s", buf, err);
        assert_true(stackatrack_rules.position_write(&s, a, sizeof a) > 0);
        assert_int_equal(stackatrack_rules.position_read(&t, NULL, a, err, sizeof err), 0);
        stackatrack_rules.position_write(&t, b, sizeof b);
        assert_string_equal(a, b);
        game_move mv[GAME_MAX_MOVES], m;
        int k = stackatrack_rules.legal_moves(&s, mv, GAME_MAX_MOVES);
        if (k > 0) {
            /* A legal move's words, edited: read whole and legal, or refused. */
            char words[64];
            stackatrack_rules.move_write(&s, &mv[rng_below(&r, (uint32_t)k)], words, sizeof words);
            fuzz_edit(&r, words, sizeof words);
            if (stackatrack_rules.move_read(&s, words, &m, err, sizeof err) == 0)
                assert_int_equal(stackatrack_rules.apply(&t, &m), 0);
            assert_int_equal(stackatrack_rules.apply(&s, &mv[rng_below(&r, (uint32_t)k)]), 0);
        }
        assert_int_equal(stackatrack_rules.check_invariants(&s, err, sizeof err), 0);
    }
    assert_true(accepted > 0 && accepted < FUZZ_ROUNDS);
}

/* Runs the CLI; returns its exit status, with stdout in out. */
static int cli(const char *args, char *out, size_t n)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s/stackhouse-cli %s 2>/dev/null", STACKHOUSE_BINARY_DIR, args);
    FILE *f = popen(cmd, "r");
    assert_non_null(f);
    size_t got = fread(out, 1, n - 1, f);
    out[got] = 0;
    int st = pclose(f);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void test_cli(void **state)
{
    (void)state;
    char out[8192];
    assert_int_equal(cli("apply stackatrack '1;-/-/-/-/-/-;RL:RB.TB:BL/RB:R;0,0' RL:RB@3B2", out, sizeof out), 0);
    assert_string_equal(out, "2;-/-/TL/-/-/-;TB:BL/RB:R;0,0\nresult: ongoing\n");
    assert_int_equal(cli("apply stackatrack '1;RL/RL/RL/RL/RL/RL;TB:TB/TB:TB/-;4,1,4'", out, sizeof out), 0);
    assert_string_equal(out, "1;RL/RL/RL/RL/RL/RL;TB:TB/TB:TB/-;4,1,4\nresult: 1 3\n");
    assert_int_equal(cli("legal stackatrack '1;RL/RL/RL/RL/RL/RL;TB:TB/RL:RL;0,0'", out, sizeof out), 0);
    assert_string_equal(out, "pass\n");
    assert_int_equal(cli("legal stackatrack '2;RL/RL/RL/RL/RL/TB.TB.TB.TB.TB.TB;-/TL:TB.TL:TB;0,0'", out, sizeof out),
                     0);
    /* Two of TL:TB, once each; RB and TB would meet the bare tops. */
    assert_string_equal(out, "TL:TB@1F\nTL:TB@2F\nTL:TB@3F\nTL:TB@4F\nTL:TB@5F\n");
    /* Illegal or malformed: exit 2, nothing on stdout. */
    static const char *const bad[] = {
        "apply stackatrack '1;-/-/-/-/-/-;RL:RB/RB:R;0,0' RL:RB@3F1",
        "apply stackatrack '1;-/-/-/-/-/-;RL:RB/RB:R;0,0' RB:R@3F",
        "apply stackatrack '1;-/-/-/-/-/-;RL:RB/RB:R;0,0' pass",
        "apply stackatrack '1;-/-/-/-/-/-;RL:RB/RB:R;0'",
        "legal stackatrack '1;-/-/-/-/-/-;RL:RB/RB:R'",
        "perft stackatrack nonsense 1",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(cli(bad[i], out, sizeof out), 2);
        assert_string_equal(out, "");
    }
    assert_int_equal(cli("perft stackatrack '1;-/-/-/-/-/-;RL:RB/RB:R;0,0' 2", out, sizeof out), 0);
    /* Worked by hand: after RL (F, F2) or RB (B), RB:R fits 118 ways over the
     * six columns; after TL (B2), 106: 2 x 118 + 118 + 106. */
    assert_string_equal(out, "460\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),   cmocka_unit_test(test_fields),        cmocka_unit_test(test_bad_positions),
        cmocka_unit_test(test_bad_moves),    cmocka_unit_test(test_position_fuzz), cmocka_unit_test(test_cli),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
