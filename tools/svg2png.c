/* svg2png: rasterise one SVG to a square-ish PNG with SDL2_image's nanosvg.
 *
 *   svg2png IN.svg SIZE OUT.png
 *
 * SIZE is the output width in pixels; the height follows the SVG's aspect
 * ratio. Used at build time for the hicolor icon sizes and for art previews.
 * Exits 0 on success, 1 (with a message naming the file) on any failure. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>
#include <SDL_image.h>

static int fail(const char *what, const char *file, const char *why)
{
    fprintf(stderr, "svg2png: %s '%s': %s\n", what, file, why);
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: svg2png IN.svg SIZE OUT.png\n");
        return 1;
    }
    const char *in = argv[1];
    const char *out = argv[3];
    char *end = NULL;
    errno = 0;
    long size = strtol(argv[2], &end, 10);
    if (errno != 0 || end == argv[2] || *end != '\0' || size < 1 || size > 16384) {
        fprintf(stderr, "svg2png: bad SIZE '%s' for '%s' (want 1..16384)\n", argv[2], in);
        return 1;
    }

    /* No video subsystem needed: SDL_image's SVG path only touches surfaces. */
    if (SDL_Init(0) != 0)
        return fail("cannot initialise SDL for", in, SDL_GetError());

    int rc = 0;
    SDL_RWops *rw = SDL_RWFromFile(in, "rb");
    if (!rw) {
        rc = fail("cannot open", in, SDL_GetError());
        goto done;
    }
    if (!IMG_isSVG(rw)) {
        SDL_RWclose(rw);
        rc = fail("not an SVG file", in, "no <svg> root element found");
        goto done;
    }
    /* Height 0: keep the aspect ratio from the SVG's width/height. */
    SDL_Surface *s = IMG_LoadSizedSVG_RW(rw, (int)size, 0);
    SDL_RWclose(rw);
    if (!s) {
        rc = fail("cannot rasterise", in, IMG_GetError());
        goto done;
    }
    if (IMG_SavePNG(s, out) != 0)
        rc = fail("cannot write PNG", out, IMG_GetError());
    SDL_FreeSurface(s);
done:
    SDL_Quit();
    return rc;
}
