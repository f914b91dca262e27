/* One row of the history screen: when and which mode, the seats with their
 * marks, who won and why, how long it took; abandoned and unfinished
 * matches say so in place of a result. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/registry.h"
#include "scenes/history_priv.h"

char *hist_thousands(int n, char *out, size_t size)
{
    char digits[24];
    size_t len, at = 0;
    snprintf(digits, sizeof digits, "%d", n < 0 ? 0 : n);
    len = strlen(digits);
    for (size_t i = 0; i < len && at + 2 < size; i++) {
        out[at++] = digits[i];
        if ((len - 1 - i) % 3 == 0 && i + 1 < len)
            out[at++] = ',';
    }
    out[at] = 0;
    return out;
}

/* "27 Nov 2026, 14:05" in the player's own time zone. */
static void when_text(int64_t t, char *out, size_t n)
{
    time_t tt = (time_t)t;
    struct tm tm;
    if (t <= 0 || !localtime_r(&tt, &tm) || strftime(out, n, "%d %b %Y, %H:%M", &tm) == 0)
        snprintf(out, n, "\xe2\x80\x94");
}

/* "12:04 · 48 moves": the time played, and the moves of a turn-based mode. */
static void length_text(const match_info *mi, char *out, size_t n)
{
    const game_info *g = registry_find(mi->mode);
    long s = (long)(mi->played_ms / 1000);
    if (s >= 3600)
        snprintf(out, n, "%ld h %02ld min", s / 3600, s / 60 % 60);
    else
        snprintf(out, n, "%ld:%02ld", s / 60, s % 60);
    if (g && g->rules && mi->moves > 0)
        snprintf(out + strlen(out), n - strlen(out), " \xc2\xb7 %d move%s", mi->moves, mi->moves == 1 ? "" : "s");
}

void hist_draw_row(const hist *p, render *r, int i, rrect box)
{
    const match_info *mi = &p->rows[i].info;
    const game_info *g = registry_find(mi->mode);
    const ui_item *exp = ui_nav_item(&p->nav, HID_EXPORT + i), *rep = ui_nav_item(&p->nav, HID_REPLAY + i);
    float actions = box.x + box.w - (rep ? rep->r.x : exp ? exp->r.x : box.x + box.w - 20);
    float x = box.x + 28, inner = box.w - 56 - actions, lw = inner * 0.52f, mx = x + lw + 24, mw = inner - lw - 24;
    float y1 = box.y + 16, y2 = box.y + 16 + render_line_height(r, FONT_SANS_BOLD, UI_BODY) + 8;
    int abandoned = mi->status == MATCH_ABANDONED, playing = mi->status == MATCH_PLAYING;
    char when[48], len[64], line[160];
    float w;

    ui_audit_box(box);
    render_round_rect(r, box, 18, abandoned || playing ? UI_PAPER : UI_CREAM);
    /* Line 1: the mode, when it started, how long it lasted. */
    w = render_text(r, FONT_SANS_BOLD, UI_BODY, x, y1, UI_INK, g ? g->name : mi->mode);
    when_text(mi->started, when, sizeof when);
    length_text(mi, len, sizeof len);
    snprintf(line, sizeof line, "%s \xc2\xb7 %s", when, len);
    ui_text_fit_line(r, FONT_SANS, UI_SMALL, UI_MIN, (rrect){x + w + 18, y1, lw - w - 18, render_line_height(r, FONT_SANS_BOLD, UI_BODY)},
                     TEXT_LEFT, UI_INK_SOFT, line);
    /* Line 2: every seat with its mark, one after another; the winners'
     * names in bold. Where they do not all fit, a computer is its level
     * alone ("Medium"), then each name is cut to an equal share. */
    {
        static const char *const level_words[4] = {"", "Easy", "Medium", "Hard"};
        const char *shown[GAME_MAX_PLAYERS];
        int n = mi->params.players < GAME_MAX_PLAYERS ? mi->params.players : GAME_MAX_PLAYERS;
        float gap = 28, total = 0, sx = x;
        for (int pass = 0; pass < 2; pass++) {
            total = 0;
            for (int s = 0; s < n; s++) {
                int lv = mi->seat[s].level;
                shown[s] = pass && lv >= 1 && lv <= 3 ? level_words[lv] : mi->seat[s].name;
                total += ui_seat_name_width(r, FONT_SANS_BOLD, UI_SMALL, shown[s]) + (s ? gap : 0);
            }
            if (total <= lw)
                break;
        }
        for (int s = 0; s < n; s++) {
            int won = mi->status == MATCH_FINISHED && mi->seat[s].place == 0;
            font_face f = won ? FONT_SANS_BOLD : FONT_SANS;
            char cut[MATCH_NAME_LEN * 2];
            float mark = ui_seat_name_width(r, f, UI_SMALL, "");
            float room = total <= lw ? lw : (lw - gap * (float)(n - 1)) / (float)(n > 0 ? n : 1);
            ui_text_cut(r, f, UI_SMALL, shown[s], room - mark, cut, sizeof cut);
            sx += ui_draw_seat_name(r, s, f, UI_SMALL, sx, y2, won ? UI_INK : UI_INK_SOFT, cut) + gap;
        }
    }
    /* The middle: who won, and why; or that it never ended. */
    if (abandoned || playing) {
        ui_text_fit_line(r, FONT_SANS_BOLD, UI_BODY, UI_SMALL, (rrect){mx, y1, mw, 36}, TEXT_LEFT, UI_ACCENT_INK,
                         abandoned ? "Abandoned" : "Not finished");
        snprintf(line, sizeof line, abandoned ? "Left before the end, after %d move%s." : "Stopped after %d move%s.",
                 mi->moves, mi->moves == 1 ? "" : "s");
        if (g && !g->rules)
            snprintf(line, sizeof line, "%s", abandoned ? "Left before the end." : "Stopped before the end.");
        ui_text_fit_line(r, FONT_SANS, UI_SMALL, UI_MIN, (rrect){mx, y2, mw, 30}, TEXT_LEFT, UI_INK_SOFT, line);
    } else {
        ui_text_fit_line(r, FONT_SANS_BOLD, UI_BODY, UI_SMALL, (rrect){mx, y1, mw, 36}, TEXT_LEFT, UI_INK,
                         mi->result[0] ? mi->result : "Finished");
        ui_text_fit_line(r, FONT_SANS, UI_SMALL, UI_MIN, (rrect){mx, y2, mw, 30}, TEXT_LEFT, UI_INK_SOFT,
                         mi->reason[0] ? mi->reason : "");
    }
    if (exp)
        ui_draw_button(r, exp->r, "Export", p->nav.focus == HID_EXPORT + i, 1, 0);
    if (rep)
        ui_draw_button(r, rep->r, "Replay", p->nav.focus == HID_REPLAY + i, 1, 1);
}

void hist_filter_box(render *r, rrect b, const char *label, const char *value, int focused)
{
    char line[96];
    ui_audit_box(b);
    render_round_rect(r, b, 20, focused ? (rcolor){255, 250, 238, 255} : UI_PAPER);
    render_round_outline(r, b, 20, 2, (rcolor){180, 160, 130, 255});
    snprintf(line, sizeof line, "%s: %s", label, value);
    ui_text_fit_line(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){b.x + 44, b.y, b.w - 88, b.h}, TEXT_CENTER, UI_INK,
                     line);
    ui_draw_sprite_fit(r, "icons/chevron_left", (rrect){b.x + 10, b.y + b.h / 2 - 14, 28, 28}, UI_INK_SOFT);
    ui_draw_sprite_fit(r, "icons/chevron_right", (rrect){b.x + b.w - 38, b.y + b.h / 2 - 14, 28, 28}, UI_INK_SOFT);
}

