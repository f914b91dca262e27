/* Stack-A-Track: railroad blocks slid down the columns of an upright 6 x 6
 * frame, scored for track joined, track off the edge and loops closed
 * (docs/rules/stackatrack.md). The rules table for the game interface, and
 * the face and placement layer that the notation and the searcher share. */
#ifndef STACKHOUSE_TRACK_H
#define STACKHOUSE_TRACK_H

#include <stddef.h>
#include <stdint.h>

#include "core/game.h"

#define TRACK_COLS 6
#define TRACK_ROWS 6
#define TRACK_CELLS (TRACK_COLS * TRACK_ROWS)
#define TRACK_BLOCKS 36
/* A composed position may hold more blocks than a game deals; one hand
 * never holds more than the frame can take. */
#define TRACK_HAND_MAX 36
/* Position text: 36 faces and up to 4 x 36 blocks of at most 15 characters. */
#define TRACK_POSITION_MAX 4096
#define TRACK_LOOP_POINTS 5

/* Edges of a face, in notation order T R B L. */
enum { TRACK_T = 1, TRACK_R = 2, TRACK_B = 4, TRACK_L = 8 };
/* Options, indexed like stackatrack_rules.options. */
enum { TRACK_OPT_QUARTER = 0, TRACK_OPT_HIDDEN = 1, TRACK_OPT_TOP_EDGE = 2, TRACK_NOPT = 3 };
/* game_move.kind */
enum { TRACK_MOVE_PLACE = 0, TRACK_MOVE_PASS = 1 };

/* A face: its arcs as 4-bit edge masks, one per nibble from the low end,
 * sorted by their first edge (T R B L), zero after the last; arcs never
 * share an edge. 0 is no face (an empty cell). */
typedef uint16_t track_face;

/* A block as a hand holds it: both faces upright, the back as seen after
 * turning the block around its upright axis. */
typedef struct track_block {
    track_face front, back;
} track_block;

/* What a placement would do: the face that lands, where, and its points. */
typedef struct track_place {
    track_face face;
    int col, row;
    int joins, off, loops; /* ends meeting ends, ends off the edge, loops closed */
    int points;            /* joins - off + TRACK_LOOP_POINTS * loops */
} track_place;

/* The game state: plain data, copies by value. Cells are col * 6 + row,
 * row 0 at the floor. Arcs are nodes col * 24 + row * 4 + slot of a
 * union-find whose unions are the joins made, so a join inside one set
 * closes a loop. */
typedef struct track_state {
    track_face cell[TRACK_CELLS];
    track_block src[TRACK_CELLS]; /* the block a face came from; {face, 0} when composed */
    uint8_t uf[TRACK_CELLS * 4];
    uint8_t height[TRACK_COLS];
    uint8_t players, to_move, over;
    uint8_t blocks;    /* blocks in the game: placed plus in hands (conserved) */
    uint8_t dealt;     /* 1: the 36 of the set, so the invariant checks each kind */
    uint8_t opt[TRACK_NOPT];
    uint8_t nhand[GAME_MAX_PLAYERS];
    int16_t score[GAME_MAX_PLAYERS];
    track_block hand[GAME_MAX_PLAYERS][TRACK_HAND_MAX]; /* each in notation order */
    rng r;
} track_state;

extern const game_rules stackatrack_rules;

/* The block kinds of the set and how many of each (36 in all); returns the
 * number of kinds. */
int track_set(const track_block **kinds, const int **counts);

/* The face of n arcs (edge masks, disjoint), sorted into notation order. */
track_face track_face_pack(int *arc, int n);
/* Face turned k quarter turns clockwise (2: upside down). */
track_face track_face_turn(track_face f, int k);
/* The edges where a face has a track end. */
int track_face_ends(track_face f);
/* Whether f is a valid face (arcs non-empty, disjoint, in order). */
int track_face_valid(track_face f);
/* The face a block shows in orientation o: side (0 front, 1 back) * 4 +
 * quarter turns. */
track_face track_block_face(track_block b, int o);
/* Orders blocks as their notation sorts in ASCII order (<0, 0, >0). */
int track_block_cmp(track_block a, track_block b);

/* Sorts blocks into notation order. */
void track_hand_sort(track_block *h, int n);
/* Fills m: block b down column col (0-based) in orientation o. */
void track_move_set(game_move *m, track_block b, int col, int o);

/* Evaluates face f slid down column col (0-based): returns 1 and fills pl
 * when the column has room and no track end meets a bare edge, else 0. */
int track_place_eval(const track_state *s, int col, track_face f, track_place *pl);
/* Plays the mover's hand block i as placement pl (from track_place_eval). */
void track_play(track_state *s, int i, const track_place *pl);
/* The mover passes (it must have no legal placement). */
void track_pass(track_state *s);
/* Whether seat holds a block with a legal placement. */
int track_can_place(const track_state *s, int seat);
/* Orientations a move may name: 4, or 8 with quarter turns (o = side * 4 + k). */
int track_orient_ok(const track_state *s, int o);

/* Derives what the frame, hands and scores imply: the joins (union-find)
 * and whether the game is over. */
void track_state_finish(track_state *s);

/* Notation (track_text.c). Writes a face or block's text; returns its length. */
int track_face_write(track_face f, char *buf, size_t n);
int track_block_write(track_block b, char *buf, size_t n);
/* Reads a face from text up to the first character not in "TRBL+";
 * returns the characters read, or -1 with a message. */
int track_face_read(const char *text, track_face *f, char *err, size_t errn);
int track_position_write(const void *st, char *buf, size_t n);
int track_position_read(void *st, const game_params *p, const char *text, char *err, size_t errn);
int track_move_write(const void *st, const game_move *m, char *buf, size_t n);
int track_move_read(const void *st, const char *text, game_move *m, char *err, size_t errn);
/* "ongoing", the winning seat ("2") or the seats sharing the win ("1 3"). */
int track_result_write(const void *st, char *buf, size_t n);

#endif
