/* The SDL2_mixer back end. Effects are Mix_Chunks in the device's format on
 * 16 channels: 12 grouped as effects, 4 as interface, so a burst of clacks
 * never takes the click of a button. Music is one Mix_Music stream (Ogg
 * Vorbis, decoded as it plays); audio.c makes its crossfades. */
#include "audio/backend.h"

#include <SDL.h>
#include <SDL_mixer.h>
#include <math.h>

#include "core/log.h"

#define MIXER_RATE 48000
#define MIXER_CHANNELS 16
#define MIXER_INTERFACE_FIRST 12

static struct {
    int own_sdl_audio; /* we started SDL's audio subsystem, so we stop it */
    int freq, channels;
    Uint16 format;
} mx;

static int mixer_open(int *rate)
{
    if (!SDL_WasInit(SDL_INIT_AUDIO)) {
        if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
            log_warn("audio: no sound, SDL audio unavailable: %s", SDL_GetError());
            return -1;
        }
        mx.own_sdl_audio = 1;
    }
    /* Stereo for the seats' panning; 1024 frames is 21 ms of latency. */
    if (Mix_OpenAudioDevice(MIXER_RATE, AUDIO_S16SYS, 2, 1024, NULL,
                            SDL_AUDIO_ALLOW_FREQUENCY_CHANGE) != 0) {
        log_warn("audio: no sound, cannot open an audio device: %s", Mix_GetError());
        if (mx.own_sdl_audio)
            SDL_QuitSubSystem(SDL_INIT_AUDIO);
        mx.own_sdl_audio = 0;
        return -1;
    }
    Mix_QuerySpec(&mx.freq, &mx.format, &mx.channels);
    Mix_AllocateChannels(MIXER_CHANNELS);
    Mix_GroupChannels(0, MIXER_INTERFACE_FIRST - 1, AUDIO_GROUP_EFFECTS);
    Mix_GroupChannels(MIXER_INTERFACE_FIRST, MIXER_CHANNELS - 1, AUDIO_GROUP_INTERFACE);
    log_info("audio: SDL2_mixer, %d Hz, %d channels, format 0x%04x", mx.freq, mx.channels,
             (unsigned)mx.format);
    *rate = mx.freq;
    return 0;
}

static void mixer_close(void)
{
    Mix_HaltMusic();
    Mix_HaltChannel(-1);
    Mix_CloseAudio();
    Mix_Quit();
    if (mx.own_sdl_audio)
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    mx.own_sdl_audio = 0;
}

/* Converts to the device's format once, so the mixer only sums. */
static void *mixer_chunk_new(const float *mono, int frames)
{
    SDL_AudioCVT cvt;
    size_t len = (size_t)frames * sizeof *mono;
    Uint8 *buf;
    Mix_Chunk *c;

    if (!mono || frames <= 0 ||
        SDL_BuildAudioCVT(&cvt, AUDIO_F32SYS, 1, mx.freq, mx.format, (Uint8)mx.channels, mx.freq) < 0)
        return NULL;
    buf = SDL_malloc(len * (size_t)(cvt.len_mult > 1 ? cvt.len_mult : 1));
    if (!buf)
        return NULL;
    SDL_memcpy(buf, mono, len);
    cvt.buf = buf;
    cvt.len = (int)len;
    if (cvt.needed && SDL_ConvertAudio(&cvt) < 0) {
        SDL_free(buf);
        return NULL;
    }
    c = Mix_QuickLoad_RAW(buf, (Uint32)(cvt.needed ? cvt.len_cvt : cvt.len));
    if (!c)
        SDL_free(buf);
    return c;
}

/* QuickLoad chunks do not own their samples: they go after the chunk. */
static void mixer_chunk_free(void *chunk)
{
    Mix_Chunk *c = chunk;
    Uint8 *buf;

    if (!c)
        return;
    buf = c->abuf;
    Mix_FreeChunk(c); /* halts any channel still playing it */
    SDL_free(buf);
}

static int mixer_chunk_play(void *chunk, int group, float pan, int volume)
{
    int ch = Mix_GroupAvailable(group);
    Uint8 left, right;

    if (ch < 0)
        return -1;
    /* Full on the near side, fading to nothing on the far one: a seat at
     * the screen's edge is heard from that speaker alone. */
    pan = pan < -1 ? -1 : pan > 1 ? 1 : pan;
    left = (Uint8)lroundf(255.0f * (pan > 0 ? 1 - pan : 1));
    right = (Uint8)lroundf(255.0f * (pan < 0 ? 1 + pan : 1));
    Mix_SetPanning(ch, left, right);
    Mix_Volume(ch, volume);
    return Mix_PlayChannel(ch, chunk, 0);
}

static void mixer_channel_volume(int channel, int volume) { Mix_Volume(channel, volume); }
static int mixer_channels(void) { return MIXER_CHANNELS; }
static int mixer_channel_playing(int channel) { return Mix_Playing(channel); }

static void *mixer_music_load(const char *path, char *err, int errn)
{
    Mix_Music *m = Mix_LoadMUS(path);

    if (!m)
        SDL_snprintf(err, (size_t)errn, "%s", Mix_GetError());
    return m;
}

static void mixer_music_free(void *music)
{
    if (music)
        Mix_FreeMusic(music); /* halts it if it is the one playing */
}

static int mixer_music_fade_in(void *music, int loops, int ms, double pos)
{
    return Mix_FadeInMusicPos(music, loops, ms, pos);
}

static void mixer_music_fade_out(int ms)
{
    if (!Mix_FadeOutMusic(ms))
        Mix_HaltMusic();
}

static void mixer_music_volume(int volume) { Mix_VolumeMusic(volume); }
static int mixer_music_playing(void) { return Mix_PlayingMusic(); }
static double mixer_music_position(void *music) { return Mix_GetMusicPosition(music); }

const audio_backend audio_backend_mixer = {
    "SDL2_mixer",          mixer_open,           mixer_close,          mixer_chunk_new,
    mixer_chunk_free,      mixer_chunk_play,     mixer_channel_volume, mixer_channels,
    mixer_channel_playing, mixer_music_load,     mixer_music_free,     mixer_music_fade_in,
    mixer_music_fade_out,  mixer_music_volume,   mixer_music_playing,  mixer_music_position,
};
