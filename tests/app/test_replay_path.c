// ctest-label: screens
/* The replay screen on the player's path (#28): `stackhouse --replay FILE`
 * opens a whole match's file (tests/core/matchfile_util.h plays one, and
 * match_file_write writes it), and real SDL events drive it, by mouse
 * (tests/scripts/replay_mouse.txt), by controller (replay_pad.txt) and by
 * keyboard (replay_keys.txt); the trace says where the replay stands
 * (`replay at N/M`), its speed, play and pause, and that Exit went back. A
 * tampered file exits 2 naming its line. Goldens of STAX, SPEEDSTAX, 9 STAX,
 * Stakz and Stack-A-Track replays nine steps in, at 1024x768, 1280x720 and
 * 3840x2160. */
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
#include "screencheck.h"
#include "testenv.h"
#include "../core/matchfile_util.h"

#define GAME STACKHOUSE_BINARY_DIR "/stackhouse"

/* A whole match of mode id written as a match file in the scratch folder;
 * its path into path, its length (moves or ticks) into *len. */
static void write_match(const char *id, int players, uint64_t seed, char *path, size_t n, long *len)
{
    match_info mi;
    mf_final fin;
    char *body, *text;
    FILE *f;
    mf_match(id, players, seed, &mi, &body, &fin);
    text = match_file_write(&mi, body);
    assert_non_null(text);
    snprintf(path, n, "%s/%s.match", testenv_game_tmp(), id);
    f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    *len = mi.moves;
    free(text);
    free(body);
    free(fin.text);
}

/* Runs the replay of path on script name; the trace (exit status 0 expected). */
static char *play(const char *path, const char *name, const char *window)
{
    char args[600];
    char *t;
    snprintf(args, sizeof args, "--replay %s --window %s", path, window);
    t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, name, args, name);
    assert_non_null(t);
    return t;
}

static void expect_in_order(const char *t, const char *const *want, int n, const char *what)
{
    const char *missing = testenv_missing_in_order(t, want, n);
    if (missing)
        fail_msg("%s: '%s' not traced in order:\n%s", what, missing, t);
}

#define END_AT (-1) /* in a path's cursor: the replay's end */

/* Replays a whole match of mode id on script (at window) and expects its
 * trace to hold, in order, the replay opening, "replay at N/M" for each of
 * cursor[0..nc) and then then[0..nt); the trace (caller frees) and the
 * match's length in *len. */
static char *expect_path(const char *id, int players, uint64_t seed, const char *script, const char *window,
                         const long *cursor, int nc, const char *const *then, int nt, long *len)
{
    char path[400], lines[24][64];
    const char *want[24];
    char *t;
    int n = 0;
    write_match(id, players, seed, path, sizeof path, len);
    t = play(path, script, window);
    snprintf(lines[n], 64, "replay open %s %s %ld", id, registry_find(id)->rules ? "moves" : "ticks", *len);
    want[n] = lines[n];
    n++;
    for (int i = 0; i < nc && n < 24; i++, n++) {
        snprintf(lines[n], 64, "replay at %ld/%ld", cursor[i] == END_AT ? *len : cursor[i], *len);
        want[n] = lines[n];
    }
    for (int i = 0; i < nt && n < 24; i++)
        want[n++] = then[i];
    expect_in_order(t, want, n, script);
    return t;
}

static void test_by_mouse(void **state)
{
    static const long at[] = {1, 2, END_AT, 0};
    static const char *const then[] = {"replay speed 2", "replay playing", "replay paused", "replay exit",
                                       "scene picker"};
    char line[64];
    long len, n = -1, m;
    char *t = expect_path("stax", 2, 81, "replay_mouse", "1280x720", at, 4, then, 5, &len);
    (void)state;
    /* played at 2x for 2.5 s: a move at least every 2.5 s / 2 */
    testenv_line_after(strstr(t, "replay playing"), "replay at ", 1, line, sizeof line);
    assert_int_equal(sscanf(line, "%ld/%ld", &n, &m), 2);
    assert_true(n >= 2 && m == len);
    free(t);
}

static void test_by_controller(void **state)
{
    static const long at[] = {60, 120, 60, END_AT, 0};
    static const char *const then[] = {"replay speed 2", "replay playing", "replay paused", "replay exit",
                                       "scene picker"};
    long len;
    char *t = expect_path("speedstax", 2, 82, "replay_pad", "1280x720", at, 5, then, 5, &len);
    (void)state;
    assert_non_null(strstr(t, "replay end ")); /* the end's note: rounds, scores and the blocks' checksum */
    free(t);
}

static void test_by_keyboard(void **state)
{
    static const long at[] = {1, 2, 1, END_AT, 0};
    static const char *const then[] = {"replay speed 4", "replay playing", "replay paused", "replay exit",
                                       "scene picker"};
    long len;
    (void)state;
    free(expect_path("9stax", 3, 83, "replay_keys", "1024x768", at, 5, then, 5, &len));
}

/* A file whose record was tampered with: exit 2, the line named, no replay. */
static void test_bad_file(void **state)
{
    char path[400], bad[450], cmd[1200], *text, *err;
    long len;
    (void)state;
    write_match("stax", 2, 84, path, sizeof path, &len);
    text = testenv_slurp(path);
    /* the first move made another: no longer legal from the start */
    {
        char *p = strstr(text, "\nmoves ");
        assert_non_null(p);
        p = strchr(p + 1, '\n');
        p = strchr(p + 1, '\n'); /* cursor */
        assert_non_null(p);
        p = strchr(p + 1, ' ');
        assert_non_null(p);
        memcpy(p + 1, "a1-h8", 5);
    }
    snprintf(bad, sizeof bad, "%s/bad.match", testenv_game_tmp());
    {
        FILE *f = fopen(bad, "w");
        fputs(text, f);
        fclose(f);
    }
    snprintf(cmd, sizeof cmd, "%s --replay %s --frames 2 --screenshot %s/bad.png 2>%s/bad.err >/dev/null", GAME, bad,
             testenv_game_tmp(), testenv_game_tmp());
    assert_int_equal(testenv_run(cmd), 2);
    snprintf(cmd, sizeof cmd, "%s/bad.err", testenv_game_tmp());
    err = testenv_slurp(cmd);
    if (!strstr(err, "match file line "))
        fail_msg("no line named:\n%s", err);
    assert_non_null(strstr(err, "cannot replay"));
    free(err);
    free(text);
}

/* Goldens: replays nine steps in, at three sizes: STAX and SPEEDSTAX, and
 * the three views that hid their controls in a replay (9 STAX, Stakz and
 * Stack-A-Track: no End turn, Turn over or Pass, nobody "You"). */
static void test_goldens(void **state)
{
    static const char *const sizes[] = {"1024x768", "1280x720", "3840x2160"};
    static const struct {
        const char *id;
        int players;
    } modes[] = {{"stax", 2}, {"speedstax", 2}, {"9stax", 3}, {"stakz", 3}, {"stackatrack", 3}};
    (void)state;
    for (int i = 0; i < (int)(sizeof modes / sizeof modes[0]); i++) {
        char path[400], name[64], png[400];
        long len;
        write_match(modes[i].id, modes[i].players, 85 + (uint64_t)i, path, sizeof path, &len);
        for (int k = 0; k < 3; k++) {
            SDL_Surface *g, *c;
            uint8_t small[GOLD_W * GOLD_H * 4];
            char *t = play(path, "golden_replay", sizes[k]), want[64];
            snprintf(want, sizeof want, "replay at %d/%ld", registry_find(modes[i].id)->rules ? 9 : 540, len);
            assert_non_null(strstr(t, want));
            free(t);
            snprintf(png, sizeof png, "%s/golden_replay.png", testenv_game_tmp());
            g = IMG_Load(png);
            assert_non_null(g);
            c = SDL_ConvertSurfaceFormat(g, SDL_PIXELFORMAT_ABGR8888, 0);
            assert_non_null(c);
            assert_int_equal(c->pitch, c->w * 4);
            check_not_blank(c->pixels, c->w, c->h);
            downscale(c->pixels, c->w, c->h, small);
            snprintf(name, sizeof name, "replay-%s-%s", modes[i].id, sizes[k]);
            compare_golden(small, name);
            if (getenv("STACKHOUSE_KEEP_SHOTS")) {
                char keep[500];
                snprintf(keep, sizeof keep, "%s/%s.png", getenv("STACKHOUSE_KEEP_SHOTS"), name);
                IMG_SavePNG(g, keep);
            }
            SDL_FreeSurface(c);
            SDL_FreeSurface(g);
        }
    }
    /* the checks of the in-process screens (text hooks) do not apply to a run of the binary */
    (void)check_hint_bar_clear;
    (void)check_text_inside;
    (void)check_text_sizes;
    (void)mf_final_of; /* the match file tests' */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_by_mouse),   cmocka_unit_test(test_by_controller), cmocka_unit_test(test_by_keyboard),
        cmocka_unit_test(test_bad_file),   cmocka_unit_test(test_goldens),
    };
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
