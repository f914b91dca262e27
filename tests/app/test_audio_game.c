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
#define KNOCK "--scene table --game speedstax --seats human,easy --position compose=0:99"

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

/* Runs the knock script with its output to <tmp>/<name>.raw, and checks
 * from its trace that the tower came down. */
static void play_to_disk(const char *name)
{
    char path[400];
    char *t;
    snprintf(path, sizeof path, "%s/%s.raw", testenv_game_tmp(), name);
    assert_int_equal(setenv("SDL_AUDIODRIVER", "disk", 1), 0);
    assert_int_equal(setenv("SDL_DISKAUDIOFILE", path, 1), 0);
    t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, name, KNOCK, "speedstax_knock");
    assert_int_equal(setenv("SDL_AUDIODRIVER", "dummy", 1), 0);
    assert_non_null(t);
    assert_non_null(strstr(t, "speedstax collapse 0\n"));
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
    assert_true(n > 48000);     /* seconds of sound */
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
    snprintf(path, sizeof path, "%s/speedstax_knock.err", testenv_game_tmp());
    err = testenv_slurp(path);
    for (p = err; (p = strstr(p, "no music")); p++)
        lines++;
    free(err);
    assert_int_equal(lines, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_collapse_never_clips),
        cmocka_unit_test(test_missing_music_plays_on),
    };
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
