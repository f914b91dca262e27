/* Where Stackhouse's files are: read-only data beside the binary (build tree)
 * or under the install prefix, and the player's data under SDL_GetPrefPath. */
#ifndef STACKHOUSE_PATHS_H
#define STACKHOUSE_PATHS_H

#include <stddef.h>

typedef struct app_paths {
    char data[1024];    /* .../share/stackhouse */
    char shaders[1024]; /* data/shaders */
    char assets[1024];  /* data/assets */
    char fonts[1024];   /* data/fonts */
    char rules[1024];   /* data/docs/rules */
    char pref[1024];    /* per-user writable directory, ends with '/' */
    char cache[1024];   /* pref/cache */
} app_paths;

/* Finds the data and pref directories (STACKHOUSE_DATA_DIR and
 * STACKHOUSE_PREF_DIR override them, for tests). Returns 0, or -1 with a
 * message naming where it looked. */
int paths_find(app_paths *p, char *err, size_t errn);
/* Joins dir and name into out; returns out. */
char *paths_join(char *out, size_t n, const char *dir, const char *name);

#endif
