/* The STAX view's own state, shared by its files: stax_view.c (input,
 * animation, the midend's callbacks) and stax_view_draw.c (drawing). */
#ifndef STACKHOUSE_STAX_VIEW_PRIV_H
#define STACKHOUSE_STAX_VIEW_PRIV_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shell/shell.h"
#include "audio/audio.h"
#include "core/log.h"
#include "games/stax/view/stax_chain.h"
#include "table/table.h"
#include "table/table_store.h"
#include "ui/ui.h"

/* A board square in virtual units: 100 at the table; the rules' diagrams
 * (stax_view_draw_position) draw the same board smaller for one call. */
extern float stax_view_sq;
#define SQ stax_view_sq
#define TOWER_MAX 6       /* men drawn in a tower; taller stacks get a count */
#define STEP_TIME 0.22    /* a one-square slide */
#define JUMP_TIME 0.34    /* one jump of a capture */
#define FORCED_DELAY 0.7  /* a forced continuation plays itself after this */
#define PROMO_TIME 0.8

static const char *const side_names[2] = {"Red", "Blue"};
static const char *const disc_sprites[2][2] = {{"stax/red_minor", "stax/red_major"},
                                               {"stax/blue_minor", "stax/blue_major"}};
static const rcolor side_colors[2] = {{178, 40, 36, 255}, {38, 84, 170, 255}};

/* One move (or one entered jump) being shown sliding square by square. A
 * played move runs on the midend's animation time (table_anim_time); a jump
 * entered mid-capture, not yet a move, on the view's own clock. */
typedef struct anim {
    int active;
    stax_board base; /* the board before the path's first square left */
    uint8_t path[GAME_MOVE_BYTES];
    int len, kind;
    int seg;         /* the segment shown: path[seg] -> path[seg + 1] */
    float t, t_prev; /* progress through the segment, 0..1, from the time */
    float sx, sy;    /* where the first segment starts (a drop point), or NAN */
    int promotion;   /* the move promotes at its end */
    int whole;       /* a played move (the midend's time), not an entered jump */
    int multi;       /* a capture of two stacks or more: its cue when it lands */
    int end_sq;      /* where the move ends */
    double clock, clock_prev, length; /* an entered jump's own time: now, the step before, its length */
} anim;

typedef struct stax_view {
    table *t; /* first: the midend sets it (table_view_ops.size) */
    const stax_state *st; /* the table's position at the record's cursor */
    stax_chain chain;
    stax_board shown; /* st with the jumps entered so far made */
    anim an;
    /* a move the player entered, shown from where its last jump started */
    int pending;
    stax_board pending_from;
    uint8_t pending_path[2];
    float pending_x, pending_y;

    game_move last; /* the move that led to st, for highlighting */
    int has_last;
    int last_seat; /* who made it */
    int promo_sq;
    float promo_t;
    double forced_at; /* when a forced continuation plays itself; 0 none */

    /* pointer */
    int hover_sq;
    int dragging, drag_moved, press_target;
    float drag_x, drag_y, drag_px, drag_py, press_x, press_y, px, py;
    /* board cursor for keyboard and controller */
    int cursor;
    float cur_x, cur_y, cur_px, cur_py;
    /* the last refused press: where, its flash, and the status line's reason */

    ui_nav nav;
    rrect board, left, right, log_box;
} stax_view;

static inline void square_center(const stax_view *v, int sq, float *x, float *y)
{
    *x = v->board.x + ((float)(sq & 7) + 0.5f) * SQ;
    *y = v->board.y + ((float)(7 - (sq >> 3)) + 0.5f) * SQ;
}

static inline int dark(int sq) { return sq >= 0 && ((sq & 7) + (sq >> 3)) % 2 == 0; }

/* The human to move may enter a move now. */
static inline int human_turn(const stax_view *v)
{
    return table_may_act(v->t, stax_rules.current_player(v->st)) && !v->an.active;
}

/* Draws the table (the view's draw callback). */
void stax_view_draw(void *vv, shell *sh, render *r, float alpha);
/* Draws position st fitted into box, move hi (NULL: none) marked
 * (table_view_ops.draw_position, for the rules viewer). */
void stax_view_draw_position(shell *sh, render *r, const void *st, const game_move *hi, rrect box);
/* The move log's words for move m played from before (table_view_ops.describe). */
void stax_view_describe(const void *before, const game_move *m, char *buf, size_t n);

#endif
