/* `stackhouse-cli review FILE` (#28): each move's number, mover, move, the
 * mover's chance before -> after, and the mark with the preferred move; a
 * file that is not a record exits 2 with a message and prints nothing on
 * stdout.
 * Runs the built stackhouse-cli. */
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

#include "core/matchfile.h"
#include "core/registry.h"

#include "review_fixture.h"
#define CLI STACKHOUSE_BINARY_DIR "/stackhouse-cli"

static char out_text[65536], path[64];

/* Writes text to a file of this test's and runs `review` on it through a
 * pipe; returns the exit status with what it printed in out_text (stderr
 * after stdout when err_too). */
static int review_file(const char *text, int err_too)
{
    char cmd[512];
    snprintf(path, sizeof path, "/tmp/review-cli-%d.txt", (int)getpid());
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "'%s' review %s %s", CLI, path, err_too ? "2>&1" : "2>/dev/null");
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t got = fread(out_text, 1, sizeof out_text - 1, p);
    out_text[got] = 0;
    int status = pclose(p);
    remove(path);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}


static void test_review_prints_marks(void **state)
{
    (void)state;
    if (review_file(review_tall_record, 1) != 0)
        fail_msg("exit status, output: %s", out_text);
    print_message("%s", out_text);
    char *line2 = strchr(out_text, '\n');
    assert_non_null(line2);
    assert_int_equal(strncmp(out_text, "review of stax, 2 moves\n", 24), 0);
    /* move 1: number, mover, move, chances, the mark and the move preferred */
    char seat[16], move[32], mark[32], best[32];
    int k, before, after;
    assert_int_equal(sscanf(line2 + 1, "%d %15s %31s %d%% -> %d%% %31[a-z], best %31s", &k, seat, move, &before,
                            &after, mark, best),
                     7);
    assert_int_equal(k, 1);
    assert_string_equal(seat, "red");
    assert_string_equal(move, "c3-d4");
    assert_true(before >= 50);
    assert_true(after <= 10);
    assert_string_equal(mark, "blunder");
    assert_string_not_equal(best, "c3-d4");
    /* move 2: Blue's forced capture, not marked */
    char *line3 = strchr(line2 + 1, '\n');
    assert_non_null(line3);
    assert_int_equal(sscanf(line3 + 1, "%d %15s %31s %d%% -> %d%% %31s", &k, seat, move, &before, &after, mark), 6);
    assert_int_equal(k, 2);
    assert_string_equal(seat, "blue");
    assert_string_equal(move, "e5xc3");
    assert_string_equal(mark, "forced");
    assert_null(strstr(line3, "best"));
}

/* A match file, as the history exports it: the record is its body. */
static void test_review_match_file(void **state)
{
    (void)state;
    match_info mi;
    memset(&mi, 0, sizeof mi);
    snprintf(mi.mode, sizeof mi.mode, "stax");
    registry_params_default(registry_find("stax"), &mi.params, 2);
    for (int s = 0; s < 2; s++) {
        snprintf(mi.seat[s].name, sizeof mi.seat[s].name, "Player %d", s + 1);
        mi.seat[s].place = -1;
    }
    mi.seed = 5;
    mi.started = 1795756375;
    mi.status = MATCH_PLAYING;
    mi.moves = 2;
    mi.played_ms = 2000;
    char *file = match_file_write(&mi, review_tall_record);
    assert_non_null(file);
    if (review_file(file, 1) != 0)
        fail_msg("exit status, output: %s", out_text);
    assert_int_equal(strncmp(out_text, "review of stax, 2 moves\n", 24), 0);
    assert_non_null(strstr(out_text, "c3-d4"));
    assert_non_null(strstr(out_text, "blunder, best "));
    /* a tampered file is refused with its line named */
    file[strlen(MATCH_FILE_MAGIC) - 1] = 'X';
    assert_int_equal(review_file(file, 1), 2);
    assert_non_null(strstr(out_text, "line 1"));
    free(file);
}

static void test_review_bad_file(void **state)
{
    (void)state;
    assert_int_equal(review_file("stackhouse-record 2\ngame nosuchgame\n", 0), 2);
    assert_string_equal(out_text, ""); /* nothing on stdout */
    assert_int_equal(review_file("stackhouse-record 2\ngame nosuchgame\n", 1), 2);
    assert_non_null(strstr(out_text, "stackhouse-cli: review:"));
    char cmd[256];
    snprintf(cmd, sizeof cmd, "'%s' review /nonexistent/file >/dev/null 2>&1", CLI);
    int status = system(cmd);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_review_prints_marks),
        cmocka_unit_test(test_review_match_file),
        cmocka_unit_test(test_review_bad_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
