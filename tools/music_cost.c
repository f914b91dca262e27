/* What a piece of music costs the game at start-up, through SDL2_mixer:
 * the time to load it (Mix_LoadMUS) and start it (Mix_PlayMusic), the
 * resident memory it adds, and the CPU it takes to stream for a few seconds.
 * Used to choose between Ogg Vorbis rendered at build time and MIDI played
 * through SDL2_mixer's FluidSynth with a SoundFont (docs/performance.md,
 * "Music"). Not built by CMake; by hand:
 *   cc -O2 tools/music_cost.c -o /tmp/music_cost $(pkg-config --cflags --libs SDL2_mixer)
 *   SDL_AUDIODRIVER=dummy /tmp/music_cost FILE [SOUNDFONT]
 * One file per process, so each run starts from the same memory. */
#include <SDL.h>
#include <SDL_mixer.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static double cpu_ms(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
           (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
}

/* VmRSS or VmHWM of this process, in MiB. */
static double mem_mib(const char *key)
{
    char line[256];
    double kb = 0;
    FILE *f = fopen("/proc/self/status", "r");
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, key, strlen(key)) == 0)
            sscanf(line + strlen(key) + 1, "%lf", &kb);
    fclose(f);
    return kb / 1024.0;
}

int main(int argc, char **argv)
{
    double t0, t1, t2, c0, c1, rss0;
    Mix_Music *m;
    if (argc < 2) {
        fprintf(stderr, "usage: music_cost FILE [SOUNDFONT]\n");
        return 2;
    }
    if (SDL_Init(SDL_INIT_AUDIO) != 0 || Mix_OpenAudio(48000, AUDIO_S16SYS, 2, 1024) != 0) {
        fprintf(stderr, "no audio: %s\n", SDL_GetError());
        return 1;
    }
    if (argc > 2)
        Mix_SetSoundFonts(argv[2]);
    rss0 = mem_mib("VmRSS:");
    t0 = now_ms();
    m = Mix_LoadMUS(argv[1]);
    t1 = now_ms();
    if (!m) {
        fprintf(stderr, "Mix_LoadMUS: %s\n", Mix_GetError());
        return 1;
    }
    Mix_PlayMusic(m, -1);
    t2 = now_ms();
    SDL_Delay(200);
    c0 = cpu_ms();
    SDL_Delay(3000);
    c1 = cpu_ms();
    printf("%s: type %d, load %.1f ms, play %.1f ms, RSS +%.1f MiB (%.1f after mixer open), "
           "peak RSS %.1f MiB, streaming CPU %.1f%%\n",
           argv[1], (int)Mix_GetMusicType(m), t1 - t0, t2 - t1, mem_mib("VmRSS:") - rss0, rss0,
           mem_mib("VmHWM:"), (c1 - c0) / 30.0);
    Mix_FreeMusic(m);
    Mix_CloseAudio();
    SDL_Quit();
    return 0;
}
