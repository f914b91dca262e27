/* Screens by name, for --scene and the benchmark. */
#ifndef STACKHOUSE_SCENE_NAMES_H
#define STACKHOUSE_SCENE_NAMES_H

#include "shell/shell.h"

/* What the command line asks a table opened by name for (the capture flags
 * of docs/testing.md): each goes through the code a player's choice runs. */
typedef struct scene_args {
    const char *seats;    /* --seats human,medium (NULL: seat 1 human, the rest computers) */
    const char *position; /* --position TEXT */
    int phones;           /* --phones: Phones as hands on */
    const char *replay;   /* --replay FILE: the match file the replay screen shows */
    const char *hints;    /* --hints on|off|computers: setup's Hints row (NULL: its default) */
} scene_args;

/* A screen by name (picker, setup, settings, rules, score, table) for game
 * (NULL: STAX); NULL when there is no such screen or its game has no table. */
scene *scenes_by_name(shell *sh, const char *name, const char *game, const scene_args *args);
/* Why the last scenes_by_name gave NULL, when it knows ("" otherwise): a bad match file's line. */
const char *scenes_error(void);

/* The replay screen for kept match id (#28), or NULL while there is none:
 * the history shows Replay only where scenes_has_replay says one exists. */
scene *scenes_replay(shell *sh, long long id);
/* Whether the app has a replay screen. */
int scenes_has_replay(void);

#endif
