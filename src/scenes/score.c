/* The common end-of-game screen: who won and why, the ranking with a column
 * per round and the total under its own heading, a short celebration
 * (confetti and a rising banner, stepped with the logic clock), play again.
 * Every mode reaches it through a score_report, so new modes inherit it. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shell/settings.h"
#include "shell/shell.h"
#include "audio/audio.h"
#include "core/rng.h"
#include "scenes/scenes.h"
#include "ui/hints.h"
#include "ui/seat.h"
#include "ui/ui.h"
#include "shell/trace.h"

enum { ID_AGAIN = 0, ID_PICKER, ID_HISTORY };

#define CONFETTI 110
#define CONFETTI_TIME 4.5 /* seconds the confetti falls */
#define BANNER_TIME 0.7   /* seconds the banner takes to rise */
#define ROW_H 84.0f
#define ROW_GAP 8.0f
#define SUMMARY_H 132.0f /* the strip of facts under the ranking */
#define SUMMARY_GAP 14.0f
#define FACTS 5

/* One scrap of confetti, stepped with the logic clock (prev for interpolation). */
typedef struct scrap {
    float x, y, px, py, vx, vy, angle, pangle, spin, w, h, sway;
    rcolor c;
} scrap;

typedef struct score_scene {
    scene base;
    ui_nav nav;
    score_report rep;
    int order[GAME_MAX_PLAYERS];
    int winners; /* seats ranked first */
    rrect banner, panel;
    rrect summary; /* the facts under the ranking; zero height when they do not fit */
    scrap bits[CONFETTI];
    int celebrate; /* one clear winner or a shared first place: confetti falls */
    double t;
} score_scene;

/* The screen's own words for the winner when the mode gave none. */
static void headline_text(const score_scene *p, char *buf, size_t n)
{
    const score_report *rep = &p->rep;
    if (rep->headline[0]) {
        snprintf(buf, n, "%s", rep->headline);
    } else if (p->winners == rep->players && rep->players > 1) {
        snprintf(buf, n, "A draw");
    } else if (p->winners > 1) {
        snprintf(buf, n, "A shared win!");
    } else {
        snprintf(buf, n, "%s wins!", rep->names[p->order[0]]);
    }
}

static float footnote_h(const score_report *rep)
{
    return rep->total_help[0] || rep->lower_is_better ? 56.0f : 0.0f;
}

/* The column headings: with rounds, a group line above a line per column. */
static float head_h(const score_report *rep) { return rep->rounds > 0 ? 84.0f : 52.0f; }

/* The banner, the panel, the summary of facts and the buttons as one
 * block, centred between the title and the hint bar so the screen is not
 * half empty. The summary (which then says why the game ended, in place of
 * the banner's line) comes only where it fits: four players over five
 * rounds fill the screen without it. */
static void layout_scene(score_scene *p, shell *sh)
{
    const score_report *rep = &p->rep;
    float w = shell_vw(sh) - 160 < 1400 ? shell_vw(sh) - 160 : 1400;
    float ph = 24 + head_h(rep) + (ROW_H + ROW_GAP) * (float)rep->players + footnote_h(rep) + 12;
    float bh = 150, sh_h = 0, top = 170, bottom = 1004, block, y;
    if (112 + 16 + ph + SUMMARY_GAP + SUMMARY_H + 24 + 76 <= bottom - top) {
        bh = 112;
        sh_h = SUMMARY_H;
    }
    block = bh + 16 + ph + (sh_h > 0 ? SUMMARY_GAP + sh_h + 24 : 30) + 76;
    y = top + (bottom - top - block) / 2;
    if (y < top)
        y = top;
    p->banner = (rrect){(shell_vw(sh) - w) / 2, y, w, bh};
    p->panel = (rrect){(shell_vw(sh) - w) / 2, y + bh + 16, w, ph};
    p->summary = (rrect){p->panel.x, p->panel.y + ph + SUMMARY_GAP, w, sh_h};
    y = sh_h > 0 ? p->summary.y + sh_h + 24 : p->panel.y + ph + 30;
    ui_nav_begin(&p->nav);
    ui_nav_add(&p->nav, ID_AGAIN, (rrect){shell_vw(sh) / 2 + 20, y, 340, 76}, 1, "again");
    ui_nav_add(&p->nav, ID_PICKER, (rrect){shell_vw(sh) / 2 - 360, y, 340, 76}, 1, "picker");
    /* the history (#28), where this match is now kept, filtered to its mode */
    ui_nav_add(&p->nav, ID_HISTORY, (rrect){shell_vw(sh) - 260, 50, 220, 60}, 1, "history");
    ui_nav_end(&p->nav, sh);
}

static void go(score_scene *p, shell *sh, int id)
{
    const game_info *g = registry_find(p->rep.game_id);
    audio_play(SFX_CLICK);
    if (id == ID_HISTORY) {
        shell_push(sh, history_scene_create(sh, p->rep.game_id));
    } else if (id == ID_AGAIN && g) {
        shell_replace(sh, setup_scene_create(sh, g));
    } else {
        shell_home(sh); /* back to the picker */
    }
}

static void score_input(scene *s, shell *sh, const action_event *ev)
{
    score_scene *p = s->data;
    int id;
    if (ev->act == ACT_BACK) {
        go(p, sh, ID_PICKER);
        return;
    }
    id = ui_nav_event(&p->nav, sh, ev);
    if (id >= 0)
        go(p, sh, id);
}

/* ---------------------------------------------------------------- celebration */

static void confetti_start(score_scene *p, float vw)
{
    static const rcolor colours[] = {{231, 76, 60, 255},  {241, 196, 15, 255}, {46, 204, 113, 255},
                                     {52, 152, 219, 255}, {155, 89, 182, 255}, {255, 255, 255, 255}};
    rng g;
    /* Seeded from the result, so a capture of the same game looks the same. */
    rng_seed(&g, 0x5c0e5c0eu + (uint64_t)p->rep.total[p->order[0]] * 31u + (uint64_t)p->rep.players);
    for (int i = 0; i < CONFETTI; i++) {
        scrap *b = &p->bits[i];
        b->x = b->px = (float)rng_unit(&g) * vw;
        b->y = b->py = -40 - (float)rng_unit(&g) * 700;
        b->vx = ((float)rng_unit(&g) - 0.5f) * 120;
        b->vy = 220 + (float)rng_unit(&g) * 200;
        b->angle = b->pangle = (float)rng_unit(&g) * 6.283f;
        b->spin = ((float)rng_unit(&g) - 0.5f) * 9;
        b->w = 14 + (float)rng_unit(&g) * 12;
        b->h = b->w * (0.4f + (float)rng_unit(&g) * 0.3f);
        b->sway = (float)rng_unit(&g) * 6.283f;
        b->c = colours[rng_below(&g, (uint32_t)(sizeof colours / sizeof colours[0]))];
    }
}

static void confetti_step(score_scene *p, double dt)
{
    for (int i = 0; i < CONFETTI; i++) {
        scrap *b = &p->bits[i];
        b->px = b->x;
        b->py = b->y;
        b->pangle = b->angle;
        b->x += (b->vx + 60 * sinf((float)p->t * 3 + b->sway)) * (float)dt;
        b->y += b->vy * (float)dt;
        b->angle += b->spin * (float)dt;
    }
}

static void confetti_draw(const score_scene *p, render *r, float alpha)
{
    /* Fades over the last second so it never just vanishes. */
    float left = (float)(CONFETTI_TIME - p->t), fade = left > 1 ? 1 : left < 0 ? 0 : left;
    if (fade <= 0)
        return;
    for (int i = 0; i < CONFETTI; i++) {
        const scrap *b = &p->bits[i];
        float x = b->px + (b->x - b->px) * alpha, y = b->py + (b->y - b->py) * alpha;
        float ang = b->pangle + (b->angle - b->pangle) * alpha;
        /* A flat scrap turning in the air: its width swings with the spin. */
        float w = b->w * (0.35f + 0.65f * fabsf(cosf(ang * 1.7f)));
        rcolor c = b->c;
        c.a = (uint8_t)(230 * fade);
        if (y < -40 || y > 1120)
            continue;
        render_round_outline_ex(r, x, y, w, b->h, ang, 2, b->h / 2, c);
    }
}

/* The banner rises, the confetti falls and the winners bob for
 * CONFETTI_TIME; then the screen rests. */
static double score_wake(scene *s, shell *sh)
{
    score_scene *p = s->data;
    (void)sh;
    if (p->t < CONFETTI_TIME || p->t < BANNER_TIME)
        return 0;
    return ui_nav_wake(&p->nav);
}

static void score_update(scene *s, shell *sh, double dt)
{
    score_scene *p = s->data;
    p->t += dt;
    layout_scene(p, sh);
    if (p->celebrate && !shell_settings(sh)->v[SETTING_reduced_motion])
        confetti_step(p, dt);
    ui_nav_update(&p->nav, dt, shell_settings(sh)->v[SETTING_reduced_motion]);
}

/* ---------------------------------------------------------------- drawing */

/* Who won and why, rising into place. */
static void draw_banner(score_scene *p, shell *sh, render *r)
{
    const score_report *rep = &p->rep;
    float t = (float)(p->t / BANNER_TIME), e, rise;
    char head[96];
    rrect b = p->banner;
    float hw, tx;
    if (t > 1 || shell_settings(sh)->v[SETTING_reduced_motion])
        t = 1;
    /* Ease out with a small overshoot: the banner lands, it does not stop dead. */
    e = 1 + 2.2f * powf(t - 1, 3) + 1.2f * powf(t - 1, 2);
    rise = (1 - e) * 90;
    headline_text(p, head, sizeof head);
    b.y += rise;
    hw = render_text_width(r, FONT_SERIF_BOLD, 80, head);
    tx = b.x + (b.w - hw) / 2;
    {
        uint8_t k = (uint8_t)(255 * (t < 0.4f ? t / 0.4f : 1));
        rrect ribbon = {tx - 130, b.y + 4, hw + 260, 104};
        render_shadow(r, (rrect){ribbon.x, ribbon.y + 8, ribbon.w, ribbon.h}, 52, 24, (rcolor){0, 0, 0, (uint8_t)(k / 3)});
        /* A deeper red than the buttons' accent: the cream headline reads at
         * 5.7:1 on it (4.2:1 on the accent). */
        render_round_rect(r, ribbon, 52, (rcolor){170, 62, 32, k});
        render_round_outline(r, (rrect){ribbon.x + 6, ribbon.y + 6, ribbon.w - 12, ribbon.h - 12}, 46, 3,
                             (rcolor){255, 214, 140, k});
        if (p->celebrate) {
            ui_draw_sprite_fit(r, "icons/trophy", (rrect){ribbon.x + 34, ribbon.y + 18, 68, 68}, (rcolor){255, 214, 90, k});
            ui_draw_sprite_fit(r, "icons/trophy", (rrect){ribbon.x + ribbon.w - 102, ribbon.y + 18, 68, 68},
                               (rcolor){255, 214, 90, k});
        }
        render_text(r, FONT_SERIF_BOLD, 80, tx + 3, b.y + 12, (rcolor){60, 20, 5, (uint8_t)(k / 2)}, head);
        render_text(r, FONT_SERIF_BOLD, 80, tx, b.y + 8, (rcolor){255, 246, 228, k}, head);
    }
    if (p->summary.h <= 0) {
        const char *why = rep->reason[0] ? rep->reason : rep->note;
        if (*why)
            ui_text_center(r, FONT_SANS_BOLD, 30, (rrect){b.x, p->banner.y + 118, b.w, 36}, UI_CREAM, why);
    }
}

/* Column headings: place, player, a group "Points per round" over 1..n, the total. */
static void draw_headings(score_scene *p, render *r, float x, float y, float rounds_x, float colw, float total_x,
                          float total_w)
{
    const score_report *rep = &p->rep;
    char line[32];
    const char *total = rep->total_label[0] ? rep->total_label : "Total";
    float line_y = y + head_h(rep) - 42;
    render_text(r, FONT_SANS_BOLD, UI_SMALL, x, line_y + 4, UI_INK_SOFT, "PLACE");
    render_text(r, FONT_SANS_BOLD, UI_SMALL, x + 170, line_y + 4, UI_INK_SOFT, "PLAYER");
    if (rep->rounds > 0) {
        rrect group = {rounds_x, y, colw * (float)rep->rounds, 32};
        ui_text_center(r, FONT_SANS_BOLD, UI_SMALL, group, UI_INK_SOFT, "POINTS PER ROUND");
        render_rect(r, (rrect){group.x + 10, y + 36, group.w - 20, 2}, (rcolor){96, 78, 60, 90});
        for (int j = 0; j < rep->rounds; j++) {
            snprintf(line, sizeof line, "R%d", j + 1);
            ui_text_center(r, FONT_SANS_BOLD, UI_SMALL, (rrect){rounds_x + colw * (float)j, line_y, colw, 32},
                           UI_INK_SOFT, line);
        }
    }
    {
        char up[24];
        size_t i = 0;
        for (; total[i] && i + 1 < sizeof up; i++)
            up[i] = (char)(total[i] >= 'a' && total[i] <= 'z' ? total[i] - 32 : total[i]);
        up[i] = 0;
        ui_text_center(r, FONT_SANS_BOLD, UI_SMALL, (rrect){total_x, line_y, total_w, 32}, UI_INK_SOFT, up);
    }
}

static void draw_rows(score_scene *p, render *r, float x, float y, float rounds_x, float colw,
                      float total_x, float total_w)
{
    static const char *const places[] = {"1st", "2nd", "3rd", "4th"};
    const score_report *rep = &p->rep;
    char line[32];
    for (int k = 0; k < rep->players; k++) {
        int i = p->order[k], first = rep->rank[i] == 0;
        rrect row = {p->panel.x + 20, y, p->panel.w - 40, ROW_H};
        ui_audit_box(row);
        render_round_rect(r, row, 20, first ? (rcolor){255, 236, 180, 255} : (rcolor){244, 232, 210, 255});
        if (first) {
            /* the bob settles with the confetti's last second */
            float settle = (float)(CONFETTI_TIME - p->t), bob;
            settle = settle > 1 ? 1 : settle < 0 ? 0 : settle;
            bob = p->celebrate ? 4 * sinf((float)p->t * 5) * settle : 0;
            render_round_outline(r, row, 20, 3, (rcolor){214, 150, 20, 255});
            ui_draw_sprite_fit(r, "icons/trophy", (rrect){x - 4, y + 14 + bob, 56, 56}, (rcolor){214, 150, 20, 255});
        }
        render_text(r, FONT_SANS_BOLD, UI_HEAD, x + 62, y + 18, UI_INK, places[rep->rank[i]]);
        /* Line i is seat i: its mark and colour beside the name, as at the table. */
        ui_draw_seat_name(r, i, FONT_SANS_BOLD, UI_BODY, x + 170, y + 24, UI_INK, rep->names[i]);
        for (int j = 0; j < rep->rounds; j++) {
            snprintf(line, sizeof line, "%d", rep->points[i][j]);
            ui_text_center(r, FONT_SANS, UI_BODY, (rrect){rounds_x + colw * (float)j, y, colw, ROW_H}, UI_INK_SOFT,
                           line);
        }
        snprintf(line, sizeof line, "%d", rep->total[i]);
        ui_text_center(r, FONT_SANS_BOLD, UI_HEAD, (rrect){total_x, y, total_w, ROW_H}, UI_INK, line);
        y += ROW_H + ROW_GAP;
    }
}

/* One fact of the summary: a figure and what it counts. */
typedef struct fact {
    char value[16], words[96];
} fact;

/* The part of seat i's name before " \xe2\x80\x94 " ("P2" of "P2 \xe2\x80\x94 Computer (Easy)"), into buf. */
static const char *short_name(const score_report *rep, int i, char *buf, size_t n)
{
    const char *dash = strstr(rep->names[i], " \xe2\x80\x94 ");
    size_t len = dash ? (size_t)(dash - rep->names[i]) : strlen(rep->names[i]);
    snprintf(buf, n, "%.*s", (int)(len < n ? len : n - 1), rep->names[i]);
    return buf;
}

/* Appends a fact to f[*n]: its figure and its words (printf-style). */
static void add_fact(fact *f, int *n, const char *value, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void add_fact(fact *f, int *n, const char *value, const char *fmt, ...)
{
    va_list ap;
    if (*n >= FACTS)
        return;
    snprintf(f[*n].value, sizeof f[*n].value, "%s", value);
    va_start(ap, fmt);
    vsnprintf(f[*n].words, sizeof f[*n].words, fmt, ap);
    va_end(ap);
    (*n)++;
}

/* The facts the report gives beyond the rows: the winning margin (or the
 * tie), the rounds played, the best round, the moves and the time played.
 * Returns how many (at most FACTS). */
static int summary_facts(const score_scene *p, fact *f)
{
    const score_report *rep = &p->rep;
    int n = 0, sign = rep->lower_is_better ? -1 : 1;
    char who[32], num[16];
    const char *unit = rep->total_label[0] ? rep->total_label : "points";
    if (rep->players > 1 && p->winners == rep->players) {
        add_fact(f, &n, "Draw", "everyone on %d", rep->total[p->order[0]]);
    } else if (p->winners > 1) {
        add_fact(f, &n, "Tie", "%d share first place", p->winners);
    } else if (rep->players > 1) {
        int margin = sign * (rep->total[p->order[0]] - rep->total[p->order[1]]);
        char low[32];
        size_t k = 0;
        for (; unit[k] && k + 1 < sizeof low; k++)
            low[k] = (char)(unit[k] >= 'A' && unit[k] <= 'Z' ? unit[k] + 32 : unit[k]);
        low[k] = 0;
        snprintf(num, sizeof num, "%d", margin);
        if (margin == 0 && rep->note[0])
            add_fact(f, &n, num, "%s", rep->note);
        else
            add_fact(f, &n, num, "%s %s than 2nd place", rep->lower_is_better ? "fewer" : "more", low);
    }
    if (rep->rounds > 0) {
        int bi = 0, bj = 0;
        snprintf(num, sizeof num, "%d", rep->rounds);
        add_fact(f, &n, num, "%s", rep->rounds == 1 ? "round played" : "rounds played");
        for (int i = 0; i < rep->players; i++)
            for (int j = 0; j < rep->rounds; j++)
                if (sign * rep->points[i][j] > sign * rep->points[bi][bj]) {
                    bi = i;
                    bj = j;
                }
        snprintf(num, sizeof num, "%d", rep->points[bi][bj]);
        add_fact(f, &n, num, "best round: %s in round %d", short_name(rep, bi, who, sizeof who), bj + 1);
    }
    if (rep->moves > 0) {
        snprintf(num, sizeof num, "%d", rep->moves);
        add_fact(f, &n, num, "%s", rep->moves == 1 ? "move played" : "moves played");
    }
    if (rep->seconds > 0) {
        snprintf(num, sizeof num, "%d:%02d", rep->seconds / 60, rep->seconds % 60);
        add_fact(f, &n, num, "%s", "minutes played");
    }
    return n;
}

/* The summary strip: why the game ended, then the facts, each a figure over
 * its words, on one cream panel under the ranking. */
static void draw_summary(score_scene *p, render *r)
{
    const score_report *rep = &p->rep;
    fact f[FACTS];
    int n = summary_facts(p, f);
    rrect b = p->summary;
    const float cell = 260, pad = 30;
    const char *why = rep->reason[0] ? rep->reason : rep->note;
    float x, why_w;
    if (b.h <= 0)
        return;
    /* the reason must fit its box whole: facts beyond the room go, the last first */
    while (n > 0 && render_text_wrapped(r, FONT_SANS_BOLD, UI_MIN, 0, 0, b.w - (float)n * cell - 2 * pad, TEXT_LEFT,
                                        UI_INK, *why ? why : "The game is over.", 0) > b.h - 70)
        n--;
    x = b.x + b.w - (float)n * cell;
    why_w = x - b.x - 2 * pad;
    ui_draw_panel(r, b);
    render_text(r, FONT_SANS_BOLD, UI_SMALL, b.x + pad, b.y + 20, UI_INK_SOFT, "HOW IT ENDED");
    ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){b.x + pad, b.y + 52, why_w, b.h - 70}, TEXT_LEFT, UI_INK,
                *why ? why : "The game is over.");
    for (int i = 0; i < n; i++, x += cell) {
        rrect c = {x + 6, b.y + 14, cell - pad - 12, b.h - 28};
        render_rect(r, (rrect){x - 8, b.y + 22, 2, b.h - 44}, (rcolor){96, 78, 60, 90});
        ui_text_center(r, FONT_SANS_BOLD, UI_HEAD, (rrect){c.x, c.y, c.w, 48}, UI_INK, f[i].value);
        ui_text_fit(r, FONT_SANS, UI_SMALL, UI_MIN, (rrect){c.x, c.y + 50, c.w, c.h - 50}, TEXT_CENTER, UI_INK_SOFT,
                    f[i].words);
    }
}

static void score_draw(scene *s, shell *sh, render *r, float alpha)
{
    score_scene *p = s->data;
    const score_report *rep = &p->rep;
    const game_info *g = registry_find(rep->game_id);
    float x = p->panel.x + 40, y = p->panel.y + 24, colw = 76, total_w = 230;
    float total_x = p->panel.x + p->panel.w - 30 - total_w, rounds_x = total_x - colw * (float)rep->rounds - 10;
    char line[96];
    float widest = 0, room;
    for (int i = 0; i < rep->players; i++)
        widest = fmaxf(widest, ui_seat_name_width(r, FONT_SANS_BOLD, UI_BODY, rep->names[i]));
    room = rounds_x - (x + 170) - 16;
    if (widest > room && rep->rounds > 0) {
        /* Many rounds in a narrow window (SAMESTAX's eight at 4:3): the
         * round and total columns close up, never over the names. */
        float need = widest - room, give_total = fminf(need, total_w - 150);
        total_w -= give_total;
        colw = fmaxf(52, colw - (need - give_total) / (float)rep->rounds);
        total_x = p->panel.x + p->panel.w - 30 - total_w;
        rounds_x = total_x - colw * (float)rep->rounds - 10;
    }

    ui_draw_table(r, shell_vw(sh));
    snprintf(line, sizeof line, "%s \xe2\x80\x94 results", g ? g->name : rep->game_id);
    ui_draw_title(r, shell_vw(sh), "Game over", line);
    draw_banner(p, sh, r);
    ui_draw_panel(r, p->panel);
    draw_headings(p, r, x, y, rounds_x, colw, total_x, total_w);
    draw_rows(p, r, x, y + head_h(rep), rounds_x, colw, total_x, total_w);
    if (footnote_h(rep) > 0) {
        /* Inside the panel with the same margin as the rows, never on its edge. */
        const char *help = rep->total_help[0] ? rep->total_help : "The lowest total wins.";
        render_text_wrapped(r, FONT_SANS_OBLIQUE, UI_SMALL, x, p->panel.y + p->panel.h - 12 - footnote_h(rep) + 12,
                            p->panel.w - 80, TEXT_LEFT, UI_INK_SOFT, help, 1);
    }
    draw_summary(p, r);
    ui_draw_button(r, ui_nav_item(&p->nav, ID_PICKER)->r, "Back to games", p->nav.focus == ID_PICKER, 1, 0);
    ui_draw_button(r, ui_nav_item(&p->nav, ID_AGAIN)->r, "Play again", p->nav.focus == ID_AGAIN, 1, 1);
    ui_draw_button(r, ui_nav_item(&p->nav, ID_HISTORY)->r, "History", p->nav.focus == ID_HISTORY, 1, 0);
    ui_nav_draw(&p->nav, r, alpha, ui_focus_visible(sh));
    if (p->celebrate && !shell_settings(sh)->v[SETTING_reduced_motion])
        confetti_draw(p, r, alpha);
    {
        ui_hint h[] = {{ACT_ACCEPT, "Choose"}, {ACT_BACK, "Games"}};
        ui_draw_hint_bar(r, sh, h, 2);
    }
}

static void score_leave(scene *s, shell *sh)
{
    (void)sh;
    free(s->data);
}

static void score_enter(scene *s, shell *sh)
{
    score_scene *p = s->data;
    char head[96];
    layout_scene(p, sh);
    confetti_start(p, shell_vw(sh));
    /* The table rang the win already: this is the party. */
    audio_play(p->celebrate ? SFX_CHEER : SFX_CLICK);
    /* Who the screen puts first, for tests that play a game to its end. */
    for (int k = 0; k < p->rep.players && p->rep.rank[p->order[k]] == 0; k++)
        trace_line("score first %s", p->rep.names[p->order[k]]);
    headline_text(p, head, sizeof head);
    trace_line("score headline %s", head);
    if (p->rep.reason[0])
        trace_line("score reason %s", p->rep.reason);
    if (p->rep.note[0])
        trace_line("score note %s", p->rep.note);
}

scene *score_scene_create(shell *sh, const score_report *rep)
{
    score_scene *p = calloc(1, sizeof *p);
    (void)sh;
    if (!p)
        abort();
    p->rep = *rep;
    if (p->rep.players > GAME_MAX_PLAYERS)
        p->rep.players = GAME_MAX_PLAYERS;
    if (p->rep.rounds > SCORE_MAX_ROUNDS)
        p->rep.rounds = SCORE_MAX_ROUNDS;
    /* Stable order by rank, so tied players keep seat order. */
    for (int i = 0; i < p->rep.players; i++)
        p->order[i] = i;
    for (int i = 1; i < p->rep.players; i++)
        for (int j = i; j > 0 && p->rep.rank[p->order[j]] < p->rep.rank[p->order[j - 1]]; j--) {
            int t = p->order[j];
            p->order[j] = p->order[j - 1];
            p->order[j - 1] = t;
        }
    for (int i = 0; i < p->rep.players; i++)
        p->winners += p->rep.rank[i] == 0;
    /* Nobody is celebrated in a draw where everyone shares first. */
    p->celebrate = p->winners > 0 && (p->winners < p->rep.players || p->rep.players == 1);
    ui_nav_init(&p->nav, "score");
    p->nav.focus = ID_AGAIN;
    p->base = (scene){"score", 0, score_enter, score_leave, score_input, score_update, score_draw, p, score_wake,
                      MUSIC_FANFARE};
    return &p->base;
}
