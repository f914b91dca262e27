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

/* Seat colours, in seat order (clockwise). */
static const char *const seat_colour_names[GAME_MAX_PLAYERS] = {"Red", "Blue", "Green", "Gold"};
static const rcolor seat_colours[GAME_MAX_PLAYERS] = {
    {186, 52, 40, 255}, {44, 92, 176, 255}, {46, 132, 70, 255}, {196, 140, 20, 255}};

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
    drop dr;

    /* the last move, highlighted; a loop it closed lights up */
    int last_cell, last_seat;
    uint8_t glow[TRACK_CELLS]; /* arc slots (bits) of the cells on the closed track */
    int glow_new; /* the sliding block closes the loop in glow: light it as it lands */
    float glow_t, pop_t;
    int glow_points; /* what the last block scored */


    ui_nav nav;
    rrect frame, left, right, tray, above;
    float cell;
} track_view;

/* The seat whose hand the tray shows and who chooses: the human to move, or
 * the viewer (curtain tables), or the mover. */
int track_view_chooser(const track_view *v);
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
 * glow lights the arcs in slot bits, tint dims or colours the wood. */
void track_draw_block(render *r, rrect box, track_face f, int glow, rcolor wood);
/* Draws the table (the view's draw callback). */
void track_view_draw(void *vv, shell *sh, render *r, float alpha);
/* The table without its hint line: all of it everyone may see (the tray
 * hides its blocks while the curtain is down). */
void track_view_draw_public(void *vv, shell *sh, render *r, float alpha);

#endif
