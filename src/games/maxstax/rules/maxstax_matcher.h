/* Does a built structure match a stacker card? Same number of blocks, and a
 * one-to-one assignment of card blocks to built blocks within a position
 * tolerance (after one shift along the floor) and an angle tolerance (a
 * plank turned 180 degrees is the same plank). Mirror images do not match
 * unless the card is symmetric. */
#ifndef STACKHOUSE_MAXSTAX_MATCHER_H
#define STACKHOUSE_MAXSTAX_MATCHER_H

#include "games/maxstax/rules/maxstax_cards.h"

/* How far a block's centre may be from the card's, in plank units. */
#define MAXSTAX_MATCH_POS_TOL 0.35
/* How far a block's angle may be from the card's, in degrees. */
#define MAXSTAX_MATCH_ANGLE_TOL 10.0

/* Difference of two plank angles in degrees, in [0, 90] (planks are symmetric). */
double maxstax_matcher_angle_diff(double a, double b);
/* Nonzero when the n blocks at poses match the card; if assign is not NULL,
 * assign[i] is the block matched to card block i. */
int maxstax_matcher_match(const maxstax_card *card, const maxstax_pose *blocks, int n, int *assign);

#endif
