/* Audio through SDL's dummy driver, and the silent fallback when no driver
 * can open. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include <SDL.h>

#include "audio/audio.h"

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
        audio_play(SFX_CLICK);
    audio_play(SFX_COUNT); /* out of range: ignored */
    SDL_Delay(50);
    audio_set_volume(0, 0);   /* stops the music */
    audio_set_volume(100, 100); /* restarts it */
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

/* The device's callback plays each effect to its end and frees its voice;
 * effects beyond the free voices are dropped, never cut. */
static void test_voices_play_out(void **state)
{
    (void)state;
    assert_int_equal(setenv("SDL_AUDIODRIVER", "dummy", 1), 0);
    assert_int_equal(audio_init(), 0);
    audio_set_volume(0, 100);
    assert_int_equal(audio_playing(), 0);
    audio_play(SFX_CLICK);
    assert_int_equal(audio_playing(), 1);
    for (int k = 0; k < 40; k++)
        audio_play(SFX_CLICK);
    assert_int_equal(audio_playing(), 15); /* 16 voices, one kept for the music */
    for (int ms = 0; ms < 3000 && audio_playing() > 0; ms += 10)
        SDL_Delay(10);
    assert_int_equal(audio_playing(), 0); /* a click is short: all played out */
    audio_play(SFX_CLICK);
    assert_int_equal(audio_playing(), 1);
    audio_set_volume(0, 0); /* effects off: nothing new starts */
    audio_play(SFX_WIN);
    assert_true(audio_playing() <= 1);
    audio_quit();
    assert_int_equal(audio_playing(), 0);
}

/* What the device plays, through SDL's disk driver (it writes the device's
 * output to a file): the effect's own samples, as 16-bit mono, scaled by the
 * effects volume (squared: 50% is a quarter). */
static long disk_play(const char *path, int percent, sfx_id id, short **out)
{
    FILE *f;
    long n;

    assert_int_equal(setenv("SDL_AUDIODRIVER", "disk", 1), 0);
    assert_int_equal(setenv("SDL_DISKAUDIOFILE", path, 1), 0);
    assert_int_equal(audio_init(), 0);
    audio_set_volume(0, percent);
    audio_play(id);
    for (int ms = 0; ms < 3000 && audio_playing() > 0; ms += 10)
        SDL_Delay(10);
    SDL_Delay(60); /* the last buffer written */
    audio_quit();
    assert_non_null(f = fopen(path, "rb"));
    fseek(f, 0, SEEK_END);
    n = ftell(f) / 2;
    rewind(f);
    assert_non_null(*out = malloc((size_t)n * sizeof **out));
    assert_int_equal(fread(*out, 2, (size_t)n, f), (size_t)n);
    fclose(f);
    remove(path);
    return n;
}

static void test_device_plays_the_samples(void **state)
{
    float *pcm = NULL;
    short *full = NULL, *half = NULL;
    int frames = 0;
    long nf, nh, at_f = -1, at_h = -1, compared = 0;
    (void)state;
    assert_int_equal(synth_render(SFX_CLICK, 48000, &pcm, &frames), 0);
    nf = disk_play("test_audio_full.raw", 100, SFX_CLICK, &full);
    nh = disk_play("test_audio_half.raw", 50, SFX_CLICK, &half);
    for (long i = 0; i < nf && at_f < 0; i++)
        if (full[i])
            at_f = i;
    for (long i = 0; i < nh && at_h < 0; i++)
        if (half[i])
            at_h = i;
    assert_true(at_f >= 0 && at_h >= 0);
    /* The first audible sample may be a few into the effect (it starts
     * quietly), and a quieter copy becomes audible later. */
    {
        int lead_f = 0, lead_h = 0;
        while (lead_f < frames && (int)(pcm[lead_f] * 32767.0f) == 0)
            lead_f++;
        while (lead_h < frames && (int)(pcm[lead_h] * 32767.0f) / 4 == 0)
            lead_h++;
        for (long k = 0; lead_f + k < frames && at_f + k < nf; k++, compared++)
            assert_true(labs(full[at_f + k] - lroundf(pcm[lead_f + k] * 32767.0f)) <= 2);
        for (long k = 0; lead_h + k < frames && at_h + k < nh; k++)
            assert_true(labs(half[at_h + k] - lroundf(pcm[lead_h + k] * 32767.0f) / 4) <= 2);
    }
    assert_true(compared > frames / 2);
    free(pcm);
    free(full);
    free(half);
}

static void test_missing_driver(void **state)
{
    (void)state;
    assert_int_equal(setenv("SDL_AUDIODRIVER", "no-such-driver", 1), 0);
    assert_int_equal(audio_init(), -1);
    audio_play(SFX_WIN);
    audio_set_volume(50, 50);
    audio_quit();
    assert_int_equal(SDL_WasInit(SDL_INIT_AUDIO), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dummy_driver),
        cmocka_unit_test(test_effect_before_the_device_opens),
        cmocka_unit_test(test_voices_play_out),
        cmocka_unit_test(test_device_plays_the_samples),
        cmocka_unit_test(test_missing_driver),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);

    SDL_Quit();
    return rc;
}
