/* SDL_mixer playback of the synthesised sounds. Effects are rendered at the
 * device rate and converted once to the device format, so playback costs
 * nothing but mixing. Channel 0 is reserved for the music loop. Every sound
 * is mono, so the mixer is opened mono and 16-bit where the device allows:
 * a quarter of the memory of float stereo (the 21 s music loop is 2 MB, not
 * 8), and the device or sound server spreads it over the speakers. */
#include "audio/audio.h"

#include <SDL.h>
#include <SDL_mixer.h>
#include <math.h>
#include <stdlib.h>

#include "core/log.h"

#define AUDIO_RATE 48000
#define AUDIO_CHANNELS 16
#define MUSIC_CHANNEL 0

/* A chunk over a PCM buffer we own: Mix_QuickLoad_RAW does not copy it. */
typedef struct sound {
    Mix_Chunk *chunk;
    Uint8 *pcm;
} sound;

static struct {
    int open;
    int own_sdl_audio; /* we started SDL's audio subsystem, so we stop it */
    sound sfx[SFX_COUNT];
    sound music;
    /* The music loop takes seconds to synthesise, so a worker thread renders
     * it while the game starts; the main thread adopts it in audio_update. */
    SDL_Thread *music_thread;
    SDL_atomic_t music_ready; /* 1: music_pcm/music_len are filled (or failed: NULL) */
    Uint8 *music_pcm;
    Uint32 music_len;
    int music_volume; /* Mix volume last asked for */
    int updates;      /* audio_update calls: the worker starts after the first frames */
    int rate, channels;
    Uint16 fmt;
    /* Effects asked for before the mixer opens (the game opens it after its
     * first frame): played as soon as it does. */
    sfx_id pending[8];
    int npending;
} au;

/* Converts mono float PCM (malloc'd; taken, freed on failure) to the
 * device's format and channel count, in place where it does not grow, and
 * trims the buffer to the result; touches no mixer state, so the music worker
 * may call it. */
static int pcm_convert(float *mono, int frames, int rate, Uint16 fmt, int channels, Uint8 **out,
                       Uint32 *out_len)
{
    SDL_AudioCVT cvt;
    size_t len = (size_t)frames * sizeof *mono;
    Uint8 *buf, *trimmed;
    Uint32 n;

    if (SDL_BuildAudioCVT(&cvt, AUDIO_F32SYS, 1, rate, fmt, (Uint8)channels, rate) < 0) {
        log_error("audio: no conversion to the device format: %s", SDL_GetError());
        free(mono);
        return -1;
    }
    cvt.len = (int)len;
    buf = realloc(mono, len * (size_t)(cvt.len_mult > 1 ? cvt.len_mult : 1));
    if (!buf) {
        log_error("audio: out of memory converting %d frames", frames);
        free(mono);
        return -1;
    }
    cvt.buf = buf;
    if (cvt.needed && SDL_ConvertAudio(&cvt) < 0) {
        log_error("audio: conversion failed: %s", SDL_GetError());
        free(buf);
        return -1;
    }
    n = (Uint32)(cvt.needed ? cvt.len_cvt : cvt.len);
    /* Float to 16-bit halves the samples: give the other half back. */
    trimmed = n > 0 ? realloc(buf, n) : NULL;
    *out = trimmed ? trimmed : buf;
    *out_len = n;
    return 0;
}

/* Wraps a converted buffer (taking ownership) in a chunk. */
static int sound_adopt(sound *s, Uint8 *pcm, Uint32 len)
{
    s->pcm = pcm;
    s->chunk = Mix_QuickLoad_RAW(s->pcm, len);
    if (!s->chunk) {
        log_error("audio: cannot load a chunk: %s", Mix_GetError());
        free(s->pcm);
        s->pcm = NULL;
        return -1;
    }
    return 0;
}

static void sound_free(sound *s)
{
    if (s->chunk)
        Mix_FreeChunk(s->chunk);
    free(s->pcm);
    s->chunk = NULL;
    s->pcm = NULL;
}

/* Renders one effect; a failure only costs that sound, the rest still plays. */
static void load_sound(sound *s, sfx_id id, int rate, Uint16 fmt, int channels)
{
    float *pcm = NULL;
    Uint8 *out = NULL;
    Uint32 len = 0;
    int frames = 0;

    if (synth_render(id, rate, &pcm, &frames) != 0) {
        free(pcm);
        pcm = NULL;
    }
    if (!pcm || pcm_convert(pcm, frames, rate, fmt, channels, &out, &len) != 0 ||
        sound_adopt(s, out, len) != 0)
        log_warn("audio: %s will be silent", synth_name(id));
}

static int SDLCALL music_worker(void *user)
{
    float *pcm = NULL;
    int frames = 0;
    (void)user;
    SDL_SetThreadPriority(SDL_THREAD_PRIORITY_LOW);
    if (synth_music(au.rate, &pcm, &frames) != 0) {
        free(pcm);
        pcm = NULL;
    }
    if (!pcm || pcm_convert(pcm, frames, au.rate, au.fmt, au.channels, &au.music_pcm, &au.music_len) != 0) {
        au.music_pcm = NULL;
        log_warn("audio: the music will be silent");
    }
    SDL_AtomicSet(&au.music_ready, 1);
    return 0;
}

static void music_apply(void)
{
    Mix_Volume(MUSIC_CHANNEL, au.music_volume);
    if (au.music_volume == 0) {
        Mix_HaltChannel(MUSIC_CHANNEL);
    } else if (!Mix_Playing(MUSIC_CHANNEL) && au.music.chunk) {
        if (Mix_PlayChannel(MUSIC_CHANNEL, au.music.chunk, -1) < 0)
            log_warn("audio: cannot start the music: %s", Mix_GetError());
    }
}

/* Half a second after start-up, when the first frames are on screen: the
 * synthesis would otherwise compete with drawing them for the CPU. */
#define MUSIC_START_UPDATES 30

void audio_update(void)
{
    if (!au.open)
        return;
    /* The dummy driver (tests, CI) plays to nobody: the music is not worth its CPU. */
    if (++au.updates == MUSIC_START_UPDATES && !au.music.chunk && !au.music_thread &&
        SDL_strcmp(SDL_GetCurrentAudioDriver() ? SDL_GetCurrentAudioDriver() : "", "dummy") != 0) {
        SDL_AtomicSet(&au.music_ready, 0);
        au.music_thread = SDL_CreateThread(music_worker, "stackhouse-music", NULL);
        if (!au.music_thread)
            music_worker(NULL); /* no threads: render it now */
    }
    if (!au.music_thread || !SDL_AtomicGet(&au.music_ready))
        return;
    SDL_WaitThread(au.music_thread, NULL);
    au.music_thread = NULL;
    if (au.music_pcm && sound_adopt(&au.music, au.music_pcm, au.music_len) != 0)
        log_warn("audio: the music will be silent");
    au.music_pcm = NULL;
    music_apply();
}

int audio_init(void)
{
    int rate, channels;
    Uint16 fmt;

    if (au.open)
        return 0;
    if (!SDL_WasInit(SDL_INIT_AUDIO)) {
        if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
            log_warn("audio: no sound, SDL audio unavailable: %s", SDL_GetError());
            au.npending = 0;
            return -1;
        }
        au.own_sdl_audio = 1;
    }
    /* Mono 16-bit (see the top): SDL_mixer lets the device change the
     * channels, and the sounds are converted to whatever it opened. */
    if (Mix_OpenAudio(AUDIO_RATE, AUDIO_S16SYS, 1, 1024) != 0) {
        log_warn("audio: no sound, cannot open the mixer: %s", Mix_GetError());
        if (au.own_sdl_audio)
            SDL_QuitSubSystem(SDL_INIT_AUDIO);
        au.own_sdl_audio = 0;
        au.npending = 0;
        return -1;
    }
    Mix_QuerySpec(&rate, &fmt, &channels);
    Mix_AllocateChannels(AUDIO_CHANNELS);
    Mix_ReserveChannels(1); /* MUSIC_CHANNEL: effects never steal it */
    for (int id = 0; id < SFX_COUNT; id++)
        load_sound(&au.sfx[id], (sfx_id)id, rate, fmt, channels);
    au.rate = rate;
    au.fmt = fmt;
    au.channels = channels;
    au.updates = 0;
    /* Music stays off until audio_set_volume gives it a volume. */
    au.open = 1;
    log_info("audio: %d Hz, %d channels, format 0x%04x", rate, channels, (unsigned)fmt);
    for (int i = 0; i < au.npending; i++)
        audio_play(au.pending[i]);
    au.npending = 0;
    return 0;
}

void audio_quit(void)
{
    au.npending = 0;
    if (!au.open)
        return;
    Mix_HaltChannel(-1);
    if (au.music_thread) {
        SDL_WaitThread(au.music_thread, NULL);
        au.music_thread = NULL;
    }
    free(au.music_pcm);
    au.music_pcm = NULL;
    for (int id = 0; id < SFX_COUNT; id++)
        sound_free(&au.sfx[id]);
    sound_free(&au.music);
    Mix_CloseAudio();
    if (au.own_sdl_audio)
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    au.open = 0;
    au.own_sdl_audio = 0;
}

void audio_play(sfx_id id)
{
    if ((int)id < 0 || id >= SFX_COUNT)
        return;
    if (!au.open) {
        if (au.npending < (int)(sizeof au.pending / sizeof au.pending[0]))
            au.pending[au.npending++] = id;
        return;
    }
    if (!au.sfx[id].chunk)
        return;
    /* -1 when every channel is busy: dropping one effect beats cutting one. */
    if (Mix_PlayChannel(-1, au.sfx[id].chunk, 0) < 0)
        log_debug("audio: %s dropped: %s", synth_name(id), Mix_GetError());
}

/* Loudness is perceived roughly logarithmically; squaring the percentage
 * makes the slider's steps sound even instead of bunching at the top. */
static int mix_volume(int percent)
{
    if (percent < 0)
        percent = 0;
    if (percent > 100)
        percent = 100;
    int v = (int)lround(MIX_MAX_VOLUME * (percent / 100.0) * (percent / 100.0));

    return percent > 0 && v == 0 ? 1 : v; /* any percent above 0 is audible */
}

void audio_set_volume(int music_percent, int effects_percent)
{
    int fx = mix_volume(effects_percent), music = mix_volume(music_percent);

    if (!au.open)
        return;
    for (int ch = 0; ch < AUDIO_CHANNELS; ch++)
        if (ch != MUSIC_CHANNEL)
            Mix_Volume(ch, fx);
    au.music_volume = music;
    music_apply();
}
