/* A computer move searched on a worker thread over its own copy of the
 * position; whichever of the thread and the table lets go last frees it. */
#ifndef STACKHOUSE_TABLE_AI_H
#define STACKHOUSE_TABLE_AI_H

#include <stdint.h>

#include "core/ai.h"
#include "core/game.h"
#include "core/record.h"

typedef struct table_ai table_ai;

/* Starts a search of position st (game g) at level, from
 * seed; without a thread it thinks here (the frame stalls, the game goes on). */
table_ai *table_ai_start(const game_rules *g, const void *st, ai_level level, uint64_t seed);
/* Whether the answer is ready. */
int table_ai_done(const table_ai *j);
/* Waits for the answer and frees the job: 0 with the move in out, or -1. */
int table_ai_take(table_ai *j, game_move *out);
/* Lets go of a search whose answer no longer matters (NULL is fine); with
 * wait it lets it finish first (the app is closing). */
void table_ai_drop(table_ai *j, int wait);
/* The seed of the computer's search at a ply: from the game's seed, so a
 * replayed game replays the computer too. */
uint64_t table_ai_seed(const game_record *rec);

#endif
