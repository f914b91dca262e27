/* SWAPSTAX as plain data with no physics: the stacker card each player holds,
 * their swap cards, the draw from the Shuffler clockwise, the swap phase's
 * turns, star scoring and the deck with its discard. The deck is the one a
 * speedstax_state keeps (order, next), so the tie-break is SPEEDSTAX's own
 * stack-off on that deck's next card. Copies by value. */
#ifndef STACKHOUSE_SWAPSTAX_H
#define STACKHOUSE_SWAPSTAX_H

#include "games/maxstax/rules/maxstax_cards.h"
#include "games/maxstax/rules/speedstax.h"

#define SWAPSTAX_ROUNDS 5
#define SWAPSTAX_SWAP_CARDS 2
/* Swap choices besides another seat. */
#define SWAPSTAX_PASS (-1)
#define SWAPSTAX_DECK (-2)
/* Swaps a round can hold at most: every swap card of four players. */
#define SWAPSTAX_MAX_LOG (SWAPSTAX_SWAP_CARDS * SPEEDSTAX_MAX_PLAYERS)

typedef enum swapstax_phase {
    SWAPSTAX_SWAPPING, /* everyone has drawn; in turn, swap or pass */
    SWAPSTAX_STACKING, /* the clock runs; each builds their own card */
    SWAPSTAX_TIEBREAK, /* SPEEDSTAX's speed-stack-off */
    SWAPSTAX_OVER
} swapstax_phase;

/* One swap, as the table saw it: seat gave card `gave` for `got`, from the
 * deck (with = SWAPSTAX_DECK) or from seat `with`. Cards are deck indices. */
typedef struct swapstax_swap {
    int seat, with, gave, got;
} swapstax_swap;

typedef struct swapstax_state {
    int players;
    swapstax_phase phase;
    int round;                           /* 1..5 */
    int hand[SPEEDSTAX_MAX_PLAYERS];     /* deck index of the card each holds, or -1 */
    int swaps_left[SPEEDSTAX_MAX_PLAYERS];
    int turn;   /* the seat to swap or pass */
    int passes; /* passes in a row; everyone passing ends the phase */
    int n_log;
    swapstax_swap log[SWAPSTAX_MAX_LOG]; /* this round's swaps */
    int last_points[SPEEDSTAX_MAX_PLAYERS];
} swapstax_state;

/* Starts a game of players on the deck of s (already shuffled, with its
 * Shuffler): round 1's draw, then its swap phase. Returns 0, or -1 when the
 * deck is too small to deal a card to each and keep one to swap with. */
int swapstax_init(swapstax_state *w, speedstax_state *s);
/* Draws for a new round: one card each, from the Shuffler clockwise. */
void swapstax_deal(swapstax_state *w, speedstax_state *s);
/* Seat p plays a swap card with the deck's next card or seat `with`'s card
 * (that seat cannot refuse), or passes (SWAPSTAX_PASS); only on p's turn in
 * the swap phase, and a swap only with a swap card left. Returns 0, or -1. */
int swapstax_act(swapstax_state *w, speedstax_state *s, int p, int with);
/* Nonzero when card left seat p's hand in one of this round's first
 * `before` swaps: p gave it away, or another seat took it from p. */
int swapstax_left_hand(const swapstax_state *w, int p, int card, int before);
/* Nonzero when this round's swap i took back a card its seat held earlier in the round. */
int swapstax_took_back(const swapstax_state *w, int i);
/* Star points of a round: a finisher (finish >= 0) scores their card's stars. */
void swapstax_round_points(const maxstax_deck *deck, int players, const int *hand, const long *finish, int *points);
/* Cards left to draw before the discard is reshuffled into a new deck. */
int swapstax_deck_left(const speedstax_state *s);

/* A computer's chance at its level (1..3) of finishing a card of this many
 * stars in 2 minutes: the mean of the measured table (swapstax_odds.h). */
double swapstax_chance(int level, int stars);
/* A computer's measured chance at its level of finishing card c in 2
 * minutes (a card not in the table: its stars' mean). */
double swapstax_card_chance(const maxstax_card *c, int level);
/* What seat p's next swap card is worth kept for a later round, in points a
 * computer of this level expects it to gain there (0 in the last round). */
double swapstax_keep_value(const swapstax_state *w, const speedstax_state *s, const maxstax_deck *deck, int p,
                           int level);
/* A computer's choice on its turn of the swap phase (SWAPSTAX_PASS,
 * SWAPSTAX_DECK or a seat): the card worth most to it (stars times its own
 * measured chance of finishing that card), never one that left its hand
 * this round, when the gain beats keeping the swap card. */
int swapstax_choose(const swapstax_state *w, const speedstax_state *s, const maxstax_deck *deck, int p, int level);

#endif
