/* Start-up (#27): the first frame waits for nothing audio (the device opens
 * after it), the timeline gives each step's CPU beside its wall time, and
 * `stackhouse-cli bench startup` runs a baseline build beside ours, one for
 * one, reporting CPU as well as wall time (on a loaded machine the wall
 * clock mostly measures the other processes). */
// ctest-label: screens (runs the game binary: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testenv.h"

#define GAME STACKHOUSE_BINARY_DIR "/stackhouse"
#define CLI STACKHOUSE_BINARY_DIR "/stackhouse-cli"

/* The timeline of three frames: the first frame is submitted before the
 * audio device opens, and each mark carries its CPU time. */
static void test_first_frame_before_audio(void **state)
{
    char err[400], cmd[1200], *t, *frame, *audio;
    double wall = -1, cpu = -1, proc = -1;
    (void)state;
    snprintf(err, sizeof err, "%s/timeline.err", testenv_game_tmp());
    snprintf(cmd, sizeof cmd,
             "cd / && STACKHOUSE_PREF_DIR=%s STACKHOUSE_LOG=debug SDL_AUDIODRIVER=dummy %s --scene picker "
             "--window 1280x720 --frames 3 2>%s >/dev/null",
             testenv_game_tmp(), GAME, err);
    assert_int_equal(testenv_run(cmd), 0);
    t = testenv_slurp(err);
    frame = strstr(t, "start-up: first frame submitted at ");
    audio = strstr(t, "start-up: audio ready at ");
    assert_non_null(frame);
    assert_non_null(audio);
    assert_true(frame < audio);
    assert_int_equal(sscanf(frame, "start-up: first frame submitted at %lf ms (CPU %lf ms main thread, %lf ms process)",
                            &wall, &cpu, &proc),
                     3);
    assert_true(wall > 0 && cpu > 0 && proc >= cpu);
    free(t);
}

/* The bench with a baseline: the same scenario for both builds (here the
 * same binary), each line with its wall and CPU medians. */
static void test_bench_startup_with_baseline(void **state)
{
    char out[400], cmd[1200], *t, *p;
    double ms = -1, ratio = -1, cpu = -1;
    (void)state;
    snprintf(out, sizeof out, "%s/bench_startup.txt", testenv_game_tmp());
    snprintf(cmd, sizeof cmd, "cd / && %s bench startup --runs 1 --only startup_picker_1080p --baseline %s >%s",
             CLI, GAME, out);
    assert_int_equal(testenv_run(cmd), 0);
    t = testenv_slurp(out);
    assert_non_null(strstr(t, "peer_window_1080p: "));
    assert_null(strstr(t, "run_picker_720p")); /* --only */
    for (int line = 0; line < 2; line++) {
        p = strstr(t, line ? "\nbaseline startup_picker_1080p: " : "\nstartup_picker_1080p: ");
        assert_non_null(p);
        p = strchr(p + 1, ':');
        assert_int_equal(sscanf(p, ": %lf ms (%lfx the peer", &ms, &ratio), 2);
        p = strstr(p, "CPU ");
        assert_non_null(p);
        assert_int_equal(sscanf(p, "CPU %lf ms", &cpu), 1);
        assert_true(ms > 0 && ratio > 0 && cpu > 0);
    }
    free(t);
    /* A scenario that is not one, or a baseline that is not a program: refused. */
    snprintf(cmd, sizeof cmd, "%s bench startup --only no_such 2>/dev/null", CLI);
    assert_int_equal(testenv_run(cmd), 2);
    snprintf(cmd, sizeof cmd, "%s bench startup --baseline /nonexistent 2>/dev/null", CLI);
    assert_int_equal(testenv_run(cmd), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_frame_before_audio),
        cmocka_unit_test(test_bench_startup_with_baseline),
    };
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
