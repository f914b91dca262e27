/* The players panel over the history (#28): every person the history
 * knows, with their matches; rename (the name panel, setup_name.c), delete
 * (asked first: their matches stay, they leave the players and the
 * statistics) and their statistics. Computers are players by level and are
 * neither renamed nor deleted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audio/audio.h"
#include "scenes/history_priv.h"
#include "scenes/scenes.h"
#include "shell/settings.h"
#include "shell/toast.h"
#include "shell/trace.h"

#define ROWS_MAX 5 /* the panel clears the screen's title */
#define ROW_H 84.0f

enum { PID_CLOSE = 0, PID_PREV, PID_NEXT, PID_KEEP, PID_DELETE, PID_STATS = 10, PID_RENAME = 20, PID_DEL = 30 };

typedef struct players {
    scene base;
    ui_nav nav;
    hist *h; /* the history below, refreshed after each change */
    history_player people[HIST_PLAYERS_MAX];
    int n, first;
    int confirm; /* the person asked about, or -1 */
    int renaming;
    char rename[SETUP_NAME_LEN], from[SETUP_NAME_LEN];
    char item[ROWS_MAX][3][16];
    rrect panel;
} players;

static void reload(players *p, shell *sh)
{
    history_player all[HIST_PLAYERS_MAX];
    int n = shell_store(sh) ? history_players(shell_store(sh), all, HIST_PLAYERS_MAX) : 0;
    p->n = 0;
    for (int i = 0; i < n; i++)
        if (all[i].level == 0)
            p->people[p->n++] = all[i];
    if (p->first >= p->n)
        p->first = p->n > ROWS_MAX ? p->n - ROWS_MAX : 0;
    hist_players_reload(p->h, sh);
    p->h->dirty = 1;
}

static int shown(const players *p) { return p->n - p->first < ROWS_MAX ? p->n - p->first : ROWS_MAX; }

static void layout(players *p, shell *sh)
{
    float vw = shell_vw(sh), pw = vw - 80 < 1300 ? vw - 80 : 1300, h = 40 + 56 + 30 + ROWS_MAX * ROW_H + 30 + 76 + 44;
    float x, y;
    p->panel = (rrect){(vw - pw) / 2, (RENDER_VIRTUAL_H - 80 - h) / 2, pw, h};
    x = p->panel.x + 50;
    y = p->panel.y + 40 + 56 + 30;
    ui_nav_begin(&p->nav);
    if (p->confirm >= 0) {
        rrect b[2];
        ui_layout_buttons((rrect){p->panel.x + 100, p->panel.y + h - 44 - 76 - 80, pw - 200, 76}, 2, 260, 320, 76, 40, b);
        ui_nav_add(&p->nav, PID_KEEP, b[0], 1, "confirm_keep");
        ui_nav_add(&p->nav, PID_DELETE, b[1], 1, "confirm_delete");
        ui_nav_end(&p->nav, sh);
        return;
    }
    for (int i = 0; i < shown(p); i++) {
        float ry = y + (float)i * ROW_H, bx = p->panel.x + pw - 50;
        snprintf(p->item[i][0], sizeof p->item[0][0], "stats_p%d", i);
        snprintf(p->item[i][1], sizeof p->item[0][1], "rename_p%d", i);
        snprintf(p->item[i][2], sizeof p->item[0][2], "delete_p%d", i);
        ui_nav_add(&p->nav, PID_STATS + i, (rrect){bx - 3 * 190 - 2 * 16, ry + 6, 190, 64}, 1, p->item[i][0]);
        ui_nav_add(&p->nav, PID_RENAME + i, (rrect){bx - 2 * 190 - 16, ry + 6, 190, 64}, 1, p->item[i][1]);
        ui_nav_add(&p->nav, PID_DEL + i, (rrect){bx - 190, ry + 6, 190, 64}, 1, p->item[i][2]);
    }
    (void)x;
    y = p->panel.y + h - 44 - 76;
    ui_nav_add(&p->nav, PID_PREV, (rrect){p->panel.x + 50, y, 200, 76}, p->first > 0, "players_prev");
    ui_nav_add(&p->nav, PID_CLOSE, (rrect){vw / 2 - 150, y, 300, 76}, 1, "players_close");
    ui_nav_add(&p->nav, PID_NEXT, (rrect){p->panel.x + pw - 250, y, 200, 76}, p->first + ROWS_MAX < p->n,
               "players_next");
    ui_nav_end(&p->nav, sh);
}

static void scroll(players *p, int dir)
{
    int to = p->first + dir * ROWS_MAX;
    if (to < 0 || to >= p->n) {
        audio_play(SFX_ERROR);
        return;
    }
    p->first = to;
    audio_play(SFX_CLICK);
}

static void choose(players *p, shell *sh, int id)
{
    if (id == PID_CLOSE) {
        audio_play(SFX_CLICK);
        shell_pop(sh); /* frees p */
    } else if (id == PID_PREV || id == PID_NEXT) {
        scroll(p, id == PID_PREV ? -1 : 1);
    } else if (id == PID_KEEP) {
        audio_play(SFX_CLICK);
        trace_line("history delete %s kept", p->people[p->confirm].name);
        p->confirm = -1;
        layout(p, sh);
    } else if (id == PID_DELETE) {
        const char *name = p->people[p->confirm].name;
        if (history_player_delete(shell_store(sh), name) == 0) {
            audio_play(SFX_CLICK);
            trace_line("history delete %s", name);
            toast_show("%s is no longer a player here; their matches stay in the history.", name);
        } else {
            audio_play(SFX_ERROR);
            toast_show("%s could not be deleted.", name);
        }
        p->confirm = -1;
        reload(p, sh);
        layout(p, sh);
    } else if (id >= PID_STATS && id < PID_STATS + ROWS_MAX) {
        audio_play(SFX_CLICK);
        shell_push(sh, stats_scene_create(sh, p->people[p->first + id - PID_STATS].name, ""));
    } else if (id >= PID_RENAME && id < PID_RENAME + ROWS_MAX) {
        snprintf(p->from, sizeof p->from, "%s", p->people[p->first + id - PID_RENAME].name);
        snprintf(p->rename, sizeof p->rename, "%s", p->from);
        p->renaming = 1;
        audio_play(SFX_CLICK);
        shell_push(sh, setup_name_create(sh, -1, p->rename, NULL, 0));
    } else if (id >= PID_DEL && id < PID_DEL + ROWS_MAX) {
        /* deleting asks first, the safe answer under the focus */
        audio_play(SFX_CLICK);
        p->confirm = p->first + id - PID_DEL;
        trace_line("history delete %s asked", p->people[p->confirm].name);
        layout(p, sh);
        ui_nav_focus(&p->nav, sh, PID_KEEP);
    }
}

static void players_input(scene *s, shell *sh, const action_event *ev)
{
    players *p = s->data;
    int id;
    if (ev->act == ACT_BACK) {
        choose(p, sh, p->confirm >= 0 ? PID_KEEP : PID_CLOSE);
        return;
    }
    if (p->confirm < 0 && (ev->act == ACT_WHEEL || ev->act == ACT_PAGE_UP || ev->act == ACT_PAGE_DOWN ||
                           ev->act == ACT_PREV_TAB || ev->act == ACT_NEXT_TAB)) {
        int up = ev->act == ACT_WHEEL ? ev->wheel > 0 : ev->act == ACT_PAGE_UP || ev->act == ACT_PREV_TAB;
        if (ev->act != ACT_WHEEL || ev->wheel != 0)
            scroll(p, up ? -1 : 1);
        return;
    }
    id = ui_nav_choice(&p->nav, sh, ev);
    if (id >= 0)
        choose(p, sh, id);
}

static double players_wake(scene *s, shell *sh)
{
    (void)sh;
    return ui_nav_wake(&((players *)s->data)->nav);
}

static void players_update(scene *s, shell *sh, double dt)
{
    players *p = s->data;
    if (p->renaming) {
        /* the name panel has closed: rename if the name changed */
        p->renaming = 0;
        if (p->rename[0] && strcmp(p->rename, p->from) != 0) {
            if (history_player_rename(shell_store(sh), p->from, p->rename) == 0) {
                trace_line("history rename %s %s", p->from, p->rename);
                toast_show("%s is now %s.", p->from, p->rename);
            } else {
                audio_play(SFX_ERROR);
                toast_show("%s could not be renamed: is %s taken?", p->from, p->rename);
            }
            reload(p, sh);
        }
    }
    layout(p, sh);
    ui_nav_update(&p->nav, dt, shell_settings(sh)->v[SETTING_reduced_motion]);
}

static void players_draw(scene *s, shell *sh, render *r, float alpha)
{
    players *p = s->data;
    float x = p->panel.x + 50, y = p->panel.y + 40 + 56 + 30;
    char line[160], cut[96];
    ui_draw_dim(r, shell_vw(sh), 170);
    ui_draw_panel(r, p->panel);
    ui_text_center(r, FONT_SERIF_BOLD, UI_HEAD, (rrect){p->panel.x, p->panel.y + 40, p->panel.w, 56}, UI_INK, "Players");
    if (p->confirm >= 0) {
        const history_player *who = &p->people[p->confirm];
        ui_text_cut(r, FONT_SANS_BOLD, UI_HEAD, who->name, p->panel.w / 2, cut, sizeof cut);
        snprintf(line, sizeof line, "Delete %s?", cut);
        ui_text_center(r, FONT_SANS_BOLD, UI_HEAD, (rrect){p->panel.x, y + 40, p->panel.w, 60}, UI_ACCENT_INK, line);
        snprintf(line, sizeof line,
                 "Their %d match%s stay in the history under their name; they leave the list of players and the statistics.",
                 who->matches, who->matches == 1 ? "" : "es");
        render_text_wrapped(r, FONT_SANS, UI_BODY, p->panel.x + 100, y + 130, p->panel.w - 200, TEXT_CENTER, UI_INK,
                            line, 1);
        ui_draw_button(r, ui_nav_item(&p->nav, PID_KEEP)->r, "Keep", p->nav.focus == PID_KEEP, 1, 0);
        ui_draw_button(r, ui_nav_item(&p->nav, PID_DELETE)->r, "Delete", p->nav.focus == PID_DELETE, 1, 1);
        ui_nav_draw(&p->nav, r, alpha, ui_focus_visible(sh));
        ui_draw_hints(r, sh, "Choose", "Keep", NULL);
        return;
    }
    if (p->n == 0)
        ui_text_center(r, FONT_SANS, UI_BODY, (rrect){p->panel.x, y + 100, p->panel.w, 60}, UI_INK_SOFT,
                       "No one yet: a name given in setup becomes a player.");
    for (int i = 0; i < shown(p); i++) {
        const history_player *who = &p->people[p->first + i];
        float ry = y + (float)i * ROW_H, nw = ui_nav_item(&p->nav, PID_STATS + i)->r.x - x - 20;
        ui_text_cut(r, FONT_SANS_BOLD, UI_BODY, who->name, nw * 0.6f, cut, sizeof cut);
        render_text(r, FONT_SANS_BOLD, UI_BODY, x, ry + 20, UI_INK, cut);
        snprintf(line, sizeof line, "%d match%s", who->matches, who->matches == 1 ? "" : "es");
        ui_text_fit_line(r, FONT_SANS, UI_SMALL, UI_MIN, (rrect){x + nw * 0.62f, ry + 6, nw * 0.38f, 64}, TEXT_LEFT,
                         UI_INK_SOFT, line);
        ui_draw_button(r, ui_nav_item(&p->nav, PID_STATS + i)->r, "Statistics", p->nav.focus == PID_STATS + i, 1, 0);
        ui_draw_button(r, ui_nav_item(&p->nav, PID_RENAME + i)->r, "Rename", p->nav.focus == PID_RENAME + i, 1, 0);
        ui_draw_button(r, ui_nav_item(&p->nav, PID_DEL + i)->r, "Delete", p->nav.focus == PID_DEL + i, 1, 0);
    }
    ui_draw_button(r, ui_nav_item(&p->nav, PID_PREV)->r, "\xe2\x97\x82 Previous", p->nav.focus == PID_PREV,
                   ui_nav_item(&p->nav, PID_PREV)->enabled, 0);
    ui_draw_button(r, ui_nav_item(&p->nav, PID_CLOSE)->r, "Close", p->nav.focus == PID_CLOSE, 1, 1);
    ui_draw_button(r, ui_nav_item(&p->nav, PID_NEXT)->r, "Next \xe2\x96\xb8", p->nav.focus == PID_NEXT,
                   ui_nav_item(&p->nav, PID_NEXT)->enabled, 0);
    ui_nav_draw(&p->nav, r, alpha, ui_focus_visible(sh));
    ui_draw_hints(r, sh, "Choose", "Close", NULL);
}

static void players_leave(scene *s, shell *sh)
{
    (void)sh;
    free(s->data);
}

static void players_enter(scene *s, shell *sh)
{
    players *p = s->data;
    reload(p, sh);
    layout(p, sh);
}

scene *hist_players_create(shell *sh, hist *h)
{
    players *p = calloc(1, sizeof *p);
    (void)sh;
    if (!p)
        abort();
    p->h = h;
    p->confirm = -1;
    ui_nav_init(&p->nav, "players");
    p->base = (scene){"players", 1, players_enter, players_leave, players_input, players_update, players_draw, p,
                      players_wake, 0};
    return &p->base;
}
