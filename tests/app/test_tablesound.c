/* How loud and where a table sound plays (#27): a knock's gain follows the
 * physics impulse (silent below a tap worth hearing, rising, full from a
 * hard fall), a plank on the table a little louder than plank on plank,
 * knocks in one frame share the headroom, and a screen x maps to a pan
 * from -1 (left) to +1 (right). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "audio/audio.h"
#include "audio/tablesound.h"
#include "games/maxstax/rules/maxstax_world.h"

#define RATE 48000
#define FRAME (1.0 / 60.0)

static void test_knock_gain_follows_impulse(void **state)
{
    (void)state;
    assert_true(tablesound_knock_gain(0, 1) == 0.0f);
    assert_true(tablesound_knock_gain(100, 1) == 0.0f); /* a resting nudge: silent */
    assert_true(tablesound_knock_gain(NAN, 1) == 0.0f);
    float last = 0.0f;
    for (double j = 150; j <= 3000; j *= 1.25) {
        float g = tablesound_knock_gain(j, 1), b = tablesound_knock_gain(j, 0);
        assert_true(g > last);
        assert_true(g > 0.0f && g <= 1.0f);
        assert_true(b > 0.0f && b < g);
        last = g;
    }
    /* Soft taps stay audible (-30 dB at most below a crash), hard ones saturate. */
    assert_true(tablesound_knock_gain(150, 1) > 0.03f);
    assert_true(tablesound_knock_gain(3000, 1) == 1.0f);
    assert_true(tablesound_knock_gain(1e6, 1) == 1.0f);
    /* Twice the impulse is clearly louder (> 3 dB) below the top. */
    assert_true(tablesound_knock_gain(1000, 1) / tablesound_knock_gain(500, 1) > 1.41f);
}

static void test_pan_follows_screen_x(void **state)
{
    (void)state;
    assert_true(tablesound_pan(0, 1920) == -1.0f);
    assert_true(tablesound_pan(960, 1920) == 0.0f);
    assert_true(tablesound_pan(1920, 1920) == 1.0f);
    assert_true(fabsf(tablesound_pan(480, 1920) + 0.5f) < 1e-6f);
    assert_true(tablesound_pan(-50, 1920) == -1.0f); /* a block thrown off the screen */
    assert_true(tablesound_pan(5000, 1920) == 1.0f);
    assert_true(tablesound_pan(100, 0) == 0.0f); /* not laid out yet: the middle */
}

/* Knocks starting in one frame share the headroom: quiet ones pass as they
 * are, loud ones are scaled together, in proportion. */
static void test_frame_shares_headroom(void **state)
{
    float quiet[2] = {0.3f, 0.5f}, loud[3] = {1.0f, 0.8f, 0.6f};
    (void)state;
    tablesound_share(quiet, 2);
    assert_true(quiet[0] == 0.3f && quiet[1] == 0.5f);
    tablesound_share(loud, 3);
    assert_true(fabsf(loud[0] + loud[1] + loud[2] - TABLESOUND_FRAME_GAIN) < 1e-5f);
    assert_true(fabsf(loud[0] / loud[2] - 1.0f / 0.6f) < 1e-4f);
    tablesound_share(loud, 0);
}

/* Playing works with no device open and with gain 0: nothing happens. */
static void test_play_without_device(void **state)
{
    (void)state;
    tablesound_play(SFX_KNOCK_BLOCK, -0.5f, 0.0f);
    tablesound_play(SFX_CARD_FLIP, 2.0f, 1.0f);
    assert_int_equal(audio_playing(), 0);
}

/* A tower of twelve leaning planks falls as the game hears it: each frame
 * (two physics steps) its strongest TABLESOUND_KNOCKS_PER_FRAME impacts, at
 * their impulse's gain and the frame's share, each a rendered knock (the
 * variant turning round, as the random pick would) mixed at full effects
 * volume. The collapse is a clatter of many knocks, soft and hard, and
 * the mix keeps 2 dB of headroom. STACKHOUSE_SYNTH_WAV=FILE keeps the mix to measure. */
static void test_falling_tower_never_clips(void **state)
{
    float *sfx[SFX_COUNT] = {0};
    int len[SFX_COUNT] = {0};
    (void)state;
    for (int id = SFX_KNOCK_BLOCK; id <= SFX_KNOCK_TABLE_3; id++)
        assert_int_equal(synth_render((sfx_id)id, RATE, &sfx[id], &len[id]), 0);
    maxstax_world *w = maxstax_world_new();
    for (int i = 0; i < 12; i++)
        maxstax_world_add(w, (maxstax_pose){0.6 * i, 0.5 + i, 0});
    int frames = 4 * 60, n_mix = (int)(frames * FRAME * RATE) + RATE / 2, knocks = 0, turn = 0;
    float *mix = calloc((size_t)n_mix, sizeof *mix);
    float lo = 1, hi = 0;
    unsigned seen = 0;
    assert_non_null(mix);
    for (int f = 0; f < frames; f++) {
        maxstax_knock k[TABLESOUND_KNOCKS_PER_FRAME];
        float gain[TABLESOUND_KNOCKS_PER_FRAME];
        maxstax_world_step(w);
        maxstax_world_step(w);
        int n = maxstax_world_knocks(w, &seen, k, TABLESOUND_KNOCKS_PER_FRAME);
        for (int i = 0; i < n; i++)
            gain[i] = tablesound_knock_gain(k[i].impulse, k[i].b < 0);
        tablesound_share(gain, n);
        for (int i = 0; i < n; i++) {
            if (gain[i] <= 0)
                continue;
            sfx_id id = synth_variant(k[i].b < 0 ? SFX_KNOCK_TABLE : SFX_KNOCK_BLOCK, (unsigned)turn++);
            int at = (int)(f * FRAME * RATE);
            for (int j = 0; j < len[id] && at + j < n_mix; j++)
                mix[at + j] += gain[i] * sfx[id][j];
            lo = fminf(lo, gain[i]);
            hi = fmaxf(hi, gain[i]);
            knocks++;
        }
    }
    float peak = 0;
    for (int i = 0; i < n_mix; i++)
        peak = fmaxf(peak, fabsf(mix[i]));
    print_message("falling tower: %d knocks, gains %.3f..%.3f, mix peak %.3f (%.1f dBFS)\n", knocks, lo, hi, peak,
                  20 * log10f(peak));
    assert_true(knocks >= 15);
    assert_true(hi > 4 * lo);
    /* Not just short of a clip: a tower fell with 1.2 to share and peaked at
     * -1.1 dBFS, so the share is 0.9, for -2.8 dBFS (docs/performance.md). */
    assert_true(peak < 0.8f);
    const char *keep = getenv("STACKHOUSE_SYNTH_WAV");
    if (keep && *keep) {
        FILE *f = fopen(keep, "wb");
        assert_non_null(f);
        assert_int_equal(fwrite(mix, sizeof *mix, (size_t)n_mix, f), (size_t)n_mix); /* raw float mono */
        fclose(f);
    }
    free(mix);
    maxstax_world_free(w);
    for (int id = 0; id < SFX_COUNT; id++)
        free(sfx[id]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_knock_gain_follows_impulse),
        cmocka_unit_test(test_pan_follows_screen_x),
        cmocka_unit_test(test_frame_shares_headroom),
        cmocka_unit_test(test_falling_tower_never_clips),
        cmocka_unit_test(test_play_without_device),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
