/* What differs between a built structure and its stacker card, in words, for
 * practice and the lessons: each card block the structure lacks, has turned,
 * stood on end or laid on its side, or has out of place, named by where it
 * stands in the card ("the top plank", "the left pillar"), and the blocks
 * too many. Built from the matcher's own comparison (the same shift along
 * the floor and the same tolerances), so an empty list means the matcher
 * accepts the structure. */
#ifndef STACKHOUSE_MAXSTAX_DIFF_H
#define STACKHOUSE_MAXSTAX_DIFF_H

#include "games/maxstax/rules/maxstax_cards.h"

/* At most this many differences are listed (the rest are summed up in the last). */
#define MAXSTAX_DIFF_MAX 4
#define MAXSTAX_DIFF_LEN 64

typedef struct maxstax_diff {
    int n;                                   /* 0: the structure matches the card */
    char text[MAXSTAX_DIFF_MAX][MAXSTAX_DIFF_LEN]; /* "the top plank is turned", ... */
} maxstax_diff;

/* The differences between the n blocks at poses (relative to the space, as
 * maxstax_space_read gives them) and the card, into out; returns out->n. */
int maxstax_diff_list(const maxstax_card *card, const maxstax_pose *blocks, int n, maxstax_diff *out);
/* The name of card block i by its place in the card ("the top plank", "the
 * left pillar", "the second plank"), unique within the card, into buf; returns buf. */
char *maxstax_diff_name(const maxstax_card *card, int i, char *buf, size_t len);
/* Where the structure for card stands in a space when built where the
 * matcher would pair it with the blocks already there: the x shift to add to
 * the card's block centres; with no block near enough, the shift that
 * centres the card in the space. */
double maxstax_diff_shift(const maxstax_card *card, const maxstax_pose *blocks, int n);

#endif
