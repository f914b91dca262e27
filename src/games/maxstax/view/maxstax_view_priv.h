/* The MAXSTAX view's own state, shared by its files: maxstax_view.c (play,
 * input, saving, lifetime) and maxstax_view_draw.c (layout and drawing). */
#ifndef STACKHOUSE_MAXSTAX_VIEW_PRIV_H
#define STACKHOUSE_MAXSTAX_VIEW_PRIV_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shell/shell.h"
#include "audio/audio.h"
#include "core/log.h"
#include "games/maxstax/rules/maxstax_bot.h"
#include "games/maxstax/rules/maxstax_match.h"
#include "games/maxstax/rules/maxstax_replay.h"
#include "games/maxstax/rules/maxstax_tape.h"
#include "table/table_rt.h"
#include "table/table_store.h"
#include "ui/ui.h"

#define PI_F 3.14159265f
/* A pane's margins around its camera, in virtual units: the table's edge
 * below the floor, and a little room above and to the sides (the player's
 * name sits in the camera's room to carry a block over the top). */
#define PANE_FLOOR 26.0f
#define PANE_TOP 14.0f
#define PANE_SIDE 12.0f
/* The ghost's lines, in virtual units: thin at every scale. */
#define GHOST_LINE 2.5f
#define N_BLOCKS (SPEEDSTAX_MAX_PLAYERS * MAXSTAX_BLOCKS_PER_PLAYER)
#define RESULTS_S 8.0     /* round results stay this long (a click or Enter goes on sooner) */
#define CURSOR_SPEED 18.0 /* plank units per second at full stick */
#define FLASH_S 2.0
#define NUDGE 0.5     /* a d-pad press moves the cursor this far */

/* Focusable items: the claim (Ready) and menu buttons, and SWAPSTAX's swap
 * offers (ID_SWAP_SEAT + seat takes that seat's card). */
enum { ID_CLAIM = 1, ID_MENU, ID_SWAP_DECK, ID_SWAP_PASS, ID_SWAP_SEAT };
/* Practice's card browser (maxstax_view_practice.c): previous, the card's number, next. */
enum { ID_PRACTICE_PREV = 20, ID_PRACTICE_CARD, ID_PRACTICE_NEXT };
#define SWAP_BUTTONS (SPEEDSTAX_MAX_PLAYERS + 1)

typedef struct hand_ctl {
    double x, y;       /* hand target, relative to the space */
    unsigned actions;  /* MAXSTAX_IN_* gathered since the last step */
    int turn;          /* turn steps gathered since the last step */
    int held;          /* block held after the last step, or -1 */
    int pad;           /* controller slot driving this hand, or -1 */
    int press;         /* the pointer pressed since the last step: grab there at once */
    double gx, gy;     /* where it pressed */
} hand_ctl;

/* What a camera shows of a space: from x0 to x1 beside its centre and from
 * the floor up to y1, plank units. */
typedef struct maxstax_frame {
    double x0, x1, y1;
} maxstax_frame;

typedef struct maxstax_view {
    match_setup m;
    maxstax_deck deck;
    maxstax_match *match;
    maxstax_tape *tape; /* the match's record: everything done to it (maxstax_view_tape.c); NULL when none */
    int tape_at_save;   /* the tape starts at the save resumed from, which held none (maxstax_view_record_before) */
    maxstax_bot bot[SPEEDSTAX_MAX_PLAYERS];
    hand_ctl ctl[SPEEDSTAX_MAX_PLAYERS];
    int players, humans;
    int best_ms[SPEEDSTAX_MAX_PLAYERS]; /* each seat's fastest finish this sitting (#28's statistics); 0 none */
    int mouse_seat; /* the seat the mouse drives (the first person's, or whose turn it is), or -1 */
    int turns;      /* several people, one mouse: they take turns */
    int turn_seen;
    maxstax_pose prev[N_BLOCKS], cur[N_BLOCKS];
    int falls[N_BLOCKS]; /* each block's fall count last frame: a rise is a crash */
    /* The panes are laid out once per round (layout_*: what they were laid
     * out for); inside its fixed rect each pane's camera (cam, in plank
     * units from its space's centre) follows its own blocks smoothly. */
    rrect pane[SPEEDSTAX_MAX_PLAYERS];
    float scale[SPEEDSTAX_MAX_PLAYERS];
    maxstax_frame cam[SPEEDSTAX_MAX_PLAYERS];
    maxstax_frame layout_frame; /* the round's frame the panes were laid out for */
    float layout_w;             /* the virtual width they were laid out for (0: not yet) */
    int layout_round, layout_big;
    double cam_time;                  /* v->time when the cameras last moved */
    double view_x0, view_x1, view_y1; /* what all the cameras show together (a cursor's reach) */
    rrect pane_traced[SPEEDSTAX_MAX_PLAYERS]; /* the pane rects and scales last traced */
    float scale_traced[SPEEDSTAX_MAX_PLAYERS];
    rrect card_box, clock_box, score_box;
    ui_nav nav;
    float px, py; /* pointer */
    int round_seen, last_second;
    double results_left; /* > 0: round results showing, play paused */
    double results_shown; /* how long they have shown */
    int results_final;   /* the match is over: the score screen follows */
    int results_round;
    int results_stackoff; /* the results are of a speed-stack-off */
    speedstax_phase phase_seen;
    int results_card; /* deck index of the card just played */
    int card_seen;    /* deck index of the card in play */
    unsigned claim_serial[SPEEDSTAX_MAX_PLAYERS]; /* each seat's claim events announced (maxstax_view_claims.c) */
    int finish_said[SPEEDSTAX_MAX_PLAYERS];       /* this round's finish traced */
    int label_under[SPEEDSTAX_MAX_PLAYERS]; /* under a pane's labels: 0 nothing, 1 its hand, 2 a carried block */
    double flash[SPEEDSTAX_MAX_PLAYERS]; /* claim or collapse banner time left */
    char flash_text[SPEEDSTAX_MAX_PLAYERS][32];
    char flash_note[SPEEDSTAX_MAX_PLAYERS][48]; /* under the banner: what a wrong call lacks ("" for none) */
    rcolor flash_col[SPEEDSTAX_MAX_PLAYERS];
    double collapse_cool[SPEEDSTAX_MAX_PLAYERS];
    unsigned knock_seen; /* the world's impacts already heard (maxstax_world_knocks) */
    int ghost;                       /* --position "ghost": the ghost whatever the setting */
    char hint[SPEEDSTAX_MAX_PLAYERS][96]; /* what still differs from the card, with the ghost on ("" none) */
    /* The ghost's place and the hints as last worked out, for the still
     * blocks and card they were worked out from (maxstax_view_ghost.c:
     * the matcher's comparison is too dear to redo every step). */
    struct ghost_seen {
        int valid, n;      /* worked out at all; blocks */
        int finished;      /* the seat's call had held (a match needs no more calling) */
        maxstax_card card; /* the card (a SAMESTAX target has no deck id) */
        maxstax_pose pose[MAXSTAX_CARD_MAX_BLOCKS + 1];
        double shift;
    } ghost_seen[SPEEDSTAX_MAX_PLAYERS];
    int compose_p, compose_n, compose_each; /* test hook: stand the card in a space (each round) */
    double time;
    maxstax_scoring scoring; /* the mode row's: SPEEDSTAX, SAMESTAX or SWAPSTAX */
    double swap_wait;        /* a computer's swap waits this long, so everyone sees it */
    int swap_buttons;        /* the swap offers laid out for the person on turn */
    int swap_id[SWAP_BUTTONS];
    int results_faulty; /* SAMESTAX: the round just shown was faulty */
    int results_creator;
    int first_creator; /* --position creator=P: SAMESTAX's first Creator, or -1 */
    maxstax_replay *replay; /* a replay (maxstax_view_replay.c): match is its, nothing is played; NULL in a match */
    struct maxstax_lesson_run *lesson; /* a lesson's steps (maxstax_view_lesson.c); NULL in a match */
    /* Practice (#29, maxstax_view_practice.c): one person, any card, no clock, the ghost always on. */
    struct practice_view {
        int on;          /* this view plays a practice match */
        int browsing;    /* the keys or the controller browse the cards (X) */
        int typed;       /* a card number being typed (0: none) */
        double typed_left; /* seconds until the typed number is taken */
        int matched;     /* the card's match already said */
    } practice;
} maxstax_view;
typedef struct maxstax_lesson_run maxstax_lesson_run;

/* The sprites a block is drawn with. */
#define GRAINS 4 /* wood grain variants: plank.svg, plank_2.svg ... */
typedef struct plank_art {
    sprite_id wood[GRAINS], ends, mark[SPEEDSTAX_MAX_PLAYERS];
    int marks; /* the colour-blind setting: each block carries its player's mark */
} plank_art;

/* Each player's colour (the paint on their blocks' ends, their floor and
 * hand) and shape (beside their name always, and on their blocks with the
 * colour-blind setting) are their seat's, as everywhere: ui/seat.h. */

static inline int seat_human(const maxstax_view *v, int p) { return v->m.seat[p] == SEAT_HUMAN; }

/* The computer seats, a bit each. */
static inline unsigned computers(const maxstax_view *v)
{
    unsigned mask = 0;
    for (int p = 0; p < v->players; p++)
        mask |= seat_human(v, p) ? 0u : 1u << p;
    return mask;
}

/* A view of nobody's match yet, for seats m; NULL when the deck is bad (maxstax_view_open.c). */
maxstax_view *maxstax_view_new(const match_setup *m);
/* Frees a view, its match and its tape (NULL is fine). */
void maxstax_view_free(maxstax_view *v);
/* Starts v's match of its row's rules, taped, from *seed and the test words
 * (NULL for a player's match; seed=N sets *seed), the seats in turn_mask
 * taking turns. 0, or -1 logged (free v). */
int maxstax_view_open(maxstax_view *v, const char *test_options, uint64_t *seed, unsigned turn_mask);

/* "Why not?" (maxstax_view_why.c): seat p may not build now (take a block,
 * call MAX STAX): refused with the rules' reason as a toast; 1 if it was. */
int maxstax_refuse_build(maxstax_view *v, int p);
/* The same for a press at (x, y) in p's space, only where it is on a block. */
int maxstax_refuse_grab(maxstax_view *v, int p, double x, double y);
/* Seat p may not swap with `with` now: refused with the rules' reason; 1 if it was. */
int maxstax_refuse_swap(maxstax_view *v, int p, int with);

/* Says seat p's refusal why: the error sound from its side, the toast, the trace "<mode> refused: why". */
void maxstax_refuse_say(maxstax_view *v, int p, const char *why);

/* A lesson (maxstax_view_lesson.c, docs/lessons.md): a new view playing lesson l (table_rt.h's lesson). */
void *maxstax_view_lesson(shell *sh, const match_setup *m, const struct lesson *l, uint64_t seed);
/* Frees a view's lesson. */
void maxstax_lesson_free(maxstax_lesson_run *run);
/* Whether a lesson step (not its game) holds the table: the computers wait. */
int maxstax_lesson_holds(const maxstax_view *v);
/* Seat p is about to take action ("claim", "ready"): 0 to let it, 1 when the
 * lesson refused it with why. 0 on a table with no lesson. */
int maxstax_lesson_refuse(maxstax_view *v, int p, const char *action);
/* The same for a swap with `with` (the tape's: -2 the deck, -1 a pass, a seat). */
int maxstax_lesson_refuse_swap(maxstax_view *v, int p, int with);
/* After a step: the replies, and whether the step is done. */
void maxstax_lesson_update(maxstax_view *v, shell *sh, double dt);
/* Whether a lesson's step is done and waits for Continue: the table holds
 * still (no tick: the clock, the blocks, the computers), showing the round as
 * the step left it. */
int maxstax_lesson_waits(const maxstax_view *v);
/* What the accept control does while a step waits ("Continue", or "Start the
 * game" before the game); NULL when it waits for an action or in a match. */
const char *maxstax_lesson_continue_word(const maxstax_view *v);
/* Before a tick of a step that waits for a call: the match kept as it
 * stands, so a call that ends the round leaves that round on the table. */
void maxstax_lesson_before_tick(maxstax_view *v);
/* An action: 1 when the lesson took it (Continue). */
int maxstax_lesson_input(maxstax_view *v, shell *sh, const action_event *ev);
/* The lesson panel, where the computer's space is. */
void maxstax_lesson_draw(render *r, shell *sh, maxstax_view *v);
/* Sets the view going on its match (new, resumed, or a lesson step's):
 * hands, computer stackers, who the mouse drives, what it has seen (maxstax_view.c). */
maxstax_view *maxstax_view_start(maxstax_view *v, shell *sh, uint64_t bot_seed);

/* "Player 2" for a person (when there are several), "Computer (Hard)"... */
static inline void seat_name(const maxstax_view *v, int p, char *buf, size_t n)
{
    if (v->m.names_kept && v->m.name[p][0])
        table_seat_name(&v->m, p, buf, n); /* a replay's seat: the name its match file gives it */
    else if (seat_human(v, p) && v->humans > 1)
        snprintf(buf, n, "Player %d", p + 1);
    else if (!seat_human(v, p))
        /* a computer by its seat's colour, as its mark: two of one level are told apart */
        snprintf(buf, n, "%s (%s)", seat_color_name(p), table_level_label(v->m.level[p]));
    else
        table_seat_name(&v->m, p, buf, n);
}

/* The card seat p builds and the frames fit: the round's card in
 * SPEEDSTAX, the SAMESTAX target (or a computer Creator's design), the card
 * a SWAPSTAX seat holds (maxstax_view_modes.c, like the rest below). */
const maxstax_card *maxstax_view_card(const maxstax_view *v, int p);
/* The round as its mode counts it (SAMESTAX's creation and replication are
 * one round; SWAPSTAX's stack-offs count on past the fifth). */
int maxstax_round_key(const maxstax_view *v);
/* Rounds in this match: 5, or SAMESTAX's 4, 6 or 8. */
int maxstax_round_count(const maxstax_view *v);
/* Nonzero during SWAPSTAX's swap phase. */
int maxstax_swapping(const maxstax_view *v);
/* Nonzero while seat p creates a SAMESTAX structure. */
int maxstax_creating(const maxstax_view *v, int p);
/* SAMESTAX: "Creator" or "Replicator"; "" in the other modes. */
const char *maxstax_role(const maxstax_view *v, int p);
/* The clock's line: the round of how many, and the phase. */
void maxstax_phase_words(const maxstax_view *v, char *buf, size_t n);
/* Where the swap phase's panel stands. */
rrect maxstax_swap_panel(const maxstax_view *v, const shell *sh);
/* The swap offers of the person on turn, as focusable buttons. */
void maxstax_swap_layout(maxstax_view *v, shell *sh);
/* A swap button was pressed: plays it; nonzero when id was one. */
int maxstax_swap_pick(maxstax_view *v, int id);
/* A computer on turn in the swap phase swaps or passes, at a watchable pace. */
void maxstax_swap_update(maxstax_view *v, double dt);
/* The swap phase's panel: every seat's card and swap cards, the last swap, the offers. */
void maxstax_swap_draw(render *r, shell *sh, maxstax_view *v, const plank_art *art);
/* SWAPSTAX's card box with no person at the mouse: the round's swaps, who with whom. */
void maxstax_swap_log_draw(render *r, const maxstax_view *v, rrect b);
/* SAMESTAX's and SWAPSTAX's score screen: per-round points, ranks and words. */
void maxstax_mode_report(const maxstax_view *v, score_report *rep);
/* Seat p's pane as a stereo pan, -1 left .. +1 right (maxstax_view.c). */
float maxstax_view_pan(const maxstax_view *v, int p);
/* A banner over seat p's pane (maxstax_view.c). */
void maxstax_view_flash(maxstax_view *v, int p, const char *text, rcolor c);
/* Seat p's place among this round's finishers (1 first, ties share), or 0 (maxstax_view_claims.c). */
int maxstax_finish_place(const maxstax_view *v, int p);
/* "1st".."4th" for a seat that has finished this round, else "". */
const char *maxstax_place_word(const maxstax_view *v, int p);
/* After a step: each new claim event's banner, sound and trace, and each new finish's trace. */
void maxstax_claims_update(maxstax_view *v);
/* A round was just scored: the finishes the view had no step to see, then a fresh round. */
void maxstax_claims_round_over(maxstax_view *v);
/* On seat p's pane: its place badge after its name, and a wrong call's note under its banner. */
void maxstax_claims_draw(render *r, const maxstax_view *v, int p);
/* The sprites blocks are drawn with, and the colour-blind setting (maxstax_view_draw.c). */
void maxstax_plank_art(render *r, shell *sh, plank_art *art);
/* Block b (its index: its grain for good) centred at (cx, cy), s units a
 * plank unit, turned angle_deg, its ends painted in seat's colour (none for
 * seat < 0, a card's picture). */
void maxstax_draw_block(render *r, const plank_art *art, float cx, float cy, float s, double angle_deg, int seat, int b);
/* A picture for the rules viewer (#29, maxstax_view_diagram.c): mode's
 * picture read from position (table_realtime_ops.diagram_read), and drawn. */
void *maxstax_view_diagram_read(const char *mode, const char *position, char *err, size_t errn);
void maxstax_view_draw_position(shell *sh, render *r, const void *pic, rrect box);
/* A card's structure in mini planks fitted into box (maxstax_view_draw.c). */
void maxstax_draw_structure(render *r, const plank_art *art, const maxstax_card *c, rrect box);
/* A card's stars (what it scores, 1 to 3) in font size, ending at right,
 * their tops at y: a deep gold that reads on the card's cream. */
void maxstax_draw_stars(render *r, int stars, float size, float right, float y);
/* Seat p's shape at (cx, cy), on a pale halo. */
void maxstax_draw_mark(render *r, const plank_art *art, int seat, float cx, float cy, float size, uint8_t alpha);

/* A save's text: the match and its computer stackers, then the tape (malloc'd, or NULL). */
char *maxstax_view_save_text(const maxstax_view *v);
/* The match and its computer stackers without the tape, for the saves as
 * the match goes (malloc'd; NULL on failure). */
char *maxstax_view_autosave_text(const maxstax_view *v);
/* The whole tape alone, also once the match is over (the history's final body, #28); NULL without one. */
char *maxstax_view_record_text(const maxstax_view *v);
/* The history's record kept as it goes (#28, table_rt.h's record_on, moves
 * and record_before): the tape written on from a mark, the moves taped, and
 * the tape kept before a save without one, which a resume goes on from. */
char *maxstax_view_record_on(const void *vv, table_rt_mark *mark);
long maxstax_view_moves(const void *vv);
void maxstax_view_record_before(void *vv, const char *record);
/* Reads a save's text into a match (NULL with the reason in err) and the
 * view's tape: the saved one going on from the saved match, or (a save
 * without a readable tape) one that starts there. *bots: the computer
 * stackers' lines (malloc'd). */
maxstax_match *maxstax_view_load(maxstax_view *v, const char *text, char **bots, char *err, size_t errn);

/* The blocks' poses from the world: the step's (prev = cur) or both (no interpolation across). */
void maxstax_view_snapshot(maxstax_view *v, int both);
/* After a step of dt: claims, crashes and knocks, each said and heard. */
void maxstax_view_feedback(maxstax_view *v, double dt);
/* The replay screen's hooks (maxstax_view_replay.c; table_rt.h's replay_*). */
void *maxstax_view_replay_open(shell *sh, const match_setup *m, const char *text, char *err, size_t errn);
long maxstax_view_replay_length(const void *vv, long *at);
int maxstax_view_replay_seek(void *vv, shell *sh, long tick);
void maxstax_view_replay_work(void *vv, shell *sh, double budget);
int maxstax_view_replay_exact(const void *vv);
/* Nonzero when seat p's pane shows the ghost and hints: a person building,
 * with the setting on (or --position ghost) (maxstax_view_ghost.c). */
int maxstax_ghost_on(shell *sh, const maxstax_view *v, int p);
/* Seat p's card where the matcher would pair it with what stands: translucent
 * wood (under the blocks), or with outline its outline (over them). */
void maxstax_ghost_draw(render *r, const maxstax_view *v, const plank_art *art, int p, int outline);
/* After a step: each ghost seat's differences from its card, once its blocks
 * lie still, traced "<mode> hints P: ..." as they change ("card done" when none). */
void maxstax_hints_update(shell *sh, maxstax_view *v);
/* Seat p's differences on its pane, in a label from top down. */
void maxstax_hints_draw(render *r, const maxstax_view *v, int p, float top);

/* Practice (maxstax_view_practice.c): a view of one person's practice
 * match on deck card `card` of m's mode; NULL when it cannot be made (logged). */
maxstax_view *maxstax_practice_open(const match_setup *m, int card);
/* Practice's own input first (browsing the cards); 1 when it took ev, with *intent set. */
int maxstax_practice_input(maxstax_view *v, shell *sh, const action_event *ev, table_intent *intent);
/* A practice item was clicked: browses; nonzero when id was one. */
int maxstax_practice_pick(maxstax_view *v, int id);
/* After a step: a typed number taken, a match said once. */
void maxstax_practice_update(maxstax_view *v, double dt);
/* The browser's items, where the scores go in a match. */
void maxstax_practice_layout(maxstax_view *v);
/* The clock's and scores' places: "Practice", the card browser and what to do next. */
void maxstax_practice_draw(render *r, shell *sh, const maxstax_view *v);
/* Practice's hint bar. */
void maxstax_practice_hints(render *r, shell *sh, const maxstax_view *v);

/* Lays out the panes, the card, the clock and the buttons (maxstax_view_layout.c). */
void maxstax_layout(maxstax_view *v, shell *sh);
/* Screen point of (x, y) in seat p's space. */
void maxstax_to_screen(const maxstax_view *v, int p, double x, double y, float *sx, float *sy);
/* Screen point (x, y) in seat p's space, plank units. */
void maxstax_to_space(const maxstax_view *v, int p, float sx, float sy, double *x, double *y);
/* Draws the table (the view's draw). */
void maxstax_view_draw(void *v, shell *sh, render *r, float alpha);

#endif
