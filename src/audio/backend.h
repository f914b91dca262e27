/* The audio layer's back ends, behind one small table of functions (as
 * Taisei's audio/backend.h): SDL2_mixer for players (audio_mixer.c) and a
 * null back end that plays nothing but keeps the state a test asserts on
 * (audio_null.c). audio.c holds the policy: volumes, ducking, which piece of
 * music plays and the fades between them. */
#ifndef STACKHOUSE_AUDIO_BACKEND_H
#define STACKHOUSE_AUDIO_BACKEND_H

/* Channel groups: every effect is one or the other. */
enum { AUDIO_GROUP_EFFECTS = 1, AUDIO_GROUP_INTERFACE = 2 };

#define AUDIO_MAX_VOLUME 128 /* MIX_MAX_VOLUME */

typedef struct audio_backend {
    const char *name;
    /* Opens the output; fills the rate it opened at. 0 or -1. */
    int (*open)(int *rate);
    void (*close)(void);
    /* A playable sound from mono float samples at the opened rate (the
     * buffer stays the caller's); NULL on failure. */
    void *(*chunk_new)(const float *mono, int frames);
    void (*chunk_free)(void *chunk);
    /* Plays chunk once on a free channel of group, panned (-1..1) at volume
     * (0..AUDIO_MAX_VOLUME); returns the channel or -1 when all are busy. */
    int (*chunk_play)(void *chunk, int group, float pan, int volume);
    /* Sets one playing channel's volume. */
    void (*channel_volume)(int channel, int volume);
    /* Channels there are, and whether one is playing. */
    int (*channels)(void);
    int (*channel_playing)(int channel);
    /* A music stream from a file; NULL (with the reason in err) on failure. */
    void *(*music_load)(const char *path, char *err, int errn);
    void (*music_free)(void *music);
    /* Starts music (loops: -1 forever, 1 once) fading in over ms from pos seconds. */
    int (*music_fade_in)(void *music, int loops, int ms, double pos);
    void (*music_fade_out)(int ms);
    void (*music_volume)(int volume);
    int (*music_playing)(void); /* playing or fading */
    double (*music_position)(void *music); /* seconds, or -1 */
} audio_backend;

/* SDL2_mixer. */
extern const audio_backend audio_backend_mixer;
/* Nothing audible; music "plays" until faded out, a chunk for one call. */
extern const audio_backend audio_backend_null;

#endif
