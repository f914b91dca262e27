/* Match setup: 2–4 seats within the game's limits, each human or computer
 * with a difficulty, the game's own options, and phones as hands (the QR
 * code and room code phones join with, docs/phones.md). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shell/settings.h"
#include "shell/shell.h"
#include "audio/audio.h"
#include "scenes/practice.h"
#include "scenes/scenes.h"
#include "core/log.h"
#include "table/lesson.h"
#include "table/modes.h"
#include "table/phones.h"
#include "table/phones_card.h"
#include "table/table_store.h"
#include "ui/seat.h"
#include "ui/ui.h"
#include "shell/trace.h"
#include "shell/toast.h"

enum {
    ID_SEAT = 0,
    ID_LEVEL = 10,
    ID_ADD = 20,
    ID_REMOVE,
    ID_OPT = 30,
    ID_PHONES = 45, /* the row after the game's options */
    ID_START = 50,
    ID_BACK,
    ID_RESUME,
    ID_LESSON, /* the mode's lesson (#29), on the seats' heading line */
    ID_NAME = 56, /* a person seat's name (#28) */
    ID_PRACTICE = 60 /* MAXSTAX practice (#29): any card, no clock */
};

/* Where the rows go: the layout computes it, the drawing follows it. */
typedef struct setup_geom {
    float seats_y;          /* the "Seats" heading's line */
    float seat_y0, seat_dy; /* the first seat row, and from one row to the next */
    float row_h;            /* a seat row's height */
    float add_y, add_h;     /* the Add / Remove seat buttons */
    float opt_head_y;       /* the "Options" heading */
    float opt_y0, opt_dy, opt_h;
} setup_geom;

typedef struct setup {
    scene base;
    ui_nav nav;
    match_setup m;
    rrect panel;
    setup_geom g;
    char names[64][32]; /* stable item names for traces */
    int has_save;       /* an unfinished match of this game can be resumed */
    int has_lesson;     /* the mode has a lesson (assets/lessons) */
    int has_practice;   /* the mode has practice (the MAXSTAX modes) */
    int offer;          /* the mode's first start: the lesson is offered first */
    char save_sum[200]; /* where that match stands, shown with Resume ("" unknown) */
    int starting;       /* leaving for the table: the phones' server goes with the match */
    rrect card;         /* the phones' card: QR code, address, room (when on) */
    float k;            /* the panel's width over its full 1180 units (at most 1) */
} setup;

#define CARD_W 340.0f
#define CARD_GAP 30.0f

static const game_option *option(const setup *p, int i)
{
    int n;
    const game_option *o = registry_options(p->m.game, &n);
    return i < n ? &o[i] : NULL;
}

static int n_options(const setup *p)
{
    int n;
    registry_options(p->m.game, &n);
    return n;
}

static void add(setup *p, int id, rrect r, int enabled, const char *fmt, int arg)
{
    snprintf(p->names[id % 64], sizeof p->names[0], fmt, arg);
    ui_nav_add(&p->nav, id, r, enabled, p->names[id % 64]);
}

/* The value columns end at the panel's right margin: level and options
 * share one column, the seat toggle sits left of it. */
#define COL_GAP 24.0f

static float col_right(const setup *p) { return p->panel.x + p->panel.w - 40; }

/* Column widths at a full panel; a narrower panel (the phones' card beside a
 * 4:3 screen's) narrows them by p->k, so names and headings keep their room. */
static float col_w(const setup *p) { return 400.0f * p->k; }
static float seat_w(const setup *p) { return 300.0f * p->k; }

/* The rows at their natural pitch, squeezed (down to 72%) when a game with
 * four seats and options would push the buttons into the hint bar. */
static void geometry(setup *p, float *panel_h)
{
    setup_geom *g = &p->g;
    int nopt = n_options(p) + 1, maxp = p->m.game->max_players; /* + phones as hands */
    /* Natural heights: what scales (row pitches) and what does not. */
    float rows = 92.0f * (float)maxp + (nopt ? 50 + 80.0f * (float)nopt : 0);
    float fixed = 110 + 36; /* heading above the seats, margin below the last row */
    float below = 40 + 76 + (p->has_save ? 80 : 0), limit = 1000 - 200 - below, k = 1;
    if (fixed + rows > limit)
        k = (limit - fixed) / rows;
    if (k < 0.66f)
        k = 0.66f;
    g->seats_y = 250;
    g->seat_y0 = g->seats_y + 60;
    g->seat_dy = 92 * k;
    g->row_h = 70 * k < 56 ? 56 : 70 * k; /* 28-px text and its box still fit */
    /* Add and Remove seat share the heading's line, at the panel's right. */
    g->add_y = g->seats_y - 30;
    g->add_h = 60;
    g->opt_head_y = g->seat_y0 + g->seat_dy * (float)maxp + 10 * k;
    g->opt_y0 = g->opt_head_y + 50 * k;
    g->opt_dy = 80 * k;
    g->opt_h = 64 < g->opt_dy - 8 ? 64 : g->opt_dy - 8;
    /* The panel ends 36 units below its last row. */
    if (nopt)
        *panel_h = g->opt_y0 + g->opt_dy * (float)(nopt - 1) + g->opt_h + 36 - 200;
    else
        *panel_h = g->seat_y0 + g->seat_dy * (float)(maxp - 1) + g->row_h + 36 - 200;
}

static void layout(setup *p, shell *sh)
{
    float w = 1180, right, panel_h;
    int nopt = n_options(p);
    const setup_geom *g = &p->g;
    geometry(p, &panel_h);
    p->k = 1;
    if (phones_on()) {
        /* The phones' card stands beside the panel; on narrow screens the panel gives way. */
        float cw = shell_vw(sh) < 1700 ? CARD_W - 40 : CARD_W;
        w = fminf(1180, shell_vw(sh) - 60 - cw - CARD_GAP);
        p->panel = (rrect){(shell_vw(sh) - w - CARD_GAP - cw) / 2, 200, w, panel_h};
        p->k = w / 1180;
        p->card = (rrect){p->panel.x + w + CARD_GAP, 200, cw, fmaxf(panel_h, 560)};
    } else {
        p->panel = (rrect){(shell_vw(sh) - w) / 2, 200, w, panel_h};
    }
    right = col_right(p);
    ui_nav_begin(&p->nav);
    for (int i = 0; i < p->m.game->max_players; i++) {
        float ry = g->seat_y0 + g->seat_dy * (float)i;
        int live = i < p->m.params.players;
        if (!live)
            continue;
        add(p, ID_SEAT + i, (rrect){right - col_w(p) - COL_GAP - seat_w(p), ry, seat_w(p), g->row_h}, 1, "seat%d", i + 1);
        /* A person needs no level: the slot stays empty rather than show a dead box. */
        if (p->m.seat[i] == SEAT_COMPUTER) {
            add(p, ID_LEVEL + i, (rrect){right - col_w(p), ry, col_w(p), g->row_h}, 1, "level%d", i + 1);
            ui_nav_adjusts(&p->nav, ID_LEVEL + i);
        } else if (!phones_seat(i)) {
            /* a person at this screen: their name, typed or picked (a phone names itself) */
            add(p, ID_NAME + i, (rrect){right - col_w(p), ry, col_w(p), g->row_h}, 1, "name%d", i + 1);
        }
    }
    if (p->m.game->min_players != p->m.game->max_players) {
        add(p, ID_ADD, (rrect){right - (280 + 20 + 250) * p->k, g->add_y, 250 * p->k, g->add_h},
            p->m.params.players < p->m.game->max_players, "add_seat", 0);
        add(p, ID_REMOVE, (rrect){right - 280 * p->k, g->add_y, 280 * p->k, g->add_h}, p->m.params.players > p->m.game->min_players,
            "remove_seat", 0);
    }
    for (int i = 0; i < nopt; i++) {
        add(p, ID_OPT + i, (rrect){right - col_w(p), g->opt_y0 + g->opt_dy * (float)i, col_w(p), g->opt_h}, 1,
            "option%d", i);
        ui_nav_adjusts(&p->nav, ID_OPT + i);
    }
    add(p, ID_PHONES, (rrect){right - col_w(p), g->opt_y0 + g->opt_dy * (float)nopt, col_w(p), g->opt_h}, 1, "phones",
        0);
    ui_nav_adjusts(&p->nav, ID_PHONES);
    {
        /* The row under the panel, centred: [Lesson] [Practice] Back Start,
         * or [Lesson] [Practice] Back New game Resume (Resume first in focus:
         * what a returning player most likely wants). */
        int ids[5], n = 0, extra = p->has_lesson + p->has_practice;
        float bw, gap, x, y = p->panel.y + p->panel.h + 40;
        if (p->has_lesson)
            ids[n++] = ID_LESSON;
        if (p->has_practice)
            ids[n++] = ID_PRACTICE;
        ids[n++] = ID_BACK;
        ids[n++] = ID_START;
        if (p->has_save)
            ids[n++] = ID_RESUME;
        bw = !extra ? 320 : n == 3 ? 300 : n == 4 ? 270 : 240;
        gap = !extra ? (p->has_save ? 20 : 40) : n == 3 ? 30 : n == 4 ? 20 : 16;
        x = (shell_vw(sh) - bw * (float)n - gap * (float)(n - 1)) / 2;
        if (p->has_save)
            add(p, ID_RESUME, (rrect){x + (bw + gap) * (float)(n - 1), y, bw, 76}, 1, "resume", 0);
        for (int i = 0; i < n; i++) {
            rrect b = {x + (bw + gap) * (float)i, y, bw, 76};
            if (ids[i] == ID_START)
                add(p, ID_START, b, p->has_save || modes_playable(p->m.game), "start", 0);
            else if (ids[i] == ID_BACK)
                add(p, ID_BACK, b, 1, "back", 0);
            else if (ids[i] == ID_LESSON)
                add(p, ID_LESSON, b, 1, "lesson", 0);
            else if (ids[i] == ID_PRACTICE)
                add(p, ID_PRACTICE, b, 1, "practice", 0);
        }
    }
    ui_nav_end(&p->nav, sh);
}

/* Phones as hands on or off: the server listens only while it is on. */
static void phones_toggle(setup *p, shell *sh)
{
    char err[256];
    if (phones_on()) {
        phones_close(NULL);
        trace_line("setup phones off");
    } else if (phones_open(sh, &p->m, err, sizeof err) != 0) {
        log_error("phones: %s", err);
        toast_show("Phones as hands could not start: %s", err);
        audio_play(SFX_ERROR);
        return;
    }
    audio_play(SFX_CLICK);
}

static void cycle(setup *p, shell *sh, int id, int dir)
{
    if (id == ID_PHONES) {
        phones_toggle(p, sh);
        return;
    }
    if (id >= ID_SEAT && id < ID_SEAT + GAME_MAX_PLAYERS) {
        int i = id - ID_SEAT;
        if (match_setup_set_seat(&p->m, i, p->m.seat[i] == SEAT_HUMAN ? SEAT_COMPUTER : SEAT_HUMAN) != 0)
            return;
    } else if (id >= ID_LEVEL && id < ID_LEVEL + GAME_MAX_PLAYERS) {
        int i = id - ID_LEVEL;
        if (p->m.seat[i] != SEAT_COMPUTER)
            return;
        p->m.level[i] = (ai_level)(AI_EASY + (p->m.level[i] - AI_EASY + 3 + dir) % 3);
    } else if (id >= ID_OPT && id < ID_OPT + GAME_MAX_OPTIONS) {
        if (match_setup_step_option(&p->m, id - ID_OPT, dir) != 0)
            return;
    } else {
        return;
    }
    audio_play(SFX_CLICK);
    trace_line("setup %s", p->names[id % 64]);
}

static void choose(setup *p, shell *sh, int id)
{
    if (id == ID_BACK) {
        audio_play(SFX_CLICK);
        shell_pop(sh); /* frees p */
        return;
    } else if (id == ID_START) {
        scene *t = modes_start(sh, &p->m, NULL);
        lesson_offer_done(sh, p->m.game->id);
        if (!t) {
            audio_play(SFX_ERROR);
            toast_show("%s is coming soon.", p->m.game->name);
            return;
        }
        audio_play(SFX_CLICK);
        p->starting = 1;
        shell_replace(sh, t); /* frees p */
        return;
    } else if (id == ID_LESSON) {
        scene *t = lesson_start(sh, p->m.game->id);
        lesson_offer_done(sh, p->m.game->id);
        if (!t) {
            audio_play(SFX_ERROR);
            return;
        }
        audio_play(SFX_CLICK);
        p->starting = 1;
        shell_replace(sh, t); /* frees p */
        return;
    } else if (id == ID_PRACTICE) {
        scene *t = practice_scene_create(sh, p->m.game);
        audio_play(t ? SFX_CLICK : SFX_ERROR);
        if (t)
            shell_push(sh, t); /* leaving practice comes back here */
        return;
    } else if (id == ID_RESUME) {
        char err[300];
        scene *t = modes_resume(sh, p->m.game, err, sizeof err);
        if (!t) {
            /* Bad input changes nothing: the save stays as it was (New game
             * replaces it once that match is saved); this visit offers only
             * New game, so the same error is not one key press away. */
            audio_play(SFX_ERROR);
            toast_show("The saved game cannot be resumed: %s", err);
            p->has_save = 0;
            layout(p, sh);
            ui_nav_focus(&p->nav, sh, ID_START);
            return;
        }
        audio_play(SFX_CLICK);
        p->starting = 1;
        shell_replace(sh, t); /* frees p */
        return;
    } else if (id >= ID_NAME && id < ID_NAME + GAME_MAX_PLAYERS) {
        audio_play(SFX_CLICK);
        shell_push(sh, setup_name_create(sh, id - ID_NAME, p->m.name[id - ID_NAME], p->m.name, GAME_MAX_PLAYERS));
        return;
    } else if (id == ID_ADD && match_setup_add_seat(&p->m) == 0) {
        audio_play(SFX_CLICK);
        trace_line("setup %s", p->names[id % 64]);
    } else if (id == ID_REMOVE && match_setup_remove_seat(&p->m) == 0) {
        audio_play(SFX_CLICK);
        trace_line("setup %s", p->names[id % 64]);
    } else {
        cycle(p, sh, id, 1);
        if (id == ID_PHONES)
            return; /* turned on with these seats, or off */
    }
    if (phones_on()) {
        char err[200];
        phones_open(sh, &p->m, err, sizeof err); /* the phones see the new seats */
    }
}

static void setup_input(scene *s, shell *sh, const action_event *ev)
{
    setup *p = s->data;
    int f = p->nav.focus, id;
    if (ev->act == ACT_BACK) {
        choose(p, sh, ID_BACK);
        return;
    }
    if ((ev->act == ACT_LEFT || ev->act == ACT_RIGHT) && ui_nav_focus_adjusts(&p->nav)) {
        cycle(p, sh, f, ev->act == ACT_LEFT ? -1 : 1);
        return;
    }
    if (ev->act == ACT_ALT) {
        shell_push(sh, rules_scene_create_mode(sh, p->m.game));
        return;
    }
    id = ui_nav_choice(&p->nav, sh, ev);
    if (id >= 0)
        choose(p, sh, id);
}

/* Phones joining wake the loop from their thread; the rest is the ring. */
static double setup_wake(scene *s, shell *sh)
{
    (void)sh;
    return ui_nav_wake(&((setup *)s->data)->nav);
}

static void setup_update(scene *s, shell *sh, double dt)
{
    setup *p = s->data;
    layout(p, sh);
    ui_nav_update(&p->nav, dt, shell_settings(sh)->v[SETTING_reduced_motion]);
}

static void value_box(render *r, rrect b, const char *text, int focused, int enabled, int arrows)
{
    rcolor fill = enabled ? (focused ? (rcolor){255, 250, 238, 255} : UI_PAPER)
                          : (rcolor){226, 216, 198, 255};
    ui_audit_box(b);
    render_round_rect(r, b, 20, fill);
    render_round_outline(r, b, 20, 2, (rcolor){180, 160, 130, 255});
    ui_text_center(r, FONT_SANS_BOLD, UI_BODY, b, enabled ? UI_INK : UI_DISABLED, text);
    if (arrows && enabled) {
        ui_draw_sprite_fit(r, "icons/chevron_left", (rrect){b.x + 10, b.y + b.h / 2 - 14, 28, 28},
                           UI_INK_SOFT);
        ui_draw_sprite_fit(r, "icons/chevron_right",
                           (rrect){b.x + b.w - 38, b.y + b.h / 2 - 14, 28, 28}, UI_INK_SOFT);
    }
}

/* A person seat's name box: the name, or an invitation to give one. */
static void draw_name_box(render *r, const setup *p, int i)
{
    const ui_item *it = ui_nav_item(&p->nav, ID_NAME + i);
    char cut[96];
    if (!it)
        return;
    if (p->m.name[i][0]) {
        value_box(r, it->r, "", p->nav.focus == ID_NAME + i, 1, 0);
        ui_text_cut(r, FONT_SANS_BOLD, UI_BODY, p->m.name[i], it->r.w - 40, cut, sizeof cut);
        ui_text_center(r, FONT_SANS_BOLD, UI_BODY, it->r, UI_INK, cut);
    } else {
        value_box(r, it->r, "", p->nav.focus == ID_NAME + i, 1, 0);
        ui_text_fit(r, FONT_SANS_OBLIQUE, UI_SMALL, UI_MIN, it->r, TEXT_CENTER, UI_INK_SOFT,
                    phones_on() ? "Name, or join on a phone" : "Add a name");
    }
}

/* A preview of the saved match under the buttons: how far it went, whose
 * turn, the scores. */
static void draw_save_summary(render *r, const setup *p, float vw)
{
    const ui_item *res = ui_nav_item(&p->nav, ID_RESUME);
    const char *label = "Saved game:";
    float lw = render_text_width(r, FONT_SANS_BOLD, UI_SMALL, label) + 12, y = res->r.y + res->r.h + 18;
    float tw = render_text_width(r, FONT_SANS, UI_SMALL, p->save_sum), w = lw + tw + 56;
    float max = vw - 240, th; /* one line where it fits, wider than the panel if need be */
    rrect box;
    if (w > max)
        w = max;
    th = render_text_wrapped(r, FONT_SANS, UI_SMALL, 0, 0, w - 56 - lw, TEXT_LEFT, UI_CREAM, p->save_sum, 0);
    box = (rrect){(vw - w) / 2, y, w, th + 20};
    ui_audit_box(box);
    render_round_rect(r, box, 22, (rcolor){40, 24, 12, 215});
    render_text(r, FONT_SANS_BOLD, UI_SMALL, box.x + 28, y + 10, UI_GOLD, label);
    render_text_wrapped(r, FONT_SANS, UI_SMALL, box.x + 28 + lw, y + 10, w - 56 - lw, TEXT_LEFT, UI_CREAM,
                        p->save_sum, 1);
}

static void setup_draw(scene *s, shell *sh, render *r, float alpha)
{
    setup *p = s->data;
    const game_info *g = p->m.game;
    const setup_geom *gm = &p->g;
    float x = p->panel.x + 40, y = gm->seats_y, body = render_line_height(r, FONT_SANS_BOLD, UI_BODY);
    char line[128];
    int nopt = n_options(p), playable = modes_playable(g);

    ui_draw_table(r, shell_vw(sh));
    ui_draw_title(r, shell_vw(sh), g->name, g->pitch);
    ui_draw_panel(r, p->panel);
    render_text(r, FONT_SANS_BOLD, UI_HEAD, x, y - 20, UI_INK, "Seats");
    if (g->min_players == g->max_players)
        snprintf(line, sizeof line, "%d players", g->min_players);
    else
        snprintf(line, sizeof line, "%d of %d\xe2\x80\x93%d players", p->m.params.players, g->min_players,
                 g->max_players);
    render_text(r, FONT_SANS, UI_BODY, x + 170, y - 12, UI_INK_SOFT, line);
    for (int i = 0; i < g->max_players; i++) {
        float ry = gm->seat_y0 + gm->seat_dy * (float)i, h = gm->row_h, ty = ry + (h - body) / 2;
        float disc = h - 20 < 50 ? h - 20 : 50;
        if (i >= p->m.params.players) {
            render_round_outline(r, (rrect){x, ry, col_right(p) - x, h}, 20, 2, (rcolor){200, 185, 160, 255});
            snprintf(line, sizeof line, "Seat %d is empty", i + 1);
            /* Soft ink, not the disabled grey: it says who can still join (2.62:1 read as greyed out). */
            render_text(r, FONT_SANS_OBLIQUE, UI_BODY, x + 30, ty, UI_INK_SOFT, line);
            continue;
        }
        /* The seat's own mark and colour name, as every table and score screen shows them. */
        ui_draw_seat_mark(r, i, x + disc / 2, ry + h / 2, disc * 0.9f);
        snprintf(line, sizeof line, "Player %d", i + 1);
        {
            float nx = x + disc + 20, room = ui_nav_item(&p->nav, ID_SEAT + i)->r.x - 16 - nx;
            char colour[32];
            snprintf(colour, sizeof colour, " \xc2\xb7 %s", seat_color_name(i));
            nx += render_text(r, FONT_SANS_BOLD, UI_BODY, nx, ty, UI_INK, line);
            room -= nx - (x + disc + 20);
            if (render_text_width(r, FONT_SANS, UI_BODY, colour) <= room)
                render_text(r, FONT_SANS, UI_BODY, nx, ty, ui_seat_ink(i), colour);
        }
        value_box(r, ui_nav_item(&p->nav, ID_SEAT + i)->r,
                  p->m.seat[i] == SEAT_HUMAN ? "Human" : "Computer", p->nav.focus == ID_SEAT + i, 1, 0);
        ui_draw_sprite_fit(r, p->m.seat[i] == SEAT_HUMAN ? "icons/human" : "icons/computer",
                           (rrect){ui_nav_item(&p->nav, ID_SEAT + i)->r.x + 16, ry + (h - 36) / 2, 36, 36},
                           UI_INK_SOFT);
        if (p->m.seat[i] == SEAT_COMPUTER)
            value_box(r, ui_nav_item(&p->nav, ID_LEVEL + i)->r, table_level_label(p->m.level[i]),
                      p->nav.focus == ID_LEVEL + i, 1, 1);
        else if (phones_seat(i)) {
            snprintf(line, sizeof line, "%s on a phone", phones_roster()->name[i]);
            ui_draw_sprite_fit(r, "icons/phone", (rrect){col_right(p) - col_w(p), ry + (h - 40) / 2, 40, 40}, UI_TEAL);
            ui_text_fit(r, FONT_SANS_BOLD, UI_SMALL, UI_MIN, (rrect){col_right(p) - col_w(p) + 48, ry, col_w(p) - 48, h},
                        TEXT_LEFT, UI_TEAL, line);
        } else
            draw_name_box(r, p, i);
    }
    if (g->min_players != g->max_players) {
        ui_draw_button(r, ui_nav_item(&p->nav, ID_ADD)->r, "+ Add seat", p->nav.focus == ID_ADD,
                       p->m.params.players < g->max_players, 0);
        ui_draw_button(r, ui_nav_item(&p->nav, ID_REMOVE)->r, "\xe2\x88\x92 Remove seat",
                       p->nav.focus == ID_REMOVE, p->m.params.players > g->min_players, 0);
    }
    if (nopt) {
        render_text(r, FONT_SANS_BOLD, UI_HEAD, x, gm->opt_head_y - 10, UI_INK, "Options");
        for (int i = 0; i < nopt; i++) {
            const game_option *o = option(p, i);
            int v = p->m.params.opt[i];
            const char *val = o->type == GAME_OPT_BOOL     ? (v ? "On" : "Off")
                              : o->type == GAME_OPT_CHOICE ? o->choices[v - o->min]
                              : o->type == GAME_OPT_SEAT && v == 0 ? "At random"
                                                                   : NULL;
            char num[16];
            float oy = gm->opt_y0 + gm->opt_dy * (float)i;
            if (!val) {
                snprintf(num, sizeof num, o->type == GAME_OPT_SEAT ? "Player %d" : "%d", v);
                val = num;
            }
            render_text(r, FONT_SANS, UI_BODY, x, oy + (gm->opt_h - body) / 2, UI_INK, o->label);
            value_box(r, ui_nav_item(&p->nav, ID_OPT + i)->r, val, p->nav.focus == ID_OPT + i, 1, 1);
        }
    }
    {
        float oy = gm->opt_y0 + gm->opt_dy * (float)nopt;
        if (!nopt)
            render_text(r, FONT_SANS_BOLD, UI_HEAD, x, gm->opt_head_y - 10, UI_INK, "Options");
        render_text(r, FONT_SANS, UI_BODY, x, oy + (gm->opt_h - body) / 2, UI_INK, "Phones as hands");
        value_box(r, ui_nav_item(&p->nav, ID_PHONES)->r, phones_on() ? "On" : "Off", p->nav.focus == ID_PHONES, 1, 1);
    }
    if (phones_on())
        phones_card_draw(r, p->card);
    ui_draw_button(r, ui_nav_item(&p->nav, ID_BACK)->r, "Back", p->nav.focus == ID_BACK, 1, 0);
    if (p->has_lesson)
        /* on the mode's first start the lesson is offered first: lit, focused, its label an invitation */
        ui_draw_button(r, ui_nav_item(&p->nav, ID_LESSON)->r, p->offer ? "Take the lesson" : "Lesson",
                       p->nav.focus == ID_LESSON, 1, p->offer);
    if (p->has_practice)
        ui_draw_button(r, ui_nav_item(&p->nav, ID_PRACTICE)->r, "Practice", p->nav.focus == ID_PRACTICE, 1, 0);
    ui_draw_button(r, ui_nav_item(&p->nav, ID_START)->r,
                   p->has_save ? "New game" : playable ? "Start" : "Coming soon",
                   p->nav.focus == ID_START, playable, !p->has_save && !p->offer);
    if (p->has_save)
        ui_draw_button(r, ui_nav_item(&p->nav, ID_RESUME)->r, "Resume", p->nav.focus == ID_RESUME, 1,
                       1);
    if (p->has_save && p->save_sum[0])
        draw_save_summary(r, p, shell_vw(sh));
    ui_nav_draw(&p->nav, r, alpha, ui_focus_visible(sh));
    ui_draw_hints(r, sh, "Choose", "Back", "Rules");
}

static void setup_leave(scene *s, shell *sh)
{
    setup *p = s->data;
    (void)sh;
    /* Back to the picker: no match, no server. A match started keeps it. */
    if (!p->starting)
        phones_close(NULL);
    free(s->data);
}

static void setup_enter(scene *s, shell *sh)
{
    setup *p = s->data;
    p->has_save = modes_has_save(sh, p->m.game);
    p->has_lesson = lesson_exists(sh, p->m.game->id);
    p->has_practice = practice_offered(p->m.game);
    p->save_sum[0] = 0;
    /* The seats and options shown are the saved match's, so the screen
     * describes the game Resume opens (and New game starts the same party). */
    if (p->has_save && modes_save_summary(sh, p->m.game, &p->m, p->save_sum, sizeof p->save_sum) == 0)
        trace_line("setup save %s", p->save_sum);
    {
        char seats[128];
        table_seats_write(&p->m, seats, sizeof seats);
        trace_line("setup players %d seats %s", p->m.params.players, seats);
    }
    p->offer = p->has_lesson && !p->has_save && lesson_offer_due(sh, p->m.game->id);
    layout(p, sh);
    if (p->has_save)
        ui_nav_focus(&p->nav, sh, ID_RESUME);
    else if (p->offer) {
        ui_nav_focus(&p->nav, sh, ID_LESSON);
        trace_line("setup lesson offered");
    }
}

scene *setup_scene_create(shell *sh, const game_info *g)
{
    setup *p = calloc(1, sizeof *p);
    (void)sh;
    if (!p)
        abort();
    match_setup_init(&p->m, g);
    ui_nav_init(&p->nav, "setup");
    p->base = (scene){"setup", 0, setup_enter, setup_leave, setup_input, setup_update, setup_draw, p, setup_wake,
                      MUSIC_MENU};
    return &p->base;
}
