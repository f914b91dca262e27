/* Sound output on one SDL audio device: synthesised effects and the music loop,
 * with the volume settings. Works (silently) with SDL's dummy driver and
 * degrades to no sound at all if no audio device opens. */
#ifndef STACKHOUSE_AUDIO_H
#define STACKHOUSE_AUDIO_H

#include "audio/synth.h"

/* Opens the audio device; returns 0, or -1 (then every other call is a no-op
 * and the game goes on without sound). */
int audio_init(void);
/* Stops and frees everything. */
void audio_quit(void);
/* Plays an effect once, synthesising it the first time; before audio_init,
 * it waits (up to 8) for the device. */
void audio_play(sfx_id id);
/* Plays an effect once at pan (-1 left .. +1 right) and gain (0..1, times
 * the effects volume). */
void audio_play_at(sfx_id id, float pan, float gain);
/* Adopts the music loop once its background synthesis is done (call once a
 * logic step; cheap). */
void audio_update(void);
/* Sets volumes in percent (0–100); music starts or stops with its volume. */
void audio_set_volume(int music_percent, int effects_percent);
/* How many sounds are playing now, the music included (0 when closed). */
int audio_playing(void);
/* Whether audio_update still has work: the music is yet to be made or put on
 * (the loop keeps stepping until it is playing; never with the dummy driver). */
int audio_busy(void);

#endif
