/* Does a built structure match a stacker card? Same number of blocks, and a
 * one-to-one assignment of card blocks to built blocks within a position
 * tolerance (after one shift along the floor) and an angle tolerance (a
 * plank turned 180 degrees is the same plank). Mirror images do not match
 * unless the card is symmetric. */
#ifndef STACKHOUSE_MAXSTAX_MATCHER_H
#define STACKHOUSE_MAXSTAX_MATCHER_H

#include <stddef.h>

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

/* What keeps a structure from matching its card, for a wrong call's
 * feedback: the first that applies of a block in the hand, blocks missing,
 * blocks too many, blocks turned (each where the card has it, within a
 * plank's thickness), a block out of place. */
typedef enum maxstax_miss_kind {
    MAXSTAX_MISS_NONE,    /* it matches */
    MAXSTAX_MISS_HELD,    /* a block is still in the hand (the match core's to say) */
    MAXSTAX_MISS_MISSING, /* count blocks fewer than the card */
    MAXSTAX_MISS_EXTRA,   /* count blocks more than the card */
    MAXSTAX_MISS_TURNED,  /* count blocks stand where the card has them, turned */
    MAXSTAX_MISS_PLACE    /* the blocks are there but do not stand as drawn */
} maxstax_miss_kind;
/* Which block is turned, when only one is. */
enum { MAXSTAX_WHERE_SOME, MAXSTAX_WHERE_TOP, MAXSTAX_WHERE_BOTTOM, MAXSTAX_WHERE_MIDDLE };
typedef struct maxstax_miss {
    maxstax_miss_kind kind;
    int count; /* blocks missing, extra or turned */
    int where; /* MAXSTAX_WHERE_*: the one turned block's place in the card */
} maxstax_miss;

/* What differs between the n blocks at poses and the card (kind NONE when they match). */
maxstax_miss maxstax_matcher_miss(const maxstax_card *card, const maxstax_pose *blocks, int n);
/* The difference in one short phrase ("a block is missing", "the top block
 * is turned", "" for none) into buf; returns buf. */
char *maxstax_miss_phrase(maxstax_miss d, char *buf, size_t n);

#endif
