/* The one entry point for computer players: a game's own searcher when it
 * registers one (game_rules.search), otherwise the generic MCTS. */
#ifndef STACKHOUSE_AI_H
#define STACKHOUSE_AI_H

#include <stdint.h>

#include "core/game.h"
#include "core/mcts.h"

typedef enum ai_level { AI_RANDOM = 0, AI_EASY = 1, AI_MEDIUM = 2, AI_HARD = 3 } ai_level;

/* Picks a move for the seat to move; returns 0, or -1 if there is none. */
int ai_choose(const game_rules *g, const void *st, ai_level level, uint64_t seed, game_move *out);
/* Parses "random", "easy", "medium" or "hard"; returns 0, or -1. */
int ai_level_parse(const char *name, ai_level *out);
/* The level's name as ai_level_parse reads it. */
const char *ai_level_name(ai_level level);
/* The MCTS budget a level gets (iterations only, so results replay exactly). */
void ai_mcts_config(ai_level level, mcts_config *cfg);

#endif
