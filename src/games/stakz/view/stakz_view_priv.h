/* The Stakz view's own state, shared by its files: stakz_view.c (moves,
 * animation, input, the midend's callbacks), stakz_view_layout.c (geometry
 * and focus items), stakz_view_draw.c (the table's panels and the hint
 * bar), stakz_view_tiles.c (tiles, stacks and the hand with their marks),
 * stakz_view_record.c (the log's words, the last turn's marks and each
 * round's points, from the record) and stakz_view_trace.c (what tests read). */
#ifndef STACKHOUSE_STAKZ_VIEW_PRIV_H
#define STACKHOUSE_STAKZ_VIEW_PRIV_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shell/shell.h"
#include "audio/audio.h"
#include "games/stakz/rules/stakz.h"
#include "games/stakz/rules/stakz_text.h"
#include "table/table.h"
#include "table/table_store.h"
#include "ui/ui.h"

#define MOVE_TIME 0.42f  /* seconds a placed tile (and a split) takes to land */
#define DRAW_TIME 0.38f  /* a drawn tile's flight */
#define ROUND_WATCH 2.6  /* seconds the round's scores stay up when no human must dismiss them */
#define HAND_TILE 100.0f /* the viewer's tiles at the bottom (smaller when many) */
#define BACK_TILE 40.0f  /* opponents' tile backs */
#define STACK_TILE_MAX 124.0f
#define MARGIN 20.0f
#define TILE_EDGE 0.2f   /* a tile's thickness: the side seen under its face, a fraction of its side */
#define LIFT_PLAYABLE 10.0f /* how far a hand tile that fits a stack stands up */
#define LIFT_HOVER 20.0f    /* one under the pointer */
#define LIFT_CHOSEN 18.0f   /* the chosen one */

/* Focus item ids (ui_nav). */
enum {
    ID_TILE = 0,    /* + code: a tile (or a pair of the same tile) in the viewer's hand */
    ID_STACK = 100, /* + stack index */
    ID_END = 300,
    ID_PICK = 400, /* + colour: the draw's colour picker */
    ID_CANCEL = 410,
    ID_OK = 420,   /* dismisses the round's scores */
    ID_SCORE = 430 /* the game is over: on to the score screen */
};

static const char *const colour_names[STAKZ_COLOURS] = {"red", "orange", "green", "blue", "purple"};
static const char *const colour_caps[STAKZ_COLOURS] = {"Red", "Orange", "Green", "Blue", "Purple"};
static const rcolor colour_rgb[STAKZ_COLOURS] = {
    {204, 54, 46, 255}, {236, 130, 28, 255}, {40, 140, 72, 255}, {38, 98, 196, 255}, {128, 64, 170, 255}};
static const char *const symbol_names[STAKZ_SYMBOLS] = {"circle", "triangle", "diamond", "star", "cross"};
static const char *const symbol_sprites[STAKZ_SYMBOLS] = {"stakz/circle", "stakz/triangle", "stakz/diamond",
                                                          "stakz/star", "stakz/cross"};
/* The colour-blind pattern of each colour, laid over its tiles and backs. */
static const char *const mark_sprites[STAKZ_COLOURS] = {"stakz/mark_red", "stakz/mark_orange",
                                                        "stakz/mark_green", "stakz/mark_blue",
                                                        "stakz/mark_purple"};

/* A tile flying to a stack or a hand (placements and draws). */
typedef struct flight {
    rrect from, to;
    float t, t_prev;
    int code; /* a code face up, or STAKZ_UNKNOWN(c): a back */
} flight;

typedef struct stakz_view {
    table *t; /* first: the midend sets it (table_view_ops.size) */
    const stakz_state *st; /* the true position: rules and the computer only, never drawn */
    stakz_state obs;       /* what the viewing seat may know: everything drawn comes from here */

    ui_nav nav;
    char names[UI_MAX_ITEMS][20]; /* focus items' names (ui_item keeps the pointer) */
    int nnames;

    /* selection and dragging */
    int sel;             /* selected hand code, -1 none */
    int press_code;      /* hand code the pointer went down on, -1 none */
    int dragging;        /* the pressed tile follows the pointer */
    float px, py, dx, dy; /* pointer, and where it went down */
    int picking;         /* the draw's colour picker is open */

    /* animation: every stack tile glides from its place before the move */
    rrect from[STAKZ_MAX_STACKS][STAKZ_STACK_MAX];
    uint8_t moving[STAKZ_MAX_STACKS][STAKZ_STACK_MAX];
    float anim_t, anim_prev; /* 1: at rest */
    int split_at;            /* the stack that split in the last move, -1 none */
    flight fl;
    int nfl;

    /* the round just ended: its points, shown until dismissed */
    int round_show;
    int round_points[GAME_MAX_PLAYERS];
    int round_winner; /* seat whose hand emptied, -1 a stuck round */
    double round_since;

    /* the last turn's marks (ui_draw_last_move): the tiles its mover placed
     * in it (where they stand now) and the colour it drew (-1 none) */
    uint8_t marked[STAKZ_MAX_STACKS][STAKZ_STACK_MAX];
    int mark_seat, mark_drew;
    int hover_code; /* the hand tile under the pointer (traced as it changes), -1 none */

    /* geometry */
    rrect opp[GAME_MAX_PLAYERS];  /* each opponent's panel (by seat; w 0 for the viewer) */
    rrect mat, stacks_box, side, pile_box, log_box, status, hand_box, hand_head;
    rrect stack_col[STAKZ_MAX_STACKS]; /* the column of each stack: its tiles stand on the bottom */
    float ts;                          /* a stack tile's side */
    rrect hand_tile[STAKZ_CODES];      /* where each code of the viewer's hand lies (w 0: none) */
    rrect end_r, row_r[TABLE_BUTTONS], pick_r[STAKZ_COLOURS], cancel_r, panel, ok_r;

    /* what the trace said last (stakz_view_trace.c) */
    char faces[512]; /* the tiles face up in hands */
    char hints[200]; /* the hint bar's words */
    char playable_seen[128], lit_seen[128], marks_seen[512];
} stakz_view;

/* The viewer decides now and may see the table (not while a round's result shows). */
static inline int viewer_decides(const stakz_view *v)
{
    return table_may_act(v->t, stakz_current(v->st)) && !v->round_show;
}

/* The side of a tile ts across, seen under its face: what stacks stand on. */
static inline float stakz_edge(float ts) { return ts * TILE_EDGE; }

/* Tiles of colour c in seat p's hand, as the viewer knows it. */
static inline int hand_colour(const stakz_state *s, int p, int c)
{
    int n = s->hand[p][STAKZ_UNKNOWN(c)];
    for (int y = 0; y < STAKZ_SYMBOLS; y++)
        n += s->hand[p][c * 5 + y];
    return n;
}

/* Distinct colours in stack k. */
static inline int stack_colours(const stakz_state *s, int k)
{
    int n = 0;
    for (int c = 0; c < STAKZ_COLOURS; c++)
        n += stakz_count(s, k, c) > 0;
    return n;
}

/* Draws position st's stacks fitted into box, move hi (NULL: none) played
 * on it and marked: a split's two halves ringed, a placed tile marked
 * (table_view_ops.draw_position, for the rules viewer). */
void stakz_view_draw_position(shell *sh, render *r, const void *st, const game_move *hi, rrect box);
/* Lays out the table for the observed position and its focus items. */
void stakz_layout(stakz_view *v, shell *sh);
/* The stack columns of position s in the current frame (into cols, tile side in *ts). */
void stakz_layout_stacks(const stakz_view *v, const stakz_state *s, rrect *cols, float *ts);
/* The face of tile i (from the bottom) of a stack standing in column col
 * (its side lies under it: each tile sits on the one below). */
rrect stakz_tile_rect(rrect col, float ts, int i);
/* What the viewer sees of stack k in column col: from its top face to its foot. */
rrect stakz_stack_rect(rrect col, float ts, int height);
/* Where the draw pile shows its tiles of colour c (a tile back's face). */
rrect stakz_pile_tile(const stakz_view *v, int c);
/* The status line for the viewer ("" none). */
void stakz_status_text(const stakz_view *v, char *buf, size_t n);
/* Draws a tile face up (code < 25) or its back (STAKZ_UNKNOWN(c)) with its
 * face in c and its side (stakz_edge) under it. */
void stakz_draw_tile(render *r, const shell *sh, rrect c, int code, uint8_t alpha);
/* The last-move mark of seat round piece (a tile's face and side), drawn before the tile. */
void stakz_mark_under(render *r, rrect piece, int seat);
/* What the viewer sees of hand tile c at rest (a pair: both; standing up when it fits a stack). */
rrect stakz_hand_piece(const stakz_view *v, int c);
/* Where the tile flying from the hand or the pile (v->fl) is, alpha of the
 * way to the next step; {0} when none flies. */
rrect stakz_flight_at(const stakz_view *v, float alpha);
/* Draws the stacks on the mat: their marks, tiles, labels, and tiles arriving over all of them. */
void stakz_draw_stacks(render *r, shell *sh, stakz_view *v, float alpha);
/* Draws the viewer's hand tiles with their marks (playable, hovered, chosen, just drawn). */
void stakz_draw_hand_tiles(render *r, shell *sh, stakz_view *v);
/* Move m, played from before, in public words for the move log (the view's describe op). */
void stakz_describe(const void *before, const game_move *m, char *buf, size_t n);
/* Marks the tiles the last turn placed (where they stand now) and the tile it drew, from the record. */
void stakz_marks_rebuild(stakz_view *v);
/* The score screen's totals, each round's points and the words (the view's score op). */
void stakz_view_score(const void *v, score_report *rep);
/* The tile the viewer holds (dragged, or chosen for a stack), -1 none. */
int stakz_held(const stakz_view *v);
/* Traces what the table shows that changed since the last step (stakz_view_trace.c). */
void stakz_trace(stakz_view *v, shell *sh);
/* The words the hint bar shows now (the trace's and the bar's), into h; how many pairs. */
int stakz_hints(const stakz_view *v, const shell *sh, ui_hint *h);
/* Nonzero when the viewer's tile code fits some stack now. */
int stakz_fits(const stakz_view *v, int code);
/* Draws the table (the view's draw callback). */
void stakz_view_draw(void *vv, shell *sh, render *r, float alpha);
/* Draws what lies over the midend's button row (the view's draw_top callback). */
void stakz_view_draw_top(void *vv, shell *sh, render *r, float alpha);

#endif
