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
/* The common end-of-game screen. */
scene *score_scene_create(shell *sh, const score_report *rep);

#endif
