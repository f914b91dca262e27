/* The null back end: plays nothing, opens everywhere, and keeps just enough
 * state (what music plays, what the channels were given) for the policy in
 * audio.c to be tested without a device. */
#include "audio/backend.h"

#include <stddef.h>

#define NULL_CHANNELS 16

static struct {
    void *music;
    int music_volume;
    int channel_volume[NULL_CHANNELS];
} nb;

static int null_open(int *rate)
{
    *rate = 48000;
    nb.music = NULL;
    return 0;
}

static void null_close(void) { nb.music = NULL; }

/* A chunk needs no samples here; any non-NULL handle will do. */
static void *null_chunk_new(const float *mono, int frames)
{
    (void)frames;
    return (void *)mono == NULL ? NULL : &nb;
}

static void null_chunk_free(void *chunk) { (void)chunk; }

static int null_chunk_play(void *chunk, int group, float pan, int volume)
{
    (void)chunk;
    (void)group;
    (void)pan;
    nb.channel_volume[0] = volume;
    return 0;
}

static void null_channel_volume(int channel, int volume)
{
    if (channel >= 0 && channel < NULL_CHANNELS)
        nb.channel_volume[channel] = volume;
}

static int null_channels(void) { return NULL_CHANNELS; }
static int null_channel_playing(int channel) { (void)channel; return 0; }

/* Any path "loads": the music the policy chose is what a test reads back. */
static void *null_music_load(const char *path, char *err, int errn)
{
    (void)err;
    (void)errn;
    return (void *)path;
}

static void null_music_free(void *music) { (void)music; }

static int null_music_fade_in(void *music, int loops, int ms, double pos)
{
    (void)loops;
    (void)ms;
    (void)pos;
    nb.music = music;
    return 0;
}

static void null_music_fade_out(int ms)
{
    (void)ms;
    nb.music = NULL; /* a fade takes no time where nothing is heard */
}

static void null_music_volume(int volume) { nb.music_volume = volume; }
static int null_music_playing(void) { return nb.music != NULL; }
static double null_music_position(void *music) { (void)music; return 0; }

const audio_backend audio_backend_null = {
    "null",           null_open,          null_close,          null_chunk_new,
    null_chunk_free,  null_chunk_play,    null_channel_volume, null_channels,
    null_channel_playing, null_music_load, null_music_free,    null_music_fade_in,
    null_music_fade_out, null_music_volume, null_music_playing, null_music_position,
};
