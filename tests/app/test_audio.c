/* Audio through SDL's dummy driver, and the silent fallback when no driver
 * can open. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include <SDL.h>
#include <SDL_mixer.h>

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

/* The game opens the mixer after its first frame: an effect asked for before
 * then plays once it opens, and one asked for when no mixer opens is dropped. */
static void test_effect_before_the_mixer_opens(void **state)
{
    (void)state;
    assert_int_equal(setenv("SDL_AUDIODRIVER", "dummy", 1), 0);
    audio_play(SFX_WIN);
    assert_int_equal(audio_init(), 0);
    audio_set_volume(0, 100);
    assert_true(Mix_Playing(-1) >= 1);
    audio_quit();

    assert_int_equal(setenv("SDL_AUDIODRIVER", "no-such-driver", 1), 0);
    audio_play(SFX_WIN);
    assert_int_equal(audio_init(), -1);
    assert_int_equal(setenv("SDL_AUDIODRIVER", "dummy", 1), 0);
    assert_int_equal(audio_init(), 0);
    assert_int_equal(Mix_Playing(-1), 0); /* the failed start dropped it */
    audio_quit();
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
        cmocka_unit_test(test_effect_before_the_mixer_opens),
        cmocka_unit_test(test_missing_driver),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);

    SDL_Quit();
    return rc;
}
