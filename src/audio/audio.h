/* Sound through SDL2_mixer: effects on channels grouped as effects and
 * interface, panned to a seat's side; one music piece per screen, streamed
 * from Ogg files with fades between them; the volume settings applied live
 * and the music ducked under loud cues. With no audio device the game runs
 * silently; STACKHOUSE_AUDIO=null picks the null back end (tests). */
#ifndef STACKHOUSE_AUDIO_H
#define STACKHOUSE_AUDIO_H

#include "audio/synth.h"

/* The pieces of the soundtrack. NONE: silence (and, as a screen's music,
 * "whatever plays goes on"). */
typedef enum music_id { MUSIC_NONE, MUSIC_MENU, MUSIC_TABLE, MUSIC_MAXSTAX, MUSIC_FANFARE, MUSIC_COUNT } music_id;

/* Opens the audio device; returns 0, or -1 (then every other call is a no-op
 * and the game goes on without sound). */
int audio_init(void);
/* Stops and frees everything. */
void audio_quit(void);
/* Where the music's Ogg files are (<data>/music); before or after init. */
void audio_set_music_dir(const char *dir);
/* Plays an effect once in the middle at full gain; before audio_init, it
 * waits (up to 8) for the device. */
void audio_play(sfx_id id);
/* Plays an effect once, panned (-1 left .. +1 right) at gain (0..1) times
 * the effects volume; a family's first id (synth_variants) plays one of its
 * variants at random. */
void audio_play_at(sfx_id id, float pan, float gain);
/* Asks for a piece: it fades in after the one playing has faded out. The
 * fanfare plays once, then the menu's piece follows. */
void audio_music(music_id m);
/* The MAXSTAX round's urgency, 0 (calm) .. 1 (the clock's last seconds):
 * past a half, the urgent arrangement takes over at the same bar. */
void audio_music_intensity(float k);
/* A piece's name ("menu", "table", "maxstax", "fanfare"; "none"), for traces. */
const char *audio_music_name(music_id m);
/* The piece asked for last, and the file (basename, "" for none) playing. */
music_id audio_music_wanted(void);
const char *audio_music_file(void);
/* Moves the fades and the ducking on (call once a logic step; cheap). */
void audio_update(void);
/* Sets volumes in percent (0–100), live: 0 mutes. */
void audio_set_volume(int music_percent, int effects_percent);
/* How many effects are playing now (0 when closed). */
int audio_playing(void);
/* Whether audio_update still has work (a fade between pieces, a duck to
 * lift): the main loop keeps stepping until it is done. */
int audio_busy(void);
/* The music's volume now (0..128: the setting times the duck). */
int audio_music_level(void);

#endif
