/* The CLI contract of Stakz (issue 12): `legal` prints each move once in
 * ASCII order; `apply` prints the position and the result words (ongoing,
 * the winning seat, or the seats sharing the win); malformed or illegal
 * input exits 2 with a message on stderr and nothing on stdout; selfplay
 * checks the invariants. Runs the built stackhouse-cli. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli_testutil.h"

#define CLI STACKHOUSE_BINARY_DIR "/stackhouse-cli"

static char out_text[65536], err_text[4096];

/* Runs stackhouse-cli with args (already quoted for the shell); returns its
 * exit status, with stdout and stderr in out_text and err_text. */
static int cli(const char *args)
{
    char cmd[2048], out[64], err[64];
    snprintf(out, sizeof out, "/tmp/stakz-cli-%d.out", (int)getpid());
    snprintf(err, sizeof err, "/tmp/stakz-cli-%d.err", (int)getpid());
    snprintf(cmd, sizeof cmd, "'%s' %s", CLI, args);
    return cli_run(cmd, out, err, out_text, sizeof out_text, err_text, sizeof err_text);
}

static void test_games(void **state)
{
    (void)state;
    assert_int_equal(cli("games"), 0);
    assert_non_null(strstr(out_text, "stakz\n"));
}

static void test_legal(void **state)
{
    (void)state;
    assert_int_equal(cli("legal stakz '1;r1/o2;r3.g2.b4.r2/g1;b1.g3;0,0;-'"), 0);
    assert_string_equal(out_text, "end:b\nend:g\ng2>2\nr2>1\nr2>2\nr3>1\n");
    /* Two copies of a tile in hand: each move once. */
    assert_int_equal(cli("legal stakz '2;r1/o2;g4/o1.o1.b5;-;0,0;-'"), 0);
    assert_string_equal(out_text, "end\no1>1\no1>2\n");
    assert_int_equal(cli("legal stakz '1;r1/o2;-/o1;-;0,12;-'"), 0);
    assert_string_equal(out_text, "");
}

static void test_apply(void **state)
{
    (void)state;
    assert_int_equal(cli("apply stakz '1;r1/o2;r3.g2.b4/g1;b1.g3;0,0;-' 'r3>1' end:g"), 0);
    assert_string_equal(out_text, "2;r1.r3/o2;g2.g3.b4/g1;b1;0,0;-\nresult: ongoing\n");
    assert_int_equal(cli("apply stakz '1;r1/o2;r3/o1.o3.g2;-;0,9;-' 'r3>1'"), 0);
    assert_string_equal(out_text, "1;r1.r3/o2;-/o1.o3.g2;-;0,12;-\nresult: 1\n");
    assert_int_equal(cli("apply stakz '1;r1/o2;r3/o1/o3;-;5,11,4;-' 'r3>1'"), 0);
    assert_non_null(strstr(out_text, ";5,12,5;-\nresult: 1 3\n"));
    /* A split inserts the top half after the stack; the bonuses follow. */
    assert_int_equal(cli("apply stakz '1;g5/r1.r2.o2.o3.g3.b3/o4;p3.p4/b1;b2;0,0;-' 'p3>2'"), 0);
    assert_string_equal(out_text, "1;g5/r1.r2.o2.o3/g3.b3.p3/o4;p4/b1;b2;0,0;2.3\nresult: ongoing\n");
    assert_int_equal(cli("apply stakz start:4:7"), 0);
    assert_non_null(strstr(out_text, "result: ongoing\n"));
}

static void test_refusals(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "apply stakz '1;r1/o2;r3/o1;-;0,0' 'r3>1'",      /* malformed position */
        "legal stakz '1;r1/o2;r3/o1;-;0,0;-;-'",
        "apply stakz '1;r1/o2;r3/o1;b1;0,0;-' 'o1>1'",   /* not in the hand */
        "apply stakz '1;r1/o2;r3/o1;b1;0,0;-' 'r3>2'",   /* matches nothing */
        "apply stakz '1;r1/o2;r3/o1;b1;0,0;-' end",      /* a colour must be chosen */
        "apply stakz '1;r1/o2;r3/o1;b1;0,0;-' 'r3>1' 'r3>1'",
        "apply stakz '1;r1/o2;r3/o1;-;0,12;-' end",      /* the game is over */
        "apply stakz '1;r1/o2;r3/o1;b1;0,0;-' bogus",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(cli(bad[i]), 2);
        assert_string_equal(out_text, "");
        assert_true(strlen(err_text) > 0);
    }
}

static void test_perft_and_selfplay(void **state)
{
    (void)state;
    assert_int_equal(cli("perft stakz '1;r1/o2;r3.g2.b4/g1;b1.g3;0,0;-' 1"), 0);
    assert_string_equal(out_text, "4\n");
    assert_int_equal(cli("selfplay stakz --players 3 --games 20 --level random"), 0);
    assert_non_null(strstr(out_text, "20 games, 20 finished, 0 invariant failures"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_games),
        cmocka_unit_test(test_legal),
        cmocka_unit_test(test_apply),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_perft_and_selfplay),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
