/* The 9 STAX view's own state, shared by its files: nine_view.c (moves,
 * flights, input, the midend's callbacks), nine_view_layout.c (geometry and
 * spots), nine_view_draw.c (drawing) and nine_view_card.c (a card's look). */
#ifndef STACKHOUSE_NINE_VIEW_PRIV_H
#define STACKHOUSE_NINE_VIEW_PRIV_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shell/shell.h"
#include "audio/audio.h"
#include "audio/tablesound.h"
#include "core/log.h"
#include "games/nine/rules/nine.h"
#include "games/nine/rules/nine_text.h"
#include "table/table.h"
#include "table/table_store.h"
#include "ui/ui.h"

#define MAX_FLIGHTS 96
#define MAX_SPOTS 224
#define FLIGHT_TIME 0.34f
#define PARTY_PROMPT 12.0 /* seconds a human has to answer an Immunity prompt in party play */
#define FAN_MAX 40
#define NINE_THINK_W 64.0f    /* a computer seat's "thinking" mark: three dots in a capsule */
#define NINE_HOVER_LIFT 12.0f  /* a card under the pointer rises */
#define NINE_HEAD_NAME_X 48.0f /* the seat's mark and name, right of its Immunity shield */

static const char *const colour_names[4] = {"red", "blue", "green", "purple"};
static const char *const colour_caps[4] = {"Red", "Blue", "Green", "Purple"};
static const rcolor colour_rgb[5] = {
    {200, 52, 44, 255}, {40, 96, 190, 255}, {30, 120, 62, 255}, {122, 62, 166, 255}, {44, 40, 52, 255}};
static const char *const shape_sprites[4] = {"nine/circle", "nine/square", "nine/hexagon", "nine/diamond"};
static const char *const face_names[NINE_FACES] = {
    "",  "1",      "2",    "3",       "4",       "5",    "6",      "7",           "8",
    "9", "Attack", "Swap", "Discard", "Reverse", "Peek", "Reveal", "Color Shift", "Free Discard"};
static const char *const face_index[NINE_FACES] = {"",  "1", "2", "3", "4", "5", "6", "7",  "8",
                                                   "9", "A", "S", "D", "R", "P", "V", "CS", "FD"};
static const char *const face_icons[NINE_FACES] = {
    NULL,           NULL,           NULL,        NULL,          NULL,          NULL,
    NULL,           NULL,           NULL,        NULL,          "nine/attack", "nine/swap",
    "nine/discard", "nine/reverse", "nine/peek", "nine/reveal", "nine/shift",  "nine/free"};

/* A card (or an icon) moving across the table. */
typedef struct flight {
    rrect from, to;
    float delay, t, t_prev;
    int code;         /* card code face up; -1 a card back */
    const char *icon; /* or an icon (Attack's bolt, Peek's eye) */
    rcolor tint;
    int sfx; /* played when it lands; -1 none */
} flight;

enum { SPOT_MOVE, SPOT_ROW /* a button of the midend's row */ };

/* Something the viewer may choose now: a card, a pile, a stack, a player or a button. */
typedef struct spot {
    rrect r;
    int kind;
    int button; /* drawn as a button with label */
    int row;    /* SPOT_ROW: its slot in the midend's button row */
    game_move m;
    char label[32];
    char name[32];
} spot;

typedef struct seat_geo {
    rrect area, head;
    int head_lines; /* 2: who plays the seat goes on a line of its own (narrow areas) */
    rrect stack[NINE_MAX_STACKS];
    float card_w, card_h;
} seat_geo;

typedef struct nine_view {
    table *t; /* first: the midend sets it (table_view_ops.size) */
    const nine_state *st; /* the true position: for the rules and the computer only, never drawn */
    nine_state obs;   /* what the viewing seat may know */
    nine_state shown; /* what is drawn: obs, or the observation before a move while it flies */
    float vw;         /* the virtual width laid out for: a sound's pan is its x across it */
    int memory;       /* the "What you know" setting: the viewer's memory is drawn */

    /* cards in flight: a played move's, over the midend's animation time
     * (table_anim_time), or the deal's, over the view's own clock */
    flight fl[MAX_FLIGHTS];
    int nfl;
    int dealing;    /* the flights are the deal's */
    double deal_at; /* seconds into the deal */

    spot sp[MAX_SPOTS];
    int nsp;
    char focus[32];
    int hover;
    rrect ring, ring_prev;
    int ring_valid;

    double prompt_deadline;
    int prompt_traced; /* party play: an Immunity prompt answers itself then; 0 none */
    input_device dev;  /* the device used last, for the words of a press */
    float hand_traced; /* the hand's card height last traced */
    int over_seen;     /* the midend announced the end (a press then shows the score) */
    char status[160];  /* the status pill's words last traced ("" none drawn) */

    /* geometry of the shown position */
    seat_geo g[GAME_MAX_PLAYERS];
    rrect centre, drawpile, discpile, colour_box, dir_box, prompt, fan_box, log_box;
    rrect row_r[TABLE_BUTTONS]; /* the midend's button row (Menu) under the log */
    rrect status_row; /* the status pill's row: one height per column width */
    rrect pill;       /* the status text's pill in it (wraps to the row's lines) */
    float pill_k;     /* its text size */
    int btn_beside;   /* the buttons sit beside the pill (else in btn_box, by the fan) */
    rrect btn_box;
    float slot_w[4]; /* widths the pile, colour and direction labels may use */
    float label_k;   /* their text size */
    int dir_lines;   /* the direction's label on one line or two */
    float disk_label_y; /* the top of the colour and direction disks' labels */
    rrect fan[FAN_MAX];
    uint8_t fan_code[FAN_MAX];
    int nfan;
    rrect hand_r; /* the viewer's drawn card */
    int hand_code;
    /* a card the viewer drew that went straight into a stack: shown until
     * they dismiss it, before the screen is passed (table_handoff) */
    int drawn_code, drawn_stack;
    rrect drawn_ok;
    rrect peek[FAN_MAX];
    uint8_t peek_code[FAN_MAX];
    int npeek;
    rrect peek_panel;

    /* what the last frame drew face up, for the trace */
    char faces[1024];
    size_t faces_len;
    uint64_t faces_hash;
    int faces_traced;
} nine_view;

static inline void seat_name(const nine_view *v, int seat, char *buf, size_t n)
{
    snprintf(buf, n, "Player %d", seat + 1);
    (void)v;
}

/* Cards of stack k of seat p in the shown position, sorted by code. */
static inline int stack_cards(const nine_state *s, int p, int k, uint8_t *out, int max)
{
    int n = 0;
    for (int id = 0; id < NINE_CARDS && n < max; id++)
        if (s->place[id] == NINE_Z_STACK + p && s->stk[id] == k)
            out[n++] = s->code[id];
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            uint8_t t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return n;
}

static inline int hand_card(const nine_state *s, int p)
{
    for (int id = 0; id < NINE_CARDS; id++)
        if (s->place[id] == NINE_Z_HAND + p)
            return s->code[id];
    return -1;
}

/* Relative place of seat p around the table: 0 bottom, 1 left, 2 top, 3 right. */
static inline int place_of(const nine_view *v, int p)
{
    int n = table_match(v->t)->params.players, rel = (p - (table_viewer(v->t) < 0 ? 0 : table_viewer(v->t)) + n) % n;
    if (rel == 0)
        return 0;
    if (n == 2)
        return 2;
    if (n == 3)
        return rel == 1 ? 1 : 3;
    return rel;
}

/* The direction's label: [dir][line] (a second line empty when none). */
extern const char *const nine_dir_words[2][2];

/* The status line the viewer reads in the prompt row ("" for none). */
void nine_prompt_text(const nine_view *v, char *buf, size_t n);
/* The pill's words: a refused press's reason while it shows, else the prompt. */
void nine_pill_text(const nine_view *v, char *buf, size_t n);
/* The status pill's words as drawn now: "" when no pill is drawn (behind
 * the curtain, or under the drawn card's panel). */
void nine_status_shown(const nine_view *v, char *buf, size_t n);
/* Lines seat p's header needs in width w: 1 when the name, who plays it and
 * its cards fit on one, 2 when who plays it goes below, 3 when the cards too. */
int nine_head_lines(const nine_view *v, render *r, int p, float w);
/* A card back at c, faded to alpha (nine_view_card.c). */
void nine_draw_back(render *r, rrect c, uint8_t alpha);
/* Card code face up at c, faded to alpha: a printed card, an action's name
 * on it where c is large enough to read it. */
void nine_draw_face(render *r, rrect c, uint8_t code, uint8_t alpha);
/* The height of the action cards' guide w wide, no taller than max_h
 * (it leaves its last rows out rather than grow past it). */
float nine_guide_height(render *r, float w, float max_h);
/* Draws the guide in box (as tall as nine_guide_height said). */
void nine_guide_draw(render *r, rrect box);
/* The words beside the card in the viewer's hand: "Drawn", or "Taken" from a peeked stack. */
const char *nine_hand_label(const nine_view *v);
/* Where seat g's "thinking" mark goes: the right end of the header line that keeps room for it. */
rrect nine_think_rect(const seat_geo *g);
/* Lays out the shown position and its spots. */
void nine_layout(nine_view *v, shell *sh);
/* The viewer decides now (and may see the table). */
int nine_viewer_decides(const nine_view *v);
/* Whether seat p's header says "You": the person whose hand the screen shows (never in a replay). */
int nine_seat_is_you(const nine_view *v, int p);
/* The spot named name, or -1. */
int nine_spot_find(const nine_view *v, const char *name);
/* The focused spot (the first when none is), or -1. */
int nine_focus_index(nine_view *v);
/* The spot under (x, y), or -1. */
int nine_spot_at(const nine_view *v, float x, float y);
/* Where stack k of seat p lies. */
rrect nine_stack_rect(const nine_view *v, int p, int k);
/* A press at (x, y) on something that cannot be chosen now: refused with
 * the rules' reason (or whose turn it is); 1 if it was, 0 when the press
 * is on nothing (nine_view_why.c). */
int nine_refuse_press(nine_view *v, float x, float y);
/* Refuses m with the rules' reason, or whose turn it is when the viewer
 * does not decide; 0 (nothing said) when m may be played. */
int nine_refuse_move(nine_view *v, const game_move *m);
/* Traces every card drawn face up when it changes. */
void nine_faces_trace(nine_view *v, shell *sh);
/* Position st fitted into box, move hi (NULL: none) marked as the last move
 * is (table_view_ops.draw_position, for the rules viewer; nine_view_diagram.c). */
void nine_view_draw_position(shell *sh, render *r, const void *st, const game_move *hi, rrect box);
/* Draws the table (the view's draw callback). */
void nine_view_draw(void *vv, shell *sh, render *r, float alpha);
/* What everyone may see behind the curtain: the log. */
void nine_view_draw_public(void *vv, shell *sh, render *r, float alpha);
/* Draws what lies over the midend's button row (the view's draw_top callback). */
void nine_view_draw_top(void *vv, shell *sh, render *r, float alpha);

#endif
