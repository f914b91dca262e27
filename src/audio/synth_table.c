/* The table sounds: wood, cards, tile and checker on a table, in families of
 * SFX_VARIANTS. Each variant of a family is the same gesture at its own
 * pitch and with its own noise grain (the seed follows the id), so a player
 * who picks one at random never hears one sample machine-gunned. */
#include <math.h>

#include "audio/synth_priv.h"

/* A variant's pitch factor: a few percent apart, as two blocks of the same
 * wood or two cards of the same deck differ. */
static const double pitch_of[SFX_VARIANTS] = {1.0, 0.93, 1.075};

/* Air and friction noise: band-passed twice (12 dB an octave each side, not
 * 6), since one band-pass left these sounds hissing up to 20 kHz where a
 * card or a plank makes nothing (docs/performance.md), and faded in and
 * out with raised cosines so it never starts or stops with a click. */
typedef struct swish {
    double t0, dur;               /* start and length, seconds */
    double fc0, fc1, q;           /* band centre sweeps fc0 -> fc1 */
    double amp;
    double attack, release, decay; /* raised-cosine ends, exponential fall between */
} swish;

static void add_swish(buf *b, rng *r, const swish *u)
{
    long start = lround(u->t0 * b->rate), len = lround(u->dur * b->rate);
    biquad f1 = {0}, f2 = {0};

    for (long i = 0; i < len; i++) {
        double t = (double)i / b->rate;
        if ((i & 31) == 0) { /* the sweep moves slowly: new coefficients every 32 samples do */
            double fc = u->fc0 * pow(u->fc1 / u->fc0, t / u->dur);
            synth_bandpass(&f1, fc, u->q, b->rate);
            synth_bandpass(&f2, fc, u->q, b->rate);
        }
        double env = synth_attack(t, u->attack) * synth_attack(u->dur - t, u->release) * exp(-t / u->decay);
        synth_add(b, start + i, u->amp * env * synth_biquad_run(&f2, synth_biquad_run(&f1, synth_noise(r))));
    }
}

/* A plank hitting a plank: bright and short; a third variant bounces once. */
static void knock_block(buf *b, rng *r, int k)
{
    double p = pitch_of[k];

    synth_knock(b, r, 0.001, 1.0, p);
    if (k == 2)
        synth_knock(b, r, 0.021, 0.3, p * 1.02);
    synth_finish(b, 0.6, 0.001, 0.02);
}

/* A plank hitting the tabletop: the board under it rings low and dull, with
 * the plank's own ring on top, so it reads as heavier than wood on wood. */
static void knock_table(buf *b, rng *r, int k)
{
    double p = pitch_of[k];
    const mode board[] = {
        {112 * p, 0.9, 0.050}, {238 * p, 0.6, 0.034}, {530 * p, 0.35, 0.018}, {1160 * p, 0.15, 0.008},
    };

    synth_modes(b, 0.002, board, 4, 1.0, 0.0015);
    synth_knock(b, r, 0.002, 0.35, p * 1.04);
    synth_burst(b, r, &(burst){0.002, 0.05, 320 * p, 190 * p, 0.9, 0.7, 0.001, 0.015});
    synth_finish(b, 0.7, 0.002, 0.03);
}

/* A card slid over felt: a soft swish falling in pitch as it slows, over a
 * faint high rustle. Variants differ in length as well as colour. */
static void card_slide(buf *b, rng *r, int k)
{
    double p = pitch_of[k], dur = 0.15 + 0.025 * k;

    add_swish(b, r, &(swish){0.0, dur, 2400 * p, 1400 * p, 1.1, 1.0, 0.025, 0.08, 0.12});
    add_swish(b, r, &(swish){0.01, dur - 0.02, 5000 * p, 4200 * p, 2.0, 0.15, 0.02, 0.06, 0.1});
    synth_finish(b, 0.42, 0.003, 0.02);
}

/* A card turned over: the flap of air as it turns, then the snap of its
 * edge landing. */
static void card_flip(buf *b, rng *r, int k)
{
    double p = pitch_of[k];

    add_swish(b, r, &(swish){0.0, 0.052, 1300 * p, 3200 * p, 1.3, 0.7, 0.01, 0.02, 0.05});
    add_swish(b, r, &(swish){0.046, 0.02, 2500 * p, 2500 * p, 1.6, 0.9, 0.0008, 0.006, 0.005});
    synth_finish(b, 0.5, 0.002, 0.01);
}

/* A deck riffled. The thumbs let the two halves' corners go one card at a
 * time: a patter of paper flicks, slow as it starts, quickest halfway, then
 * slowing as the halves run out, the halves a little apart in pitch (one is
 * bent more than the other), over the soft rustle of cards bending. Then
 * the squared deck tapped on the table; the second variant first bridges
 * the cards (they arch back down with a falling whoosh), the third taps the
 * deck twice. Every flick is noise through two band-passes between 0.9 and
 * 4.5 kHz: paper, not the hiss up to 24 kHz the first shuffle had. */
static void card_riffle(buf *b, rng *r, int k)
{
    static const double length[SFX_VARIANTS] = {0.44, 0.36, 0.48};
    static const int cards[SFX_VARIANTS] = {44, 38, 50};
    double p = pitch_of[k], len = length[k], tap = len + 0.03;
    const mode deck[] = {{165 * p, 0.7, 0.035}, {385 * p, 0.4, 0.02}, {830 * p, 0.2, 0.01}};

    add_swish(b, r, &(swish){0.0, len + 0.02, 1500 * p, 2300 * p, 0.8, 0.1, 0.06, 0.05, 1.0});
    for (int c = 0; c < cards[k]; c++) {
        /* Where card c falls: the gaps are twice as long at the ends as in
         * the middle (t' ~ 1 + cos), jittered by a fifth either way. */
        double x = (c + 0.4 * (rng_unit(r) - 0.5)) / cards[k];
        double t = 0.008 + len * (x + 0.5 * sin(2.0 * PI * x) / (2.0 * PI));
        double swell = synth_attack(x, 0.2) * (1.0 - 0.35 * x) * (0.65 + 0.35 * rng_unit(r));
        double half = c % 2 ? 1.12 : 1.0;
        double edge = (2200 + 1800 * rng_unit(r)) * p * half;
        add_swish(b, r, &(swish){t, 0.006, edge, edge * 0.85, 1.4, 0.9 * swell, 0.0003, 0.002, 0.0015});
        add_swish(b, r, &(swish){t + 0.001, 0.01, 1000 * p * half, 900 * p * half, 2.0, 0.45 * swell, 0.001, 0.004, 0.003});
    }
    if (k == 1) {
        add_swish(b, r, &(swish){len + 0.02, 0.2, 2600 * p, 1100 * p, 0.9, 0.3, 0.03, 0.06, 0.12});
        tap = len + 0.22;
    }
    synth_modes(b, tap, deck, 3, 1.0, 0.0015);
    synth_burst(b, r, &(burst){tap, 0.03, 320 * p, 220 * p, 0.9, 0.4, 0.001, 0.01});
    if (k == 2)
        synth_modes(b, tap + 0.075, deck, 3, 0.45, 0.0015);
    synth_finish(b, 0.62, 0.003, 0.03);
}

/* A hard tile set down: a high, short click; one variant settles with a
 * second, softer tap. */
static void tile_click(buf *b, rng *r, int k)
{
    double p = pitch_of[k];
    const mode tile[] = {{2350 * p, 0.6, 0.006}, {3900 * p, 0.4, 0.004}, {5600 * p, 0.2, 0.0025}, {1200 * p, 0.25, 0.01}};

    synth_modes(b, 0.001, tile, 4, 1.0, 0.0005);
    synth_burst(b, r, &(burst){0.001, 0.004, 4200 * p, 4200 * p, 1.4, 0.2, 0.0003, 0.001});
    if (k == 1)
        synth_modes(b, 0.013, tile, 4, 0.35, 0.0005);
    synth_finish(b, 0.5, 0.001, 0.01);
}

/* A checker clacking down: the disc's ring over a thump of the board, then
 * the disc settling with two quick smaller taps (it rocks on its rim). */
static void checker(buf *b, rng *r, int k)
{
    double p = pitch_of[k];
    const mode disc[] = {{760 * p, 0.6, 0.02}, {1720 * p, 0.5, 0.012}, {3100 * p, 0.3, 0.006}};
    const mode board[] = {{190 * p, 0.5, 0.03}};

    synth_modes(b, 0.001, disc, 3, 1.0, 0.0006);
    synth_modes(b, 0.001, board, 1, 1.0, 0.001);
    synth_burst(b, r, &(burst){0.001, 0.006, 3000 * p, 3000 * p, 1.2, 0.3, 0.0004, 0.002});
    synth_modes(b, 0.024 + 0.004 * k, disc, 3, 0.3, 0.0006);
    synth_modes(b, 0.04 + 0.005 * k, disc, 3, 0.14, 0.0006);
    synth_finish(b, 0.6, 0.001, 0.02);
}

/* A track block sliding into the frame: wood scraping along, slowing, then
 * the dull thunk of it stopping against the frame. */
static void track_slide(buf *b, rng *r, int k)
{
    double p = pitch_of[k], stop = 0.12 + 0.02 * k;
    const mode thunk[] = {{180 * p, 0.8, 0.04}, {420 * p, 0.5, 0.025}, {900 * p, 0.3, 0.012}};

    add_swish(b, r, &(swish){0.0, stop + 0.006, 700 * p, 450 * p, 1.2, 0.6, 0.04, 0.006, 0.3});
    synth_modes(b, stop, thunk, 3, 1.0, 0.001);
    synth_burst(b, r, &(burst){stop, 0.008, 2200 * p, 2200 * p, 1.0, 0.25, 0.0005, 0.003});
    synth_finish(b, 0.6, 0.003, 0.03);
}

/* A Stakz split: one note parting into two (a glide down and one up), then
 * the two halves landing apart as two tile clicks. */
static void stakz_split(buf *b, rng *r)
{
    const mode tile[] = {{2350, 0.6, 0.006}, {3900, 0.4, 0.004}, {1200, 0.25, 0.01}};

    synth_glide(b, 0.003, 660, 440, 0.12, 0.5, 0.12, 0.004);
    synth_glide(b, 0.003, 660, 990, 0.12, 0.4, 0.12, 0.004);
    synth_modes(b, 0.15, tile, 3, 0.7, 0.0005);
    synth_modes(b, 0.19, tile, 3, 0.6, 0.0005);
    synth_burst(b, r, &(burst){0.15, 0.004, 4200, 4200, 1.4, 0.15, 0.0003, 0.001});
    synth_finish(b, 0.6, 0.003, 0.04);
}

/* A STAX multi-capture: clacks rising in a quick run (stack after stack
 * taken), crowned by a bright major chord. */
static void stax_multi(buf *b, rng *r)
{
    static const double chord[] = {76, 80, 83, 88};
    const mode disc[] = {{760, 0.6, 0.02}, {1720, 0.5, 0.012}, {3100, 0.3, 0.006}};

    for (int k = 0; k < 3; k++) {
        double f = pow(2.0, 2.0 * k / 12.0);
        const mode m[] = {{disc[0].freq * f, 0.6, 0.02}, {disc[1].freq * f, 0.5, 0.012}, {disc[2].freq * f, 0.3, 0.006}};
        synth_modes(b, 0.002 + 0.07 * k, m, 3, 0.7 + 0.15 * k, 0.0006);
    }
    synth_burst(b, r, &(burst){0.21, 0.08, 3000, 6000, 1.0, 0.15, 0.004, 0.04});
    for (int k = 0; k < 4; k++)
        synth_bell(b, 0.22 + 0.015 * k, chord[k], 0.3, 0.3);
    synth_finish(b, 0.7, 0.002, 0.12);
}

/* A Stack-A-Track loop closed: a whoosh round and back, with bells running
 * up and down again to where they began, as the train goes round. */
static void track_loop(buf *b, rng *r)
{
    static const double run[] = {72, 76, 79, 84, 79, 76, 72};

    add_swish(b, r, &(swish){0.0, 0.32, 700, 3000, 1.2, 0.4, 0.12, 0.08, 1.0});
    add_swish(b, r, &(swish){0.28, 0.32, 3000, 700, 1.2, 0.4, 0.04, 0.15, 1.0});
    for (int k = 0; k < 7; k++)
        synth_bell(b, 0.02 + 0.085 * k, run[k], k == 3 ? 0.4 : 0.3, 0.25);
    synth_bell(b, 0.62, 60, 0.3, 0.3);
    synth_finish(b, 0.65, 0.003, 0.12);
}

typedef void (*family_fn)(buf *b, rng *r, int k);

/* The families in id order: first id, renderer, seconds. */
static const struct {
    sfx_id first;
    family_fn render;
    double seconds;
} families[] = {
    {SFX_SHUFFLE, card_riffle, 0.72},     {SFX_KNOCK_BLOCK, knock_block, 0.12}, {SFX_KNOCK_TABLE, knock_table, 0.26},
    {SFX_CARD_SLIDE, card_slide, 0.22},   {SFX_CARD_FLIP, card_flip, 0.1},
    {SFX_TILE_CLICK, tile_click, 0.08},   {SFX_CHECKER, checker, 0.16},
    {SFX_TRACK_SLIDE, track_slide, 0.32},
};

static const struct {
    sfx_id id;
    void (*render)(buf *b, rng *r);
    double seconds;
} cues[] = {
    {SFX_STAKZ_SPLIT, stakz_split, 0.45},
    {SFX_STAX_MULTI, stax_multi, 1.0},
    {SFX_TRACK_LOOP, track_loop, 1.1},
};

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

double synth_table_seconds(sfx_id id)
{
    for (int f = 0; f < COUNT(families); f++)
        if (id >= families[f].first && id < families[f].first + SFX_VARIANTS)
            return families[f].seconds;
    for (int c = 0; c < COUNT(cues); c++)
        if (id == cues[c].id)
            return cues[c].seconds;
    return 0.0;
}

void synth_table_render(sfx_id id, buf *b, rng *r)
{
    for (int f = 0; f < COUNT(families); f++)
        if (id >= families[f].first && id < families[f].first + SFX_VARIANTS) {
            families[f].render(b, r, (int)(id - families[f].first));
            return;
        }
    for (int c = 0; c < COUNT(cues); c++)
        if (id == cues[c].id)
            cues[c].render(b, r);
}
