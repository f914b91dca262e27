/* Playback of the synthesised sounds on one SDL audio device. Every sound is
 * rendered at the device rate and converted once to the device format, so
 * the callback only sums voices, with SDL_MixAudioFormat (SDL's own clamped
 * mix with volume). Voice 0 is the music loop; effects take any other free
 * voice. Every sound is mono, so the device is opened mono 16-bit where it
 * allows: a quarter of the memory of float stereo (the 21 s music loop is
 * 2 MB, not 8), and the device or sound server spreads it over the speakers.
 *
 * SDL_mixer is not used: every sound here is made in code, and Debian's
 * SDL_mixer links decoders for music files (FluidSynth and with it GLib's
 * object system, libinstpatch, JACK, readline, libgomp; modplug, FLAC,
 * mpg123, Opus, Vorbis) that cost every start about 3 MB of resident memory
 * and their loading time for nothing we play (docs/performance.md). */
#include "audio/audio.h"

#include <SDL.h>
#include <math.h>
#include <stdlib.h>

#include "core/log.h"

#define AUDIO_RATE 48000
#define AUDIO_VOICES 16
#define MUSIC_VOICE 0

/* A converted sound in the device's format. */
typedef struct sound {
    Uint8 *pcm;
    Uint32 len;
} sound;

/* What the callback reads; changed only with the device locked. */
typedef struct voice {
    const sound *s; /* NULL: free */
    Uint32 pos;
    int volume; /* 0..SDL_MIX_MAXVOLUME */
    int loop;
} voice;

static struct {
    int open;
    int own_sdl_audio; /* we started SDL's audio subsystem, so we stop it */
    SDL_AudioDeviceID dev;
    SDL_AudioSpec spec;
    voice voices[AUDIO_VOICES];
    /* Each effect is synthesised the first time it plays (4 ms at most, for
     * the fanfare): a session keeps only the sounds its games make. */
    sound sfx[SFX_COUNT];
    unsigned char sfx_tried[SFX_COUNT];
    sound music;
    /* The music loop takes seconds to synthesise, so a worker thread renders
     * it while the game starts; the main thread adopts it in audio_update. */
    SDL_Thread *music_thread;
    SDL_atomic_t music_ready; /* 1: music_new is filled (or failed: pcm NULL) */
    sound music_new;
    int music_volume;  /* voice volume last asked for */
    int effect_volume; /* the same for effects */
    int updates;       /* audio_update calls: the worker starts after the first frames */
    /* Effects asked for before the device opens (the game opens it after its
     * first frame): played as soon as it does. */
    sfx_id pending[8];
    int npending;
} au;

/* The device's callback: silence, plus every voice at its volume. */
static void SDLCALL mix_voices(void *user, Uint8 *out, int len)
{
    (void)user;
    SDL_memset(out, au.spec.silence, (size_t)len);
    for (int i = 0; i < AUDIO_VOICES; i++) {
        voice *v = &au.voices[i];
        Uint32 done = 0;

        while (v->s && done < (Uint32)len) {
            Uint32 n = SDL_min((Uint32)len - done, v->s->len - v->pos);
            SDL_MixAudioFormat(out + done, v->s->pcm + v->pos, au.spec.format, n, v->volume);
            v->pos += n;
            done += n;
            if (v->pos >= v->s->len) {
                v->pos = 0;
                if (!v->loop)
                    v->s = NULL;
            }
        }
    }
}

/* Converts mono float PCM (malloc'd; taken, freed on failure) to the
 * device's format and channel count, in place where it does not grow, and
 * trims the buffer to the result; touches no voice, so the music worker may
 * call it. */
static int pcm_convert(float *mono, int frames, const SDL_AudioSpec *spec, sound *out)
{
    SDL_AudioCVT cvt;
    size_t len = (size_t)frames * sizeof *mono;
    Uint8 *buf, *trimmed;
    Uint32 n;

    if (SDL_BuildAudioCVT(&cvt, AUDIO_F32SYS, 1, spec->freq, spec->format, spec->channels,
                          spec->freq) < 0) {
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
    out->pcm = trimmed ? trimmed : buf;
    out->len = n;
    if (n == 0) {
        free(out->pcm);
        out->pcm = NULL;
        return -1;
    }
    return 0;
}

/* Renders one effect; a failure only costs that sound, the rest still plays. */
static void load_sound(sound *s, sfx_id id)
{
    float *pcm = NULL;
    int frames = 0;

    if (synth_render(id, au.spec.freq, &pcm, &frames) != 0) {
        free(pcm);
        pcm = NULL;
    }
    if (!pcm || pcm_convert(pcm, frames, &au.spec, s) != 0)
        log_warn("audio: %s will be silent", synth_name(id));
}

static int SDLCALL music_worker(void *user)
{
    float *pcm = NULL;
    int frames = 0;
    (void)user;
    SDL_SetThreadPriority(SDL_THREAD_PRIORITY_LOW);
    if (synth_music(au.spec.freq, &pcm, &frames) != 0) {
        free(pcm);
        pcm = NULL;
    }
    if (!pcm || pcm_convert(pcm, frames, &au.spec, &au.music_new) != 0) {
        au.music_new.pcm = NULL;
        log_warn("audio: the music will be silent");
    }
    SDL_AtomicSet(&au.music_ready, 1);
    return 0;
}

/* Starts, restarts at a new volume, or stops the music voice. */
static void music_apply(void)
{
    voice *v = &au.voices[MUSIC_VOICE];

    SDL_LockAudioDevice(au.dev);
    if (au.music_volume == 0 || !au.music.pcm) {
        v->s = NULL;
    } else {
        if (!v->s) {
            v->s = &au.music;
            v->pos = 0;
            v->loop = 1;
        }
        v->volume = au.music_volume;
    }
    SDL_UnlockAudioDevice(au.dev);
}

/* Half a second after start-up, when the first frames are on screen: the
 * synthesis would otherwise compete with drawing them for the CPU. */
#define MUSIC_START_UPDATES 30

void audio_update(void)
{
    if (!au.open)
        return;
    /* The dummy driver (tests, CI) plays to nobody: the music is not worth its CPU. */
    if (++au.updates == MUSIC_START_UPDATES && !au.music.pcm && !au.music_thread &&
        SDL_strcmp(SDL_GetCurrentAudioDriver() ? SDL_GetCurrentAudioDriver() : "", "dummy") != 0) {
        SDL_AtomicSet(&au.music_ready, 0);
        au.music_thread = SDL_CreateThread(music_worker, "stackhouse-music", NULL);
        if (!au.music_thread)
            music_worker(NULL); /* no threads: render it now */
    }
    if (au.music_thread) {
        if (!SDL_AtomicGet(&au.music_ready))
            return;
        SDL_WaitThread(au.music_thread, NULL);
        au.music_thread = NULL;
    }
    if (!au.music_new.pcm)
        return;
    au.music = au.music_new;
    au.music_new.pcm = NULL;
    music_apply();
}

int audio_init(void)
{
    SDL_AudioSpec want;

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
    /* Mono 16-bit (see the top); the device may change the rate and the
     * channels, and the sounds are converted to whatever it opened. */
    SDL_zero(want);
    want.freq = AUDIO_RATE;
    want.format = AUDIO_S16SYS;
    want.channels = 1;
    want.samples = 1024;
    want.callback = mix_voices;
    SDL_memset(au.voices, 0, sizeof au.voices);
    au.dev = SDL_OpenAudioDevice(NULL, 0, &want, &au.spec,
                                 SDL_AUDIO_ALLOW_FREQUENCY_CHANGE | SDL_AUDIO_ALLOW_CHANNELS_CHANGE);
    if (au.dev == 0) {
        log_warn("audio: no sound, cannot open an audio device: %s", SDL_GetError());
        if (au.own_sdl_audio)
            SDL_QuitSubSystem(SDL_INIT_AUDIO);
        au.own_sdl_audio = 0;
        au.npending = 0;
        return -1;
    }
    SDL_memset(au.sfx_tried, 0, sizeof au.sfx_tried);
    au.updates = 0;
    au.effect_volume = SDL_MIX_MAXVOLUME;
    /* Music stays off until audio_set_volume gives it a volume. */
    au.open = 1;
    log_info("audio: %d Hz, %d channels, format 0x%04x", au.spec.freq, au.spec.channels,
             (unsigned)au.spec.format);
    SDL_PauseAudioDevice(au.dev, 0);
    for (int i = 0; i < au.npending; i++)
        audio_play(au.pending[i]);
    au.npending = 0;
    return 0;
}

static void sound_free(sound *s)
{
    free(s->pcm);
    s->pcm = NULL;
    s->len = 0;
}

void audio_quit(void)
{
    au.npending = 0;
    if (!au.open)
        return;
    SDL_CloseAudioDevice(au.dev); /* stops the callback before the sounds go */
    au.dev = 0;
    if (au.music_thread) {
        SDL_WaitThread(au.music_thread, NULL);
        au.music_thread = NULL;
    }
    sound_free(&au.music_new);
    for (int id = 0; id < SFX_COUNT; id++)
        sound_free(&au.sfx[id]);
    sound_free(&au.music);
    SDL_memset(au.voices, 0, sizeof au.voices);
    if (au.own_sdl_audio)
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    au.open = 0;
    au.own_sdl_audio = 0;
}

/* Starts effect id on a free voice at volume (0..SDL_MIX_MAXVOLUME). */
static void play_voice(sfx_id id, int volume)
{
    int free_voice = -1;

    if ((int)id < 0 || id >= SFX_COUNT)
        return;
    if (!au.open) {
        if (au.npending < (int)(sizeof au.pending / sizeof au.pending[0]))
            au.pending[au.npending++] = id;
        return;
    }
    if (volume <= 0)
        return;
    if (!au.sfx_tried[id]) {
        au.sfx_tried[id] = 1;
        load_sound(&au.sfx[id], id);
    }
    if (!au.sfx[id].pcm)
        return;
    SDL_LockAudioDevice(au.dev);
    for (int i = 0; i < AUDIO_VOICES && free_voice < 0; i++)
        if (i != MUSIC_VOICE && !au.voices[i].s)
            free_voice = i;
    if (free_voice >= 0)
        au.voices[free_voice] = (voice){&au.sfx[id], 0, volume, 0};
    SDL_UnlockAudioDevice(au.dev);
    /* Every voice busy: dropping one effect beats cutting one. */
    if (free_voice < 0)
        log_debug("audio: %s dropped: every voice is playing", synth_name(id));
}

void audio_play(sfx_id id) { play_voice(id, au.effect_volume); }

/* STAND-IN, replaced by the SDL2_mixer layer (#27): gain only; pan is
 * ignored by this mono hand mixer. */
void audio_play_at(sfx_id id, float pan, float gain)
{
    (void)pan;
    if (gain < 0.0f)
        gain = 0.0f;
    if (gain > 1.0f)
        gain = 1.0f;
    int volume = (int)lroundf((float)au.effect_volume * gain);
    play_voice(id, volume == 0 && gain > 0.0f && au.effect_volume > 0 ? 1 : volume);
}

int audio_busy(void)
{
    const char *driver = SDL_GetCurrentAudioDriver();
    if (!au.open || SDL_strcmp(driver ? driver : "", "dummy") == 0)
        return 0;
    return au.updates < MUSIC_START_UPDATES || au.music_thread || au.music_new.pcm;
}

int audio_playing(void)
{
    int n = 0;

    if (!au.open)
        return 0;
    SDL_LockAudioDevice(au.dev);
    for (int i = 0; i < AUDIO_VOICES; i++)
        n += au.voices[i].s != NULL;
    SDL_UnlockAudioDevice(au.dev);
    return n;
}

/* Loudness is perceived roughly logarithmically; squaring the percentage
 * makes the slider's steps sound even instead of bunching at the top. */
static int mix_volume(int percent)
{
    if (percent < 0)
        percent = 0;
    if (percent > 100)
        percent = 100;
    int v = (int)lround(SDL_MIX_MAXVOLUME * (percent / 100.0) * (percent / 100.0));

    return percent > 0 && v == 0 ? 1 : v; /* any percent above 0 is audible */
}

void audio_set_volume(int music_percent, int effects_percent)
{
    if (!au.open)
        return;
    au.effect_volume = mix_volume(effects_percent);
    SDL_LockAudioDevice(au.dev);
    for (int i = 0; i < AUDIO_VOICES; i++)
        if (i != MUSIC_VOICE && au.voices[i].s)
            au.voices[i].volume = au.effect_volume;
    SDL_UnlockAudioDevice(au.dev);
    au.music_volume = mix_volume(music_percent);
    music_apply();
}
