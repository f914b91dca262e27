/* A real-time MAXSTAX match (SPEEDSTAX, SAMESTAX, SWAPSTAX): every player's stacking space and
 * starter piles in one physics world, their hands, claims of MAX STAX, and
 * the rounds. The real-time counterpart of game_rules: no turns, a pure tick
 * maxstax_step(match, inputs, dt) with the clock injected, so a seed plus an
 * input stream replays a match exactly. */
#ifndef STACKHOUSE_MAXSTAX_MATCH_H
#define STACKHOUSE_MAXSTAX_MATCH_H

#include <stddef.h>
#include <stdint.h>

#include "core/game.h"
#include "games/maxstax/rules/maxstax_cards.h"
#include "games/maxstax/rules/maxstax_matcher.h"
#include "games/maxstax/rules/samestax.h"
#include "games/maxstax/rules/speedstax.h"
#include "games/maxstax/rules/swapstax.h"

#define MAXSTAX_BLOCKS_PER_PLAYER 12
#define MAXSTAX_PILES 3
/* Player p's space is centred on x = p * MAXSTAX_SPACE_PITCH; its floor runs
 * MAXSTAX_SPACE_HALF either side, and the starter piles stand to its right. */
#define MAXSTAX_SPACE_PITCH 36.0
#define MAXSTAX_SPACE_HALF 9.0
/* A claim must stand this long to count (the shout: 1.5 s). */
#define MAXSTAX_CLAIM_HOLD_S 1.5

/* What a player does this tick. Coordinates are relative to the centre of
 * the player's own space at floor level. */
enum {
    MAXSTAX_IN_GRAB = 1,    /* pick up the block under the hand */
    MAXSTAX_IN_RELEASE = 2, /* let go */
    MAXSTAX_IN_CLAIM = 4,   /* call MAX STAX */
    /* pick up the block under (x, y) at once, wherever the hand is: a
     * pointer press takes what it pressed on, while a controller's or a
     * computer's hand (MAXSTAX_IN_GRAB) must travel there first */
    MAXSTAX_IN_GRAB_AT = 8,
};
typedef struct maxstax_input {
    double x, y;      /* where the hand goes */
    int turn;         /* turn the held block by this many 15-degree steps */
    unsigned actions; /* MAXSTAX_IN_* */
} maxstax_input;

/* How a match is scored: the three MAXSTAX modes share the blocks, the cards,
 * the world, the clock and the claims (a speedstax_state), and each adds its
 * own rounds: SAMESTAX a samestax_state, SWAPSTAX a swapstax_state. */
typedef enum maxstax_scoring {
    MAXSTAX_SPEEDSTAX = 1, /* race to copy the card; points by finishing order */
    MAXSTAX_SAMESTAX,      /* build what nobody else can copy; reclaim and retain */
    MAXSTAX_SWAPSTAX,      /* trade cards, build the stars you hold */
    MAXSTAX_PRACTICE       /* one card chosen, no clock, no rounds (maxstax_practice.h; never saved) */
} maxstax_scoring;
/* MAXSTAX_IN_CLAIM is the Creator's Ready while SAMESTAX creation runs. */
#define MAXSTAX_IN_READY MAXSTAX_IN_CLAIM

typedef struct maxstax_setup {
    maxstax_scoring scoring;  /* MAXSTAX_SPEEDSTAX (the default; 0 reads as it) */
    int players;              /* 2..4 */
    int stars_min, stars_max; /* the deck is limited to cards in this range */
    int snap;                 /* a picked-up block squares up to 0/90 degrees */
    double round_seconds;     /* a round's length; 0 is the rules' 2 minutes (tests shorten it);
                                 SAMESTAX: replication's, and creation twice that */
    unsigned turn_mask;       /* seats that take turns on one mouse (speedstax_state.turn_mask) */
    int first_creator;        /* SAMESTAX: the first Creator's seat, or -1 for one at random */
    /* SAMESTAX: a computer Creator of this level (1..3) designs what it
     * builds (samestax_state.design); 0 is a person */
    int levels[SPEEDSTAX_MAX_PLAYERS];
} maxstax_setup;

/* What became of a player's last claim. */
typedef enum maxstax_claim { MAXSTAX_CLAIM_NONE, MAXSTAX_CLAIM_CHECKING, MAXSTAX_CLAIM_FAILED, MAXSTAX_CLAIM_HELD } maxstax_claim;

/* A claim is an event, not only a state: every call of MAX STAX (or a
 * Creator's Ready) and every verdict on it counts one, so the second wrong
 * call in a round is news even though the state was FAILED already. */
typedef struct maxstax_claim_event {
    unsigned serial;      /* events of this seat so far this match (0: none yet; not saved) */
    maxstax_claim verdict; /* what the last one made of the claim: CHECKING, FAILED or HELD */
    maxstax_miss miss;    /* a FAILED one: what differs from the card (kind NONE otherwise) */
} maxstax_claim_event;

typedef struct maxstax_match maxstax_match;

/* Fills setup with the defaults: all stars, snap on. */
void maxstax_setup_default(maxstax_setup *setup, int players);
/* A new match from a deck; returns NULL with a message in err. */
maxstax_match *maxstax_match_new(const maxstax_setup *setup, const maxstax_deck *deck, uint64_t seed, char *err,
                                 size_t errn);
/* Frees a match (NULL is fine). */
void maxstax_match_free(maxstax_match *m);
/* Advances the match by dt seconds of play: applies one input per player
 * (inputs may be NULL: nobody acts), then runs whole physics steps. */
void maxstax_step(maxstax_match *m, const maxstax_input *inputs, double dt);
/* The rounds, scores and clock. */
const speedstax_state *maxstax_match_rounds(const maxstax_match *m);
/* This round's card (SPEEDSTAX, and SWAPSTAX's stack-off). */
const maxstax_card *maxstax_match_card(const maxstax_match *m);
/* What player p builds now: the round's card; in SWAPSTAX the card p holds;
 * in SAMESTAX the target to copy, or a computer Creator's design while it
 * creates (n = 0: nothing to build). */
const maxstax_card *maxstax_match_seat_card(const maxstax_match *m, int p);
/* How the match scores. */
maxstax_scoring maxstax_match_scoring(const maxstax_match *m);
/* SAMESTAX's rounds, Creator, phase and target (NULL in another mode). */
const samestax_state *maxstax_match_samestax(const maxstax_match *m);
/* SWAPSTAX's hands, swap cards and swap phase (NULL in another mode). */
const swapstax_state *maxstax_match_swapstax(const maxstax_match *m);
/* Nonzero once the match is over (rounds()->phase is SPEEDSTAX_OVER). */
int maxstax_match_over(const maxstax_match *m);
/* Each seat's total and place (0 is first, ties share): SPEEDSTAX and
 * SWAPSTAX by points then the stack-off, SAMESTAX by points alone. */
void maxstax_match_standings(const maxstax_match *m, int score[SPEEDSTAX_MAX_PLAYERS],
                             int rank[SPEEDSTAX_MAX_PLAYERS]);
/* SWAPSTAX swap phase: seat p, on its turn, swaps with the deck
 * (SWAPSTAX_DECK), with a seat, or passes (SWAPSTAX_PASS); the stacking
 * clock starts once everyone has passed in a row. Returns 0, or -1 when
 * that is not p's to do. */
int maxstax_match_swap(maxstax_match *m, int p, int with);
/* A test hook: puts block b at pose q (relative to player p's space), at rest. */
void maxstax_match_place(maxstax_match *m, int p, int b, maxstax_pose q);
/* The physics world (for drawing, and the computer stackers' eyes). */
const maxstax_world *maxstax_match_world(const maxstax_match *m);
/* The block indices of player p's twelve blocks: p * 12 + 0..11. */
int maxstax_match_first_block(int p);
/* Pose of block b relative to player p's space. */
maxstax_pose maxstax_match_pose(const maxstax_match *m, int p, int b);
/* The x of starter pile k (0..2) relative to a space. */
double maxstax_match_pile_x(int k);
/* Where player p's hand is, relative to their space. */
void maxstax_match_hand(const maxstax_match *m, int p, double *x, double *y);
/* A test hook: stands the first n blocks of this round's card (all of it when
 * n is its size) in player p's space, centred, taken from p's piles. */
void maxstax_match_compose(maxstax_match *m, int p, int n);
/* State of player p's last claim. */
maxstax_claim maxstax_match_claim(const maxstax_match *m, int p);
/* Seat p's last claim event (see maxstax_claim_event); the pointer stays valid for the match's life. */
const maxstax_claim_event *maxstax_match_claim_event(const maxstax_match *m, int p);
/* Seconds left in the round (with turns: in the current turn). */
double maxstax_match_time_left(const maxstax_match *m);
/* A test hook: as if the first n rounds (up to all of them) had been played
 * with these points, each round's possible in the scoring (its mode's
 * played hook); after the last the rules end the match or begin its
 * stack-off. Only at the very start. 0, or -1 with a message (m unchanged). */
int maxstax_match_compose_played(maxstax_match *m, int n, const int (*points)[SPEEDSTAX_MAX_PLAYERS], char *err,
                                 size_t errn);
/* A test hook: seat p finishes the stack-off just begun first, and wins
 * (SPEEDSTAX, SWAPSTAX). 0, or -1 with a message (m unchanged). */
int maxstax_match_compose_stackoff(maxstax_match *m, int p, char *err, size_t errn);
/* Turns the square-up assist on or off (it follows the settings, also on resume). */
void maxstax_match_set_snap(maxstax_match *m, int on);

/* Saving: the whole match as text, to resume where it was. It holds the
 * setup, the rounds (round, clock, scores and the points of every round,
 * the deck's order and how much of it is used, the generator), each
 * player's progress and claim, and every block's pose; hands let go, so
 * a block in the air falls on resume. Only a match still being played can be
 * saved. Returns malloc'd text (caller frees), or NULL when out of memory. */
char *maxstax_match_save(const maxstax_match *m);
/* Reads a saved match against deck (the deck it was played with): a new
 * match whose blocks stand at their saved poses, at rest. Every line is
 * checked; returns NULL with "save line N: what" in err on any fault. */
maxstax_match *maxstax_match_load(const char *text, const maxstax_deck *deck, char *err, size_t errn);

/* Checks that every player's 12 blocks exist, are finite and on the table;
 * returns 0, or -1 with a message. */
int maxstax_match_check(const maxstax_match *m, char *err, size_t errn);

#endif
