#include "ui/review_graph.h"

#include <math.h>
#include <stdio.h>

#include "ui/seat.h"
#include "ui/ui.h"

#define PAD 20.0f
#define CAPTION_H 44.0f
#define AXIS_W 84.0f   /* "100%" at UI_SMALL */
#define LINE_W 6.0f    /* a seat's line: seen from across a room */
#define DOT_R 15.0f    /* a mark's dot, its sign inside at UI_MIN */
#define CURSOR_W 4.0f

/* lichess's colours for the marks, darkened where the sign inside needs
 * 4.5:1: sky blue and orange carry dark ink, the red white. */
static const rcolor mark_colors[] = {
    {0, 0, 0, 0}, {86, 180, 233, 255}, {230, 159, 0, 255}, {184, 50, 44, 255}};
static const char *const mark_signs[] = {"", "?!", "?", "??"};

rcolor review_graph_mark_color(review_mark m)
{
    return m > REVIEW_NONE && m <= REVIEW_BLUNDER ? mark_colors[m] : UI_INK_SOFT;
}

const char *review_graph_mark_sign(review_mark m)
{
    return m > REVIEW_NONE && m <= REVIEW_BLUNDER ? mark_signs[m] : "";
}

/* Where the chances are plotted inside box. */
static rrect plot_rect(rrect box)
{
    float top = box.y + PAD / 2 + CAPTION_H + DOT_R;
    return (rrect){box.x + PAD + AXIS_W, top, box.w - 2 * PAD - AXIS_W - DOT_R, box.y + box.h - PAD / 2 - DOT_R - top};
}

/* Move k of n across the plot, a dot's radius in from either end so no dot
 * covers the axis's labels. */
static float move_x(rrect plot, int k, int n)
{
    float w = plot.w - 2 * (DOT_R + 4);
    return plot.x + DOT_R + 4 + (n > 1 ? w * (float)k / (float)(n - 1) : w / 2);
}

static float chance_y(rrect plot, double p)
{
    return plot.y + plot.h * (float)(1.0 - p);
}

/* A straight stroke from (x0, y0) to (x1, y1) with round ends. */
static void stroke(render *r, float x0, float y0, float x1, float y1, float w, rcolor c)
{
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    render_round_outline_ex(r, (x0 + x1) / 2, (y0 + y1) / 2, len + w, w, atan2f(dy, dx), w / 2, w / 2 + 0.5f, c);
}

static void draw_axis(render *r, rrect plot)
{
    static const struct {
        double p;
        const char *label;
    } ticks[] = {{1.0, "100%"}, {0.5, "50%"}, {0.0, "0%"}};
    for (int i = 0; i < 3; i++) {
        float y = chance_y(plot, ticks[i].p);
        float lh = render_line_height(r, FONT_SANS, UI_SMALL);
        render_rect(r, (rrect){plot.x, y - (i == 1 ? 1.5f : 1.0f), plot.w, i == 1 ? 3.0f : 2.0f},
                    i == 1 ? UI_INK_SOFT : (rcolor){210, 190, 160, 255});
        float tw = render_text_width(r, FONT_SANS, UI_SMALL, ticks[i].label);
        render_text(r, FONT_SANS, UI_SMALL, plot.x - 12 - tw, y - lh / 2, UI_INK_SOFT, ticks[i].label);
    }
}

/* Seat's name beginning a sentence: the game's ("Red"), else its colour as its mark shows it. */
static const char *caption_seat(const game_rules *g, int seat, char *buf, size_t n)
{
    char name[16];
    snprintf(buf, n, "%s", g && g->seat_names ? review_seat_name(g, seat, name, sizeof name) : seat_color_name(seat));
    if (buf[0] >= 'a' && buf[0] <= 'z')
        buf[0] = (char)(buf[0] - 'a' + 'A');
    return buf;
}

/* The caption: the move played from the position the board shows, or how
 * to read the graph at the end. */
static void draw_caption(render *r, rrect box, const review *rv, const game_rules *g, int current)
{
    char text[3 * RECORD_MOVE_LEN], seat[16];
    rrect line = {box.x + PAD, box.y + PAD / 2, box.w - 2 * PAD, CAPTION_H};
    if (current < 0 || current >= rv->n) {
        if (review_seats(rv) <= 2)
            snprintf(text, sizeof text, "Review: %s's chance to win over the %d moves",
                     caption_seat(g, 0, seat, sizeof seat), rv->n);
        else
            snprintf(text, sizeof text, "Review: each player's chance to win after each of their %d moves", rv->n);
    } else {
        const review_move *m = &rv->moves[current];
        caption_seat(g, m->mover, seat, sizeof seat);
        int n = snprintf(text, sizeof text, "Move %d, %s played %s:  %d%% \xe2\x86\x92 %d%%", current + 1,
                         seat, m->move, (int)(m->before * 100 + 0.5),
                         (int)(m->after * 100 + 0.5));
        if (n > 0 && (size_t)n < sizeof text && m->mark != REVIEW_NONE)
            snprintf(text + n, sizeof text - (size_t)n, "   %s %s: best was %s", review_graph_mark_sign(m->mark),
                     review_mark_name(m->mark), m->best);
        else if (n > 0 && (size_t)n < sizeof text && m->forced)
            snprintf(text + n, sizeof text - (size_t)n, "   (forced)");
    }
    ui_text_fit_line(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, line, TEXT_LEFT, UI_INK, text);
}

/* The marked moves' dots with their signs: move k's at x_of(k), on the
 * chance y_of(k) its drop landed on. */
static void draw_marks(render *r, rrect plot, const review *rv, int two)
{
    float lh = render_line_height(r, FONT_SANS_BOLD, UI_MIN);
    for (int k = 0; k < rv->n; k++) {
        review_mark m = rv->moves[k].mark;
        if (m == REVIEW_NONE)
            continue;
        float x = two ? move_x(plot, k + 1, rv->n + 1) : move_x(plot, k, rv->n);
        float y = chance_y(plot, two ? review_curve(rv, 0, k + 1) : rv->moves[k].after);
        render_round_rect(r, (rrect){x - DOT_R - 2, y - DOT_R - 2, 2 * DOT_R + 4, 2 * DOT_R + 4}, DOT_R + 2, UI_INK);
        render_round_rect(r, (rrect){x - DOT_R, y - DOT_R, 2 * DOT_R, 2 * DOT_R}, DOT_R, mark_colors[m]);
        const char *sign = mark_signs[m];
        float tw = render_text_width(r, FONT_SANS_BOLD, UI_MIN, sign);
        render_text(r, FONT_SANS_BOLD, UI_MIN, x - tw / 2, y - lh / 2, m == REVIEW_BLUNDER ? UI_WHITE : UI_INK,
                    sign);
    }
}

/* Two seats: one curve, the first seat's chance at every position from the
 * start to the end (review_curve), in its colour; 100% is its win, 0% the
 * other seat's. */
static void draw_curve(render *r, rrect plot, const review *rv)
{
    for (int k = 0; k < rv->n; k++)
        stroke(r, move_x(plot, k, rv->n + 1), chance_y(plot, review_curve(rv, 0, k)), move_x(plot, k + 1, rv->n + 1),
               chance_y(plot, review_curve(rv, 0, k + 1)), LINE_W, ui_seat_color(0));
}

/* Three or four seats: each seat's chance after each of its own moves, a
 * line per seat in its colour (a seat's share is not the others' 1 - it). */
static void draw_lines(render *r, rrect plot, const review *rv)
{
    for (int s = 0; s < GAME_MAX_PLAYERS; s++) {
        int last = -1;
        for (int k = 0; k < rv->n; k++) {
            if (rv->moves[k].mover != s)
                continue;
            float x = move_x(plot, k, rv->n), y = chance_y(plot, rv->moves[k].after);
            if (last >= 0)
                stroke(r, move_x(plot, last, rv->n), chance_y(plot, rv->moves[last].after), x, y, LINE_W,
                       ui_seat_color(s));
            else
                render_round_rect(r, (rrect){x - LINE_W, y - LINE_W, 2 * LINE_W, 2 * LINE_W}, LINE_W,
                                  ui_seat_color(s));
            last = k;
        }
    }
}

void review_graph_draw(render *r, rrect box, const review *rv, const game_rules *g, int current)
{
    int two = review_seats(rv) <= 2;
    draw_caption(r, box, rv, g, current);
    rrect plot = plot_rect(box);
    draw_axis(r, plot);
    if (rv->n <= 0)
        return;
    /* the cursor: two seats, the position the board shows; else the move about to be played from it */
    if (two || (current >= 0 && current < rv->n)) {
        float x = two ? move_x(plot, current < 0 ? 0 : current > rv->n ? rv->n : current, rv->n + 1)
                      : move_x(plot, current, rv->n);
        render_rect(r, (rrect){x - CURSOR_W / 2, plot.y - 6, CURSOR_W, plot.h + 12}, UI_TEAL);
    }
    if (two)
        draw_curve(r, plot, rv);
    else
        draw_lines(r, plot, rv);
    /* the marks over the curve, where the move landed its mover */
    draw_marks(r, plot, rv, two);
}

void review_graph_draw_progress(render *r, rrect box, int done, int total)
{
    char text[96];
    snprintf(text, sizeof text, "Reviewing the match: move %d of %d", done, total);
    ui_text_fit_line(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){box.x + PAD, box.y + PAD / 2, box.w - 2 * PAD, CAPTION_H},
                     TEXT_LEFT, UI_INK, text);
    rrect bar = {box.x + PAD, box.y + PAD / 2 + CAPTION_H + 16, box.w - 2 * PAD, 36};
    render_round_rect(r, bar, 18, (rcolor){210, 190, 160, 255});
    float f = total > 0 ? (float)done / (float)total : 0;
    if (f > 0)
        render_round_rect(r, (rrect){bar.x, bar.y, 36 + (bar.w - 36) * f, bar.h}, 18, UI_TEAL);
}
