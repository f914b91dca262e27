/* The audio layer's policy over a back end (audio/backend.h): effects
 * rendered once by the synthesiser and kept as chunks, their volume and
 * panning; the music: which file plays for the piece asked for, the fades
 * between pieces, the MAXSTAX round's urgent arrangement, the fanfare that
 * hands over to the menu's piece, and the duck under loud cues.
 *
 * A crossfade is a fade-out then a fade-in: SDL2_mixer has one music stream,
 * and decoding two Ogg streams as chunks on channels would hold both pieces
 * decoded in memory (about 20 MB for two 60 s stereo loops) for a dip the
 * ear hardly hears between screens (docs/performance.md). */
#include "audio/audio.h"

#include <SDL.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "audio/backend.h"
#include "core/log.h"

/* The files of the soundtrack, <music dir>/<name>.ogg. */
enum { FILE_NONE, FILE_MENU, FILE_TABLE, FILE_MAXSTAX, FILE_URGENT, FILE_FANFARE, FILE_COUNT };
static const char *const file_names[FILE_COUNT] = {"", "menu", "table", "maxstax", "maxstax_urgent",
                                                   "fanfare"};

#define FADE_OUT_MS 700  /* the piece leaving a screen */
#define FADE_IN_MS 1000  /* the next one */
#define SWAP_MS 250      /* calm to urgent arrangement, at the same bar */
#define URGENT_ON 0.5f   /* intensity past which the urgent arrangement plays */
#define URGENT_OFF 0.3f  /* and under which the calm one returns (no flapping) */
#define DUCK_LEVEL 0.35f /* the music's share under a loud cue */
#define DUCK_DOWN 0.25f  /* per update (60 Hz): down in 50 ms... */
#define DUCK_UP 0.04f    /* ...and back up in 400 ms */
#define MAX_CHANNELS 32
/* The mixer clamps every sum, so a pile of knocks under the music would
 * clip. Each effect's peak is known once rendered; the music's is taken as
 * MUSIC_PEAK. Whenever the peaks of what plays could add past HEADROOM of
 * full scale, every effect is scaled down together (a peak budget: never a
 * clipped sample, at the cost of a quieter crash when many overlap). */
#define MUSIC_PEAK 0.9f
#define HEADROOM 0.98f

typedef struct pending_sfx {
    sfx_id id;
    float pan, gain;
} pending_sfx;

static struct {
    const audio_backend *be;
    int open;
    int rate;
    /* Each effect is synthesised the first time it plays: a session keeps
     * only the sounds its games make. */
    void *sfx[SFX_COUNT];
    unsigned char sfx_tried[SFX_COUNT];
    Uint32 sfx_ms[SFX_COUNT];
    float sfx_peak[SFX_COUNT];
    float chan_gain[MAX_CHANNELS]; /* each channel's gain, for live volume changes */
    float chan_peak[MAX_CHANNELS]; /* and the peak of what it plays */
    float effects_scale;           /* the peak budget's share of the effects (0..1] */
    int effect_volume;             /* 0..AUDIO_MAX_VOLUME */
    int music_volume;
    char music_dir[1024];
    music_id want; /* the piece asked for */
    float intensity;
    int urgent;
    int file;       /* the file playing, or silent because it failed to load */
    void *music;    /* its stream */
    int fading_out; /* asked the back end to fade the stream out */
    double swap_pos; /* where the calm/urgent swap picks up, seconds */
    int swapping;
    int no_music; /* the dummy driver: no one hears it, so nothing is decoded */
    int missing_logged;
    unsigned char failed[FILE_COUNT];
    float duck;
    Uint32 duck_until;
    int level_set; /* the music volume last given to the back end */
    /* Effects asked for before the device opens (the game opens it after its
     * first frame): played as soon as it does. */
    pending_sfx pending[8];
    int npending;
} au = {.music_dir = "music"};

static int loud_cue(sfx_id id)
{
    return id == SFX_WIN || id == SFX_COLLAPSE || id == SFX_SHOUT || id == SFX_CHEER;
}

static int music_level(void)
{
    return (int)lroundf((float)au.music_volume * au.duck);
}

static void apply_music_level(void)
{
    int level = music_level();
    if (level != au.level_set) {
        au.be->music_volume(level);
        au.level_set = level;
    }
}

int audio_init(void)
{
    const char *which = SDL_getenv("STACKHOUSE_AUDIO");
    const char *driver;

    if (au.open)
        return 0;
    au.be = which && SDL_strcmp(which, "null") == 0 ? &audio_backend_null : &audio_backend_mixer;
    if (au.be->open(&au.rate) != 0) {
        au.npending = 0;
        return -1;
    }
    driver = au.be == &audio_backend_mixer ? SDL_GetCurrentAudioDriver() : NULL;
    au.no_music = driver && SDL_strcmp(driver, "dummy") == 0;
    SDL_memset(au.sfx_tried, 0, sizeof au.sfx_tried);
    SDL_memset(au.failed, 0, sizeof au.failed);
    au.effect_volume = AUDIO_MAX_VOLUME;
    au.effects_scale = 1;
    au.music_volume = 0; /* until audio_set_volume gives it one */
    au.duck = 1;
    au.duck_until = 0;
    au.level_set = -1;
    au.file = FILE_NONE;
    au.music = NULL;
    au.fading_out = au.swapping = 0;
    au.missing_logged = 0;
    au.open = 1;
    apply_music_level();
    for (int i = 0; i < au.npending; i++)
        audio_play_at(au.pending[i].id, au.pending[i].pan, au.pending[i].gain);
    au.npending = 0;
    return 0;
}

void audio_quit(void)
{
    au.npending = 0;
    if (!au.open)
        return;
    au.be->music_free(au.music);
    au.music = NULL;
    for (int id = 0; id < SFX_COUNT; id++) {
        au.be->chunk_free(au.sfx[id]);
        au.sfx[id] = NULL;
    }
    au.be->close();
    au.open = 0;
    au.want = MUSIC_NONE;
    au.file = FILE_NONE;
}

void audio_set_music_dir(const char *dir)
{
    SDL_strlcpy(au.music_dir, dir, sizeof au.music_dir);
}

/* Renders one effect; a failure only costs that sound, the rest still plays. */
static void *effect_chunk(sfx_id id)
{
    float *pcm = NULL;
    int frames = 0;

    if (au.sfx_tried[id])
        return au.sfx[id];
    au.sfx_tried[id] = 1;
    if (synth_render(id, au.rate, &pcm, &frames) == 0)
        au.sfx[id] = au.be->chunk_new(pcm, frames);
    au.sfx_peak[id] = 0;
    for (int i = 0; au.sfx[id] && i < frames; i++)
        au.sfx_peak[id] = SDL_max(au.sfx_peak[id], SDL_fabsf(pcm[i]));
    free(pcm);
    if (!au.sfx[id])
        log_warn("audio: %s will be silent", synth_name(id));
    else
        au.sfx_ms[id] = (Uint32)((long long)frames * 1000 / au.rate);
    return au.sfx[id];
}

static int channel_level(int ch)
{
    return (int)lroundf((float)au.effect_volume * au.chan_gain[ch] * au.effects_scale);
}

/* Sets the effects' scale so the peaks of all that plays, and of an effect
 * about to start (its peak times gain, extra), fit under HEADROOM; gives
 * every playing channel its level. The others come down before a new
 * effect starts, so no buffer mixes the new one over the old levels. */
static void effects_budget(float extra)
{
    float sum = extra * (float)au.effect_volume / AUDIO_MAX_VOLUME, room = HEADROOM - MUSIC_PEAK * (float)music_level() / AUDIO_MAX_VOLUME;
    int n = SDL_min(au.be->channels(), MAX_CHANNELS);

    for (int i = 0; i < n; i++)
        if (au.be->channel_playing(i))
            sum += au.chan_peak[i] * au.chan_gain[i] * (float)au.effect_volume / AUDIO_MAX_VOLUME;
    au.effects_scale = sum > room ? SDL_max(room, 0.05f) / sum : 1;
    for (int i = 0; i < n; i++)
        if (au.be->channel_playing(i))
            au.be->channel_volume(i, channel_level(i));
}

/* A family's variant (synth_variant) for each play: a deck shuffled twice
 * never sounds the same twice. The sound's own counter, stepped by a
 * xorshift seeded from the clock: no game's generator is touched, so sound
 * never changes a game or its replay. */
static unsigned variant_pick(void)
{
    static Uint32 x;
    if (!x)
        x = (Uint32)SDL_GetPerformanceCounter() | 1u;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return x >> 8;
}

void audio_play_at(sfx_id id, float pan, float gain)
{
    void *chunk;
    int group, ch;

    if ((int)id < 0 || id >= SFX_COUNT)
        return;
    if (!au.open) {
        if (au.npending < (int)(sizeof au.pending / sizeof au.pending[0]))
            au.pending[au.npending++] = (pending_sfx){id, pan, gain};
        return;
    }
    gain = gain < 0 ? 0 : gain > 1 ? 1 : gain;
    id = synth_variant(id, variant_pick());
    if (au.effect_volume == 0 || gain == 0 || !(chunk = effect_chunk(id)))
        return;
    group = id == SFX_CLICK || id == SFX_ERROR ? AUDIO_GROUP_INTERFACE : AUDIO_GROUP_EFFECTS;
    effects_budget(au.sfx_peak[id] * gain);
    ch = au.be->chunk_play(chunk, group, pan,
                           (int)lroundf((float)au.effect_volume * gain * au.effects_scale));
    /* Every channel busy: dropping one effect beats cutting one. */
    if (ch < 0) {
        log_debug("audio: %s dropped: every channel is playing", synth_name(id));
        return;
    }
    if (ch < MAX_CHANNELS) {
        au.chan_gain[ch] = gain;
        au.chan_peak[ch] = au.sfx_peak[id];
    }
    if (loud_cue(id) && !au.no_music) {
        Uint32 until = SDL_GetTicks() + au.sfx_ms[id];
        if ((Sint32)(until - au.duck_until) > 0)
            au.duck_until = until;
    }
}

void audio_play(sfx_id id)
{
    audio_play_at(id, 0, 1);
}

static int file_wanted(void)
{
    switch (au.want) {
    case MUSIC_MENU: return FILE_MENU;
    case MUSIC_TABLE: return FILE_TABLE;
    case MUSIC_MAXSTAX: return au.urgent ? FILE_URGENT : FILE_MAXSTAX;
    case MUSIC_FANFARE: return FILE_FANFARE;
    default: return FILE_NONE;
    }
}

void audio_music(music_id m)
{
    if ((int)m < 0 || m >= MUSIC_COUNT || m == au.want)
        return;
    au.want = m;
    /* A round's urgency lasts while its piece plays: the view may set it in
     * the step its screen asks for the piece, so it is cleared by the next
     * piece, not by this one. */
    if (m != MUSIC_MAXSTAX) {
        au.intensity = 0;
        au.urgent = 0;
    }
}

void audio_music_intensity(float k)
{
    au.intensity = k;
    if (!au.urgent && k >= URGENT_ON)
        au.urgent = 1;
    else if (au.urgent && k < URGENT_OFF)
        au.urgent = 0;
}

music_id audio_music_wanted(void) { return au.want; }

const char *audio_music_name(music_id m)
{
    static const char *const names[MUSIC_COUNT] = {"none", "menu", "table", "maxstax", "fanfare"};
    return (int)m >= 0 && m < MUSIC_COUNT ? names[m] : "none";
}

const char *audio_music_file(void)
{
    return au.open && au.music ? file_names[au.file] : "";
}

/* Starts file f fading in (or nothing, when it cannot load). */
static void music_start(int f)
{
    char path[1200], err[256] = "";
    int swap = au.swapping;

    au.file = f;
    au.swapping = 0;
    if (f == FILE_NONE || au.no_music || au.failed[f])
        return;
    snprintf(path, sizeof path, "%s/%s.ogg", au.music_dir, file_names[f]);
    if (!(au.music = au.be->music_load(path, err, (int)sizeof err))) {
        au.failed[f] = 1;
        /* Once a session: a build without its music plays on without it. */
        if (!au.missing_logged)
            log_warn("audio: no music: cannot open %s (%s); playing on without it", path, err);
        au.missing_logged = 1;
        return;
    }
    au.level_set = -1;
    apply_music_level();
    if (au.be->music_fade_in(au.music, f == FILE_FANFARE ? 1 : -1, swap ? SWAP_MS : FADE_IN_MS,
                             swap ? au.swap_pos : 0) != 0) {
        au.be->music_free(au.music);
        au.music = NULL;
    }
}

static void music_step(void)
{
    int f;

    /* The fanfare played out (or could not play): the menu's piece follows.
     * The score screen is the menu between games (both its ways out lead to
     * screens that play the menu's piece), and it may be the first screen,
     * with no piece before it to return to (docs/music.md). */
    if (au.want == MUSIC_FANFARE && au.file == FILE_FANFARE && !au.fading_out &&
        !(au.music && au.be->music_playing()))
        au.want = MUSIC_MENU;
    f = file_wanted();
    if (f == au.file)
        return;
    if (au.music && au.be->music_playing()) {
        if (!au.fading_out) {
            au.swapping = (au.file == FILE_MAXSTAX && f == FILE_URGENT) ||
                          (au.file == FILE_URGENT && f == FILE_MAXSTAX);
            /* The arrangements share their bars: the other picks up where
             * this one will be when its fade ends (from the top if the
             * stream cannot tell). */
            if (au.swapping)
                au.swap_pos = SDL_max(0.0, au.be->music_position(au.music)) + SWAP_MS / 1000.0;
            au.be->music_fade_out(au.swapping ? SWAP_MS : FADE_OUT_MS);
            au.fading_out = 1;
        }
        return;
    }
    /* Silent: the next piece fades in. */
    au.be->music_free(au.music);
    au.music = NULL;
    au.fading_out = 0;
    music_start(f);
}

static void duck_step(void)
{
    float target = (Sint32)(au.duck_until - SDL_GetTicks()) > 0 ? DUCK_LEVEL : 1.0f;

    if (au.duck > target)
        au.duck = SDL_max(target, au.duck - DUCK_DOWN);
    else if (au.duck < target)
        au.duck = SDL_min(target, au.duck + DUCK_UP);
    apply_music_level();
}

void audio_update(void)
{
    if (!au.open)
        return;
    duck_step();
    music_step();
    effects_budget(0); /* the music's level moved, or effects ended */
}

int audio_busy(void)
{
    if (!au.open || au.no_music)
        return 0;
    return file_wanted() != au.file || au.fading_out || au.duck < 1.0f ||
           (Sint32)(au.duck_until - SDL_GetTicks()) > 0 ||
           (au.want == MUSIC_FANFARE && au.music);
}

int audio_playing(void)
{
    int n = 0;

    if (!au.open)
        return 0;
    for (int i = 0; i < au.be->channels(); i++)
        n += au.be->channel_playing(i) != 0;
    return n;
}

int audio_music_level(void)
{
    return au.open ? music_level() : 0;
}

/* Loudness is perceived roughly logarithmically; squaring the percentage
 * makes the slider's steps sound even instead of bunching at the top. */
static int mix_volume(int percent)
{
    if (percent < 0)
        percent = 0;
    if (percent > 100)
        percent = 100;
    int v = (int)lround(AUDIO_MAX_VOLUME * (percent / 100.0) * (percent / 100.0));

    return percent > 0 && v == 0 ? 1 : v; /* any percent above 0 is audible */
}

void audio_set_volume(int music_percent, int effects_percent)
{
    if (!au.open)
        return;
    au.effect_volume = mix_volume(effects_percent);
    au.music_volume = mix_volume(music_percent);
    apply_music_level();
    effects_budget(0);
}
