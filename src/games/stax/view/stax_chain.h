/* Entering a STAX move one square at a time, as a player does it on the
 * board: pick up a stack, then land it; a capture chain is entered jump by
 * jump, and after each jump only continuations of legal chains are offered.
 * Pure logic over the rules (no SDL), so it is unit-tested on its own. */
#ifndef STACKHOUSE_STAX_CHAIN_H
#define STACKHOUSE_STAX_CHAIN_H

#include <stdint.h>

#include "games/stax/rules/stax.h"

typedef enum stax_chain_result {
    STAX_CHAIN_ILLEGAL = -1, /* not a square this move may go to: nothing changed */
    STAX_CHAIN_MORE = 0,     /* a jump was entered and the chain must go on */
    STAX_CHAIN_DONE = 1      /* the move is complete */
} stax_chain_result;

typedef struct stax_chain {
    game_move moves[GAME_MAX_MOVES]; /* every legal move of the position */
    int n;
    uint8_t path[GAME_MOVE_BYTES]; /* squares entered: the picked stack, then each landing */
    int len;                       /* 0: nothing picked up */
    int capture;                   /* the legal moves are captures (capturing is compulsory) */
} stax_chain;

/* Starts over on a position: nothing picked, its legal moves listed. */
void stax_chain_reset(stax_chain *c, const stax_state *s);
/* Squares holding a stack that some legal move starts from (a bitboard). */
uint64_t stax_chain_movable(const stax_chain *c);
/* Picks up the stack on sq (dropping any earlier pick); 0, or -1 if it cannot move. */
int stax_chain_pick(stax_chain *c, int sq);
/* Puts the picked stack back: nothing entered any more. */
void stax_chain_cancel(stax_chain *c);
/* The squares the picked stack may land on next (a bitboard; 0 when none is picked). */
uint64_t stax_chain_targets(const stax_chain *c);
/* The one square the chain must go on to, or -1 when there is a choice or
 * nothing has been jumped yet (a continuation the player cannot avoid). */
int stax_chain_forced(const stax_chain *c);
/* Lands the picked stack on sq. On STAX_CHAIN_DONE the whole move is in done. */
stax_chain_result stax_chain_land(stax_chain *c, int sq, game_move *done);
/* The board after the first len squares of a move's path (kind as in the
 * move) are made, side to move unchanged; len < 2 copies start. */
void stax_chain_partial(const stax_board *start, const uint8_t *path, int len, int kind,
                        stax_board *out);
/* The board with the jumps entered so far made (side to move unchanged). */
void stax_chain_board(const stax_chain *c, const stax_board *start, stax_board *out);

#endif
