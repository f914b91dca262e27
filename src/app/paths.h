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
    char pref[1024];    /* per-user writable directory, ends with '/'; "" when there is none */
    char cache[1024];   /* pref/cache; "" without one */
    char pref_problem[1200]; /* why there is no pref directory, for the player; "" when there is */
} app_paths;

/* Finds the data and pref directories (STACKHOUSE_DATA_DIR and
 * STACKHOUSE_PREF_DIR override them, for tests). Returns 0, or -1 with a
 * message naming where it looked when there is no data; a pref directory
 * that cannot be had leaves pref "" and says why in pref_problem. */
int paths_find(app_paths *p, char *err, size_t errn);
/* Joins dir and name into out; returns out. */
char *paths_join(char *out, size_t n, const char *dir, const char *name);

#endif
