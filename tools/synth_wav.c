/* Renders every synthesised effect (or the ones named) to 16-bit mono WAV
 * files, to listen to, measure (sox FILE -n stat) and look at (sox FILE -n
 * spectrogram). Built beside the game: build/.../synth-wav DIR [NAME...]. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audio/synth.h"

#define RATE 48000

static void put16(FILE *f, unsigned v) { fputc((int)(v & 255), f), fputc((int)(v >> 8 & 255), f); }
static void put32(FILE *f, uint32_t v) { put16(f, v & 0xffff), put16(f, v >> 16); }

/* Writes n mono float samples as a 16-bit PCM WAV; returns 0 or -1. */
static int wav_write(const char *path, const float *s, int n)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    fwrite("RIFF", 1, 4, f), put32(f, 36 + 2 * (uint32_t)n), fwrite("WAVEfmt ", 1, 8, f);
    put32(f, 16), put16(f, 1), put16(f, 1), put32(f, RATE), put32(f, 2 * RATE), put16(f, 2), put16(f, 16);
    fwrite("data", 1, 4, f), put32(f, 2 * (uint32_t)n);
    for (int i = 0; i < n; i++) {
        float x = s[i] > 1 ? 1 : s[i] < -1 ? -1 : s[i];
        put16(f, (unsigned)(uint16_t)(int16_t)(x * 32767.0f));
    }
    return fclose(f) == 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR [NAME...]\n", argv[0]);
        return 2;
    }
    for (int id = 0; id < SFX_COUNT; id++) {
        int want = argc == 2;
        for (int a = 2; a < argc; a++)
            want |= strcmp(argv[a], synth_name((sfx_id)id)) == 0;
        if (!want)
            continue;
        float *s = NULL;
        int n = 0;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.wav", argv[1], synth_name((sfx_id)id));
        if (synth_render((sfx_id)id, RATE, &s, &n) != 0 || wav_write(path, s, n) != 0) {
            fprintf(stderr, "%s: failed\n", path);
            free(s);
            return 1;
        }
        printf("%s\n", path);
        free(s);
    }
    return 0;
}
