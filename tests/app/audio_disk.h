/* Test helpers for the audio layer: small Ogg pieces made with sox (each a
 * sine of its own pitch, so a window of output tells which piece it is),
 * SDL's disk driver (it writes the device's output to a file) and the
 * measures over that output. Header-only so each test stays one file. */
#ifndef STACKHOUSE_AUDIO_DISK_H
#define STACKHOUSE_AUDIO_DISK_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DISK_RATE 48000 /* what the mixer asks for; the disk driver takes it */

/* Each piece's pitch, Hz. */
static const struct {
    const char *name;
    int hz;
    double seconds;
} disk_pieces[] = {
    {"menu", 220, 4}, {"table", 880, 4}, {"maxstax", 440, 4}, {"maxstax_urgent", 550, 4}, {"fanfare", 660, 1.5},
};

/* Writes the pieces into dir as <name>.ogg; 0, or -1 when sox is missing. */
static inline int disk_make_music(const char *dir)
{
    char cmd[1024];
    for (size_t i = 0; i < sizeof disk_pieces / sizeof disk_pieces[0]; i++) {
        snprintf(cmd, sizeof cmd, "mkdir -p %s && sox -n -r 48000 -c 2 %s/%s.ogg synth %g sine %d vol 0.5 2>/dev/null",
                 dir, dir, disk_pieces[i].name, disk_pieces[i].seconds, disk_pieces[i].hz);
        if (system(cmd) != 0)
            return -1;
    }
    return 0;
}

/* Reads the disk driver's file: 16-bit stereo frames (malloc'd, *frames). */
static inline short *disk_read(const char *path, long *frames)
{
    FILE *f = fopen(path, "rb");
    short *pcm;
    long n;
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f) / 4;
    rewind(f);
    pcm = malloc((size_t)(n > 0 ? n : 1) * 4);
    if (pcm && fread(pcm, 4, (size_t)n, f) != (size_t)n)
        n = 0;
    fclose(f);
    *frames = n;
    return pcm;
}

/* RMS of both channels over frames [from, from+n), and the pitch of the left
 * channel from its zero crossings. */
static inline void disk_window(const short *pcm, long from, long n, double *rms, double *hz)
{
    double sum = 0;
    long crossings = 0;
    for (long i = from; i < from + n; i++) {
        sum += (double)pcm[2 * i] * pcm[2 * i] + (double)pcm[2 * i + 1] * pcm[2 * i + 1];
        if (i > from && (pcm[2 * i - 2] < 0) != (pcm[2 * i] < 0))
            crossings++;
    }
    *rms = sqrt(sum / (2.0 * (double)n));
    *hz = crossings / 2.0 / ((double)n / DISK_RATE);
}

/* The energy of each channel over the whole file. */
static inline void disk_energy(const short *pcm, long frames, double *left, double *right)
{
    *left = *right = 0;
    for (long i = 0; i < frames; i++) {
        *left += (double)pcm[2 * i] * pcm[2 * i];
        *right += (double)pcm[2 * i + 1] * pcm[2 * i + 1];
    }
}

#endif
