/* Sound effects and music built from a few primitives: damped sinusoid modes
 * (wood, bells, plucks) and band-passed noise (cards, air, hiss). Everything
 * is seeded, so a render is bit-identical every time. */
#include "audio/synth.h"
#include "audio/synth_priv.h"

#include <math.h>
#include <stdlib.h>

#include "core/log.h"

static const char *const sfx_names[SFX_COUNT] = {
    "click", "pickup", "drop", "shuffle", "shuffle-2", "shuffle-3", "deal", "tick", "win", "error", "knock", "collapse", "shout", "cheer",
    "knock-block", "knock-block-2", "knock-block-3", "knock-table", "knock-table-2", "knock-table-3",
    "card-slide", "card-slide-2", "card-slide-3", "card-flip", "card-flip-2", "card-flip-3",
    "tile-click", "tile-click-2", "tile-click-3", "checker", "checker-2", "checker-3",
    "track-slide", "track-slide-2", "track-slide-3", "stakz-split", "stax-multi", "track-loop",
};

const char *synth_name(sfx_id id)
{
    if ((int)id < 0 || id >= SFX_COUNT)
        return "unknown";
    return sfx_names[id];
}

void synth_add(buf *b, long i, double v)
{
    if (b->wrap)
        i %= b->n;
    if (i >= 0 && i < b->n)
        b->s[i] += (float)v;
}

/* Raised-cosine attack: a linear ramp would still leave a slope corner that
 * is audible as a tick on soft sounds. */
double synth_attack(double t, double attack)
{
    if (attack <= 0.0 || t >= attack)
        return 1.0;
    return 0.5 - 0.5 * cos(PI * t / attack);
}

/* A sinusoid as a unit phasor rotated once per sample: one complex multiply
 * instead of a sin() call, which makes the music loop cheap to render. */
typedef struct phasor {
    double re, im, c, s;
} phasor;

static phasor phasor_make(double w) { return (phasor){1.0, 0.0, cos(w), sin(w)}; }

/* Returns sin(w*i) for the current sample and advances to the next. */
static double phasor_next(phasor *p, long i)
{
    double v = p->im, re = p->re * p->c - p->im * p->s;
    p->im = p->re * p->s + p->im * p->c;
    p->re = re;
    if ((i & 1023) == 1023) { /* renormalise: rounding would slowly change the amplitude */
        double k = 1.0 / sqrt(p->re * p->re + p->im * p->im);
        p->re *= k;
        p->im *= k;
    }
    return v;
}

/* Adds one exponentially damped sinusoid starting at t0 seconds; the phase
 * starts at zero and the attack is smooth, so modes never click. */
static void add_mode(buf *b, double t0, const mode *m, double attack)
{
    long start = lround(t0 * b->rate);
    long len = (long)(m->decay * -log(TAIL_FLOOR) * b->rate) + 1;
    phasor ph = phasor_make(2.0 * PI * m->freq / b->rate);
    double env = 1.0, fall = exp(-1.0 / (m->decay * b->rate));

    if (!b->wrap && start + len > b->n)
        len = b->n - start;
    for (long i = 0; i < len; i++) {
        double t = (double)i / b->rate;
        synth_add(b, start + i, m->amp * synth_attack(t, attack) * env * phasor_next(&ph, i));
        env *= fall;
    }
}

void synth_modes(buf *b, double t0, const mode *ms, int count, double scale, double attack)
{
    for (int k = 0; k < count; k++) {
        mode m = ms[k];
        m.amp *= scale;
        add_mode(b, t0, &m, attack);
    }
}

/* A damped mode whose pitch glides exponentially from f0 to f1 over glide
 * seconds: the phase is accumulated so the glide stays continuous. */
void synth_glide(buf *b, double t0, double f0, double f1, double glide, double amp,
                      double decay, double attack)
{
    long start = lround(t0 * b->rate);
    double phase = 0.0;

    for (long i = 0; start + i < b->n; i++) {
        double t = (double)i / b->rate;
        double env = synth_attack(t, attack) * exp(-t / decay);
        double f = t < glide ? f0 * pow(f1 / f0, t / glide) : f1;

        if (env < TAIL_FLOOR && t > attack)
            break;
        synth_add(b, start + i, amp * env * sin(phase));
        phase += 2.0 * PI * f / b->rate;
    }
}

void synth_bandpass(biquad *f, double fc, double q, int rate)
{
    double w = 2.0 * PI * fc / rate;
    double alpha = sin(w) / (2.0 * q);
    double a0 = 1.0 + alpha;

    f->b0 = alpha / a0;
    f->b2 = -alpha / a0;
    f->a1 = -2.0 * cos(w) / a0;
    f->a2 = (1.0 - alpha) / a0;
}

double synth_biquad_run(biquad *f, double x)
{
    double y = f->b0 * x + f->z1;

    f->z1 = -f->a1 * y + f->z2;
    f->z2 = f->b2 * x - f->a2 * y;
    return y;
}

double synth_noise(rng *r) { return 2.0 * rng_unit(r) - 1.0; }

/* Adds band-passed noise shaped by an attack/decay envelope with a short
 * fade at its end, so a burst cut at dur still ends at zero. The noise goes
 * through the band-pass twice (12 dB an octave each side): through one, the
 * deal's swish, the shout's "st" and the cheer's popper hissed up to 24 kHz,
 * where nothing on a table sounds (docs/performance.md). */
void synth_burst(buf *b, rng *r, const burst *u)
{
    long start = lround(u->t0 * b->rate);
    long len = lround(u->dur * b->rate);
    double fade = fmin(0.004, u->dur / 4.0);
    biquad f1 = {0}, f2 = {0};

    for (long i = 0; i < len; i++) {
        double t = (double)i / b->rate;
        double env = synth_attack(t, u->attack) * exp(-t / u->decay);
        double left = u->dur - t;

        if (left < fade)
            env *= 0.5 - 0.5 * cos(PI * left / fade);
        if (i == 0 || u->fc1 != u->fc0) {
            double fc = u->fc0 * pow(u->fc1 / u->fc0, t / u->dur);
            synth_bandpass(&f1, fc, u->q, b->rate);
            synth_bandpass(&f2, fc, u->q, b->rate);
        }
        synth_add(b, start + i, u->amp * env * synth_biquad_run(&f2, synth_biquad_run(&f1, synth_noise(r))));
    }
}

/* Fades both ends (a safety net against clicks) and scales to peak. */
void synth_finish(buf *b, double peak, double fade_in, double fade_out)
{
    long fi = lround(fade_in * b->rate), fo = lround(fade_out * b->rate);
    double max = 0.0;

    for (long i = 0; i < fi && i < b->n; i++)
        b->s[i] *= (float)(0.5 - 0.5 * cos(PI * i / fi));
    for (long i = 0; i < fo && i < b->n; i++)
        b->s[b->n - 1 - i] *= (float)(0.5 - 0.5 * cos(PI * i / fo));
    for (int i = 0; i < b->n; i++)
        max = fmax(max, fabs(b->s[i]));
    if (max > 0.0)
        for (int i = 0; i < b->n; i++)
            b->s[i] = (float)(b->s[i] * (peak / max));
}

double synth_midi_hz(double note) { return 440.0 * pow(2.0, (note - 69.0) / 12.0); }

/* ------------------------------------------------------------ effects */

static void sfx_click(buf *b, rng *r)
{
    static const mode wood[] = {{1750, 0.6, 0.010}, {2890, 0.35, 0.006}, {4230, 0.15, 0.004}};

    synth_modes(b, 0.001, wood, 3, 1.0, 0.0008);
    synth_burst(b, r, &(burst){0.001, 0.006, 3000, 3000, 1.2, 0.25, 0.0005, 0.002});
    synth_finish(b, 0.5, 0.001, 0.01);
}

static void sfx_pickup(buf *b, rng *r)
{
    /* The rising glide reads as "up": the piece leaves the table. */
    synth_glide(b, 0.002, 620, 880, 0.06, 0.6, 0.035, 0.002);
    synth_glide(b, 0.002, 1500, 2050, 0.06, 0.25, 0.018, 0.002);
    synth_burst(b, r, &(burst){0.002, 0.012, 2500, 2500, 1.0, 0.15, 0.001, 0.004});
    synth_finish(b, 0.55, 0.002, 0.02);
}

static void sfx_drop(buf *b, rng *r)
{
    static const mode wood[] = {
        {142, 0.9, 0.070}, {318, 0.5, 0.045}, {655, 0.35, 0.025},
        {1180, 0.2, 0.012}, {2310, 0.1, 0.006},
    };

    synth_modes(b, 0.002, wood, 5, 1.0, 0.0015);
    synth_burst(b, r, &(burst){0.002, 0.03, 400, 400, 0.8, 0.6, 0.001, 0.008});
    synth_finish(b, 0.8, 0.002, 0.03);
}

static void sfx_deal(buf *b, rng *r)
{
    /* A rising band sweep is the air swish; the snap is the card landing. */
    synth_burst(b, r, &(burst){0.0, 0.11, 1200, 5200, 1.4, 0.8, 0.04, 0.05});
    synth_burst(b, r, &(burst){0.095, 0.03, 1800, 1800, 1.0, 0.5, 0.0008, 0.005});
    synth_finish(b, 0.55, 0.003, 0.02);
}

static void sfx_tick(buf *b, rng *r)
{
    static const mode tick[] = {{2480, 0.5, 0.005}, {3720, 0.3, 0.0035}, {1210, 0.25, 0.008}};

    synth_modes(b, 0.001, tick, 3, 1.0, 0.0005);
    synth_burst(b, r, &(burst){0.001, 0.004, 5000, 5000, 1.5, 0.15, 0.0003, 0.001});
    synth_finish(b, 0.45, 0.001, 0.008);
}

/* A soft bell: slightly inharmonic partials that die faster as they rise. */
void synth_bell(buf *b, double t0, double note, double amp, double decay)
{
    double f = synth_midi_hz(note);
    const mode bell[] = {
        {f, 1.0, decay}, {f * 2.0, 0.35, decay * 0.5}, {f * 3.01, 0.12, decay * 0.3},
        {f * 4.2, 0.08, decay * 0.15},
    };

    synth_modes(b, t0, bell, 4, amp, 0.004);
}

static void sfx_win(buf *b, rng *r)
{
    /* C major arpeggio up to the octave, then the chord rung together. */
    static const double arp[] = {72, 76, 79, 84};
    static const double chord[] = {60, 72, 76, 79, 84};

    (void)r;
    for (int k = 0; k < 4; k++)
        synth_bell(b, 0.01 + 0.11 * k, arp[k], 0.5, 0.35);
    for (int k = 0; k < 5; k++)
        synth_bell(b, 0.5 + 0.012 * k, chord[k], k == 0 ? 0.45 : 0.3, 0.32);
    synth_bell(b, 0.5, 91, 0.12, 0.25); /* a high G sparkle on top */
    synth_finish(b, 0.8, 0.005, 0.15);
}

static void sfx_error(buf *b, rng *r)
{
    /* Two low, soft buzzes, the second a little lower: "no" without a
     * harsh alarm. Odd harmonics at 1/n^2 give a rounded square. */
    static const double when[2] = {0.005, 0.175}, pitch[2] = {116.5, 103.8};

    (void)r;
    for (int k = 0; k < 2; k++) {
        long start = lround(when[k] * b->rate), len = lround(0.13 * b->rate);
        double w = 2.0 * PI * pitch[k] / b->rate;

        for (long i = 0; i < len; i++) {
            double t = (double)i / b->rate;
            double env = synth_attack(t, 0.012) * synth_attack(0.13 - t, 0.04);
            double v = sin(w * i) + sin(3 * w * i) / 9.0 + sin(5 * w * i) / 25.0;
            synth_add(b, start + i, 0.5 * env * v);
        }
    }
    synth_finish(b, 0.45, 0.002, 0.01); /* sustained, so it sounds loud at a lower peak */
}

/* One wooden block striking another: brighter and shorter than a drop on
 * the table, since a 30 g plank rings higher than the tabletop. */
void synth_knock(buf *b, rng *r, double t0, double amp, double pitch)
{
    const mode wood[] = {
        {420 * pitch, 0.8, 0.030}, {910 * pitch, 0.5, 0.018}, {1630 * pitch, 0.3, 0.010},
        {2750 * pitch, 0.15, 0.005},
    };

    synth_modes(b, t0, wood, 4, amp, 0.0008);
    synth_burst(b, r, &(burst){t0, 0.012, 2200 * pitch, 2200 * pitch, 1.0, 0.3 * amp, 0.0005, 0.003});
}

static void sfx_knock(buf *b, rng *r)
{
    synth_knock(b, r, 0.001, 1.0, 1.0);
    synth_finish(b, 0.6, 0.001, 0.02);
}

static void sfx_collapse(buf *b, rng *r)
{
    /* Blocks tumbling: knocks that come thick and then thin out, each at
     * its own pitch, over two dull thumps on the table. */
    double t = 0.002;
    while (t < 0.7) {
        synth_knock(b, r, t, 0.5 + 0.5 * rng_unit(r), 0.8 + 0.5 * rng_unit(r));
        t += 0.02 + 0.09 * rng_unit(r) * (1.0 + t * 2.0);
    }
    synth_burst(b, r, &(burst){0.05, 0.2, 260, 180, 0.9, 0.8, 0.003, 0.05});
    synth_burst(b, r, &(burst){0.38, 0.2, 240, 170, 0.9, 0.6, 0.003, 0.05});
    synth_finish(b, 0.8, 0.002, 0.06);
}

/* A voiced syllable: a buzzy source through two vowel formants. */
static void add_syllable(buf *b, double t0, double dur, double f0, double f1, double form1, double form2, double amp)
{
    long start = lround(t0 * b->rate), len = lround(dur * b->rate);
    biquad a = {0}, c = {0};
    double ph = 0.0, lp1 = 0.0, lp2 = 0.0;
    /* Two one-pole low-passes at 4 kHz: a bare sawtooth's harmonics (and
     * their aliases) reached 24 kHz as a haze over both syllables. */
    double k = 1.0 - exp(-2.0 * PI * 4000.0 / b->rate);

    synth_bandpass(&a, form1, 4.0, b->rate);
    synth_bandpass(&c, form2, 6.0, b->rate);
    for (long i = 0; i < len; i++) {
        double t = (double)i / b->rate, f = f0 + (f1 - f0) * t / dur;
        double env = synth_attack(t, 0.015) * synth_attack(dur - t, 0.06);
        double saw;
        ph += f / b->rate;
        ph -= floor(ph);
        saw = 2.0 * ph - 1.0;
        lp1 += k * (saw - lp1);
        lp2 += k * (lp1 - lp2);
        synth_add(b, start + i, amp * env * (synth_biquad_run(&a, lp2) + 0.6 * synth_biquad_run(&c, lp2)));
    }
}

static void sfx_shout(buf *b, rng *r)
{
    /* "MAX STAX!": two bright "ah" syllables, the second higher, with the
     * hiss of the s-t between them. */
    add_syllable(b, 0.0, 0.17, 230, 250, 800, 1250, 1.0);
    synth_burst(b, r, &(burst){0.16, 0.07, 5500, 6500, 1.5, 0.35, 0.01, 0.05});
    add_syllable(b, 0.22, 0.26, 290, 250, 820, 1300, 1.0);
    synth_finish(b, 0.7, 0.003, 0.05);
}

typedef struct sfx_def {
    void (*render)(buf *b, rng *r);
    double seconds;
} sfx_def;

static void sfx_cheer(buf *b, rng *r)
{
    /* A party popper (a short bright crack of noise), then a run of bells
     * rising up a major pentatonic like confetti thrown up, settling on a
     * soft chord. Quieter than the win fanfare that came just before. */
    static const double run[] = {72, 74, 76, 79, 81, 84, 86, 88, 91};
    static const double chord[] = {67, 76, 84};

    synth_burst(b, r, &(burst){0.004, 0.05, 2600, 5200, 0.9, 0.55, 0.001, 0.03});
    synth_burst(b, r, &(burst){0.02, 0.12, 6000, 8000, 1.2, 0.12, 0.004, 0.08});
    for (int k = 0; k < 9; k++)
        synth_bell(b, 0.06 + 0.055 * k, run[k], 0.26 - 0.012 * k, 0.22);
    for (int k = 0; k < 3; k++)
        synth_bell(b, 0.6 + 0.02 * k, chord[k], 0.22, 0.3);
    synth_finish(b, 0.6, 0.003, 0.2);
}

static const sfx_def sfx_defs[SFX_COUNT] = {
    [SFX_CLICK] = {sfx_click, 0.07},  [SFX_PICKUP] = {sfx_pickup, 0.16},
    [SFX_DROP] = {sfx_drop, 0.32},
    [SFX_DEAL] = {sfx_deal, 0.15},    [SFX_TICK] = {sfx_tick, 0.05},
    [SFX_WIN] = {sfx_win, 1.6},       [SFX_ERROR] = {sfx_error, 0.33},
    [SFX_KNOCK] = {sfx_knock, 0.12},  [SFX_COLLAPSE] = {sfx_collapse, 0.95},
    [SFX_SHOUT] = {sfx_shout, 0.52},  [SFX_CHEER] = {sfx_cheer, 1.2},
};

static int buf_alloc(buf *b, int rate, long frames, const char *what)
{
    if (rate < 8000 || rate > 192000) {
        log_error("synth: %s: unsupported rate %d Hz", what, rate);
        return -1;
    }
    b->rate = rate;
    b->n = (int)frames;
    b->wrap = 0;
    b->s = calloc((size_t)frames, sizeof *b->s);
    if (!b->s) {
        log_error("synth: %s: out of memory for %ld frames", what, frames);
        return -1;
    }
    return 0;
}

int synth_variants(sfx_id id)
{
    switch (id) {
    case SFX_SHUFFLE: case SFX_KNOCK_BLOCK: case SFX_KNOCK_TABLE: case SFX_CARD_SLIDE: case SFX_CARD_FLIP:
    case SFX_TILE_CLICK: case SFX_CHECKER: case SFX_TRACK_SLIDE:
        return SFX_VARIANTS;
    default:
        return 1;
    }
}

sfx_id synth_variant(sfx_id id, unsigned k) { return (sfx_id)(id + (int)(k % (unsigned)synth_variants(id))); }

int synth_render(sfx_id id, int rate, float **out, int *frames)
{
    buf b;
    rng r;

    if (!out || !frames || (int)id < 0 || id >= SFX_COUNT) {
        log_error("synth: bad effect %d", (int)id);
        return -1;
    }
    double seconds = sfx_defs[id].render ? sfx_defs[id].seconds : synth_table_seconds(id);
    if (buf_alloc(&b, rate, lround(seconds * rate), synth_name(id)) != 0)
        return -1;
    rng_seed(&r, 0x5747u + (unsigned)id);
    if (sfx_defs[id].render)
        sfx_defs[id].render(&b, &r);
    else
        synth_table_render(id, &b, &r);
    *out = b.s;
    *frames = b.n;
    return 0;
}

/* ------------------------------------------------------------ music */

#define MUSIC_BPM 90.0
#define MUSIC_BARS 8

typedef struct chord {
    double bass;
    double pad[3];
    double tines[4]; /* notes the kalimba picks from, low to high */
} chord;

/* C - Am - F - G - C - Am - Dm - G: the G turns back to C across the seam. */
static const chord progression[MUSIC_BARS] = {
    {48, {60, 64, 67}, {72, 76, 79, 84}}, {45, {57, 60, 64}, {69, 72, 76, 81}},
    {41, {57, 60, 65}, {65, 69, 72, 77}}, {43, {55, 59, 62}, {67, 71, 74, 79}},
    {48, {60, 64, 67}, {72, 76, 79, 84}}, {45, {57, 60, 64}, {69, 72, 76, 81}},
    {50, {57, 62, 65}, {62, 65, 69, 74}}, {43, {55, 59, 62}, {67, 71, 74, 79}},
};

/* Eighth-note kalimba patterns (index into tines, -1 rests). */
static const int patterns[2][8] = {
    {0, 2, 1, 3, 2, -1, 1, -1},
    {0, -1, 2, 1, 3, 2, -1, 1},
};

/* Kalimba tines have a strong, quickly dying overtone near 5.9x. */
static void add_tine(buf *b, double t0, double note, double amp)
{
    double f = synth_midi_hz(note);
    const mode tine[] = {{f, 1.0, 0.55}, {f * 2.0, 0.08, 0.2}, {f * 5.93, 0.12, 0.03}};

    synth_modes(b, t0, tine, 3, amp, 0.003);
}

/* A slow-swelling pad voice: two detuned sines plus a little 2nd harmonic,
 * held for hold seconds and then released exponentially. */
static void add_pad(buf *b, double t0, double note, double hold, double amp)
{
    static const double detune[2] = {0.9983, 1.0017};
    long start = lround(t0 * b->rate);
    double f = synth_midi_hz(note), release = 0.45;
    long len = (long)((hold + release * -log(TAIL_FLOOR)) * b->rate);

    phasor ph[4];
    double tail = 1.0, fall = exp(-1.0 / (release * b->rate));

    for (int d = 0; d < 2; d++) {
        ph[2 * d] = phasor_make(2.0 * PI * f * detune[d] / b->rate);
        ph[2 * d + 1] = phasor_make(4.0 * PI * f * detune[d] / b->rate);
    }
    for (long i = 0; i < len; i++) {
        double t = (double)i / b->rate;
        double env = synth_attack(t, 0.7) * tail;
        double v = phasor_next(&ph[0], i) + 0.15 * phasor_next(&ph[1], i) + phasor_next(&ph[2], i) +
                   0.15 * phasor_next(&ph[3], i);
        synth_add(b, start + i, amp * env * v);
        if (t >= hold)
            tail *= fall;
    }
}

int synth_music(int rate, float **out, int *frames)
{
    double beat = 60.0 / MUSIC_BPM, bar = 4.0 * beat;
    static const mode block[] = {{880, 1.0, 0.02}, {1430, 0.5, 0.012}};
    buf b;
    rng r;

    if (!out || !frames)
        return -1;
    if (buf_alloc(&b, rate, lround(MUSIC_BARS * bar * rate), "music") != 0)
        return -1;
    /* Rendered on a circle: every tail that rings past the end lands in the
     * start, so the loop is exactly one period of an endless performance.
     * The bars start a sixteenth late so the seam falls between notes
     * rather than on a downbeat's attack. */
    b.wrap = 1;
    rng_seed(&r, 0x4d55u);
    for (int k = 0; k < MUSIC_BARS; k++) {
        const chord *c = &progression[k];
        double t = k * bar + beat / 4.0;

        for (int v = 0; v < 3; v++)
            add_pad(&b, t, c->pad[v], bar - 0.3, 0.045);
        add_tine(&b, t, c->bass, 0.32);
        add_tine(&b, t + 2.0 * beat, c->bass + 7.0, 0.16);
        for (int e = 0; e < 8; e++) {
            int n = patterns[k % 2][e];
            /* Slight, seeded timing and velocity drift keeps it human. */
            double jitter = 0.008 * (rng_unit(&r) - 0.5);
            double vel = (e % 2 == 0 ? 0.22 : 0.14) * (0.85 + 0.3 * rng_unit(&r));
            if (n >= 0)
                add_tine(&b, t + e * beat / 2.0 + 0.01 + jitter, c->tines[n], vel);
        }
        synth_modes(&b, t + beat, block, 2, 0.05, 0.001);
        synth_modes(&b, t + 3.0 * beat, block, 2, 0.05, 0.001);
    }
    synth_finish(&b, 0.5, 0.0, 0.0);
    *out = b.s;
    *frames = b.n;
    return 0;
}
