/* The hint: the move the medium computer would make for the seat to move
 * (which takes a sure win: core/mcts.c's sure_win), and why, in the game's
 * words. Hidden-information games choose it from what that seat may know
 * only: its view (observe), with the hidden parts filled
 * in from the seed alone (determinize), so two deals that differ only in
 * cards the seat cannot see give the same hint. No SDL here. */
#ifndef STACKHOUSE_HINT_H
#define STACKHOUSE_HINT_H

#include <stddef.h>
#include <stdint.h>

#include "core/game.h"

/* The level a hint plays at: the medium computer's. */
#define HINT_LEVEL AI_MEDIUM

/* Chooses the hint for the seat to move in st (seed makes it reproducible):
 * the move in *out and its reason (the rules' move_reason; "" when the rules
 * give none) in why. Returns 0, or -1 when the game is over or has no move. */
int hint_choose(const game_rules *g, const void *st, uint64_t seed, game_move *out, char *why, size_t n);

/* n in words for a reason ("two"; past twelve, its digits in a static buffer). */
const char *hint_number(int n);

#endif
