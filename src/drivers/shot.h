/* Screenshots: the frame on screen, read back in bands and written as PNG
 * through libpng at its fastest setting (a 1080p frame in ~25 ms, where
 * SDL_image's default deflate took ~115 ms). */
#ifndef STACKHOUSE_SHOT_H
#define STACKHOUSE_SHOT_H

#include <stddef.h>
#include <stdint.h>

#include "render/render.h"

/* Writes the last w*h frame of r to path as an opaque RGB PNG. Returns 0, or
 * -1 with err filled (the file is removed). */
int shot_write_png(render *r, int w, int h, const char *path, char *err, size_t errn);

#endif
