/* Constructors for every screen. Each returns a heap scene that frees itself
 * in its leave callback. */
#ifndef STACKHOUSE_SCENES_H
#define STACKHOUSE_SCENES_H

#include "shell/scene.h"
#include "shell/shell.h"
#include "table/match.h"


/* The game picker: a tile for each mode. */
scene *picker_scene_create(shell *sh);
/* Match setup for a game: seats, computer levels, the game's options. */
scene *setup_scene_create(shell *sh, const game_info *g);
/* Settings: fullscreen, resolution scale, volumes, colour-blind patterns, reduced motion. */
scene *settings_scene_create(shell *sh);
/* The rules of a game (docs/rules/<doc>.md), scrollable; doc NULL shows the first. */
scene *rules_scene_create(shell *sh, const char *doc);
/* The rules of mode g: its document, opened at g's own section (the
 * heading named as the mode) when the document tells several modes. */
scene *rules_scene_create_mode(shell *sh, const game_info *g);
/* The common end-of-game screen. */
scene *score_scene_create(shell *sh, const score_report *rep);

/* Setup's name panel (#28) over setup: seat's name typed or picked from the
 * history's players (none of the ntaken names in taken), written into out
 * (SETUP_NAME_LEN bytes, "" for none) when it closes. seat -1 renames the
 * player named in out: no list, and the caller renames once it closes. */
#define SETUP_NAME_LEN 32
scene *setup_name_create(shell *sh, int seat, char *out, const char (*taken)[SETUP_NAME_LEN], int ntaken);
/* Every kept match, newest first, filtered by mode (game_id, NULL every
 * mode) and player, with replay, export, import and the players (#28). */
scene *history_scene_create(shell *sh, const char *game_id);
/* One player's statistics in one mode ("" every mode), with charts (#28). */
scene *stats_scene_create(shell *sh, const char *player, const char *game_id);

#endif
