/* Shared helpers of the CLI commands: looking up games, reading positions,
 * reporting usage errors the one way (stderr, exit status 2). */
#ifndef STACKHOUSE_CLI_UTIL_H
#define STACKHOUSE_CLI_UTIL_H

#include "core/realtime.h"

#include <stdint.h>

#include "core/game.h"

/* Prints the usage (after "usage: stackhouse-cli <line>" if line) and returns 2. */
int cli_usage(const char *line);
/* The rules of a game id, or NULL after a message on stderr. */
const game_rules *cli_rules(const char *id);
/* A new heap state read from text ("start" too), or NULL after a message. */
void *cli_position(const game_rules *g, const char *text);
/* The result of st as printed after "result: ": the game's own words (into
 * buf) when it has them, else "ongoing", "draw" or the winner: STAX's colour
 * (red, blue), else p1..p4. */
const char *cli_result_name(const game_rules *g, const void *st, char *buf, size_t n);
/* Leaf count of the move tree (the game's fast perft when it has one). */
uint64_t cli_perft(const game_rules *g, const void *st, int depth);
/* The real-time rules whose study (realtime_rules.study) is command, or NULL. */
const realtime_rules *cli_study(const char *command);
/* Monotonic clock in seconds. */
double cli_now(void);

#endif
