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
    [SFX_SHUFFLE] = {0.5, 0.8}, [SFX_SHUFFLE_2] = {0.5, 0.8}, [SFX_SHUFFLE_3] = {0.5, 0.8},
    [SFX_DEAL] = {0.08, 0.3},    [SFX_TICK] = {0.02, 0.1},
    [SFX_WIN] = {1.2, 2.0},     [SFX_ERROR] = {0.2, 0.5},  [SFX_KNOCK] = {0.05, 0.2},
    [SFX_COLLAPSE] = {0.6, 1.2}, [SFX_SHOUT] = {0.35, 0.7}, [SFX_CHEER] = {0.9, 1.5},
    /* Table sounds: a knock or click is over before the next one a hand
     * can make; a slide as long as the card's glide; a cue under a second
     * and a bit, so it never holds up play. */
    [SFX_KNOCK_BLOCK] = {0.06, 0.2}, [SFX_KNOCK_BLOCK_2] = {0.06, 0.2}, [SFX_KNOCK_BLOCK_3] = {0.06, 0.2},
    [SFX_KNOCK_TABLE] = {0.1, 0.35}, [SFX_KNOCK_TABLE_2] = {0.1, 0.35}, [SFX_KNOCK_TABLE_3] = {0.1, 0.35},
    [SFX_CARD_SLIDE] = {0.12, 0.35}, [SFX_CARD_SLIDE_2] = {0.12, 0.35}, [SFX_CARD_SLIDE_3] = {0.12, 0.35},
    [SFX_CARD_FLIP] = {0.05, 0.2},   [SFX_CARD_FLIP_2] = {0.05, 0.2},   [SFX_CARD_FLIP_3] = {0.05, 0.2},
    [SFX_TILE_CLICK] = {0.03, 0.12}, [SFX_TILE_CLICK_2] = {0.03, 0.12}, [SFX_TILE_CLICK_3] = {0.03, 0.12},
    [SFX_CHECKER] = {0.08, 0.25},    [SFX_CHECKER_2] = {0.08, 0.25},    [SFX_CHECKER_3] = {0.08, 0.25},
    [SFX_TRACK_SLIDE] = {0.2, 0.45}, [SFX_TRACK_SLIDE_2] = {0.2, 0.45}, [SFX_TRACK_SLIDE_3] = {0.2, 0.45},
    [SFX_STAKZ_SPLIT] = {0.3, 0.7},  [SFX_STAX_MULTI] = {0.6, 1.3},     [SFX_TRACK_LOOP] = {0.6, 1.3},
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

/* Table sounds overlap (a falling tower is several knocks at once), so each
 * peaks at -3 dBFS or lower; and each variant of a family is a different
 * sound (not the same samples), yet close in loudness, so a random pick
 * never jumps out. */
static void test_table_variants(void **state)
{
    (void)state;
    for (int id = SFX_KNOCK_BLOCK; id < SFX_COUNT; id++) {
        float *s = NULL;
        int n = 0;
        assert_int_equal(synth_render((sfx_id)id, RATE, &s, &n), 0);
        assert_true(peak(s, n) <= 0.708); /* -3 dBFS */
        free(s);
    }
    int families = 0;
    for (int id = 0; id < SFX_COUNT; id++) {
        int nv = synth_variants((sfx_id)id);
        float *v[SFX_VARIANTS] = {0};
        int n[SFX_VARIANTS] = {0};
        if (nv == 1)
            continue;
        families++;
        assert_int_equal(nv, SFX_VARIANTS);
        for (int k = 0; k < nv; k++) {
            assert_int_equal((int)synth_variant((sfx_id)id, (unsigned)k + 7u * SFX_VARIANTS), id + k);
            assert_int_equal(synth_render(synth_variant((sfx_id)id, (unsigned)k), RATE, &v[k], &n[k]), 0);
        }
        for (int a = 0; a < nv; a++)
            for (int b = a + 1; b < nv; b++) {
                int len = n[a] < n[b] ? n[a] : n[b];
                double diff = 0.0;
                for (int i = 0; i < len; i++)
                    diff += fabs(v[a][i] - v[b][i]);
                assert_true(diff / len > 0.005);
                double ra = rms(v[a], n[a]), rb = rms(v[b], n[b]);
                assert_true(ra / rb > 0.6 && ra / rb < 1.6);
            }
        for (int k = 0; k < nv; k++)
            free(v[k]);
    }
    assert_int_equal(families, 8);
    assert_int_equal(synth_variants(SFX_KNOCK_BLOCK_2), 1); /* only a family's first id names it */
}

/* The spectrum's energy above hz as a fraction of all of it: Hann-windowed
 * frames of 1024 samples, half overlapping, through an FFT (Parseval). */
#define FRAME 1024
static void fft(double *re, double *im, int n)
{
    for (int i = 1, j = 0; i < n; i++) {
        int bit = n >> 1;
        for (; j & bit; bit >>= 1)
            j ^= bit;
        j ^= bit;
        if (i < j) {
            double t = re[i]; re[i] = re[j]; re[j] = t;
            t = im[i]; im[i] = im[j]; im[j] = t;
        }
    }
    for (int len = 2; len <= n; len <<= 1) {
        double a = -2.0 * M_PI / len;
        for (int i = 0; i < n; i += len)
            for (int k = 0; k < len / 2; k++) {
                double wr = cos(a * k), wi = sin(a * k);
                double *ur = &re[i + k], *ui = &im[i + k], *vr = &re[i + k + len / 2], *vi = &im[i + k + len / 2];
                double xr = *vr * wr - *vi * wi, xi = *vr * wi + *vi * wr;
                *vr = *ur - xr, *vi = *ui - xi;
                *ur += xr, *ui += xi;
            }
    }
}

static double energy_above(const float *s, int n, int rate, double hz)
{
    double re[FRAME], im[FRAME], high = 0.0, all = 0.0;
    int cut = (int)(hz * FRAME / rate);

    for (int from = -FRAME / 2; from < n; from += FRAME / 2) {
        for (int i = 0; i < FRAME; i++) {
            int at = from + i;
            double w = 0.5 - 0.5 * cos(2.0 * M_PI * i / FRAME);
            re[i] = at >= 0 && at < n ? w * s[at] : 0.0;
            im[i] = 0.0;
        }
        fft(re, im, FRAME);
        for (int k = 1; k < FRAME / 2; k++) {
            double e = re[k] * re[k] + im[k] * im[k];
            all += e;
            if (k >= cut)
                high += e;
        }
    }
    return all > 0.0 ? high / all : 0.0;
}

/* Nothing hisses up to the top of the range: above 12 kHz (where a card,
 * a plank or a voice on a table gives next to nothing) each effect has under
 * 0.5% of its energy; a riffled deck, once white noise up to 24 kHz (2.8%
 * there), is paper now, under 0.1%. Checked against a white-noise buffer,
 * which has half its energy above 12 kHz. */
static void test_no_hiss(void **state)
{
    (void)state;
    float *noise = malloc(RATE * sizeof *noise);
    unsigned x = 1;
    assert_non_null(noise);
    for (int i = 0; i < RATE; i++) {
        x = x * 1103515245u + 12345u;
        noise[i] = (float)((x >> 8) & 0xffff) / 32768.0f - 1.0f;
    }
    assert_true(fabs(energy_above(noise, RATE, 48000, 12000) - 0.5) < 0.02);
    free(noise);
    for (int id = 0; id < SFX_COUNT; id++) {
        float *s = NULL;
        int n = 0;
        assert_int_equal(synth_render((sfx_id)id, 48000, &s, &n), 0);
        double high = energy_above(s, n, 48000, 12000);
        print_message("%-14s %.5f of its energy above 12 kHz\n", synth_name((sfx_id)id), high);
        assert_true(high < 0.005);
        if (id >= SFX_SHUFFLE && id <= SFX_SHUFFLE_3)
            assert_true(high < 0.001);
        free(s);
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
        cmocka_unit_test(test_table_variants),
        cmocka_unit_test(test_no_hiss),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_music_loop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
