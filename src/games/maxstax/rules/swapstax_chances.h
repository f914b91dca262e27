/* SWAPSTAX's study of its computer stackers (the CLI's `chances`): the share
 * of each stacker card that computer stackers of each level finish in a
 * two-minute round, printed as the whole of swapstax_odds.c, the table the
 * computer swaps by. The SWAPSTAX row's study (realtime_rules.study). */
#ifndef STACKHOUSE_SWAPSTAX_CHANCES_H
#define STACKHOUSE_SWAPSTAX_CHANCES_H

#include <stdio.h>

#include "games/maxstax/rules/maxstax_cards.h"

/* Attempts one game of the study makes at a card: 4 seats, 5 rounds. */
#define SWAPSTAX_CHANCES_TRIES 20

/* Plays `games` four-seat SPEEDSTAX games of 5 two-minute rounds on deck
 * card `card` alone, every seat a computer of `level` (1..3) with its own
 * hand, seeded by the card's id, the level and the game; returns how many
 * of the games * SWAPSTAX_CHANCES_TRIES attempts finished the card, or -1
 * on a failure. */
int swapstax_chances_measure(const maxstax_deck *deck, int card, int level, int games);
/* Measures every card of the built-in deck at every level, argv[0] (default
 * 5) games a cell, and prints swapstax_odds.c into out; 0, or 2 when GAMES
 * is not 1..1000, 1 on a failure. */
int swapstax_chances(int argc, char **argv, FILE *out);

#endif
