/* STAX (1919): checkers where captures build stacks and no man ever leaves
 * the board. The rules table for the game interface, plus the bare board
 * layer that the STAX searcher and perft share (copy-make, bitboards). */
#ifndef STACKHOUSE_STAX_H
#define STACKHOUSE_STAX_H

#include <stdint.h>

#include "core/game.h"

/* One man per dark square at most on the whole board, so no stack can pass it
 * either, and a capture chain (one man per jump) always fits a game_move. */
#define STAX_MAX_MEN 32
/* Positions kept for threefold repetition: the fifty-move rule ends a game
 * at 100 plies without an irreversible move, so more is never needed. */
#define STAX_HIST 101
#define STAX_FIFTY_PLIES 100

enum { STAX_RED = 0, STAX_BLUE = 1 };
enum { STAX_OPT_REPETITION = 0, STAX_OPT_FIFTY = 1 };
/* Flags stax_make returns, for the fifty-move clock and repetition history. */
enum { STAX_MADE_CAPTURE = 1, STAX_MADE_PROMOTION = 2 };

/* Squares are 0..63 with a1 = 0, b1 = 1, ..., h8 = 63; only dark squares
 * ((file + rank) even) hold men. Stacks are stored per dark square (sq >> 1)
 * with bit i describing the i-th man from the bottom, so capture (add at the
 * bottom) is a shift and losing the top man is clearing one bit. */
typedef struct stax_board {
    uint64_t occ;   /* squares holding a stack */
    uint64_t blue;  /* stacks whose top man is blue (the rest are red) */
    uint64_t major; /* stacks whose top man is a Major */
    uint64_t hash;
    uint32_t col[32];  /* bit set: that man is blue */
    uint32_t kind[32]; /* bit set: that man is a Major */
    uint8_t ht[32];
    uint8_t stm; /* side to move: STAX_RED or STAX_BLUE */
} stax_board;

/* The game-interface state: the board plus what the draw rules need. */
typedef struct stax_state {
    stax_board b;
    uint8_t men[2];   /* men of each colour when the game began (conserved) */
    uint8_t opt[2];   /* draw_repetition, draw_fifty */
    int8_t winner;    /* valid when over: seat, or -1 for a draw */
    uint8_t over;
    uint16_t clock;   /* plies since the last capture or promotion */
    uint16_t nhist;   /* hist[nhist - 1] is the current position */
    uint64_t hist[STAX_HIST];
} stax_state;

extern const game_rules stax_rules;

/* Sets up the 24 Minors of a new game, Red to move. */
void stax_board_start(stax_board *b);
/* Writes the legal moves (captures only when one exists); returns how many. */
int stax_gen(const stax_board *b, game_move *out, int max);
/* Number of legal moves, without writing them (perft's last ply). */
uint64_t stax_count(const stax_board *b);
/* Nonzero when the side to move has a capture (and so must capture). */
int stax_has_capture(const stax_board *b);
/* Plays a move from stax_gen; returns STAX_MADE_* flags. */
int stax_make(stax_board *b, const game_move *m);
/* Leaf count of the move tree to the given depth (last ply counted in bulk). */
uint64_t stax_perft(const stax_board *b, int depth);
/* Men that stack sq holds of each colour: n[0] red, n[1] blue. */
void stax_stack_count(const stax_board *b, int sq, int n[2]);
/* Writes a square's name ("c3") into buf (3 bytes). */
void stax_square_name(int sq, char *buf);
/* Squares a side may step to, one bitboard per direction (mobility). */
int stax_step_count(const stax_board *b, int side);

#endif
