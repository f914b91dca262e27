/* The Stack-A-Track computer: with blocks visible, iterative-deepening
 * alpha-beta on the score margin (paranoid with 3 or 4 seats: every rival
 * plays against the searching seat), exact once it reaches the end of the
 * game; easy is greedy. With hidden blocks, IS-MCTS (core/mcts.c). */
#ifndef STACKHOUSE_TRACK_AI_H
#define STACKHOUSE_TRACK_AI_H

#include <stdint.h>

#include "core/game.h"

typedef struct track_state track_state;

/* Hard's time for one decision: within the second the issue allows, with
 * room for a slower machine. */
#define TRACK_HARD_MS 800
/* The review's budget per search, in positions so a review replays exactly. */
#define TRACK_REVIEW_NODES 400000

/* Search limits; 0 means no limit of that kind (one of them must be set). */
typedef struct track_search_limits {
    int depth;
    int time_ms;
    uint64_t nodes;
} track_search_limits;

/* What a search found and what it cost. */
typedef struct track_search_info {
    int depth;           /* deepest completed iteration */
    int exact;           /* 1: that iteration reached the end of every line */
    int score;           /* margin for the searching seat */
    int prev_score;      /* the margin of the iteration before (score at depth 1) */
    uint64_t nodes;      /* positions visited */
    uint64_t placements; /* placements evaluated (legality and points) */
} track_search_info;

/* Alpha-beta from s for its seat to move; writes the best move, returns 0
 * or -1 when the game is over. */
int track_ai_search_state(const track_state *s, const track_search_limits *lim, uint64_t seed, game_move *out,
                          track_search_info *info);
/* The greedy move: the most points now (ties by the seed). */
int track_ai_greedy(const track_state *s, uint64_t seed, game_move *out);
/* The alpha-beta limits of medium (2) and hard (3). */
void track_ai_limits(int level, track_search_limits *lim);
/* game_rules.search: level 1 easy .. 3 hard. */
int track_ai_search(const void *st, int level, uint64_t seed, game_move *out);
/* game_rules.evaluate: the margin squashed to [0, 1] for seat. */
double track_ai_evaluate(const void *st, int seat);
/* game_rules.review_search: hard's alpha-beta within a node budget with
 * blocks visible, each margin the mean of the last two depths (unless
 * exact); 1 (the generic IS-MCTS) with hidden blocks. */
int track_ai_review(const void *st, const game_move *played, uint64_t seed, game_move *best, double *best_chance,
                    double *played_chance);

#endif
