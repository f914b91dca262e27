/* The soundtrack the build rendered (cmake/music.cmake, docs/music.md): each
 * of the five pieces is in <build>/share/stackhouse/music, decodes as stereo
 * 48 kHz Ogg Vorbis, is as long as its score says, peaks below -1 dBFS, and
 * a loop's seam (last sample to first) is no bigger a step than the music
 * takes anyway, with sound on both sides of it. Decoded with sox, which the
 * build already needs. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

typedef struct {
    int16_t *s;      /* interleaved stereo */
    size_t frames;
} pcm;

typedef struct {
    long samples;    /* the piece's length from its score, at 48 kHz */
    long tail;       /* what a piece that ends rings on for */
    int loop;
} info;

/* Reads <build>/music/NAME.info, written from the score by tools/score2mid.py. */
static info info_read(const char *name)
{
    char path[512], line[128];
    info in = {0, 0, -1};
    FILE *f;
    snprintf(path, sizeof path, "%s/music/%s.info", STACKHOUSE_BINARY_DIR, name);
    f = fopen(path, "r");
    assert_non_null(f);
    while (fgets(line, sizeof line, f)) {
        sscanf(line, "samples=%ld", &in.samples);
        sscanf(line, "tail=%ld", &in.tail);
        sscanf(line, "loop=%d", &in.loop);
    }
    fclose(f);
    assert_true(in.samples > 0 && in.loop >= 0);
    return in;
}

/* Decodes an Ogg file to 16-bit stereo; the header must say 48 kHz stereo. */
static pcm pcm_decode(const char *path)
{
    char cmd[1024], head[64] = "";
    pcm p = {NULL, 0};
    size_t cap = 0, n;
    FILE *f;
    snprintf(cmd, sizeof cmd, "sox --i -t '%s' && sox --i -r '%s' && sox --i -c '%s'", path, path, path);
    f = popen(cmd, "r");
    assert_non_null(f);
    n = fread(head, 1, sizeof head - 1, f);
    head[n] = '\0';
    assert_int_equal(pclose(f), 0);
    assert_string_equal(head, "vorbis\n48000\n2\n");
    snprintf(cmd, sizeof cmd, "sox -V1 '%s' -t raw -e signed -b 16 -", path);
    f = popen(cmd, "r");
    assert_non_null(f);
    for (;;) {
        if (p.frames == cap) {
            cap = cap ? cap * 2 : 1 << 20;
            p.s = realloc(p.s, cap * 2 * sizeof *p.s);
            assert_non_null(p.s);
        }
        n = fread(p.s + p.frames * 2, 2 * sizeof *p.s, cap - p.frames, f);
        if (n == 0)
            break;
        p.frames += n;
    }
    assert_int_equal(pclose(f), 0);
    return p;
}

static double db(double x) { return 20.0 * log10(x / 32768.0 + 1e-12); }

/* RMS in dBFS of frames [from, to). */
static double rms_db(const pcm *p, size_t from, size_t to)
{
    double sum = 0;
    for (size_t i = from * 2; i < to * 2; i++)
        sum += (double)p->s[i] * p->s[i];
    return db(sqrt(sum / (double)((to - from) * 2)));
}

static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

/* Checks one piece and prints what it measured (docs/performance.md). */
static void check_piece(const char *name)
{
    char path[512];
    info in = info_read(name);
    pcm p;
    int peak = 0, seam = 0, p50, p95, p99;
    int *steps;
    size_t nsteps = 0, tenth = 4800;
    double head, tail;

    snprintf(path, sizeof path, "%s/music/%s.ogg", STACKHOUSE_DATA_BUILD, name);
    p = pcm_decode(path);
    /* Length: a loop is exactly its bars; a piece that ends, its bars and ring. */
    assert_int_equal((long)p.frames, in.loop ? in.samples : in.samples + in.tail);

    steps = malloc(p.frames * 2 * sizeof *steps);
    assert_non_null(steps);
    for (size_t i = 0; i < p.frames * 2; i++) {
        int a = abs(p.s[i]);
        if (a > peak)
            peak = a;
        if (i >= 2)
            steps[nsteps++] = abs(p.s[i] - p.s[i - 2]);
    }
    qsort(steps, nsteps, sizeof *steps, cmp_int);
    p50 = steps[nsteps / 2];
    p95 = steps[nsteps * 95 / 100];
    p99 = steps[nsteps * 99 / 100];
    for (int c = 0; c < 2; c++) {
        int d = abs(p.s[c] - p.s[(p.frames - 1) * 2 + c]);
        if (d > seam)
            seam = d;
    }
    head = rms_db(&p, 0, tenth);
    tail = rms_db(&p, p.frames - tenth, p.frames);
    printf("%-15s %6.3f s  peak %6.2f dBFS  RMS %6.1f dBFS  step p50 %4d p95 %4d p99 %4d  seam %4d  "
           "first/last 100 ms %5.1f / %5.1f dBFS\n",
           name, (double)p.frames / 48000.0, db(peak), rms_db(&p, 0, p.frames), p50, p95, p99, seam,
           head, tail);

    /* At least 1 dB of headroom: nothing clips, even after the mixer's resampling. */
    assert_true(db(peak) < -1.0);
    /* Not silent, and quiet enough to sit under the table's sounds. */
    assert_true(rms_db(&p, 0, p.frames) > -30.0 && rms_db(&p, 0, p.frames) < -12.0);
    assert_true(head > -40.0);
    if (in.loop) {
        /* The wrap from the last sample to the first is a step the music
         * takes thousands of times a second anyway: no click. (Cut without
         * the ring added to the head, menu's seam is 1202 against a p95 of
         * 497, table's 1068 against 311.) */
        assert_true(seam <= p95);
        /* Sound runs on across it: no dry gap or fade on either side. */
        assert_true(tail > -40.0);
        assert_true(fabs(head - tail) < 12.0);
    } else {
        /* A piece that ends fades out to nothing, and is a short fanfare. */
        assert_true(tail < -50.0);
        assert_true(p.frames >= 2 * 48000 && p.frames <= 4 * 48000);
    }
    free(steps);
    free(p.s);
}

static void test_menu(void **state) { (void)state; check_piece("menu"); }
static void test_table(void **state) { (void)state; check_piece("table"); }
static void test_maxstax(void **state) { (void)state; check_piece("maxstax"); }
static void test_fanfare(void **state) { (void)state; check_piece("fanfare"); }

/* The urgent MAXSTAX music crossfades from the plain one at the same place:
 * the same length, and at least as loud. */
static void test_maxstax_urgent(void **state)
{
    char path[512];
    pcm a, b;
    (void)state;
    check_piece("maxstax_urgent");
    snprintf(path, sizeof path, "%s/music/maxstax.ogg", STACKHOUSE_DATA_BUILD);
    a = pcm_decode(path);
    snprintf(path, sizeof path, "%s/music/maxstax_urgent.ogg", STACKHOUSE_DATA_BUILD);
    b = pcm_decode(path);
    assert_int_equal(a.frames, b.frames);
    assert_true(rms_db(&b, 0, b.frames) >= rms_db(&a, 0, a.frames) - 0.5);
    free(a.s);
    free(b.s);
}

int main(void)
{
    if (!STACKHOUSE_MUSIC_BUILT) {
        printf("skipped: built with STACKHOUSE_MUSIC=OFF\n");
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_menu),    cmocka_unit_test(test_table),
        cmocka_unit_test(test_maxstax), cmocka_unit_test(test_maxstax_urgent),
        cmocka_unit_test(test_fanfare),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
