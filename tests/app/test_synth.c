/* The synthesised sounds: audible, clipped nowhere, click-free ends,
 * deterministic, and a music loop without an audible seam. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "audio/synth.h"

#define RATE 44100

/* Expected length of each effect in seconds (min, max). */
static const double durations[SFX_COUNT][2] = {
    [SFX_CLICK] = {0.03, 0.12}, [SFX_PICKUP] = {0.08, 0.25}, [SFX_DROP] = {0.15, 0.45},
    [SFX_SHUFFLE] = {0.5, 0.8}, [SFX_DEAL] = {0.08, 0.3},    [SFX_TICK] = {0.02, 0.1},
    [SFX_WIN] = {1.2, 2.0},     [SFX_ERROR] = {0.2, 0.5},  [SFX_KNOCK] = {0.05, 0.2},
    [SFX_COLLAPSE] = {0.6, 1.2}, [SFX_SHOUT] = {0.35, 0.7}, [SFX_CHEER] = {0.9, 1.5},
};

static double rms(const float *s, int n)
{
    double sum = 0.0;

    for (int i = 0; i < n; i++)
        sum += (double)s[i] * s[i];
    return n > 0 ? sqrt(sum / n) : 0.0;
}

static double peak(const float *s, int n)
{
    double p = 0.0;

    for (int i = 0; i < n; i++) {
        assert_false(isnan(s[i]));
        p = fmax(p, fabs(s[i]));
    }
    return p;
}

static void test_effects_render(void **state)
{
    (void)state;
    for (int id = 0; id < SFX_COUNT; id++) {
        float *s = NULL;
        int n = 0, edge = RATE / 1000; /* 1 ms */
        double seconds;

        assert_int_equal(synth_render((sfx_id)id, RATE, &s, &n), 0);
        assert_non_null(s);
        seconds = (double)n / RATE;
        assert_true(seconds >= durations[id][0] && seconds <= durations[id][1]);
        assert_true(peak(s, n) <= 0.9);
        assert_true(rms(s, n) > 0.01);
        /* No click: both ends start from, and settle to, silence. */
        assert_true(fabs(s[0]) < 1e-3 && fabs(s[n - 1]) < 1e-3);
        assert_true(peak(s, edge) < 0.05);
        assert_true(peak(s + n - edge, edge) < 0.05);
        assert_string_not_equal(synth_name((sfx_id)id), "unknown");
        free(s);
    }
}

static void test_effects_deterministic(void **state)
{
    (void)state;
    for (int id = 0; id < SFX_COUNT; id++) {
        float *a = NULL, *b = NULL;
        int na = 0, nb = 0;

        assert_int_equal(synth_render((sfx_id)id, 48000, &a, &na), 0);
        assert_int_equal(synth_render((sfx_id)id, 48000, &b, &nb), 0);
        assert_int_equal(na, nb);
        assert_memory_equal(a, b, (size_t)na * sizeof *a);
        free(a);
        free(b);
    }
}

static void test_bad_arguments(void **state)
{
    float *s = NULL;
    int n = 0;

    (void)state;
    assert_int_equal(synth_render(SFX_COUNT, RATE, &s, &n), -1);
    assert_int_equal(synth_render(SFX_CLICK, 0, &s, &n), -1);
    assert_int_equal(synth_music(-5, &s, &n), -1);
    assert_null(s);
    assert_string_equal(synth_name(SFX_COUNT), "unknown");
}

static void test_music_loop(void **state)
{
    float *s = NULL, *again = NULL;
    int n = 0, n2 = 0, win = RATE / 20; /* 50 ms */
    double max_step = 0.0, head, tail;

    (void)state;
    assert_int_equal(synth_music(RATE, &s, &n), 0);
    assert_true(n >= 16 * RATE && n <= 24 * RATE);
    assert_true(peak(s, n) <= 0.9);
    assert_true(rms(s, n) > 0.02);
    /* Seam: the jump from the last sample to the first is no bigger than
     * the signal's own largest sample-to-sample step. */
    for (int i = 1; i < n; i++)
        max_step = fmax(max_step, fabs(s[i] - s[i - 1]));
    assert_true(fabs(s[0] - s[n - 1]) <= max_step);
    assert_true(fabs(s[0] - s[n - 1]) < 0.05);
    /* And no loudness jump across it. */
    head = rms(s, win);
    tail = rms(s + n - win, win);
    assert_true(head > 0.0 && tail > 0.0);
    assert_true(head / tail > 0.5 && head / tail < 2.0);
    assert_int_equal(synth_music(RATE, &again, &n2), 0);
    assert_int_equal(n, n2);
    assert_memory_equal(s, again, (size_t)n * sizeof *s);
    free(s);
    free(again);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_effects_render),
        cmocka_unit_test(test_effects_deterministic),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_music_loop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
