/* The audio layer through SDL2_mixer and SDL's disk driver (the device's
 * output written to a file, measured here), the null back end, and the
 * silent fallback when no driver can open. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <SDL.h>

#include "audio/audio.h"
#include "audio_disk.h"
#include "core/log.h"

static char music_dir[256];
static char out_path[300];

/* Opens the real mixer on the disk driver, writing to out_path. */
static void disk_open(void)
{
    assert_int_equal(setenv("SDL_AUDIODRIVER", "disk", 1), 0);
    assert_int_equal(setenv("SDL_DISKAUDIOFILE", out_path, 1), 0);
    unsetenv("STACKHOUSE_AUDIO");
    audio_set_music_dir(music_dir);
    assert_int_equal(audio_init(), 0);
}

/* Steps the layer as the game does (once a 60 Hz logic step) for ms. */
static void run_for(int ms)
{
    for (int t = 0; t < ms; t += 16) {
        audio_update();
        SDL_Delay(16);
    }
}

/* Closes the device and reads what it played. */
static short *disk_close(long *frames)
{
    short *pcm;
    SDL_Delay(60); /* the last buffer written */
    audio_quit();
    assert_non_null(pcm = disk_read(out_path, frames));
    remove(out_path);
    return pcm;
}

#define WIN (DISK_RATE / 10) /* 100 ms windows */


/* The output cut into 100 ms windows: the file's time drifts from the wall
 * clock (the disk driver sleeps a buffer's length between writes), so the
 * tests find pieces by their pitch, not by when they were asked for. */
#define MAX_WINDOWS 200
typedef struct windows {
    int n;
    double rms[MAX_WINDOWS], hz[MAX_WINDOWS];
} windows;

static void windows_of(const short *pcm, long frames, windows *w)
{
    w->n = 0;
    for (long from = 0; from + WIN <= frames && w->n < MAX_WINDOWS; from += WIN, w->n++)
        disk_window(pcm, from, WIN, &w->rms[w->n], &w->hz[w->n]);
}

/* The loudest window at pitch hz, its index into *at (-1: none). */
static double loudest_at(const windows *w, int hz, int from, int *at)
{
    double best = 0;
    *at = -1;
    for (int i = from; i < w->n; i++)
        if (fabs(w->hz[i] - hz) < 15 && w->rms[i] > best) {
            best = w->rms[i];
            *at = i;
        }
    return best;
}

static void test_dummy_driver(void **state)
{
    (void)state;
    assert_int_equal(setenv("SDL_AUDIODRIVER", "dummy", 1), 0);
    assert_int_equal(audio_init(), 0);
    assert_int_equal(audio_init(), 0); /* a second init is harmless */
    audio_set_volume(50, 80);
    for (int id = 0; id < SFX_COUNT; id++)
        audio_play((sfx_id)id);
    for (int k = 0; k < 40; k++) /* more than there are channels */
        audio_play_at(SFX_KNOCK, -0.5f, 0.5f);
    audio_play(SFX_COUNT); /* out of range: ignored */
    audio_music(MUSIC_MENU);
    audio_update();
    assert_int_equal(audio_busy(), 0); /* the dummy driver decodes no music */
    /* the effects group full (12), the rest dropped; the interface's own */
    assert_true(audio_playing() >= 12 && audio_playing() <= 16);
    audio_set_volume(0, 0);
    audio_set_volume(-10, 300); /* clamped */
    audio_quit();
    audio_quit(); /* a second quit is harmless */
    assert_int_equal(SDL_WasInit(SDL_INIT_AUDIO), 0);
}

/* The game opens the device after its first frame: an effect asked for before
 * then plays once it opens, and one asked for when no device opens is dropped. */
static void test_effect_before_the_device_opens(void **state)
{
    (void)state;
    assert_int_equal(setenv("SDL_AUDIODRIVER", "dummy", 1), 0);
    audio_play(SFX_WIN);
    assert_int_equal(audio_init(), 0);
    audio_set_volume(0, 100);
    assert_true(audio_playing() >= 1);
    audio_quit();

    assert_int_equal(setenv("SDL_AUDIODRIVER", "no-such-driver", 1), 0);
    audio_play(SFX_WIN);
    assert_int_equal(audio_init(), -1);
    assert_int_equal(setenv("SDL_AUDIODRIVER", "dummy", 1), 0);
    assert_int_equal(audio_init(), 0);
    assert_int_equal(audio_playing(), 0); /* the failed start dropped it */
    audio_quit();
}

/* Interface sounds have channels of their own: a burst of table sounds
 * never takes the click of a button. */
static void test_channel_groups(void **state)
{
    (void)state;
    assert_int_equal(setenv("SDL_AUDIODRIVER", "dummy", 1), 0);
    assert_int_equal(audio_init(), 0);
    audio_set_volume(0, 100);
    for (int k = 0; k < 40; k++)
        audio_play(SFX_KNOCK);
    assert_int_equal(audio_playing(), 12); /* the effects group is full */
    audio_play(SFX_CLICK);
    assert_int_equal(audio_playing(), 13); /* the click still plays */
    for (int ms = 0; ms < 3000 && audio_playing() > 0; ms += 10)
        SDL_Delay(10);
    assert_int_equal(audio_playing(), 0); /* all played out */
    audio_set_volume(0, 0); /* effects off: nothing new starts */
    audio_play(SFX_WIN);
    assert_int_equal(audio_playing(), 0);
    audio_quit();
}

/* The menu music fades in, then crossfades (out, then in) into the table's. */
static void test_menu_music_crossfades_into_the_table(void **state)
{
    short *pcm;
    long n;
    double rms_menu, rms_table, dip = 1e9;
    int at_menu, at_table, last_menu, first_table;
    windows w;
    (void)state;
    disk_open();
    audio_set_volume(100, 100);
    audio_music(MUSIC_MENU);
    run_for(2000);
    assert_string_equal(audio_music_file(), "menu");
    audio_music(MUSIC_TABLE);
    assert_int_equal(audio_busy(), 1);
    run_for(3000);
    assert_string_equal(audio_music_file(), "table");
    assert_int_equal(audio_busy(), 0);
    pcm = disk_close(&n);
    windows_of(pcm, n, &w);
    free(pcm);
    rms_menu = loudest_at(&w, 220, 0, &at_menu);
    rms_table = loudest_at(&w, 880, 0, &at_table);
    print_message("start %.0f, menu %.0f (window %d), table %.0f (window %d)\n", w.rms[0], rms_menu,
                  at_menu, rms_table, at_table);
    assert_true(w.rms[0] < rms_menu / 2); /* it fades in */
    assert_true(rms_menu > 5000 && rms_table > 5000);
    /* the menu's plateau ends before the table's begins, with a dip between
     * (fade out, then in), and the table's piece plays to the end */
    last_menu = first_table = -1;
    for (int i = 0; i < w.n; i++) {
        if (fabs(w.hz[i] - 220) < 15 && w.rms[i] > 0.9 * rms_menu)
            last_menu = i;
        if (first_table < 0 && fabs(w.hz[i] - 880) < 15 && w.rms[i] > 0.9 * rms_table)
            first_table = i;
    }
    assert_true(last_menu >= 0 && first_table > last_menu);
    for (int i = last_menu; i <= first_table; i++)
        dip = fmin(dip, w.rms[i]);
    assert_true(dip < rms_menu / 2);
    assert_true(fabs(w.hz[w.n - 2] - 880) < 15 && w.rms[w.n - 2] > 0.9 * rms_table);
}

/* A seat on the left is heard on the left. */
static void test_panning(void **state)
{
    double l[3], r[3];
    const float pans[3] = {-1, 0, 1};
    (void)state;
    for (int i = 0; i < 3; i++) {
        short *pcm;
        long n;
        disk_open();
        audio_set_volume(0, 100);
        audio_play_at(SFX_KNOCK, pans[i], 1);
        run_for(500);
        pcm = disk_close(&n);
        disk_energy(pcm, n, &l[i], &r[i]);
        free(pcm);
        assert_true(l[i] + r[i] > 0);
    }
    assert_true(l[0] > 100 * r[0]);
    assert_true(r[2] > 100 * l[2]);
    assert_true(fabs(l[1] - r[1]) < 0.02 * (l[1] + r[1]));
}

/* Effects at 50% and music at 50% are a quarter of the full level (the
 * slider is squared), and a gain scales an effect as asked. */
static void test_volumes_scale_the_output(void **state)
{
    double e[3], m[2];
    const int pct[3] = {100, 50, 100};
    const float gain[3] = {1, 1, 0.5f};
    (void)state;
    for (int i = 0; i < 3; i++) {
        short *pcm;
        long n;
        double l, r;
        disk_open();
        audio_set_volume(0, pct[i]);
        audio_play_at(SFX_KNOCK, 0, gain[i]);
        run_for(500);
        pcm = disk_close(&n);
        disk_energy(pcm, n, &l, &r);
        e[i] = sqrt(l + r);
        free(pcm);
    }
    assert_true(fabs(e[1] / e[0] - 0.25) < 0.02);
    assert_true(fabs(e[2] / e[0] - 0.5) < 0.02);
    for (int i = 0; i < 2; i++) {
        short *pcm;
        long n;
        double hz;
        disk_open();
        audio_set_volume(i ? 50 : 100, 0);
        audio_music(MUSIC_TABLE);
        run_for(1800);
        if (i) /* live: the setting changes while it plays */
            audio_set_volume(50, 0);
        pcm = disk_close(&n);
        disk_window(pcm, n - 3 * WIN, WIN, &m[i], &hz); /* faded in by then */
        free(pcm);
    }
    assert_true(fabs(m[1] / m[0] - 0.25) < 0.02);
}

/* Loud cues duck the music, which comes back after them; the fanfare plays
 * once and hands over to the menu's piece (the score screen is the menu
 * between games). */
static void test_ducking_and_fanfare(void **state)
{
    short *pcm;
    long n;
    double plateau, ducked = 1e9;
    int at, fanfare = -1, back = 0;
    windows w;
    (void)state;
    disk_open();
    audio_set_volume(100, 1); /* effects all but silent: the music is measured */
    audio_music(MUSIC_TABLE);
    run_for(1500);
    assert_int_equal(audio_music_level(), 128);
    audio_play(SFX_COLLAPSE);
    run_for(200);
    assert_true(audio_music_level() < 50);
    assert_int_equal(audio_busy(), 1);
    for (int ms = 0; ms < 5000 && audio_music_level() < 128; ms += 16)
        run_for(16);
    assert_int_equal(audio_music_level(), 128);
    audio_music(MUSIC_FANFARE);
    run_for(1000);
    assert_string_equal(audio_music_file(), "fanfare");
    assert_int_equal(audio_music_wanted(), MUSIC_FANFARE);
    run_for(3500);
    assert_string_equal(audio_music_file(), "menu");
    assert_int_equal(audio_music_wanted(), MUSIC_MENU);
    pcm = disk_close(&n);
    windows_of(pcm, n, &w);
    free(pcm);
    /* the table's piece, dipped under the cue but still there; the fanfare;
     * the menu's piece after it */
    plateau = loudest_at(&w, 880, 0, &at);
    for (int i = at; i < w.n && fanfare < 0; i++) {
        if (fabs(w.hz[i] - 660) < 15)
            fanfare = i;
        else if (fabs(w.hz[i] - 880) < 15 && w.rms[i] > 0.9 * plateau)
            back = i; /* full again: what came before it was the duck, not the fade */
    }
    for (int i = at; i < back; i++)
        ducked = fmin(ducked, w.rms[i]);
    print_message("table %.0f, ducked %.0f, fanfare at window %d\n", plateau, ducked, fanfare);
    assert_true(ducked < 0.5 * plateau);
    assert_true(fanfare > at);
    assert_true(loudest_at(&w, 660, 0, &at) > 5000);
    assert_true(loudest_at(&w, 220, fanfare, &at) > 5000 && at > fanfare);
}

/* The score screen opened first (no piece before it, as with --scene
 * score): after the fanfare the menu's piece comes in, not silence. */
static void test_fanfare_first_hands_over_to_the_menu(void **state)
{
    short *pcm;
    long n;
    int fanfare, menu;
    double rms, hz;
    windows w;
    (void)state;
    disk_open();
    audio_set_volume(100, 0);
    audio_music(MUSIC_FANFARE);
    run_for(1000);
    assert_string_equal(audio_music_file(), "fanfare");
    run_for(3500);
    assert_string_equal(audio_music_file(), "menu");
    assert_int_equal(audio_music_wanted(), MUSIC_MENU);
    pcm = disk_close(&n);
    windows_of(pcm, n, &w);
    disk_window(pcm, n - 5 * WIN, 3 * WIN, &rms, &hz); /* the end, faded in by then */
    free(pcm);
    assert_true(loudest_at(&w, 660, 0, &fanfare) > 5000);
    assert_true(loudest_at(&w, 220, fanfare, &menu) > 5000 && menu > fanfare);
    print_message("after the fanfare: RMS %.0f at %.0f Hz\n", rms, hz);
    assert_true(rms > 5000);
    assert_true(fabs(hz - 220) < 15);
}

/* As a MAXSTAX round's clock runs out, the urgent arrangement takes over;
 * a calm clock again brings the calm one back. */
static void test_intensity(void **state)
{
    short *pcm;
    long n;
    int calm, urgent;
    windows w;
    (void)state;
    disk_open();
    audio_set_volume(100, 0);
    audio_music(MUSIC_MAXSTAX);
    run_for(1500);
    assert_string_equal(audio_music_file(), "maxstax");
    audio_music_intensity(0.4f);
    run_for(300);
    assert_string_equal(audio_music_file(), "maxstax");
    audio_music_intensity(0.7f);
    run_for(1200);
    assert_string_equal(audio_music_file(), "maxstax_urgent");
    audio_music_intensity(0.4f); /* no flapping on the way back */
    run_for(300);
    assert_string_equal(audio_music_file(), "maxstax_urgent");
    pcm = disk_close(&n);
    windows_of(pcm, n, &w);
    free(pcm);
    assert_true(loudest_at(&w, 440, 0, &calm) > 5000);
    assert_true(loudest_at(&w, 550, 0, &urgent) > 5000 && urgent > calm);
    assert_true(fabs(w.hz[w.n - 2] - 550) < 15);
}

static int warnings_no_music;
static void count_warnings(log_level level, const char *line, void *user)
{
    (void)user;
    if (level >= LOG_WARN && strstr(line, "no music"))
        warnings_no_music++;
}

/* Without the music files the game logs once and plays on: effects still
 * sound, and nothing keeps the loop awake. */
static void test_missing_music_logs_once(void **state)
{
    (void)state;
    assert_int_equal(setenv("SDL_AUDIODRIVER", "disk", 1), 0);
    assert_int_equal(setenv("SDL_DISKAUDIOFILE", out_path, 1), 0);
    audio_set_music_dir("/nonexistent/music");
    log_set_sink(count_warnings, NULL);
    warnings_no_music = 0;
    assert_int_equal(audio_init(), 0);
    audio_set_volume(100, 100);
    const music_id seq[] = {MUSIC_MENU, MUSIC_TABLE, MUSIC_MAXSTAX, MUSIC_FANFARE, MUSIC_MENU};
    for (size_t i = 0; i < sizeof seq / sizeof seq[0]; i++) {
        audio_music(seq[i]);
        audio_music_intensity(0.9f);
        run_for(100);
        assert_string_equal(audio_music_file(), "");
    }
    assert_int_equal(audio_busy(), 0);
    audio_play(SFX_CLICK);
    assert_int_equal(audio_playing(), 1);
    audio_quit();
    log_set_sink(NULL, NULL);
    remove(out_path);
    assert_int_equal(warnings_no_music, 1);
}

/* The null back end (STACKHOUSE_AUDIO=null) opens without any device and
 * runs the same policy: which file plays for which piece. */
static void test_null_backend(void **state)
{
    (void)state;
    assert_int_equal(setenv("STACKHOUSE_AUDIO", "null", 1), 0);
    assert_int_equal(setenv("SDL_AUDIODRIVER", "no-such-driver", 1), 0);
    audio_set_music_dir(music_dir);
    assert_int_equal(audio_init(), 0);
    audio_set_volume(50, 50);
    audio_play_at(SFX_KNOCK, 1, 1);
    audio_music(MUSIC_MENU);
    audio_update();
    assert_string_equal(audio_music_file(), "menu");
    audio_music(MUSIC_MAXSTAX);
    audio_update(); /* fades out */
    audio_update(); /* and the next comes in */
    assert_string_equal(audio_music_file(), "maxstax");
    audio_music_intensity(1);
    audio_update();
    audio_update();
    assert_string_equal(audio_music_file(), "maxstax_urgent");
    /* a round that starts with its clock already short (the view sets the
     * urgency in the step the screen asks for its piece) starts urgent; the
     * next screen's piece clears it */
    audio_music(MUSIC_MENU);
    audio_update();
    audio_update();
    audio_music_intensity(0.8f);
    audio_music(MUSIC_MAXSTAX);
    audio_update();
    audio_update();
    assert_string_equal(audio_music_file(), "maxstax_urgent");
    audio_music(MUSIC_TABLE);
    audio_music(MUSIC_MAXSTAX);
    audio_update();
    audio_update();
    assert_string_equal(audio_music_file(), "maxstax");
    audio_quit();
    unsetenv("STACKHOUSE_AUDIO");
    assert_int_equal(SDL_WasInit(SDL_INIT_AUDIO), 0);
}

static void test_missing_driver(void **state)
{
    (void)state;
    assert_int_equal(setenv("SDL_AUDIODRIVER", "no-such-driver", 1), 0);
    assert_int_equal(audio_init(), -1);
    audio_play(SFX_WIN);
    audio_music(MUSIC_MENU);
    audio_update();
    audio_set_volume(50, 50);
    assert_int_equal(audio_busy(), 0);
    audio_quit();
    assert_int_equal(SDL_WasInit(SDL_INIT_AUDIO), 0);
}

static int setup(void **state)
{
    char tmpl[] = "/tmp/stackhouse-audio-XXXXXX";
    (void)state;
    if (!mkdtemp(tmpl))
        return -1;
    snprintf(music_dir, sizeof music_dir, "%s/music", tmpl);
    snprintf(out_path, sizeof out_path, "%s/out.raw", tmpl);
    if (disk_make_music(music_dir) != 0) {
        fprintf(stderr, "sox is not installed (apt-get install sox)\n");
        return -1;
    }
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dummy_driver),
        cmocka_unit_test(test_effect_before_the_device_opens),
        cmocka_unit_test(test_channel_groups),
        cmocka_unit_test(test_menu_music_crossfades_into_the_table),
        cmocka_unit_test(test_panning),
        cmocka_unit_test(test_volumes_scale_the_output),
        cmocka_unit_test(test_ducking_and_fanfare),
        cmocka_unit_test(test_fanfare_first_hands_over_to_the_menu),
        cmocka_unit_test(test_intensity),
        cmocka_unit_test(test_missing_music_logs_once),
        cmocka_unit_test(test_null_backend),
        cmocka_unit_test(test_missing_driver),
    };
    int rc = cmocka_run_group_tests(tests, setup, NULL);

    SDL_Quit();
    return rc;
}
