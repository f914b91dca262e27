/* SPEEDSTAX rounds and scoring as plain data with no physics: the clock in
 * fixed ticks, who finished when, points by place, the totals and the
 * speed-stack-off. maxstax_match drives it from the physics; tests drive it
 * directly. Copies by value. */
#ifndef STACKHOUSE_SPEEDSTAX_H
#define STACKHOUSE_SPEEDSTAX_H

#include "core/rng.h"
#include "games/maxstax/rules/maxstax_cards.h"

#define SPEEDSTAX_MAX_PLAYERS 4
#define SPEEDSTAX_ROUNDS 5
#define SPEEDSTAX_ROUND_SECONDS 120.0
/* Clock ticks per round: one tick is one physics step. */
#define SPEEDSTAX_ROUND_TICKS ((long)(SPEEDSTAX_ROUND_SECONDS / MAXSTAX_STEP + 0.5))

/* SPEEDSTAX_HELD: a round of another MAXSTAX game has ended (see hold) and
 * waits for its match core to score it and start the next. */
typedef enum speedstax_phase { SPEEDSTAX_ROUND, SPEEDSTAX_STACKOFF, SPEEDSTAX_OVER, SPEEDSTAX_HELD } speedstax_phase;

typedef struct speedstax_state {
    int players;
    speedstax_phase phase;
    int round;     /* rounds started, 1..5, then 6.. for stack-offs */
    int shuffler;  /* seat, picked at random */
    int card;      /* index into the deck of this round's card */
    long tick;     /* ticks since the round started */
    long round_ticks; /* a round's length in ticks: SPEEDSTAX_ROUND_TICKS unless shortened */
    /* Turns (one mouse for several people): the seats in turn_mask build one
     * after another, each with the whole round's time from its own start,
     * and their finish ticks count from that start; the other seats build at
     * once from the round's start. turn_seat is the one building now, or -1. */
    unsigned turn_mask;
    int turn_seat;
    long turn_start; /* tick the current turn began */
    int in_play[SPEEDSTAX_MAX_PLAYERS]; /* everyone in a round; the tied in a stack-off */
    int pending[SPEEDSTAX_MAX_PLAYERS]; /* a claim is being checked */
    long finish[SPEEDSTAX_MAX_PLAYERS]; /* tick of the confirmed claim, or -1 */
    int last_points[SPEEDSTAX_MAX_PLAYERS]; /* points of the last round played */
    /* Points of each of the five rounds once scored, for the score screen
     * and saves (a stack-off scores none). */
    int round_points[SPEEDSTAX_ROUNDS][SPEEDSTAX_MAX_PLAYERS];
    int score[SPEEDSTAX_MAX_PLAYERS];
    int winner; /* seat once over, else -1 */
    /* SAMESTAX and SWAPSTAX run their rounds on this clock: with hold set, a
     * round's end stops in SPEEDSTAX_HELD, unscored, and their core scores it
     * and starts the next (speedstax_start); a stack-off plays as here.
     * SPEEDSTAX leaves it 0. */
    int hold;
    int order[MAXSTAX_DECK_SIZE]; /* shuffled deck (indices of eligible cards) */
    int n_order, next;
    rng r;
} speedstax_state;

/* Starts a game of 1..4 players (1: MAXSTAX practice): shuffles the eligible
 * cards (indices into the deck; at least one) and turns up the first.
 * Returns 0, or -1 if players or cards are bad. */
int speedstax_init(speedstax_state *s, int players, const int *cards, int n_cards, uint64_t seed);
/* Makes the seats in mask take turns (see turn_mask), from this round on. */
void speedstax_set_turns(speedstax_state *s, unsigned mask);
/* Points for one round: place is 1 + the number who finished strictly earlier,
 * worth players + 1 - place; non-finishers and seats not in play get 0. */
void speedstax_round_points(int players, const long *finish, const int *in_play, int *points);
/* Player p has claimed at the current tick; the claim is being checked. */
void speedstax_claim(speedstax_state *s, int p);
/* The claim of player p stood (ok) or fell; a standing claim finishes at claim_tick. */
void speedstax_confirm(speedstax_state *s, int p, int ok, long claim_tick);
/* Advances the clock one tick, ending the round (points, next card or the
 * result) when time is up or everyone in play finished, with no claim pending.
 * Returns 1 when a new round or stack-off started this tick, else 0. */
int speedstax_tick(speedstax_state *s);
/* Nonzero when player p is building now (in play, not finished, not claiming). */
int speedstax_building(const speedstax_state *s, int p);
/* Each seat's place (0 is first; ties share): by total points, and when the
 * totals tie, whoever lost the speed-stack-off is second. */
void speedstax_ranks(const speedstax_state *s, int rank[SPEEDSTAX_MAX_PLAYERS]);
/* Starts a round on the clock for the seats in play, ticks long, without
 * turning up a card (SAMESTAX and SWAPSTAX; the turns mask carries over). */
void speedstax_start(speedstax_state *s, const int *in_play, long ticks);
/* After the rounds: a single contender wins (over), several stack off on the
 * next card, exactly as SPEEDSTAX does after its five rounds. */
void speedstax_decide(speedstax_state *s, const int *contenders);
/* Rounds scored so far: 0..5 (all five once the stack-offs begin). */
int speedstax_rounds_scored(const speedstax_state *s);
/* A test hook: as if the first n rounds (0..5) had been played with these
 * points, each a finishing order (speedstax_round_points). Before the last,
 * the current card becomes round n + 1's; after it the rules decide, as
 * after a played fifth round: a winner, or the tied stack off. Only at the
 * very start of a game (round 1, tick 0); returns 0, or -1 (s unchanged). */
int speedstax_compose_played(speedstax_state *s, int n, const int (*points)[SPEEDSTAX_MAX_PLAYERS]);
/* A test hook: seat p, in the stack-off just begun, finishes first at once;
 * the stack-off is decided as a played one is. Returns 0, or -1 (s unchanged). */
int speedstax_compose_stackoff(speedstax_state *s, int p);

#endif
