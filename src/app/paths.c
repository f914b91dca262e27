#include "app/paths.h"

#include <SDL.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

char *paths_join(char *out, size_t n, const char *dir, const char *name)
{
    size_t len = strlen(dir);
    snprintf(out, n, "%s%s%s", dir, (len && dir[len - 1] == '/') ? "" : "/", name);
    return out;
}

static int is_data_dir(const char *dir)
{
    char probe[1200];
    struct stat st;
    paths_join(probe, sizeof probe, dir, "shaders/sprite.vert.glsl");
    return stat(probe, &st) == 0;
}

static int make_dir(const char *dir)
{
    struct stat st;
    if (stat(dir, &st) == 0) {
        errno = S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
        return S_ISDIR(st.st_mode) ? 0 : -1;
    }
    return mkdir(dir, 0755);
}

int paths_find(app_paths *p, char *err, size_t errn)
{
    const char *env = getenv("STACKHOUSE_DATA_DIR");
    char cand[3][1024];
    int n = 0;

    memset(p, 0, sizeof *p);
    if (env && *env) {
        snprintf(cand[n++], sizeof cand[0], "%s", env);
    } else {
        /* Build tree: <build>/stackhouse with <build>/share/stackhouse;
         * installed: <prefix>/bin/stackhouse with <prefix>/share/stackhouse. */
        char *base = SDL_GetBasePath();
        if (base) {
            snprintf(cand[n++], sizeof cand[0], "%sshare/stackhouse", base);
            snprintf(cand[n++], sizeof cand[0], "%s../share/stackhouse", base);
            SDL_free(base);
        }
        snprintf(cand[n++], sizeof cand[0], "%s", STACKHOUSE_INSTALL_DATADIR);
    }
    for (int i = 0; i < n; i++) {
        if (is_data_dir(cand[i])) {
            snprintf(p->data, sizeof p->data, "%s", cand[i]);
            break;
        }
    }
    if (!p->data[0]) {
        snprintf(err, errn, "cannot find Stackhouse's data (shaders/sprite.vert.glsl) in %s%s%s%s%s",
                 cand[0], n > 1 ? " or " : "", n > 1 ? cand[1] : "", n > 2 ? " or " : "",
                 n > 2 ? cand[2] : "");
        return -1;
    }
    paths_join(p->shaders, sizeof p->shaders, p->data, "shaders");
    paths_join(p->assets, sizeof p->assets, p->data, "assets");
    paths_join(p->fonts, sizeof p->fonts, p->data, "fonts");
    paths_join(p->rules, sizeof p->rules, p->data, "docs/rules");

    /* The player's folder holds only what is optional (saves, settings, the
     * art cache): without it the game still starts, and says so. */
    env = getenv("STACKHOUSE_PREF_DIR");
    if (env && *env) {
        if (make_dir(env) != 0)
            snprintf(p->pref_problem, sizeof p->pref_problem, "the folder %s cannot be made: %s", env,
                     strerror(errno));
        else
            snprintf(p->pref, sizeof p->pref, "%s/", env);
    } else {
        char *pref = SDL_GetPrefPath("stackhouse", "stackhouse");
        if (!pref) {
            snprintf(p->pref_problem, sizeof p->pref_problem, "there is no folder for it (%s)", SDL_GetError());
        } else {
            snprintf(p->pref, sizeof p->pref, "%s", pref);
            SDL_free(pref);
        }
    }
    if (!p->pref[0])
        return 0;
    paths_join(p->cache, sizeof p->cache, p->pref, "cache");
    if (make_dir(p->cache) != 0)
        p->cache[0] = '\0'; /* no cache is only slower, never an error */
    return 0;
}
