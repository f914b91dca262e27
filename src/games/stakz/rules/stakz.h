/* Stakz: shed your tiles onto stacks by matching colour or symbol; a fifth
 * colour splits a stack. The rules table for the game interface (hidden
 * information: colours are public, symbols of hands and pile are not), and
 * the state layout its notation module, checks and tests share. */
#ifndef STACKHOUSE_STAKZ_H
#define STACKHOUSE_STAKZ_H

#include <stddef.h>
#include <stdint.h>

#include "core/game.h"

#define STAKZ_COLOURS 5
#define STAKZ_SYMBOLS 5
#define STAKZ_CODES 25  /* colour * 5 + symbol */
#define STAKZ_COPIES 3  /* of each code in the box */
#define STAKZ_TILES 75
#define STAKZ_PER_COLOUR 2 /* dealt per colour, and the most a stack holds */
/* A tile of colour c whose symbol the observer does not know (observed
 * views only; determinize turns it back into a code). */
#define STAKZ_UNKNOWN(c) (STAKZ_CODES + (c))
#define STAKZ_KINDS (STAKZ_CODES + STAKZ_COLOURS)
/* Four colours twice, plus the fifth colour that splits it at once. */
#define STAKZ_STACK_MAX 9
/* A stack holds a tile at least, so a composed position has at most this many. */
#define STAKZ_MAX_STACKS STAKZ_TILES
#define STAKZ_GOAL 12 /* the game ends when a total reaches it */
#define STAKZ_END_ANY 0xFF /* end move's colour: plain "end" */

/* Option indices in game_params.opt[]. */
enum stakz_option { STAKZ_OPT_DRAW = 0 };
/* Values of STAKZ_OPT_DRAW. */
enum stakz_draw { STAKZ_DRAW_CHOOSE = 0, STAKZ_DRAW_RANDOM = 1 };

/* Plain data that copies by value. Stacks are in table order, tiles bottom
 * to top; the pile's top is pile[npile - 1]. */
typedef struct stakz_state {
    uint8_t players;
    uint8_t turn;        /* seat to move (the last mover once the game is over) */
    uint8_t starter;     /* seat that started this round */
    uint8_t draw_random; /* a stakz_draw */
    uint8_t passes;      /* turns ended in a row without a tile placed, pile empty */
    uint8_t placed;      /* the seat to move has placed a tile this turn */
    uint8_t over;        /* a total reached STAKZ_GOAL */
    uint8_t nstacks, npile, total;
    uint8_t set[STAKZ_CODES]; /* the game's tiles by code (3 each from a deal) */
    uint8_t height[STAKZ_MAX_STACKS];
    uint8_t bonus[STAKZ_MAX_STACKS]; /* 1: the stack has a bonus placement left */
    uint16_t cols[STAKZ_MAX_STACKS]; /* tiles per colour, 3 bits each (derived) */
    uint8_t stack[STAKZ_MAX_STACKS][STAKZ_STACK_MAX];
    uint8_t hand[GAME_MAX_PLAYERS][STAKZ_KINDS]; /* count per code (and unknowns) */
    uint8_t nhand[GAME_MAX_PLAYERS];
    uint8_t pile[STAKZ_TILES];
    uint8_t pile_cols[STAKZ_COLOURS]; /* pile tiles per colour (derived) */
    uint16_t score[GAME_MAX_PLAYERS]; /* totals of earlier rounds */
    rng r; /* deals the next round */
} stakz_state;

/* Move kinds (game_move.kind). */
enum stakz_move_kind {
    STAKZ_M_PLACE, /* b0 code, b1 stack index */
    STAKZ_M_END,   /* b0 colour drawn, or STAKZ_END_ANY */
};

extern const game_rules stakz_rules;

static inline int stakz_colour(uint8_t code) { return code >= STAKZ_CODES ? code - STAKZ_CODES : code / 5; }
static inline int stakz_symbol(uint8_t code) { return code % 5; }
/* Tiles of colour c in stack k. */
static inline int stakz_count(const stakz_state *s, int k, int c) { return s->cols[k] >> (3 * c) & 7; }

/* Deals a new game from a seed; draw is a stakz_draw. 0, or -1 with a message. */
int stakz_deal(stakz_state *s, int players, int draw, uint64_t seed, char *err, size_t errn);
/* Recomputes the derived fields (cols, pile_cols, nhand, over) from the tiles. */
void stakz_derive(stakz_state *s);
/* Nonzero when the seat to move may place code on stack k now. */
int stakz_can_place(const stakz_state *s, int code, int k);
/* Nonzero when the seat to move may end its turn drawing colour c (or STAKZ_END_ANY). */
int stakz_can_end(const stakz_state *s, int colour);
/* Writes the legal moves (at most max); returns how many. */
int stakz_legal(const stakz_state *s, game_move *out, int max);
/* Seat to move, or -1 when the game is over. */
int stakz_current(const stakz_state *s);

#endif
