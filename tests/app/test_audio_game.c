/* The game's sound end to end: the binary on a SPEEDSTAX script with a
 * collapse, through SDL's disk driver and the real mixer, with small Ogg
 * pieces made by sox as its soundtrack; and the same round with no music
 * files at all. */
// ctest-label: screens (runs the game binary: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "audio_disk.h"
#include "testenv.h"

#define GAME STACKHOUSE_BINARY_DIR "/stackhouse"
#define ROUND "--scene table --game speedstax --seats human,easy --position 'compose=0:99 round=6'"

/* A data folder like the build's (its parts linked), with our pieces as its
 * music when with_music; the game reads it through STACKHOUSE_DATA_DIR. */
static void data_dir(const char *name, int with_music)
{
    char dir[400], cmd[2000];
    snprintf(dir, sizeof dir, "%s/%s", testenv_game_tmp(), name);
    snprintf(cmd, sizeof cmd, "mkdir -p %s && for d in shaders assets fonts docs; do ln -sfn %s/$d %s/$d; done", dir,
             STACKHOUSE_DATA_BUILD, dir);
    assert_int_equal(testenv_run(cmd), 0);
    if (with_music) {
        snprintf(cmd, sizeof cmd, "%s/music", dir);
        assert_int_equal(disk_make_music(cmd), 0);
    }
    assert_int_equal(setenv("STACKHOUSE_DATA_DIR", dir, 1), 0);
}

/* Runs a whole round with a collapse, its sound to <tmp>/<name>.raw, and
 * checks from its trace that the tower came down and the round ended. */
static void play_to_disk(const char *name)
{
    char path[400];
    char *t;
    snprintf(path, sizeof path, "%s/%s.raw", testenv_game_tmp(), name);
    assert_int_equal(setenv("SDL_AUDIODRIVER", "disk", 1), 0);
    assert_int_equal(setenv("SDL_DISKAUDIOFILE", path, 1), 0);
    t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, name, ROUND, "speedstax_round_sound");
    assert_int_equal(setenv("SDL_AUDIODRIVER", "dummy", 1), 0);
    assert_non_null(t);
    assert_non_null(strstr(t, "speedstax collapse 0\n"));
    assert_non_null(strstr(t, "speedstax round 1 over: "));
    assert_non_null(strstr(t, "music maxstax\n"));
    free(t);
}

/* No output sample clips over a round with a tower collapse, with the
 * MAXSTAX music under it at the default volumes; and it was heard. */
static void test_collapse_never_clips(void **state)
{
    char path[400];
    long n = 0, clipped = 0;
    int peak = 0;
    short *pcm;
    (void)state;
    data_dir("data-music", 1);
    play_to_disk("clip");
    snprintf(path, sizeof path, "%s/clip.raw", testenv_game_tmp());
    assert_non_null(pcm = disk_read(path, &n));
    for (long i = 0; i < 2 * n; i++) {
        int a = pcm[i] < 0 ? -pcm[i] : pcm[i];
        peak = a > peak ? a : peak;
        clipped += pcm[i] == 32767 || pcm[i] == -32768;
    }
    free(pcm);
    print_message("%ld frames, peak %d, %ld clipped\n", n, peak, clipped);
    assert_true(n > 3 * 48000); /* seconds of sound */
    assert_true(peak > 3000);   /* the music and the blocks were heard */
    assert_int_equal(clipped, 0);
}

/* Without its music the game says so once and plays the round on. */
static void test_missing_music_plays_on(void **state)
{
    char path[400], *err, *p;
    int lines = 0;
    (void)state;
    data_dir("data-silent", 0);
    play_to_disk("silent");
    snprintf(path, sizeof path, "%s/speedstax_round_sound.err", testenv_game_tmp());
    err = testenv_slurp(path);
    for (p = err; (p = strstr(p, "no music")); p++)
        lines++;
    free(err);
    assert_int_equal(lines, 1);
}

/* The score screen as the first screen (nothing played before it): the
 * fanfare, then the menu's piece, not silence, to the end of the run. */
static void test_score_first_plays_on_after_the_fanfare(void **state)
{
    char path[400], *t;
    long n = 0;
    double rms, hz;
    short *pcm;
    (void)state;
    data_dir("data-score", 1);
    snprintf(path, sizeof path, "%s/score.raw", testenv_game_tmp());
    assert_int_equal(setenv("SDL_AUDIODRIVER", "disk", 1), 0);
    assert_int_equal(setenv("SDL_DISKAUDIOFILE", path, 1), 0);
    t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, "score", "--scene score --game 9stax", "score_fanfare_sound");
    assert_int_equal(setenv("SDL_AUDIODRIVER", "dummy", 1), 0);
    assert_non_null(t);
    assert_non_null(strstr(t, "music fanfare\n"));
    free(t);
    assert_non_null(pcm = disk_read(path, &n));
    assert_true(n > 4 * DISK_RATE);
    disk_window(pcm, n - DISK_RATE / 2, DISK_RATE / 4, &rms, &hz); /* the last half second, less its end */
    free(pcm);
    print_message("%ld frames; after the fanfare RMS %.0f at %.0f Hz\n", n, rms, hz);
    assert_true(rms > 1000);
    assert_true(fabs(hz - 220) < 15); /* the menu's piece */
}

/* Each screen names its piece and the app asks for it (traced as
 * "music NAME"): the picker the menu's, a turn-based table the table's, a
 * SPEEDSTAX round its own, the score screen the fanfare. */
static void test_screens_name_their_music(void **state)
{
    static const struct {
        const char *args, *music;
    } runs[] = {
        {"--scene picker", "music menu\n"},
        {"--scene setup --game stax", "music menu\n"},
        {"--scene table --game stax --seats human,easy", "music table\n"},
        {"--scene table --game speedstax --seats human,easy", "music maxstax\n"},
        {"--scene score --game 9stax", "music fanfare\n"},
    };
    (void)state;
    unsetenv("STACKHOUSE_DATA_DIR");
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        char cmd[1200], trace[400], *t;
        snprintf(trace, sizeof trace, "%s/music-%zu.trace", testenv_game_tmp(), i);
        snprintf(cmd, sizeof cmd, "%s %s --window 1024x768 --frames 5 --trace %s 2>/dev/null >/dev/null", GAME,
                 runs[i].args, trace);
        assert_int_equal(testenv_run(cmd), 0);
        t = testenv_slurp(trace);
        if (!strstr(t, runs[i].music))
            fail_msg("%s: no \"%.*s\" in its trace", runs[i].args, (int)strlen(runs[i].music) - 1, runs[i].music);
        free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_collapse_never_clips),
        cmocka_unit_test(test_missing_music_plays_on),
        cmocka_unit_test(test_screens_name_their_music),
        cmocka_unit_test(test_score_first_plays_on_after_the_fanfare),
    };
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
