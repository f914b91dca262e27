/* Table sounds as a party hears them: one of an effect's variants picked at
 * random with a little gain jitter, panned to where on the screen it
 * happened, and a MAXSTAX knock as loud as the physics says it struck. The
 * randomness is the sounds' own generator, never a game's seeded one, so
 * sound can never change a game or its replay. */
#ifndef STACKHOUSE_TABLESOUND_H
#define STACKHOUSE_TABLESOUND_H

#include "audio/synth.h"

/* At most this many knocks start in one frame: a falling tower is a burst
 * of its loudest impacts, not every contact the solver saw. */
#define TABLESOUND_KNOCKS_PER_FRAME 3

/* Gain (0..1) of a knock of impulse (gram units per second, as
 * maxstax_world_knocks reports): 0 below what is worth hearing, rising
 * with the impulse, 1 from a block dropped from about ten times its
 * thickness. on_floor: a block on the table is struck harder than one
 * plank on another would sound, so the table is a little louder. */
float tablesound_knock_gain(double impulse, int on_floor);
/* Scales n gains of sounds starting together so they add up to at most
 * TABLESOUND_FRAME_GAIN: a frame of a collapse never piles up into a clip. */
#define TABLESOUND_FRAME_GAIN 0.9f
void tablesound_share(float *gain, int n);
/* Pan (-1 left .. +1 right) of screen x in a screen width wide. */
float tablesound_pan(float x, float width);
/* Plays a random variant of family id at pan, gain jittered down by up to
 * 15%, unless gain is 0. */
void tablesound_play(sfx_id id, float pan, float gain);

#endif
