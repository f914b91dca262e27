#define _GNU_SOURCE /* dl_iterate_phdr, RTLD_NODELETE */
#include "app/glpin.h"

#include <dlfcn.h>
#include <link.h>
#include <string.h>

static int pin_one(struct dl_phdr_info *info, size_t size, void *pinned)
{
    static const char *const gl[] = {"_dri.so", "libGLX_mesa.so", "libGLX.so", "libGL.so", "libX11.so"};
    (void)size;
    for (size_t i = 0; info->dlpi_name && i < sizeof gl / sizeof gl[0]; i++)
        if (strstr(info->dlpi_name, gl[i]) && dlopen(info->dlpi_name, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE)) {
            ++*(int *)pinned;
            break;
        }
    return 0;
}

int app_gl_pin(void)
{
    int pinned = 0;
    dl_iterate_phdr(pin_one, &pinned);
    return pinned;
}
