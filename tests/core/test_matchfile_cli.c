/* stackhouse-cli replay FILE (#28): for a whole match of each of the seven
 * modes written as a match file, the built CLI prints the final position the
 * record plays to (the rules' notation, as apply prints it) or the MAXSTAX
 * standings, and the result; a tampered or malformed file exits 2 with the
 * line it names on stderr and nothing on stdout. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/matchfile.h"
#include "core/matchplay.h"
#include "cli_testutil.h"
#include "matchfile_util.h"

#define CLI STACKHOUSE_BINARY_DIR "/stackhouse-cli"
#define DIR STACKHOUSE_BINARY_DIR "/matchfile_cli_files"

static char out_text[65536], err_text[4096];

/* Runs stackhouse-cli replay on path (NULL: no argument); its exit status,
 * with stdout and stderr in out_text and err_text. */
static int replay(const char *path)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s' replay %s%s%s", CLI, path ? "'" : "", path ? path : "", path ? "'" : "");
    return cli_run(cmd, DIR "/out", DIR "/err", out_text, sizeof out_text, err_text, sizeof err_text);
}

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void test_every_mode(void **state)
{
    (void)state;
    mkdir(DIR, 0755);
    for (int i = 0; i < registry_count(); i++) {
        const game_info *gi = registry_get(i);
        int players = gi->max_players > 2 ? 3 : 2;
        match_info mi;
        mf_final fin;
        char *body, *text, path[512], want[8300];
        mf_match(gi->id, players, 90 + (uint64_t)i, &mi, &body, &fin);
        text = match_file_write(&mi, body);
        snprintf(path, sizeof path, "%s/%s.stackhouse.txt", DIR, gi->id);
        put(path, text);
        if (replay(path) != 0)
            fail_msg("%s: %s", gi->id, err_text);
        assert_string_equal(err_text, "");
        snprintf(want, sizeof want, "%s, %d seats, finished after %d %s", gi->id, players, mi.moves,
                 gi->rules ? "moves" : "ticks");
        assert_non_null(strstr(out_text, want));
        if (gi->rules) {
            /* the position the match ended in, on a line of its own */
            snprintf(want, sizeof want, "\n%s\nresult: ", fin.text);
            assert_non_null(strstr(out_text, want));
        } else {
            for (int s = 0; s < players; s++) {
                snprintf(want, sizeof want, "seat %d: %s (computer hard): %d points, place %d\n", s + 1,
                         mi.seat[s].name, mi.seat[s].score, mi.seat[s].place + 1);
                assert_non_null(strstr(out_text, want));
            }
            assert_non_null(strstr(out_text, "\nresult: "));
        }
        fprintf(stderr, "replay %s:\n%s", gi->id, out_text);
        free(fin.text);
        free(text);
        free(body);
    }
}

static void test_bad_files(void **state)
{
    match_info mi;
    char *body, *text, *at;
    (void)state;
    mkdir(DIR, 0755);
    mf_turns(registry_find("stax"), 2, 5, -1, &mi, &body, NULL);
    text = match_file_write(&mi, body);
    /* the result tampered: seat 2 made the winner */
    at = strstr(text, "\nplaces ");
    assert_non_null(at);
    at[8] = at[8] == '1' ? '2' : '1';
    put(DIR "/tampered.txt", text);
    assert_int_equal(replay(DIR "/tampered.txt"), 2);
    assert_string_equal(out_text, "");
    assert_non_null(strstr(err_text, "tampered.txt: match file line 14: tampered: the record gives places"));
    /* not a match file */
    put(DIR "/notes.txt", "shopping list\n");
    assert_int_equal(replay(DIR "/notes.txt"), 2);
    assert_non_null(strstr(err_text, "match file line 1: not a Stackhouse match file"));
    assert_int_equal(replay(DIR "/missing.txt"), 2);
    assert_non_null(strstr(err_text, "could not open"));
    assert_int_equal(replay(NULL), 2);
    assert_non_null(strstr(err_text, "usage: stackhouse-cli replay FILE"));
    free(text);
    free(body);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_mode),
        cmocka_unit_test(test_bad_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
