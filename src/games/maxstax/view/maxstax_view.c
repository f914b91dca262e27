#include "games/maxstax/view/maxstax_view.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "audio/audio.h"
#include "core/log.h"
#include "games/maxstax/rules/maxstax_bot.h"
#include "games/maxstax/rules/maxstax_match.h"
#include "table/table_menu.h"
#include "table/table_store.h"
#include "ui/ui.h"

#define PI_F 3.14159265f
/* A pane's margins around its camera, in virtual units: the table's edge
 * below the floor, and a little room above and to the sides. */
#define PANE_FLOOR 26.0f
#define PANE_TOP 14.0f
#define PANE_SIDE 12.0f
/* The ghost's lines, in virtual units: thin at every scale. */
#define GHOST_LINE 2.5f
#define N_BLOCKS (SPEEDSTAX_MAX_PLAYERS * MAXSTAX_BLOCKS_PER_PLAYER)
#define RESULTS_S 4.0     /* round results stay this long (a click skips them) */
#define CURSOR_SPEED 18.0 /* plank units per second at full stick */
#define FLASH_S 2.0
#define NUDGE 0.5     /* a d-pad press moves the cursor this far */

enum { ID_CLAIM = 1, ID_MENU };

typedef struct hand_ctl {
    double x, y;       /* hand target, relative to the space */
    unsigned actions;  /* MAXSTAX_IN_* gathered since the last step */
    int turn;          /* turn steps gathered since the last step */
    int held;          /* block held after the last step, or -1 */
    int pad;           /* controller slot driving this hand, or -1 */
    double grab_wait;  /* > 0: a grab waits for the hand to reach where the pointer pressed */
    double gx, gy;     /* where it pressed */
} hand_ctl;

typedef struct speedstax_view {
    scene base;
    match_setup m;
    maxstax_deck deck;
    maxstax_match *match;
    maxstax_bot bot[SPEEDSTAX_MAX_PLAYERS];
    hand_ctl ctl[SPEEDSTAX_MAX_PLAYERS];
    int players, humans;
    int mouse_seat; /* the seat the mouse drives (the first person's, or whose turn it is), or -1 */
    int turns;      /* several people, one mouse: they take turns */
    int turn_seen;
    maxstax_pose prev[N_BLOCKS], cur[N_BLOCKS];
    double speed[N_BLOCKS];
    rrect pane[SPEEDSTAX_MAX_PLAYERS];
    float scale[SPEEDSTAX_MAX_PLAYERS];
    double view_x0, view_x1, view_y1; /* what every pane's camera shows, in plank units from a space's centre */
    rrect card_box, clock_box, score_box;
    ui_nav nav;
    float px, py; /* pointer */
    int round_seen, last_second;
    double results_left; /* > 0: round results showing, play paused */
    int results_final;   /* the match is over: the score screen follows */
    int results_round;
    int results_stackoff; /* the results are of a speed-stack-off */
    speedstax_phase phase_seen;
    int results_card; /* deck index of the card just played */
    int card_seen;    /* deck index of the card in play */
    maxstax_claim claim_seen[SPEEDSTAX_MAX_PLAYERS];
    double flash[SPEEDSTAX_MAX_PLAYERS]; /* claim or collapse banner time left */
    char flash_text[SPEEDSTAX_MAX_PLAYERS][32];
    rcolor flash_col[SPEEDSTAX_MAX_PLAYERS];
    double collapse_cool[SPEEDSTAX_MAX_PLAYERS], knock_cool;
    int ghost;                       /* --position "ghost": the ghost whatever the setting */
    int saved;                       /* saved on the way out: leaving does not save again */
    int compose_p, compose_n, compose_each; /* test hook: stand the card in a space (each round) */
    double time;
    table_menu_choice menu_choice;
} speedstax_view;

/* The sprites a block is drawn with. */
typedef struct plank_art {
    sprite_id wood, ends, mark[SPEEDSTAX_MAX_PLAYERS];
    int marks; /* the colour-blind setting: each block carries its player's mark */
} plank_art;

/* Each player's colour: the paint on their blocks' ends, their floor, name
 * and hand. Saturated and far apart in hue, so each reads on pale wood and
 * on the cream of the panes, and none is a wood colour. */
static const rcolor seat_cols[SPEEDSTAX_MAX_PLAYERS] = {
    {198, 58, 46, 255}, {40, 100, 196, 255}, {30, 134, 72, 255}, {130, 66, 172, 255}};
/* Each player's shape, beside their name always and on their blocks with the
 * colour-blind setting: the shape tells the players apart without colour. */
static const char *const seat_marks[SPEEDSTAX_MAX_PLAYERS] = {"maxstax/mark_circle", "maxstax/mark_square",
                                                            "maxstax/mark_triangle", "maxstax/mark_diamond"};

/* ---------------------------------------------------------------- layout */

static int seat_human(const speedstax_view *v, int p) { return v->m.seat[p] == SEAT_HUMAN; }

/* The computer seats, a bit each. */
static unsigned computers(const speedstax_view *v)
{
    unsigned mask = 0;
    for (int p = 0; p < v->players; p++)
        mask |= seat_human(v, p) ? 0u : 1u << p;
    return mask;
}

/* "Player 2" for a person (when there are several), "Computer (Hard)"... */
static void seat_name(const speedstax_view *v, int p, char *buf, size_t n)
{
    if (seat_human(v, p) && v->humans > 1)
        snprintf(buf, n, "Player %d", p + 1);
    else
        table_seat_name(&v->m, p, buf, n);
}

/* How far above its centre a plank at this angle reaches. */
static double reach_up(double angle_deg)
{
    double a = angle_deg * PI_F / 180.0;
    return fabs(sin(a)) * MAXSTAX_BLOCK_LEN / 2 + fabs(cos(a)) * MAXSTAX_BLOCK_THICK / 2;
}

/* Every pane's camera, fitted to the round: the floor of the space and the
 * starter piles beside it, and above them the round's card with a plank's
 * length of room to carry a block over its top. So the blocks are drawn as
 * large as the pane allows, and the tallest card still fits. */
static void camera_fit(speedstax_view *v)
{
    const maxstax_card *c = maxstax_match_card(v->match);
    double top = MAXSTAX_BLOCKS_PER_PLAYER / MAXSTAX_PILES * MAXSTAX_BLOCK_THICK; /* a starter pile */
    for (int i = 0; i < c->n; i++)
        top = fmax(top, c->block[i].y + reach_up(c->block[i].angle));
    v->view_x0 = -MAXSTAX_SPACE_HALF - 0.6;
    v->view_x1 = maxstax_match_pile_x(MAXSTAX_PILES - 1) + MAXSTAX_BLOCK_LEN / 2 + 0.6;
    v->view_y1 = top + MAXSTAX_BLOCK_LEN;
    /* A cursor left above a shorter round's camera comes back into view. */
    for (int p = 0; p < v->players; p++) {
        v->ctl[p].x = fmin(fmax(v->ctl[p].x, v->view_x0), v->view_x1);
        v->ctl[p].y = fmin(fmax(v->ctl[p].y, 0.3), v->view_y1);
    }
}

static void layout(speedstax_view *v, app *a)
{
    float top = 250, W = a->vw, H = RENDER_VIRTUAL_H - top - 70;
    int n = v->players;
    v->card_box = (rrect){30, 24, 520, 210};
    v->clock_box = (rrect){W / 2 - 170, 24, 340, 130};
    v->score_box = (rrect){W - 600, 24, 570, 210};
    if (v->humans == 1 || v->turns) {
        /* One mouse: the person's space large, the others in a column beside it. */
        float big_w = W * 0.68f, side_w = W - big_w - 90, side_h = (H - 20 * (float)(n - 2)) / (float)(n - 1);
        int k = 0;
        for (int p = 0; p < n; p++) {
            if (p == v->mouse_seat)
                v->pane[p] = (rrect){30, top, big_w, H};
            else
                v->pane[p] = (rrect){60 + big_w, top + (float)k++ * (side_h + 20), side_w, side_h};
        }
    } else {
        /* Split screen: a grid of equal spaces. */
        int cols = n <= 2 ? n : 2, rows = (n + cols - 1) / cols;
        float pw = (W - 60 - 30 * (float)(cols - 1)) / (float)cols, ph = (H - 20 * (float)(rows - 1)) / (float)rows;
        for (int p = 0; p < n; p++)
            v->pane[p] = (rrect){30 + (float)(p % cols) * (pw + 30), top + (float)(p / cols) * (ph + 20), pw, ph};
    }
    camera_fit(v);
    for (int p = 0; p < n; p++) {
        float sx = (v->pane[p].w - 2 * PANE_SIDE) / (float)(v->view_x1 - v->view_x0);
        float sy = (v->pane[p].h - PANE_FLOOR - PANE_TOP) / (float)v->view_y1;
        v->scale[p] = sx < sy ? sx : sy;
    }
    ui_nav_begin(&v->nav);
    ui_nav_add(&v->nav, ID_CLAIM, (rrect){W / 2 - 170, 166, 340, 70}, v->mouse_seat >= 0, "maxstax");
    ui_nav_add(&v->nav, ID_MENU, (rrect){W / 2 + 190, 166, 150, 70}, 1, "menu");
    ui_nav_end(&v->nav, a);
}

/* Screen point of (x, y) in seat p's space. */
static void to_screen(const speedstax_view *v, int p, double x, double y, float *sx, float *sy)
{
    rrect r = v->pane[p];
    float s = v->scale[p], w = (float)(v->view_x1 - v->view_x0) * s;
    *sx = r.x + (r.w - w) / 2 + (float)(x - v->view_x0) * s;
    *sy = r.y + r.h - PANE_FLOOR - (float)y * s;
}

static void to_space(const speedstax_view *v, int p, float sx, float sy, double *x, double *y)
{
    rrect r = v->pane[p];
    float s = v->scale[p], w = (float)(v->view_x1 - v->view_x0) * s;
    *x = (sx - r.x - (r.w - w) / 2) / s + v->view_x0;
    *y = (r.y + r.h - PANE_FLOOR - sy) / s;
    *x = fmin(fmax(*x, v->view_x0), v->view_x1);
    *y = fmin(fmax(*y, 0.3), v->view_y1);
}

/* ---------------------------------------------------------------- play */

static void snapshot(speedstax_view *v, int both)
{
    const maxstax_world *w = maxstax_match_world(v->match);
    int n = v->players * MAXSTAX_BLOCKS_PER_PLAYER;
    for (int b = 0; b < n; b++) {
        v->prev[b] = both ? maxstax_world_pose(w, b) : v->cur[b];
        v->cur[b] = maxstax_world_pose(w, b);
    }
}

static void flash(speedstax_view *v, int p, const char *text, rcolor c)
{
    snprintf(v->flash_text[p], sizeof v->flash_text[p], "%s", text);
    v->flash_col[p] = c;
    v->flash[p] = FLASH_S;
}

static void claim(speedstax_view *v, app *a, int p)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    if (v->results_left > 0 || !speedstax_building(s, p)) {
        audio_play(SFX_ERROR);
        return;
    }
    v->ctl[p].actions |= MAXSTAX_IN_CLAIM;
    audio_play(SFX_SHOUT);
    app_trace(a, "speedstax shout %d", p);
}

/* The test hook: stands the round's card in the chosen space. */
static void compose_card(speedstax_view *v)
{
    if (v->compose_p >= 0 && v->compose_p < v->players) {
        maxstax_match_compose(v->match, v->compose_p, v->compose_n);
        snapshot(v, 1);
    }
}

/* One line that tells two matches apart: the round, clock, card, deck,
 * scores and a checksum of every block's pose (to a thousandth). Traced on
 * saving and on resuming, so a test sees the match come back as it was. */
static void match_summary(const speedstax_view *v, char *buf, size_t n)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    const maxstax_world *w = maxstax_match_world(v->match);
    uint32_t h = 2166136261u;
    for (int b = 0; b < maxstax_world_count(w); b++) {
        maxstax_pose q = maxstax_world_pose(w, b);
        char t[96];
        snprintf(t, sizeof t, "%.3f %.3f %.1f;", q.x, q.y, q.angle);
        for (const char *c = t; *c; c++)
            h = (h ^ (uint8_t)*c) * 16777619u;
    }
    snprintf(buf, n, "round %d tick %ld card %d next %d scores %d %d %d %d blocks %08x", s->round, s->tick,
             maxstax_match_card(v->match)->id, s->next, s->score[0], s->score[1], v->players > 2 ? s->score[2] : 0,
             v->players > 3 ? s->score[3] : 0, (unsigned)h);
}

/* Saves a match that has begun and is not over, for Resume in match setup. */
static void save_match(speedstax_view *v, app *a)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    char *text, sum[160];
    if (v->saved || s->phase == SPEEDSTAX_OVER || (s->round == 1 && s->tick == 0))
        return;
    text = maxstax_bots_save(v->match, v->bot, computers(v));
    if (text && table_save_text(a, &v->m, v->m.game->id, text) == 0) {
        v->saved = 1;
        match_summary(v, sum, sizeof sum);
        app_trace(a, "speedstax saved: %s", sum);
    } else {
        log_warn("speedstax table: the match could not be saved");
    }
    free(text);
}

static void show_score(speedstax_view *v, app *a)
{
    score_report rep;
    const speedstax_state *s = maxstax_match_rounds(v->match);
    memset(&rep, 0, sizeof rep);
    rep.game_id = v->m.game->id;
    rep.players = v->players;
    rep.rounds = speedstax_rounds_scored(s);
    for (int p = 0; p < v->players; p++) {
        seat_name(v, p, rep.names[p], sizeof rep.names[p]);
        for (int k = 0; k < rep.rounds; k++)
            rep.points[p][k] = s->round_points[k][p];
        rep.total[p] = s->score[p];
    }
    if (s->winner >= 0 && s->round > SPEEDSTAX_ROUNDS) {
        /* Tied totals: say who the stack-off made the winner. */
        char name[48];
        seat_name(v, s->winner, name, sizeof name);
        snprintf(rep.note, sizeof rep.note, "%s won the speed-stack-off", name);
    }
    speedstax_ranks(s, rep.rank);
    app_scene_replace(a, score_scene_create(a, &rep));
}

/* Round bookkeeping after a step: a new round (or the end) shows the results. */
static void rounds_update(speedstax_view *v, app *a)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    if (s->round != v->round_seen || s->phase == SPEEDSTAX_OVER) {
        /* A stack-off scores no points: it only decides the winner. */
        v->results_stackoff = v->phase_seen == SPEEDSTAX_STACKOFF;
        v->phase_seen = s->phase;
        v->results_round = v->round_seen;
        v->results_card = v->card_seen;
        v->round_seen = s->round;
        v->card_seen = s->card;
        v->results_final = s->phase == SPEEDSTAX_OVER;
        v->results_left = RESULTS_S;
        snapshot(v, 1); /* the piles were rebuilt: no interpolation across */
        for (int p = 0; p < v->players; p++) {
            v->ctl[p].held = -1;
            v->claim_seen[p] = MAXSTAX_CLAIM_NONE;
            v->flash[p] = 0;
        }
        audio_play(v->results_final ? SFX_WIN : SFX_CLICK);
        /* A stack-off scores no points: its results line shows none. */
        app_trace(a, "speedstax round %d over: %d %d %d %d%s", v->results_round,
                  v->results_stackoff ? 0 : s->last_points[0], v->results_stackoff ? 0 : s->last_points[1],
                  v->players > 2 && !v->results_stackoff ? s->last_points[2] : 0,
                  v->players > 3 && !v->results_stackoff ? s->last_points[3] : 0,
                  v->results_final ? " (match over)" : "");
        if (v->results_final) {
            table_save_delete(a, v->m.game->id); /* nothing left to resume */
        } else if (s->phase == SPEEDSTAX_STACKOFF) {
            char who[32] = "";
            for (int p = 0; p < v->players; p++)
                if (s->in_play[p])
                    snprintf(who + strlen(who), sizeof who - strlen(who), " %d", p);
            app_trace(a, "speedstax stack-off:%s", who);
        }
        if (!v->results_final && v->compose_each)
            compose_card(v);
    }
}

/* Claims that held or failed, collapses, and wood on wood. */
static void feedback(speedstax_view *v, app *a, double dt)
{
    const maxstax_world *w = maxstax_match_world(v->match);
    int knocks = 0;
    for (int p = 0; p < v->players; p++) {
        maxstax_claim c = maxstax_match_claim(v->match, p);
        int fast = 0;
        if (c != v->claim_seen[p]) {
            v->claim_seen[p] = c;
            if (c == MAXSTAX_CLAIM_HELD) {
                flash(v, p, "MAX STAX!", (rcolor){60, 150, 70, 255});
                audio_play(SFX_WIN);
            } else if (c == MAXSTAX_CLAIM_FAILED) {
                flash(v, p, "Not yet!", UI_ACCENT);
                audio_play(SFX_ERROR);
            } else if (c == MAXSTAX_CLAIM_CHECKING) {
                flash(v, p, "Checking\xe2\x80\xa6", UI_TEAL);
            }
            if (c != MAXSTAX_CLAIM_CHECKING)
                app_trace(a, "speedstax claim %d %s", p, c == MAXSTAX_CLAIM_HELD ? "held" : "failed");
        }
        for (int i = 0; i < MAXSTAX_BLOCKS_PER_PLAYER; i++) {
            int b = maxstax_match_first_block(p) + i;
            double sp = maxstax_world_speed(w, b);
            int held = maxstax_world_held(w, p) == b;
            /* Speeds in units/s under real gravity: 8 is a plank dropped
             * from about 0.08 of its thickness (2 mm), a sound you hear; 10
             * off the floor means falling, not being nudged. */
            if (!held && v->speed[b] > 8.0 && sp < v->speed[b] * 0.5)
                knocks++; /* a sudden stop: it hit wood or the table */
            fast += !held && sp > 10.0 && v->cur[b].y > 0.6;
            v->speed[b] = sp;
        }
        if (v->collapse_cool[p] > 0)
            v->collapse_cool[p] -= dt;
        if (fast >= 3 && v->collapse_cool[p] <= 0) {
            v->collapse_cool[p] = 2.0;
            if (c != MAXSTAX_CLAIM_HELD)
                flash(v, p, "Crash!", UI_ACCENT);
            audio_play(SFX_COLLAPSE);
            app_trace(a, "speedstax collapse %d", p);
        }
        if (v->flash[p] > 0)
            v->flash[p] -= dt;
    }
    if (v->knock_cool > 0)
        v->knock_cool -= dt;
    if (knocks && v->knock_cool <= 0) {
        audio_play(SFX_KNOCK);
        v->knock_cool = 0.07;
    }
}

static void turn_held(speedstax_view *v, app *a, int p, int steps)
{
    if (p < 0)
        return;
    v->ctl[p].turn += steps;
    if (v->ctl[p].held >= 0)
        app_trace(a, "speedstax turn %d %+d", p, steps);
}

/* The stick moves a controller's cursor smoothly (polled every step). */
static void pad_poll(speedstax_view *v, app *a, hand_ctl *c, double dt)
{
    double ax, ay;
    if (input_pad_stick(&a->in, c->pad, &ax, &ay) != 0)
        return;
    if (fabs(ax) > 0.25)
        c->x = fmin(fmax(c->x + ax * CURSOR_SPEED * dt, v->view_x0), v->view_x1);
    if (fabs(ay) > 0.25)
        c->y = fmin(fmax(c->y - ay * CURSOR_SPEED * dt, 0.3), v->view_y1);
}

/* A controller's button or direction, for the seat it drives: the d-pad
 * nudges the cursor (held, it repeats), A picks up or lets go, the
 * shoulders turn, Y calls MAX STAX. Returns 0 when it is not a hand's. */
static int pad_event(speedstax_view *v, app *a, const action_event *ev)
{
    int p = -1;
    hand_ctl *c;
    for (int q = 0; q < v->players; q++)
        if (seat_human(v, q) && v->ctl[q].pad == ev->pad)
            p = q;
    if (v->turns && input_pad_present(&a->in, ev->pad))
        p = v->mouse_seat; /* taking turns: every device drives the one building */
    if (p < 0 || v->results_left > 0)
        return 0;
    c = &v->ctl[p];
    switch (ev->act) {
    case ACT_UP: c->y = fmin(c->y + NUDGE, v->view_y1); return 1;
    case ACT_DOWN: c->y = fmax(c->y - NUDGE, 0.3); return 1;
    case ACT_LEFT: c->x = fmax(c->x - NUDGE, v->view_x0); return 1;
    case ACT_RIGHT: c->x = fmin(c->x + NUDGE, v->view_x1); return 1;
    case ACT_ACCEPT:
        c->actions |= c->held >= 0 ? MAXSTAX_IN_RELEASE : MAXSTAX_IN_GRAB;
        return 1;
    case ACT_PREV_TAB: turn_held(v, a, p, 1); return 1;
    case ACT_NEXT_TAB: turn_held(v, a, p, -1); return 1;
    case ACT_ALT: claim(v, a, p); return 1;
    default: return 0;
    }
}

/* Controllers: one each for the people, in seat order, as they are plugged
 * in; the mouse's person gets one last (a lone player with a controller). */
static void assign_pads(speedstax_view *v, app *a)
{
    for (int pass = 0; pass < 2; pass++)
        for (int p = 0; p < v->players; p++) {
            hand_ctl *c = &v->ctl[p];
            if (c->pad >= 0 && !input_pad_present(&a->in, c->pad))
                c->pad = -1; /* unplugged */
            if (!seat_human(v, p) || c->pad >= 0 || (pass == 0 && p == v->mouse_seat))
                continue;
            for (int k = 0; k < INPUT_MAX_PADS && c->pad < 0; k++) {
                int taken = !input_pad_present(&a->in, k);
                for (int q = 0; q < v->players; q++)
                    taken |= v->ctl[q].pad == k;
                if (!taken)
                    c->pad = k;
            }
        }
}

/* An angle to the whole degree for traces, without "-0". */
static double whole_deg(double a)
{
    a = round(a);
    return a == 0 ? 0 : a;
}

static void play_step(speedstax_view *v, app *a, double dt)
{
    maxstax_input in[SPEEDSTAX_MAX_PLAYERS];
    const maxstax_world *w = maxstax_match_world(v->match);
    memset(in, 0, sizeof in);
    assign_pads(v, a);
    for (int p = 0; p < v->players; p++) {
        hand_ctl *c = &v->ctl[p];
        if (!seat_human(v, p)) {
            maxstax_bot_think(&v->bot[p], v->match, dt, &in[p]);
            continue;
        }
        pad_poll(v, a, c, dt);
        if (c->grab_wait > 0) {
            /* The hand travels at a bounded speed: grab where the pointer
             * pressed, once the hand is there (or after a moment). */
            double hx, hy;
            maxstax_match_hand(v->match, p, &hx, &hy);
            c->grab_wait -= dt;
            if (hypot(hx - c->gx, hy - c->gy) < 0.3 || c->grab_wait <= 0) {
                c->actions |= MAXSTAX_IN_GRAB;
                c->grab_wait = 0;
            }
        }
        in[p] = (maxstax_input){c->grab_wait > 0 ? c->gx : c->x, c->grab_wait > 0 ? c->gy : c->y, c->turn, c->actions};
        c->actions = 0;
        c->turn = 0;
    }
    maxstax_step(v->match, in, dt);
    snapshot(v, 0);
    for (int p = 0; p < v->players; p++) {
        hand_ctl *c = &v->ctl[p];
        int h = maxstax_world_held(w, p);
        if (!seat_human(v, p) || h == c->held)
            continue;
        if (h >= 0) {
            maxstax_pose q = maxstax_match_pose(v->match, p, h);
            audio_play(SFX_PICKUP);
            app_trace(a, "speedstax grab %d block %d at %.2f %.2f %.0f", p, h, q.x, q.y, whole_deg(q.angle));
        } else {
            maxstax_pose q = maxstax_match_pose(v->match, p, c->held);
            app_trace(a, "speedstax drop %d block %d at %.2f %.2f %.0f", p, c->held, q.x, q.y, whole_deg(q.angle));
        }
        c->held = h;
    }
    rounds_update(v, a);
    if (v->turns) {
        int t = maxstax_match_rounds(v->match)->turn_seat;
        if (t != v->turn_seen) {
            v->turn_seen = t;
            if (t >= 0) {
                char text[32];
                v->ctl[t].x = v->ctl[v->mouse_seat].x;
                v->ctl[t].y = v->ctl[v->mouse_seat].y;
                v->mouse_seat = t;
                snprintf(text, sizeof text, "Player %d's turn", t + 1);
                flash(v, t, text, UI_TEAL);
                audio_play(SFX_CLICK);
                app_trace(a, "speedstax now %d", t);
            }
        }
    }
    feedback(v, a, dt);
    {
        int left = (int)ceil(maxstax_match_time_left(v->match));
        if (left != v->last_second && left <= 10 && left > 0 && v->results_left <= 0)
            audio_play(SFX_TICK);
        v->last_second = left;
    }
}

/* ---------------------------------------------------------------- input */

static void open_menu(speedstax_view *v, app *a)
{
    table_menu_open(a, &v->menu_choice, 0, 0);
}

static void results_done(speedstax_view *v, app *a)
{
    v->results_left = 0;
    if (v->results_final)
        show_score(v, a);
}

static void speedstax_view_input(scene *s, app *a, const action_event *ev)
{
    speedstax_view *v = s->data;
    int p = v->mouse_seat;
    if (ev->dev == DEV_PAD && pad_event(v, a, ev))
        return;
    if (ev->act == ACT_POINTER_MOVE || ev->act == ACT_POINTER_DOWN || ev->act == ACT_POINTER_UP) {
        int id;
        v->px = ev->x;
        v->py = ev->y;
        id = ui_nav_event(&v->nav, a, ev);
        if (id == ID_CLAIM && p >= 0)
            claim(v, a, p);
        else if (id == ID_MENU)
            open_menu(v, a);
        if (id >= 0)
            return;
        if (p >= 0)
            to_space(v, p, ev->x, ev->y, &v->ctl[p].x, &v->ctl[p].y);
    }
    switch (ev->act) {
    case ACT_POINTER_DOWN:
        if (v->results_left > 0)
            results_done(v, a);
        else if (p >= 0 && ev->button == INPUT_BUTTON_LEFT)
        {
            v->ctl[p].grab_wait = 0.6;
            v->ctl[p].gx = v->ctl[p].x;
            v->ctl[p].gy = v->ctl[p].y;
        }
        break;
    case ACT_POINTER_UP:
        if (p >= 0 && ev->button == INPUT_BUTTON_LEFT) {
            v->ctl[p].grab_wait = 0;
            v->ctl[p].actions = (v->ctl[p].actions & ~(unsigned)MAXSTAX_IN_GRAB) | MAXSTAX_IN_RELEASE;
        }
        break;
    case ACT_WHEEL:
        turn_held(v, a, p, ev->wheel > 0 ? 1 : -1);
        break;
    case ACT_PREV_TAB:
        turn_held(v, a, p, 1);
        break;
    case ACT_NEXT_TAB:
        turn_held(v, a, p, -1);
        break;
    case ACT_ACCEPT:
        if (v->results_left > 0)
            results_done(v, a);
        else if (p >= 0)
            claim(v, a, p);
        break;
    case ACT_BACK:
    case ACT_MENU:
        open_menu(v, a);
        break;
    case ACT_ALT:
        app_scene_push(a, rules_scene_create(a, v->m.game->rules_doc));
        break;
    default:
        break;
    }
}

static void speedstax_view_update(scene *s, app *a, double dt)
{
    speedstax_view *v = s->data;
    table_menu_choice c = table_menu_take(a, &v->menu_choice, v->m.game->rules_doc);
    v->time += dt;
    if (c == TABLE_MENU_QUIT) {
        save_match(v, a);
        table_leave(a);
        return;
    }
    layout(v, a);
    ui_nav_update(&v->nav, dt, a->settings.v[SETTING_reduced_motion]);
    if (v->results_left > 0) {
        v->results_left -= dt;
        snapshot(v, 1);
        if (v->results_left <= 0)
            results_done(v, a);
        return;
    }
    play_step(v, a, dt);
}

/* ---------------------------------------------------------------- drawing */

static double lerp_angle(double a, double b, double t)
{
    double d = fmod(b - a + 540.0, 360.0) - 180.0;
    return a + d * t;
}

/* A player's shape at (cx, cy), upright whatever the block's angle (a turned
 * square would read as a diamond), on a pale halo so it stands out on wood. */
static void draw_mark(render *r, const plank_art *art, int seat, float cx, float cy, float size, uint8_t alpha)
{
    sprite_id m = art->mark[seat];
    rcolor c = seat_cols[seat];
    if (m < 0)
        return;
    c.a = alpha;
    render_sprite_ex(r, m, cx, cy, size * 1.35f, size * 1.35f, 0, (rcolor){255, 250, 240, (uint8_t)(alpha * 0.85f)});
    render_sprite_ex(r, m, cx, cy, size, size, 0, c);
}

/* A block: natural wood, its ends painted in the seat's colour (none for
 * seat < 0, the card's own picture), and with the colour-blind setting the
 * seat's shape in its middle. */
static void draw_plank(render *r, const plank_art *art, float cx, float cy, float s, double angle_deg, int seat)
{
    float w = (float)MAXSTAX_BLOCK_LEN * s, h = (float)MAXSTAX_BLOCK_THICK * s, ang = -(float)angle_deg * PI_F / 180.0f;
    if (art->wood < 0) {
        render_rect(r, (rrect){cx - w / 2, cy - h / 2, w, h},
                    seat >= 0 ? seat_cols[seat] : (rcolor){230, 190, 130, 255});
        return;
    }
    render_sprite_ex(r, art->wood, cx, cy, w, h, ang, UI_WHITE);
    if (seat < 0)
        return;
    if (art->ends >= 0)
        render_sprite_ex(r, art->ends, cx, cy, w, h, ang, seat_cols[seat]);
    if (art->marks)
        draw_mark(r, art, seat, cx, cy, h * 0.62f, 255);
}

/* The card's structure drawn with mini planks into box. */
static void draw_structure(render *r, const plank_art *art, const maxstax_card *c, rrect box)
{
    double lo = 1e9, hi = -1e9, top = 0;
    float s;
    for (int i = 0; i < c->n; i++) {
        double ex = fabs(cos(c->block[i].angle * PI_F / 180)) * 1.5 + fabs(sin(c->block[i].angle * PI_F / 180)) * 0.5;
        double ey = fabs(sin(c->block[i].angle * PI_F / 180)) * 1.5 + fabs(cos(c->block[i].angle * PI_F / 180)) * 0.5;
        lo = fmin(lo, c->block[i].x - ex);
        hi = fmax(hi, c->block[i].x + ex);
        top = fmax(top, c->block[i].y + ey);
    }
    s = fminf(box.w / (float)(hi - lo), box.h / (float)top);
    for (int i = 0; i < c->n; i++) {
        float cx = box.x + box.w / 2 + (float)(c->block[i].x - (lo + hi) / 2) * s;
        float cy = box.y + box.h - (float)c->block[i].y * s;
        draw_plank(r, art, cx, cy, s, c->block[i].angle, -1);
    }
}

static void draw_card(render *r, speedstax_view *v, const plank_art *art)
{
    /* During the results, the card that was played. */
    const maxstax_card *c = v->results_left > 0 ? &v->deck.card[v->results_card] : maxstax_match_card(v->match);
    rrect b = v->card_box;
    char head[80], stars[16] = "";
    render_shadow(r, (rrect){b.x + 4, b.y + 8, b.w, b.h}, 18, 20, UI_SHADOW);
    render_round_rect(r, b, 18, UI_CREAM);
    render_round_outline(r, b, 18, 4, (rcolor){150, 110, 60, 255});
    for (int i = 0; i < c->stars && i < 3; i++)
        strcat(stars, "\xe2\x98\x85");
    snprintf(head, sizeof head, "Card %d", c->id);
    render_text(r, FONT_SANS_BOLD, UI_SMALL, b.x + 18, b.y + 10, UI_INK_SOFT, head);
    render_text(r, FONT_SANS_BOLD, UI_SMALL, b.x + b.w - 18 - render_text_width(r, FONT_SANS_BOLD, UI_SMALL, stars),
                b.y + 10, UI_GOLD, stars);
    draw_structure(r, art, c, (rrect){b.x + 30, b.y + 48, b.w - 60, b.h - 62});
}

static void draw_clock(render *r, speedstax_view *v)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    double left = maxstax_match_time_left(v->match);
    int secs = (int)ceil(left);
    char t[32], sub[64];
    rrect b = v->clock_box;
    rcolor ink = secs <= 10 ? UI_ACCENT : UI_INK;
    render_shadow(r, (rrect){b.x + 4, b.y + 8, b.w, b.h}, 18, 20, UI_SHADOW);
    render_round_rect(r, b, 18, UI_CREAM);
    snprintf(t, sizeof t, "%d:%02d", secs / 60, secs % 60);
    ui_text_center(r, FONT_MONO, 84, (rrect){b.x, b.y + 4, b.w, 90}, ink, t);
    if (s->phase == SPEEDSTAX_STACKOFF || s->round > SPEEDSTAX_ROUNDS) /* also once a stack-off ended it */
        snprintf(sub, sizeof sub, "Speed-stack-off");
    else
        snprintf(sub, sizeof sub, "Round %d of %d", s->round, SPEEDSTAX_ROUNDS);
    ui_text_center(r, FONT_SANS_BOLD, UI_SMALL, (rrect){b.x, b.y + 92, b.w, 32}, UI_INK_SOFT, sub);
}

static void draw_scores(render *r, speedstax_view *v, const plank_art *art)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    rrect b = v->score_box;
    float row = (b.h - 20) / 4;
    render_shadow(r, (rrect){b.x + 4, b.y + 8, b.w, b.h}, 18, 20, UI_SHADOW);
    render_round_rect(r, b, 18, UI_CREAM);
    for (int p = 0; p < v->players; p++) {
        char name[48], pts[16];
        float y = b.y + 10 + (float)p * row;
        maxstax_claim c = maxstax_match_claim(v->match, p);
        const char *state = s->finish[p] >= 0                                   ? "done"
                            : c == MAXSTAX_CLAIM_CHECKING                        ? "checking"
                            : !s->in_play[p]                                     ? "sits out"
                            : v->turns && seat_human(v, p) && p == s->turn_seat ? "building"
                            : v->turns && seat_human(v, p)                      ? "waiting"
                                                                                 : "";
        seat_name(v, p, name, sizeof name);
        draw_mark(r, art, p, b.x + 28, y + row / 2, 24, 255);
        render_text(r, FONT_SANS_BOLD, UI_SMALL, b.x + 52, y + row / 2 - 15, UI_INK, name);
        render_text(r, FONT_SANS_OBLIQUE, UI_SMALL, b.x + 330, y + row / 2 - 15, UI_TEAL, state);
        snprintf(pts, sizeof pts, "%d", s->score[p]);
        render_text(r, FONT_SANS_BOLD, UI_SMALL, b.x + b.w - 24 - render_text_width(r, FONT_SANS_BOLD, UI_SMALL, pts),
                    y + row / 2 - 15, UI_INK, pts);
    }
}

/* The ghost: the card's outline, block by block, where it should stand in
 * the middle of seat p's space (as maxstax_match_compose would stand it). */
static void draw_ghost(render *r, const speedstax_view *v, int p)
{
    const maxstax_card *c = maxstax_match_card(v->match);
    float sc = v->scale[p];
    rcolor line = seat_cols[p];
    double lo = 1e9, hi = -1e9;
    line.a = 200;
    for (int i = 0; i < c->n; i++) {
        lo = fmin(lo, c->block[i].x);
        hi = fmax(hi, c->block[i].x);
    }
    for (int i = 0; i < c->n; i++) {
        float cx, cy;
        to_screen(v, p, c->block[i].x - (lo + hi) / 2, c->block[i].y, &cx, &cy);
        render_round_outline_ex(r, cx, cy, (float)MAXSTAX_BLOCK_LEN * sc, (float)MAXSTAX_BLOCK_THICK * sc,
                                -(float)c->block[i].angle * PI_F / 180.0f, 0.07f * sc, GHOST_LINE, line);
    }
}

static void draw_pane(render *r, app *a, speedstax_view *v, int p, const plank_art *art, float alpha)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    rrect pr = v->pane[p];
    float sc = v->scale[p], x0, x1, fy, dummy;
    char name[48];
    render_shadow(r, (rrect){pr.x + 4, pr.y + 10, pr.w, pr.h}, 22, 24, UI_SHADOW);
    render_round_rect(r, pr, 22, (rcolor){236, 226, 206, 255});
    render_push_clip(r, pr);
    /* The stacking space on the table, and where the piles stand. */
    to_screen(v, p, -MAXSTAX_SPACE_HALF, 0, &x0, &fy);
    to_screen(v, p, MAXSTAX_SPACE_HALF, 0, &x1, &dummy);
    render_rect(r, (rrect){pr.x, fy, pr.w, pr.y + pr.h - fy}, (rcolor){150, 104, 62, 255});
    render_rect(r, (rrect){x0, fy, x1 - x0, 8}, seat_cols[p]);
    for (int i = 0; i < MAXSTAX_BLOCKS_PER_PLAYER; i++) {
        int b = maxstax_match_first_block(p) + i;
        maxstax_pose a0 = v->prev[b], a1 = v->cur[b];
        double t = alpha;
        float cx, cy;
        to_screen(v, p, a0.x + (a1.x - a0.x) * t - (double)p * MAXSTAX_SPACE_PITCH, a0.y + (a1.y - a0.y) * t, &cx, &cy);
        render_shadow(r, (rrect){cx - 1.5f * sc, fy - 4, 3 * sc, 8}, 4, 8, (rcolor){40, 20, 0, 40});
        draw_plank(r, art, cx, cy, sc, lerp_angle(a0.angle, a1.angle, t), p);
    }
    /* Over the blocks, so a block can be lined up with its outline. */
    if ((v->ghost || a->settings.v[SETTING_maxstax_ghost]) && seat_human(v, p) && s->phase != SPEEDSTAX_OVER &&
        s->in_play[p])
        draw_ghost(r, v, p);
    /* The hand. */
    {
        double hx, hy;
        float cx, cy, rad = fmaxf(10, sc * 0.35f);
        int mine = p == v->mouse_seat || v->ctl[p].pad >= 0;
        if (seat_human(v, p) && mine) {
            hx = v->ctl[p].x;
            hy = v->ctl[p].y;
        } else {
            maxstax_match_hand(v->match, p, &hx, &hy);
        }
        to_screen(v, p, hx, hy, &cx, &cy);
        render_round_rect(r, (rrect){cx - rad, cy - rad, 2 * rad, 2 * rad}, rad, (rcolor){20, 10, 0, 70});
        render_round_outline(r, (rrect){cx - rad, cy - rad, 2 * rad, 2 * rad}, rad, 4, seat_cols[p]);
    }
    if (s->phase == SPEEDSTAX_STACKOFF && !s->in_play[p]) {
        /* Not among the tied: this space waits out the stack-off. */
        render_rect(r, pr, (rcolor){236, 226, 206, 170});
        ui_text_center(r, FONT_SANS_BOLD, UI_SMALL, (rrect){pr.x, pr.y + pr.h / 2 - 30, pr.w, 40}, UI_INK_SOFT,
                       "Sits out the stack-off");
    }
    seat_name(v, p, name, sizeof name);
    draw_mark(r, art, p, pr.x + 34, pr.y + 30, 24, 255);
    render_text(r, FONT_SANS_BOLD, UI_SMALL, pr.x + 56, pr.y + 12, seat_cols[p], name);
    if (v->flash[p] > 0) {
        float k = (float)fmin(1.0, v->flash[p] / 0.3);
        rcolor c = v->flash_col[p];
        rrect bx = {pr.x + pr.w / 2 - 220, pr.y + 40, 440, 90};
        c.a = (uint8_t)(230 * k);
        render_round_rect(r, bx, 24, c);
        ui_text_center(r, FONT_SERIF_BOLD, 56, bx, (rcolor){255, 255, 255, (uint8_t)(255 * k)}, v->flash_text[p]);
    }
    render_pop_clip(r);
}

static void draw_results(render *r, app *a, speedstax_view *v, const plank_art *art)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    float w = 760, h = 160 + 70 * (float)v->players;
    rrect b = {a->vw / 2 - w / 2, (RENDER_VIRTUAL_H - h) / 2, w, h};
    char title[64], winner[48] = "";
    const char *note = NULL;
    render_rect(r, (rrect){0, 0, a->vw, RENDER_VIRTUAL_H}, (rcolor){20, 10, 0, 110});
    h += 40;
    b.y -= 20;
    b.h = h;
    ui_draw_panel(r, b);
    if (s->winner >= 0)
        seat_name(v, s->winner, winner, sizeof winner);
    if (v->results_stackoff)
        snprintf(title, sizeof title, "Speed-stack-off");
    else if (v->results_final)
        snprintf(title, sizeof title, "Match over");
    else
        snprintf(title, sizeof title, "Round %d results", v->results_round);
    if (s->phase == SPEEDSTAX_STACKOFF)
        note = v->results_stackoff ? "Still tied: another stack-off" : "Tied on top: a speed-stack-off decides";
    else if (v->results_final)
        note = "";
    ui_text_center(r, FONT_SERIF_BOLD, 56, (rrect){b.x, b.y + 24, b.w, 70}, UI_INK, title);
    if (note || s->winner >= 0) {
        char line[96];
        snprintf(line, sizeof line, "%s", note && *note ? note : "");
        if (s->winner >= 0)
            snprintf(line, sizeof line, "%s wins!", winner);
        ui_text_center(r, FONT_SANS_BOLD, UI_BODY, (rrect){b.x, b.y + h - 64, b.w, 40}, UI_ACCENT, line);
    }
    for (int p = 0; p < v->players; p++) {
        char name[48], pts[48];
        float y = b.y + 110 + 70 * (float)p;
        int last = v->results_stackoff ? 0 : s->last_points[p];
        seat_name(v, p, name, sizeof name);
        draw_mark(r, art, p, b.x + 54, y + 28, 30, 255);
        render_text(r, FONT_SANS_BOLD, UI_BODY, b.x + 86, y + 10, UI_INK, name);
        snprintf(pts, sizeof pts, "+%d  \xc2\xb7  %d", last, s->score[p]);
        render_text(r, FONT_SANS_BOLD, UI_BODY, b.x + b.w - 40 - render_text_width(r, FONT_SANS_BOLD, UI_BODY, pts), y + 10,
                    last > 0 ? (rcolor){60, 150, 70, 255} : UI_INK_SOFT, pts);
    }
}

/* The controls of this table, for the device used last. */
static void draw_hints(render *r, app *a, const speedstax_view *v)
{
    const char *line;
    float w;
    if (v->results_left > 0)
        line = a->in.last_device == DEV_PAD ? "(A) Continue      (Start) Menu" : "Click or Enter: continue      Esc Menu";
    else if (v->mouse_seat < 0)
        line = "Esc Menu      R Rules";
    else if (a->in.last_device == DEV_PAD)
        line = "(A) Pick up / let go      (LB) (RB) Turn      (Y) MAX STAX!      (Start) Menu";
    else
        line = "Drag a block      Wheel or Q E: turn      Enter: MAX STAX!      Esc Menu";
    w = render_text_width(r, FONT_SANS, UI_SMALL, line);
    ui_audit_box((rrect){(a->vw - w) / 2 - 24, RENDER_VIRTUAL_H - 64, w + 48, 44});
    render_round_rect(r, (rrect){(a->vw - w) / 2 - 24, RENDER_VIRTUAL_H - 64, w + 48, 44}, 22,
                      (rcolor){30, 18, 8, 150});
    render_text(r, FONT_SANS, UI_SMALL, (a->vw - w) / 2, RENDER_VIRTUAL_H - 56, UI_CREAM, line);
}

static void speedstax_view_draw(scene *s, app *a, render *r, float alpha)
{
    speedstax_view *v = s->data;
    plank_art art;
    int p = v->mouse_seat;
    art.wood = render_sprite_find(r, "maxstax/plank");
    art.ends = render_sprite_find(r, "maxstax/plank_ends");
    for (int q = 0; q < SPEEDSTAX_MAX_PLAYERS; q++)
        art.mark[q] = render_sprite_find(r, seat_marks[q]);
    art.marks = a->settings.v[SETTING_colorblind];
    ui_draw_table(r, a->vw);
    draw_card(r, v, &art);
    draw_clock(r, v);
    draw_scores(r, v, &art);
    ui_draw_button(r, ui_nav_item(&v->nav, ID_CLAIM)->r, "MAX STAX!", v->nav.hover == ID_CLAIM,
                   p >= 0 && speedstax_building(maxstax_match_rounds(v->match), p), 1);
    ui_draw_button(r, ui_nav_item(&v->nav, ID_MENU)->r, "Menu", v->nav.hover == ID_MENU, 1, 0);
    for (int q = 0; q < v->players; q++)
        draw_pane(r, a, v, q, &art, v->results_left > 0 ? 1.0f : alpha);
    if (v->results_left > 0)
        draw_results(r, a, v, &art);
    draw_hints(r, a, v);
}

/* ---------------------------------------------------------------- lifetime */

static void speedstax_view_enter(scene *s, app *a)
{
    speedstax_view *v = s->data;
    assign_pads(v, a);
    layout(v, a);
}

static void speedstax_view_leave(scene *s, app *a)
{
    speedstax_view *v = s->data;
    save_match(v, a); /* the window closed mid-match: keep it for Resume too */
    maxstax_match_free(v->match);
    free(v);
}

/* "played=3.2.1/1.3.2": the points of the rounds already played, a round
 * per '/', a seat per '.'. Returns the number of rounds, or -1 if malformed. */
static int parse_played(const char *t, int players, int (*points)[SPEEDSTAX_MAX_PLAYERS])
{
    int n = 0;
    while (n < SPEEDSTAX_ROUNDS) {
        for (int p = 0; p < players; p++) {
            char *end;
            long v = strtol(t, &end, 10);
            if (end == t || v < 0 || v > players || *end != (p + 1 < players ? '.' : *end))
                return -1;
            points[n][p] = (int)v;
            t = p + 1 < players ? end + 1 : end;
        }
        n++;
        if (*t != '/')
            return *t == 0 || *t == ' ' ? n : -1;
        t++;
    }
    return -1;
}

/* The test words of --position (see speedstax_view.h); a malformed word is
 * reported and left out. */
static void parse_options(speedstax_view *v, const char *text, uint64_t *seed, double *round_s, int *n_played,
                          int (*played)[SPEEDSTAX_MAX_PLAYERS])
{
    const char *t = text;
    while (t && *t) {
        unsigned long long n;
        double d;
        int a, b, k;
        if (sscanf(t, "seed=%llu", &n) == 1)
            *seed = n;
        else if (sscanf(t, "round=%lf", &d) == 1)
            *round_s = d;
        else if (sscanf(t, "compose=%d:%d%n", &a, &b, &k) == 2) {
            v->compose_p = a;
            v->compose_n = b;
            v->compose_each = strncmp(t + k, ":each", 5) == 0;
        } else if (strncmp(t, "played=", 7) == 0) {
            *n_played = parse_played(t + 7, v->players, played);
            if (*n_played < 0)
                log_error("speedstax table: '%.*s' is not points per round like played=2.1/1.2", (int)strcspn(t, " "),
                          t);
        } else if (strncmp(t, "ghost", 5) == 0)
            v->ghost = 1;
        t = strchr(t, ' ');
        if (t)
            t++;
    }
}

/* A view of nobody's match yet, for seats m; NULL when the deck is bad. */
static speedstax_view *view_new(const match_setup *m)
{
    speedstax_view *v = calloc(1, sizeof *v);
    char err[200];
    if (!v)
        abort();
    v->m = *m;
    v->players = m->players;
    v->compose_p = -1;
    for (int p = 0; p < m->players; p++)
        v->humans += m->seat[p] == SEAT_HUMAN;
    if (maxstax_cards_builtin(&v->deck, err, sizeof err) != 0) {
        log_error("speedstax table: %s", err);
        free(v);
        return NULL;
    }
    return v;
}

/* Sets the view going on its match (new or resumed): hands, computer
 * stackers, who the mouse drives, and what the view has seen so far. */
static scene *view_start(speedstax_view *v, app *a, uint64_t bot_seed)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    maxstax_match_set_snap(v->match, a->settings.v[SETTING_maxstax_snap]);
    v->turns = s->turn_mask != 0;
    v->mouse_seat = -1;
    for (int p = v->players - 1; p >= 0; p--) {
        v->ctl[p].held = -1;
        v->ctl[p].pad = -1;
        v->ctl[p].x = 0;
        v->ctl[p].y = 6;
        if (seat_human(v, p))
            v->mouse_seat = p;
        else
            maxstax_bot_init(&v->bot[p], p, v->m.level[p], bot_seed * 31 + (uint64_t)p);
    }
    if (v->turns && s->turn_seat >= 0)
        v->mouse_seat = s->turn_seat; /* resumed during someone's turn */
    /* A resumed match's claims were announced before it was saved. */
    for (int p = 0; p < v->players; p++)
        v->claim_seen[p] = maxstax_match_claim(v->match, p);
    v->round_seen = s->round;
    v->card_seen = s->card;
    v->results_card = s->card;
    v->phase_seen = s->phase;
    v->turn_seen = s->turn_seat;
    v->last_second = -1;
    snapshot(v, 1);
    ui_nav_init(&v->nav, "speedstax");
    v->base = (scene){"table", 0, speedstax_view_enter, speedstax_view_leave, speedstax_view_input,
                      speedstax_view_update, speedstax_view_draw, v};
    return &v->base;
}

static scene *maxstax_view_create(app *a, const match_setup *m, uint64_t seed)
{
    speedstax_view *v;
    maxstax_setup setup;
    char err[200];
    double round_s = 0;
    int n_played = 0, played[SPEEDSTAX_ROUNDS][SPEEDSTAX_MAX_PLAYERS];
    if (!(v = view_new(m)))
        return NULL;
    parse_options(v, a->opt.position, &seed, &round_s, &n_played, played);
    maxstax_setup_default(&setup, m->players);
    setup.scoring = (maxstax_scoring)m->game->scoring; /* the mode row says how its match scores */
    /* More people than the mouse and the controllers: they take turns. */
    if (v->humans >= 2 && input_pad_count(&a->in) + 1 < v->humans)
        for (int p = 0; p < m->players; p++)
            if (m->seat[p] == SEAT_HUMAN)
                setup.turn_mask |= 1u << p;
    setup.round_seconds = round_s;
    v->match = maxstax_match_new(&setup, &v->deck, seed, err, sizeof err);
    if (!v->match) {
        log_error("speedstax table: %s", err);
        free(v);
        return NULL;
    }
    if (n_played > 0 && maxstax_match_compose_played(v->match, n_played, played, err, sizeof err) != 0)
        log_error("speedstax table: %s", err);
    compose_card(v);
    return view_start(v, a, seed);
}

static scene *maxstax_view_resume(app *a, const match_setup *m, const char *text, char *err, size_t errn)
{
    speedstax_view *v = view_new(m);
    const speedstax_state *s;
    const char *bots_text;
    char sum[160];
    if (!v) {
        snprintf(err, errn, "the stacker cards cannot be read");
        return NULL;
    }
    v->match = maxstax_bots_load_match(text, &v->deck, &bots_text, err, errn);
    if (!v->match) {
        free(v);
        return NULL;
    }
    s = maxstax_match_rounds(v->match);
    if (s->players != m->players) {
        snprintf(err, errn, "the save seats %d players but holds a match of %d", m->players, s->players);
        maxstax_match_free(v->match);
        free(v);
        return NULL;
    }
    view_start(v, a, s->r.s[0] ^ s->r.s[1]);
    if (maxstax_bots_load(v->bot, v->players, computers(v), bots_text, err, errn) < 0) {
        maxstax_match_free(v->match);
        free(v);
        return NULL;
    }
    match_summary(v, sum, sizeof sum);
    app_trace(a, "speedstax resumed: %s", sum);
    return &v->base;
}

const table_realtime_ops maxstax_view_realtime = {maxstax_view_create, maxstax_view_resume};
