/* The Stack-A-Track view's own state, shared by its files: track_view.c
 * (input, animation, the midend's callbacks) and track_view_draw.c
 * (drawing the frame, the blocks' faces, the trays and the seats). */
#ifndef STACKHOUSE_TRACK_VIEW_PRIV_H
#define STACKHOUSE_TRACK_VIEW_PRIV_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shell/shell.h"
#include "audio/audio.h"
#include "core/log.h"
#include "games/stackatrack/rules/track.h"
#include "core/matchfile.h"
#include "table/table.h"
#include "table/table_store.h"
#include "ui/ui.h"

#define CELL 118.0f        /* one frame cell, virtual units */
#define RIM 22.0f          /* the frame's wooden rim */
#define DROP_TIME 0.42     /* a block sliding from above the frame to the floor */
#define GLOW_TIME 1.8f     /* a closed loop lights up this long */
#define POP_TIME 1.4f      /* the points a block scored float over it this long */
#define KINDS_MAX 24       /* distinct blocks one hand may hold (a composed one: 21) */

enum { ID_TURN = 1, ID_PASS, ID_TRAY = 16 };

/* The Turn button's words: what it does, never the rules' notation. */
#define TRACK_TURN_LABEL "Turn over"
/* The scoring reminder beside the tray. */
#define TRACK_SCORING_WORDS                                                                                            \
    "+1 each track end that meets a track end. \xe2\x88\x92" "1 each end off the edge. +5 each loop closed. "         \
    "Track may never meet a bare side."

/* One kind of block in the mover's hand and how many of it. */
typedef struct tray_kind {
    track_block b;
    int count;
} tray_kind;

/* The block sliding down its column, over the midend's animation time. */
typedef struct drop {
    int active;
    track_face face;
    int col, row, seat;
    float t, t_prev; /* 0 above the frame .. 1 landed */
    int heard;       /* its slide has started sounding */
} drop;

typedef struct track_view {
    table *t; /* first: the midend sets it (table_view_ops.size) */
    const track_state *st; /* the table's position at the record's cursor */
    track_state shown;     /* what the frame shows: st, or the position before a drop */

    tray_kind kind[KINDS_MAX]; /* the chooser's hand, grouped */
    int nkind, sel, orient;    /* chosen kind and orientation (side * 4 + quarter turns) */
    int col;                   /* the column previewed: pointer or cursor; -1 none */
    int hover_col;             /* the column under the pointer; -1 none */
    int must_pass;             /* the mover has no legal placement */
    char tray_traced[400];     /* the tray as last traced */
    char hands_traced[40];     /* the seats' block sizes as last traced */
    int last_traced;           /* the last move's mark as last traced (cell * 4 + seat; -1 none, -2 never) */
    drop dr;

    /* the last move (the midend's), marked until the next; a loop it closed lights up */
    int last_cell, last_seat;
    uint8_t glow[TRACK_CELLS]; /* arc slots (bits) of the cells on the closed track */
    int glow_new; /* the sliding block closes the loop in glow: light it as it lands */
    float glow_t, pop_t;
    int glow_points; /* what the last block scored */


    ui_nav nav;
    rrect frame, left, right, tray, above;
    rrect log;       /* the move log's paper well */
    rrect log_panel; /* its own panel where it stands alone (4:3); zero height in the seats' panel */
    rrect scoring; /* the scoring reminder; zero height when it does not fit */
    rrect status;  /* the status line's box in the seats' panel */
    rrect row[GAME_MAX_PLAYERS]; /* the seats' rows */
    float cell;
    int wide;   /* the seats left of the frame and the tray right of it (else one column beside it) */
    int titled; /* the seats' panel has room for the game's title */
} track_view;

/* The seat whose hand the tray shows and who chooses: the human to move, or
 * the viewer (curtain tables), or the mover. */
int track_view_chooser(const track_view *v);
/* The tray's heading for seat's blocks: in a replay the player's name as the
 * match file gives it ("Bo's blocks", as the bar's "Bo's view"), else the
 * seat's colour ("Green's blocks"). */
void track_view_tray_head(const track_view *v, int seat, char *buf, size_t n);
/* Whether the blocks are hidden by the house rule. */
static inline int track_hidden(const track_view *v) { return v->st->opt[TRACK_OPT_HIDDEN] != 0; }
/* Whether the human to move may play now. */
int track_view_human_turn(const track_view *v);
/* The chosen block's face in the chosen orientation (0 when none). */
track_face track_view_face(const track_view *v);
/* Cell rectangle of column col, row row (0 at the floor). */
static inline rrect track_cell_rect(const track_view *v, int col, int row)
{
    return (rrect){v->frame.x + (float)col * v->cell, v->frame.y + (float)(TRACK_ROWS - 1 - row) * v->cell, v->cell,
                   v->cell};
}
/* Name of orientation o ("F", "B2", "F1"). */
const char *track_orient_name(int o);
/* Orientation o in words ("back, upside down"). */
const char *track_orient_words(int o);

/* Draws the face f of one block in box (the wooden block and its track);
 * glow lights the arcs in slot bits, wood tints (or fades) it; id is the
 * block's identity (track_grain_id), which picks its own tone and grain. */
void track_draw_block(render *r, rrect box, track_face f, int glow, rcolor wood, uint32_t id);
/* Draws v's frame and the blocks it shows (v->shown), the last move and any
 * lit loop marked: the table's frame, and the rules' diagrams. */
void track_view_draw_board(render *r, const track_view *v);
/* Lays v's frame and its rim (RIM a side, the column numbers under it) out
 * to fill box: a picture of the board (the rules' diagrams). */
void track_view_fit(track_view *v, rrect box);
/* Face f refused in column col (not full), as the table marks a refused
 * press: the column flashed red, the face where it would land, red with a
 * cross (a track end would meet a bare side). */
void track_view_draw_refusal(render *r, const track_view *v, int col, track_face f);
/* table_view_ops.draw_refused (track_view_refused.c): a placement written
 * in the notation that the rules refuse, drawn on st fitted into box. */
int track_view_draw_refused(shell *sh, render *r, const void *st, const char *move, rrect box, char *why, size_t n);
/* A block's identity for its grain from what tells it apart where it is drawn
 * (a cell and its face, a seat and a hand slot, a tray kind and its side). */
uint32_t track_grain_id(uint32_t where, uint32_t what);
/* A seat row's layout for n blocks in a row w wide: the blocks' size, how many
 * go on a line, whether the strip sits beside the seat's words (else under
 * them), and the row's height. */
typedef struct track_row_fit {
    float size, h;
    int per_line, beside;
} track_row_fit;
track_row_fit track_row_fit_for(int n, float w);
/* The seats' panel and rows, the status, the move log and the scoring
 * reminder (track_view_seats.c). */
void track_draw_seats(render *r, shell *sh, const track_view *v);
/* The status line's words (who is to play, a refusal, game over). */
void track_status_text(const shell *sh, const track_view *v, char *buf, size_t n);
/* Draws the table (the view's draw callback). */
void track_view_draw(void *vv, shell *sh, render *r, float alpha);
/* The table without its hint line: all of it everyone may see (the tray
 * hides its blocks while the curtain is down). */
void track_view_draw_public(void *vv, shell *sh, render *r, float alpha);

#endif
