/* Monte Carlo tree search over any game_rules: UCT with random or
 * evaluation-cut-off playouts, and single-observer information-set MCTS
 * when the game hides information (each iteration searches one
 * determinization of what the searching seat can see). */
#ifndef STACKHOUSE_MCTS_H
#define STACKHOUSE_MCTS_H

#include <stdint.h>

#include "core/game.h"

/* Budget and shape of one search. */
typedef struct mcts_config {
    int iterations;     /* 0: no iteration limit (time_ms must be set) */
    int time_ms;        /* 0: no time limit, so the search is deterministic */
    double exploration; /* UCT constant; 0 picks the default 0.7 */
    int playout_cutoff; /* plies after which rules->evaluate scores a playout; 0: play out */
    int playout_max;    /* plies after which an unfinished playout counts as a tie */
} mcts_config;

/* What a search did. */
typedef struct mcts_stats {
    int iterations;
    int nodes;
} mcts_stats;

/* Chooses a move for the seat to move in st (a sure win first: a move that
 * won in every iteration that tried it, or leads by the seat's own moves to
 * one, fewest moves first; else the most visited); returns 0, or -1 if it has none
 * (or memory ran out). stats may be NULL. */
int mcts_search(const game_rules *g, const void *st, const mcts_config *cfg, uint64_t seed,
                game_move *out, mcts_stats *stats);
/* The review's search (core/review.h): searches st as mcts_search does but
 * from viewer's observation (viewer need not be the seat to move; it is
 * determinized from what viewer sees, never from what it could not), and
 * writes the chosen move and chance[s], seat s's mean result in [0, 1]
 * through that move, searching a forced move too. 0, or -1 (game over, no
 * move, out of memory). */
int mcts_analyse(const game_rules *g, const void *st, int viewer, const mcts_config *cfg, uint64_t seed,
                 game_move *out, double chance[GAME_MAX_PLAYERS]);

#endif
