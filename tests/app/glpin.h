/* For the sanitizer pass: keeps the GL driver (Mesa's DRI module and the GLX
 * libraries above it) mapped until exit. The driver keeps a once-per-process
 * allocation (128 bytes, made under pthread_once) reachable only from its own
 * globals; SDL_Quit unloads it, the globals vanish, and LeakSanitizer reports
 * the block in an "<unknown module>" that no suppression can name. Pinned, the
 * block stays reachable and is no leak at all, with no suppression, while our
 * own leaks still fail the pass. Include first, in a file that defines
 * _GNU_SOURCE before any include. */
#ifndef STACKHOUSE_GLPIN_H
#define STACKHOUSE_GLPIN_H

#include <dlfcn.h>
#include <link.h>
#include <string.h>

static int glpin_one(struct dl_phdr_info *info, size_t size, void *pinned)
{
    (void)size;
    static const char *const gl[] = {"_dri.so", "libGLX_mesa.so", "libGLX.so", "libGL.so",
                                     "libX11.so"};
    for (size_t i = 0; info->dlpi_name && i < sizeof gl / sizeof gl[0]; i++)
        if (strstr(info->dlpi_name, gl[i]) &&
            dlopen(info->dlpi_name, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE)) {
            ++*(int *)pinned;
            break;
        }
    return 0;
}

/* Call once a GL context exists; returns how many of those modules were pinned. */
static inline int glpin_driver(void)
{
    int pinned = 0;
    dl_iterate_phdr(glpin_one, &pinned);
    return pinned;
}

#endif
