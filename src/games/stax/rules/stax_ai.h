/* The STAX searcher: iterative-deepening negamax alpha-beta with a
 * transposition table, move ordering and quiescence on forced captures. */
#ifndef STACKHOUSE_STAX_AI_H
#define STACKHOUSE_STAX_AI_H

#include <stdint.h>

#include "core/game.h"

typedef struct stax_board stax_board;

/* Search limits; 0 means no limit of that kind (one of them must be set). */
typedef struct stax_search_limits {
    int depth;
    int time_ms;
    uint64_t nodes;
    const uint64_t *seen; /* hashes of earlier positions: going back to one scores as a draw */
    int n_seen;
    const game_move *exact; /* a root move searched with a full window at every depth (the review's
                               played move): its score in stax_search_info.exact_score */
} stax_search_limits;

/* What a search found and what it cost. */
typedef struct stax_search_info {
    int depth;      /* deepest completed iteration */
    int score;      /* centipawn-like, for the side to move */
    uint64_t nodes; /* nodes visited, quiescence included */
    int exact_score; /* the limits' exact move's score at that depth, for the side to move */
    /* the same two one iteration shallower (depth - 1; both = the above at depth 1) */
    int prev_score, prev_exact_score;
} stax_search_info;

/* Static evaluation of b for the side to move (positive: good for it). */
int stax_ai_eval(const stax_board *b);
/* Searches b within the limits; writes the best move, returns 0 or -1 (no move). */
int stax_ai_search_board(const stax_board *b, const stax_search_limits *lim, uint64_t seed,
                         game_move *out, stax_search_info *info);
/* game_rules.search: picks a move for the state at level 1 easy .. 3 hard. */
int stax_ai_search(const void *st, int level, uint64_t seed, game_move *out);
/* game_rules.evaluate: the evaluation squashed to [0, 1] for seat. */
double stax_ai_evaluate(const void *st, int seat);
/* game_rules.review_search: hard's alpha-beta within a node budget. */
int stax_ai_review(const void *st, const game_move *played, uint64_t seed, game_move *best, double *best_chance,
                   double *played_chance);

#endif
