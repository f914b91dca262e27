/* SAMESTAX rounds and scoring as plain data with no physics: how many rounds,
 * whose turn it is to be the Creator, the phase of the round, the target
 * snapshot, and the reclaim/retain points. maxstax_match drives it from the
 * physics; tests drive it directly. Copies by value. */
#ifndef STACKHOUSE_SAMESTAX_H
#define STACKHOUSE_SAMESTAX_H

#include "games/maxstax/rules/maxstax_cards.h"
#include "games/maxstax/rules/speedstax.h"

/* Each player is the Creator twice: 4, 6 or 8 rounds for 2, 3 or 4 players. */
#define SAMESTAX_MAX_ROUNDS (2 * SPEEDSTAX_MAX_PLAYERS)
#define SAMESTAX_CREATE_SECONDS 120.0
#define SAMESTAX_REPLICATE_SECONDS 60.0

typedef enum samestax_phase {
    SAMESTAX_CREATE,    /* the Creator builds; the others watch */
    SAMESTAX_SETTLE,    /* creation is over: hands off while the structure comes to rest */
    SAMESTAX_REPLICATE, /* the others copy the target */
    SAMESTAX_OVER
} samestax_phase;

typedef struct samestax_state {
    int players, rounds;
    int round;         /* 1..rounds */
    int first_creator; /* the Creator of round 1 */
    int creator;       /* this round's */
    samestax_phase phase;
    int faulty;        /* nothing stood, or the target stopped standing: all reclaim */
    long settle_left;  /* ticks of SAMESTAX_SETTLE left */
    maxstax_card target; /* the Creator's structure as it rested (n = 0 until then) */
    maxstax_card design; /* what a computer Creator builds this round (n = 0 for a person) */
    int last_points[SPEEDSTAX_MAX_PLAYERS];
    int round_points[SAMESTAX_MAX_ROUNDS][SPEEDSTAX_MAX_PLAYERS];
    int round_faulty[SAMESTAX_MAX_ROUNDS]; /* each scored round: was it faulty */
    int score[SPEEDSTAX_MAX_PLAYERS];
} samestax_state;

/* Rounds in a game of players (2..4): each one the Creator twice. */
int samestax_rounds(int players);
/* Starts a game; first_creator is a seat. Returns 0, or -1 when out of range. */
int samestax_init(samestax_state *s, int players, int first_creator);
/* The Creator of round r (1-based): the role moves clockwise (up in seat order). */
int samestax_creator_of(const samestax_state *s, int r);
/* One round's points: the Creator holds a point per other player; each
 * replicator who finished (finish >= 0), or all of them when faulty, reclaims
 * theirs and the Creator retains the rest. */
void samestax_round_points(int players, int creator, int faulty, const long *finish, int *points);
/* Scores the round just played and moves on: the next round's creation, or over. */
void samestax_end_round(samestax_state *s, const long *finish);
/* Each seat's place (0 is first); ties share it and the win (no stack-off). */
void samestax_ranks(const samestax_state *s, int rank[SPEEDSTAX_MAX_PLAYERS]);

#endif
