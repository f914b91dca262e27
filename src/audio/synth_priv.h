/* The synthesiser's building blocks, shared by its two effect files
 * (synth.c: interface sounds and music; synth_table.c: table sounds).
 * Internal to src/audio. */
#ifndef STACKHOUSE_SYNTH_PRIV_H
#define STACKHOUSE_SYNTH_PRIV_H

#include "audio/synth.h"
#include "core/rng.h"

#define PI 3.14159265358979323846

/* Tails below this are inaudible at any volume setting; stop rendering them. */
#define TAIL_FLOOR 1e-4

typedef struct buf {
    float *s;
    int n;
    int rate;
    int wrap; /* music: events past the end ring on into the start */
} buf;

typedef struct mode {
    double freq, amp, decay; /* Hz, linear, seconds to 1/e */
} mode;

/* RBJ band-pass (constant 0 dB peak) biquad, transposed direct form II. */
typedef struct biquad {
    double b0, b2, a1, a2, z1, z2;
} biquad;

typedef struct burst {
    double t0, dur;       /* start and length, seconds */
    double fc0, fc1, q;   /* band centre sweeps fc0 -> fc1 */
    double amp;
    double attack, decay; /* raised-cosine attack, exponential decay */
} burst;

/* Adds v to sample i (wrapping for music, dropped outside otherwise). */
void synth_add(buf *b, long i, double v);
/* Raised-cosine attack gain at t seconds into an attack of attack seconds. */
double synth_attack(double t, double attack);
/* Adds count damped modes at t0, their amplitudes scaled by scale. */
void synth_modes(buf *b, double t0, const mode *ms, int count, double scale, double attack);
/* Adds a damped mode gliding from f0 to f1 Hz over glide seconds. */
void synth_glide(buf *b, double t0, double f0, double f1, double glide, double amp, double decay, double attack);
/* Sets f to a band-pass at fc Hz with quality q. */
void synth_bandpass(biquad *f, double fc, double q, int rate);
/* Runs one sample through f. */
double synth_biquad_run(biquad *f, double x);
/* White noise in [-1, 1). */
double synth_noise(rng *r);
/* Adds one enveloped band-passed noise burst. */
void synth_burst(buf *b, rng *r, const burst *u);
/* Fades both ends and scales the whole buffer to peak. */
void synth_finish(buf *b, double peak, double fade_in, double fade_out);
/* Frequency of a MIDI note number. */
double synth_midi_hz(double note);
/* Adds a soft bell on MIDI note at t0. */
void synth_bell(buf *b, double t0, double note, double amp, double decay);
/* Adds one wooden block striking another at t0 (pitch: frequency factor). */
void synth_knock(buf *b, rng *r, double t0, double amp, double pitch);

/* The table sounds (synth_table.c): seconds of effect id (0: not one of
 * them), and its renderer into b. */
double synth_table_seconds(sfx_id id);
void synth_table_render(sfx_id id, buf *b, rng *r);

#endif
