/* SWAPSTAX's table of chances, measured: the share of cards of each star
 * rating that computer stackers of each level finish in a two-minute round,
 * printed as the C rows of swapstax.c's table (its computer swaps by them).
 * The SWAPSTAX row's study (realtime_rules.study "chances"). */
#ifndef STACKHOUSE_SWAPSTAX_CHANCES_H
#define STACKHOUSE_SWAPSTAX_CHANCES_H

#include <stdio.h>

/* Plays argv[0] (default 20) two-seat games per level and rating and prints
 * the rows into out; 0, or 2 when GAMES is not 1..10000, 1 on a failure. */
int swapstax_chances(int argc, char **argv, FILE *out);

#endif
