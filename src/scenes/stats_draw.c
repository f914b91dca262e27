/* The statistics drawn: a row of big numbers, then the win rate over time
 * as a line and the results against each computer level as stacked bars,
 * with our renderer alone (capsules for the line, rounded rects for the
 * bars). The bars' colours carry no words: every count is also written, in
 * ink on cream, for colour-blind eyes and the far end of the room. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "scenes/stats_priv.h"

#define WON_FILL ((rcolor){47, 111, 143, 255})    /* teal */
#define SHARED_FILL ((rcolor){226, 170, 40, 255}) /* gold */
#define LOST_FILL ((rcolor){200, 80, 45, 255})    /* accent */
#define GRID ((rcolor){210, 195, 170, 255})
#define RUN_FILL ((rcolor){190, 214, 226, 255}) /* a pale teal: the runs behind the line */

typedef struct tile {
    char big[24];
    char label[40];
} tile;

static void duration(int seconds, char *out, size_t n)
{
    if (seconds >= 3600)
        snprintf(out, n, "%d h %02d", seconds / 3600, seconds / 60 % 60);
    else
        snprintf(out, n, "%d:%02d", seconds / 60, seconds % 60);
}

/* The numbers, in the order they are read: how many, how they went, how long. */
static int tiles_of(const stats_scene *p, const game_info *g, tile *t)
{
    const stats_summary *s = &p->sum;
    int n = 0;
    snprintf(t[n].big, sizeof t[n].big, "%d", s->played);
    snprintf(t[n++].label, sizeof t[0].label, "Played");
    snprintf(t[n].big, sizeof t[n].big, "%d", s->won);
    snprintf(t[n++].label, sizeof t[0].label, "Won");
    snprintf(t[n].big, sizeof t[n].big, "%d", s->shared);
    snprintf(t[n++].label, sizeof t[0].label, "Shared");
    snprintf(t[n].big, sizeof t[n].big, "%d", s->lost);
    snprintf(t[n++].label, sizeof t[0].label, "Lost");
    if (s->played > 0)
        snprintf(t[n].big, sizeof t[n].big, "%d%%", (s->won * 100 + s->played / 2) / s->played);
    else
        snprintf(t[n].big, sizeof t[n].big, "\xe2\x80\x94");
    snprintf(t[n++].label, sizeof t[0].label, "Win rate");
    snprintf(t[n].big, sizeof t[n].big, "%d", s->streak);
    snprintf(t[n++].label, sizeof t[0].label, "Streak (best %d)", s->best_streak);
    duration(s->avg_seconds, t[n].big, sizeof t[n].big);
    snprintf(t[n++].label, sizeof t[0].label, "Average length");
    if (g && g->realtime) {
        if (s->best_ms > 0)
            snprintf(t[n].big, sizeof t[n].big, "%.1f s", s->best_ms / 1000.0);
        else
            snprintf(t[n].big, sizeof t[n].big, "\xe2\x80\x94");
        snprintf(t[n++].label, sizeof t[0].label, "Best time");
    } else {
        snprintf(t[n].big, sizeof t[n].big, "%d", s->abandoned);
        snprintf(t[n++].label, sizeof t[0].label, "Abandoned");
    }
    return n;
}

/* The big numbers: one row of eight on a wide screen, two of four on a
 * narrow one. Returns the bottom. */
static float draw_tiles(const stats_scene *p, render *r, float vw, float y, const game_info *g)
{
    tile t[8];
    int n = tiles_of(p, g, t), cols = vw >= 1800 ? n : (n + 1) / 2;
    float gap = 16, w = (vw - 100 - gap * (float)(cols - 1)) / (float)cols, h = 128;
    for (int i = 0; i < n; i++) {
        rrect b = {50 + (float)(i % cols) * (w + gap), y + (float)(i / cols) * (h + gap), w, h};
        float big = ui_text_fit_size(r, FONT_SANS_BOLD, 64, UI_HEAD, w - 24, t[i].big);
        ui_audit_box(b);
        render_round_rect(r, b, 18, UI_CREAM);
        ui_text_center(r, FONT_SANS_BOLD, big, (rrect){b.x + 12, b.y + 10, b.w - 24, 70}, i == 1 ? UI_TEAL_INK : UI_INK,
                       t[i].big);
        ui_text_fit_line(r, FONT_SANS, UI_SMALL, UI_MIN, (rrect){b.x + 10, b.y + 80, b.w - 20, 36}, TEXT_CENTER,
                         UI_INK_SOFT, t[i].label);
    }
    return y + (float)((n + cols - 1) / cols) * (h + gap) - gap;
}

/* A straight stroke from (x0, y0) to (x1, y1), th thick, round at its ends. */
static void stroke(render *r, float x0, float y0, float x1, float y1, float th, rcolor c)
{
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    render_round_outline_ex(r, (x0 + x1) / 2, (y0 + y1) / 2, len + th, th, atan2f(dy, dx), th / 2, th / 2, c);
}

/* Win rate over time: 0–100% up, oldest to newest across, a dot per run of matches. */
static void draw_line_chart(const stats_scene *p, render *r, rrect box)
{
    float lh = render_line_height(r, FONT_SANS, UI_SMALL);
    rrect plot = {box.x + 110, box.y + 90, box.w - 150, box.h - 90 - 30 - lh - 10};
    char line[80];
    ui_audit_box(box);
    render_round_rect(r, box, 20, UI_CREAM);
    render_text(r, FONT_SANS_BOLD, UI_BODY, box.x + 30, box.y + 24, UI_INK, "Win rate over time");
    for (int k = 0; k <= 2; k++) {
        float gy = plot.y + plot.h * (1.0f - 0.5f * (float)k);
        render_rect(r, (rrect){plot.x, gy - 1, plot.w, 2}, GRID);
        snprintf(line, sizeof line, "%d%%", k * 50);
        ui_text_fit_line(r, FONT_SANS, UI_SMALL, UI_MIN, (rrect){box.x + 16, gy - lh / 2, 84, lh}, TEXT_RIGHT,
                         UI_INK_SOFT, line);
    }
    if (p->npoints == 0) {
        ui_text_center(r, FONT_SANS_OBLIQUE, UI_BODY, plot, UI_INK_SOFT, "No finished match yet");
        return;
    }
    {
        /* a bar per run of matches (its own win rate), and the line of the
         * win rate so far through it, which settles as matches add up */
        float slot = plot.w / (float)p->npoints, px = 0, py = 0;
        int won = 0, played = 0;
        for (int i = 0; i < p->npoints; i++) {
            const stats_point *pt = &p->points[i];
            float rate = pt->played > 0 ? (float)pt->won / (float)pt->played : 0, bh = plot.h * rate;
            render_round_rect(r, (rrect){plot.x + slot * (float)i + slot * 0.2f, plot.y + plot.h - bh, slot * 0.6f, bh},
                              bh > 8 ? 6 : 0, RUN_FILL);
        }
        for (int i = 0; i < p->npoints; i++) {
            float x = plot.x + slot * ((float)i + 0.5f), y;
            won += p->points[i].won;
            played += p->points[i].played;
            y = plot.y + plot.h * (1.0f - (played > 0 ? (float)won / (float)played : 0));
            if (i > 0)
                stroke(r, px, py, x, y, 6, WON_FILL);
            px = x;
            py = y;
        }
        won = played = 0;
        for (int i = 0; i < p->npoints; i++) {
            float x = plot.x + slot * ((float)i + 0.5f), y;
            won += p->points[i].won;
            played += p->points[i].played;
            y = plot.y + plot.h * (1.0f - (played > 0 ? (float)won / (float)played : 0));
            render_round_rect(r, (rrect){x - 11, y - 11, 22, 22}, 11, UI_CREAM);
            render_round_rect(r, (rrect){x - 8, y - 8, 16, 16}, 8, WON_FILL);
        }
    }
    snprintf(line, sizeof line, "Oldest to newest: line, so far; bars, each %s%d match%s", p->per == 1 ? "" : "run of ",
             p->per, p->per == 1 ? "" : "es");
    ui_text_fit_line(r, FONT_SANS, UI_SMALL, UI_MIN, (rrect){plot.x, plot.y + plot.h + 16, plot.w, lh}, TEXT_CENTER,
                     UI_INK_SOFT, line);
}

/* Results against each computer level: won, shared and lost stacked in one bar per level. */
static void draw_level_bars(const stats_scene *p, render *r, rrect box)
{
    static const char *const names[STATS_LEVELS] = {"", "Easy", "Medium", "Hard"};
    const stats_summary *s = &p->sum;
    float lh = render_line_height(r, FONT_SANS, UI_SMALL), label_w = 140, count_w = 210;
    float bx = box.x + 30 + label_w, bw = box.w - 60 - label_w - count_w, y = box.y + 96, bar_h = 50;
    float pitch = (box.h - 96 - 70 - bar_h) / 2;
    int any = 0;
    char line[80];
    ui_audit_box(box);
    render_round_rect(r, box, 20, UI_CREAM);
    render_text(r, FONT_SANS_BOLD, UI_BODY, box.x + 30, box.y + 24, UI_INK, "Against each computer level");
    if (pitch > 90)
        pitch = 90;
    for (int lv = 1; lv < STATS_LEVELS; lv++) {
        int pl = s->vs_played[lv], won = s->vs_won[lv], sh = s->vs_shared[lv], lost = pl - won - sh;
        float ry = y + pitch * (float)(lv - 1);
        render_text(r, FONT_SANS_BOLD, UI_BODY, box.x + 30, ry + (bar_h - render_line_height(r, FONT_SANS_BOLD, UI_BODY)) / 2,
                    UI_INK, names[lv]);
        render_round_rect(r, (rrect){bx, ry, bw, bar_h}, 10, (rcolor){232, 220, 198, 255});
        if (pl > 0) {
            float x = bx, ww = bw * (float)won / (float)pl, ws = bw * (float)sh / (float)pl;
            any = 1;
            render_push_clip(r, (rrect){bx, ry, bw, bar_h});
            if (won)
                render_rect(r, (rrect){x, ry, ww, bar_h}, WON_FILL);
            if (sh)
                render_rect(r, (rrect){x + ww, ry, ws, bar_h}, SHARED_FILL);
            if (lost > 0)
                render_rect(r, (rrect){x + ww + ws, ry, bw - ww - ws, bar_h}, LOST_FILL);
            render_pop_clip(r);
            snprintf(line, sizeof line, "%d of %d won", won, pl);
        } else {
            snprintf(line, sizeof line, "not played");
        }
        ui_text_fit_line(r, FONT_SANS, UI_SMALL, UI_MIN, (rrect){bx + bw + 16, ry, count_w - 16, bar_h}, TEXT_LEFT,
                         UI_INK, line);
    }
    {
        /* the legend, with the counts summed over the levels */
        static const char *const words[3] = {"Won", "Shared", "Lost"};
        const rcolor fills[3] = {WON_FILL, SHARED_FILL, LOST_FILL};
        float lx = box.x + 30, ly = box.y + box.h - 30 - lh;
        for (int k = 0; k < 3; k++) {
            render_round_rect(r, (rrect){lx, ly + (lh - 24) / 2, 24, 24}, 6, fills[k]);
            lx += 34 + render_text(r, FONT_SANS, UI_SMALL, lx + 34, ly, UI_INK, words[k]) + 30;
        }
        if (!any)
            ui_text_fit_line(r, FONT_SANS_OBLIQUE, UI_SMALL, UI_MIN, (rrect){lx, ly, box.x + box.w - 30 - lx, lh},
                             TEXT_RIGHT, UI_INK_SOFT, "No match against the computer yet");
    }
}

void stats_draw_body(const stats_scene *p, render *r, float vw, const game_info *g)
{
    float y, h, w;
    if (!p->ok) {
        rrect box = {vw / 2 - 560, 420, 1120, 160};
        ui_draw_panel(r, box);
        ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){box.x + 40, box.y, box.w - 80, box.h}, TEXT_CENTER,
                    UI_INK, "No statistics: pick a player who has played here.");
        return;
    }
    y = draw_tiles(p, r, vw, 262, g) + 24;
    h = 960 - y;
    w = (vw - 100 - 30) / 2;
    draw_line_chart(p, r, (rrect){50, y, w, h});
    draw_level_bars(p, r, (rrect){50 + w + 30, y, w, h});
}
