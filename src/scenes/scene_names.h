/* Screens by name, for --scene and the benchmark. */
#ifndef STACKHOUSE_SCENE_NAMES_H
#define STACKHOUSE_SCENE_NAMES_H

#include "app/scene.h"

struct app;

/* A screen by name (picker, setup, settings, rules, score, table) for game
 * (NULL: STAX); NULL when there is no such screen or its game has no table. */
scene *scenes_by_name(struct app *a, const char *name, const char *game);

#endif
