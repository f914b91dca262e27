/* MAXSTAX practice (#29): one person at the table with any stacker card, no
 * clock, the ghost and its differences always on; the card browsed with
 * previous and next or its number. Opened by setup's Practice button and by
 * --scene practice, through the same practice_scene_create. */
#ifndef STACKHOUSE_PRACTICE_H
#define STACKHOUSE_PRACTICE_H

#include "core/registry.h"
#include "shell/shell.h"

/* Whether mode g has practice (the MAXSTAX modes: their stacker cards). */
int practice_offered(const game_info *g);
/* The practice table of mode g, on the card last practised this run (the
 * first at the start); NULL when g has none (logged). Leaving goes back to
 * the screen below; nothing is saved or kept in the history. */
scene *practice_scene_create(shell *sh, const game_info *g);

#endif
