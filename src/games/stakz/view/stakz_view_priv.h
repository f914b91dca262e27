/* The Stakz view's own state, shared by its files: stakz_view.c (moves,
 * animation, input, the midend's callbacks), stakz_view_layout.c (geometry
 * and focus items) and stakz_view_draw.c (drawing). */
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
#define STACK_TILE_MAX 96.0f
#define MARGIN 20.0f

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

    /* geometry */
    rrect opp[GAME_MAX_PLAYERS];  /* each opponent's panel (by seat; w 0 for the viewer) */
    rrect stacks_box, pile_box, status, hand_box, hand_head;
    rrect stack_col[STAKZ_MAX_STACKS]; /* the column of each stack: its tiles stand on the bottom */
    float ts;                          /* a stack tile's side */
    rrect hand_tile[STAKZ_CODES];      /* where each code of the viewer's hand lies (w 0: none) */
    rrect end_r, row_r[TABLE_BUTTONS], pick_r[STAKZ_COLOURS], cancel_r, panel, ok_r;

    char last_move[64]; /* the last move in words, under the status line */
    char faces[512];    /* the tiles the last frame showed face up in hands, for the trace */
} stakz_view;

/* The viewer decides now and may see the table (not while a round's result shows). */
static inline int viewer_decides(const stakz_view *v)
{
    return table_may_act(v->t, stakz_current(v->st)) && !v->round_show;
}

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

/* Lays out the table for the observed position and its focus items. */
void stakz_layout(stakz_view *v, shell *sh);
/* The stack columns of position s in the current frame (into cols, tile side in *ts). */
void stakz_layout_stacks(const stakz_view *v, const stakz_state *s, rrect *cols, float *ts);
/* Where tile i (from the bottom) of a stack in column col stands. */
rrect stakz_tile_rect(rrect col, float ts, int i);
/* The status line for the viewer ("" none). */
void stakz_status_text(const stakz_view *v, char *buf, size_t n);
/* Draws a tile face up (code < 25) or its back (STAKZ_UNKNOWN(c)). */
void stakz_draw_tile(render *r, const shell *sh, rrect c, int code, uint8_t alpha);
/* Draws the table (the view's draw callback). */
void stakz_view_draw(void *vv, shell *sh, render *r, float alpha);
/* Draws what lies over the midend's button row (the view's draw_top callback). */
void stakz_view_draw_top(void *vv, shell *sh, render *r, float alpha);

#endif
