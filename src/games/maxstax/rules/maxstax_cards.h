/* The 45 stacker cards: a data file (assets/maxstax/cards.txt, compiled into
 * the core) read by a validating parser. A card is 2..12 block poses in
 * plank units, relative to the structure (x anywhere, y above the floor),
 * and a star rating of 1..3. */
#ifndef STACKHOUSE_MAXSTAX_CARDS_H
#define STACKHOUSE_MAXSTAX_CARDS_H

#include <stddef.h>

#include "games/maxstax/rules/maxstax_world.h"

#define MAXSTAX_CARD_MIN_BLOCKS 2
#define MAXSTAX_CARD_MAX_BLOCKS 12
#define MAXSTAX_DECK_SIZE 45
/* Widest a card may be, so that it fits a stacking space. */
#define MAXSTAX_CARD_MAX_WIDTH 15.0

typedef struct maxstax_card {
    int id; /* 1..45, its line in the deck */
    int stars;
    char name[40];
    int n;
    maxstax_pose block[MAXSTAX_CARD_MAX_BLOCKS];
} maxstax_card;

typedef struct maxstax_deck {
    int n;
    maxstax_card card[MAXSTAX_DECK_SIZE];
} maxstax_deck;

/* The text of assets/maxstax/cards.txt as built into the core. */
extern const char *const maxstax_cards_text;

/* Parses a whole deck from text; source names it in messages. Returns 0, or
 * -1 with "source:line: card N: what" in err. */
int maxstax_cards_parse(const char *text, const char *source, maxstax_deck *deck, char *err, size_t errn);
/* The built-in deck; returns 0, or -1 with a message if the data is bad. */
int maxstax_cards_builtin(maxstax_deck *deck, char *err, size_t errn);
/* Nonzero when blocks a and b overlap by more than a hair. */
int maxstax_cards_overlap(maxstax_pose a, maxstax_pose b);

#endif
