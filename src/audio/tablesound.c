#include "audio/tablesound.h"

#include <math.h>
#include <time.h>

#include "audio/audio.h"
#include "core/rng.h"

/* The quietest knock worth a sound: a 30 g block stopped from 5 units/s
 * (12.5 cm/s, a drop of 0.3 mm). The loudest: one stopped from about
 * 90 units/s, a fall of ten of its thicknesses (2.5 cm). */
#define KNOCK_QUIET 150.0
#define KNOCK_LOUD 3000.0
/* Sound pressure follows the striking speed; the exponent below 1 lifts
 * the quiet taps so a settling tower is still heard under a crash. */
#define KNOCK_CURVE 0.7
/* Wood on wood is a smaller plate than the tabletop: it rings quieter. */
#define KNOCK_BLOCK_GAIN 0.8f

float tablesound_knock_gain(double impulse, int on_floor)
{
    if (!(impulse >= KNOCK_QUIET))
        return 0.0f;
    double g = pow(fmin(impulse, KNOCK_LOUD) / KNOCK_LOUD, KNOCK_CURVE);
    return (float)g * (on_floor ? 1.0f : KNOCK_BLOCK_GAIN);
}

void tablesound_share(float *gain, int n)
{
    float sum = 0.0f;
    for (int i = 0; i < n; i++)
        sum += gain[i];
    if (sum > TABLESOUND_FRAME_GAIN)
        for (int i = 0; i < n; i++)
            gain[i] *= TABLESOUND_FRAME_GAIN / sum;
}

float tablesound_pan(float x, float width)
{
    if (!(width > 0))
        return 0.0f;
    float p = 2.0f * x / width - 1.0f;
    return p < -1.0f ? -1.0f : p > 1.0f ? 1.0f : p;
}

/* Seeded from the clock the first time: no game state touches it. */
static rng *sound_rng(void)
{
    static rng r;
    static int seeded;
    if (!seeded) {
        rng_seed(&r, (uint64_t)time(NULL) ^ (uint64_t)clock() << 32);
        seeded = 1;
    }
    return &r;
}

void tablesound_play(sfx_id id, float pan, float gain)
{
    if (gain <= 0.0f)
        return;
    /* audio_play_at picks the family's variant */
    audio_play_at(id, pan, gain * (float)(0.85 + 0.15 * rng_unit(sound_rng())));
}
