/* The history screen (#28): every kept match, newest first, filtered by
 * mode and by player, one page read at a time (history_list with an offset:
 * ten thousand matches open as fast as ten). Each row says when, which
 * mode, who sat where (their seat's mark and name), who won and why, and how
 * long it took; an abandoned match says so. Rows export their match file;
 * Import reads the files in the imports folder, and a file dropped on the
 * window is imported too (history_io.c). Players and statistics open from
 * here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/history.h"
#include "audio/audio.h"
#include "core/log.h"
#include "scenes/history_priv.h"
#include "scenes/scene_names.h"
#include "scenes/scenes.h"
#include "shell/settings.h"
#include "shell/toast.h"
#include "shell/trace.h"
#include "ui/ui.h"

#define LIST_TOP 262.0f
#define LIST_BOTTOM 906.0f
#define ROW_H 120.0f
#define ROW_GAP 10.0f
#define ACT_W 150.0f

static const game_info *mode_game(const hist *p) { return p->mode_i >= 0 ? registry_get(p->mode_i) : NULL; }

const char *hist_player_name(const hist *p) { return p->player_i >= 0 ? p->players[p->player_i].name : ""; }

void hist_players_reload(hist *p, shell *sh)
{
    char keep[MATCH_NAME_LEN];
    snprintf(keep, sizeof keep, "%s", hist_player_name(p));
    p->nplayers = shell_store(sh) ? history_players(shell_store(sh), p->players, HIST_PLAYERS_MAX) : 0;
    if (p->nplayers < 0)
        p->nplayers = 0;
    p->player_i = -1;
    for (int i = 0; i < p->nplayers && keep[0]; i++)
        if (strcmp(p->players[i].name, keep) == 0)
            p->player_i = i;
}

/* Reads the page shown: the count, then that page's rows only. */
void hist_query(hist *p, shell *sh)
{
    store *db = shell_store(sh);
    history_filter f;
    memset(&f, 0, sizeof f);
    if (mode_game(p))
        snprintf(f.mode, sizeof f.mode, "%s", mode_game(p)->id);
    snprintf(f.player, sizeof f.player, "%s", hist_player_name(p));
    p->total = db ? history_count(db, &f) : 0;
    if (p->total < 0)
        p->total = 0;
    if (p->page * p->per_page >= p->total)
        p->page = p->total > 0 ? (p->total - 1) / p->per_page : 0;
    p->nrows = db && p->total ? history_list(db, &f, p->page * p->per_page, p->per_page, p->rows) : 0;
    if (p->nrows < 0)
        p->nrows = 0;
    p->dirty = 0;
    trace_line("history list mode %s player %s total %d page %d rows %d", f.mode[0] ? f.mode : "all",
               f.player[0] ? f.player : "anyone", p->total, p->page + 1, p->nrows);
    for (int i = 0; i < p->nrows; i++) {
        const match_info *mi = &p->rows[i].info;
        char seats[160] = "";
        for (int s = 0; s < mi->params.players; s++)
            snprintf(seats + strlen(seats), sizeof seats - strlen(seats), "%s%s", s ? "," : "", mi->seat[s].name);
        trace_line("history row %lld %s %s seats %s result %s", (long long)p->rows[i].id, mi->mode,
                   mi->status == MATCH_FINISHED ? "finished" : mi->status == MATCH_ABANDONED ? "abandoned" : "playing",
                   seats, mi->result[0] ? mi->result : "-");
    }
}

static void layout(hist *p, shell *sh)
{
    float vw = shell_vw(sh), x = 50, w = vw - 100, y = LIST_TOP;
    int per = (int)((LIST_BOTTOM - LIST_TOP + ROW_GAP) / (ROW_H + ROW_GAP));
    if (per > HIST_PAGE_MAX)
        per = HIST_PAGE_MAX;
    if (per != p->per_page) {
        p->per_page = per;
        p->dirty = 1;
    }
    if (p->dirty)
        hist_query(p, sh);
    p->list = (rrect){x, LIST_TOP - 12, w, LIST_BOTTOM - LIST_TOP + 24};
    ui_nav_begin(&p->nav);
    ui_nav_add(&p->nav, HID_BACK, (rrect){40, 50, 150, 60}, 1, "back");
    {
        /* The filters and the screen's own buttons share one row under the title. */
        float fw = vw >= 1700 ? 400 : 330, bw = vw >= 1700 ? 220 : 190, gap = 20;
        float row_w = 2 * fw + 3 * bw + 4 * gap, fx = (vw - row_w) / 2, fy = 178;
        ui_nav_add(&p->nav, HID_MODE, (rrect){fx, fy, fw, 64}, 1, "filter_mode");
        ui_nav_adjusts(&p->nav, HID_MODE);
        ui_nav_add(&p->nav, HID_PLAYER, (rrect){fx + fw + gap, fy, fw, 64}, 1, "filter_player");
        ui_nav_adjusts(&p->nav, HID_PLAYER);
        ui_nav_add(&p->nav, HID_STATS, (rrect){fx + 2 * (fw + gap), fy, bw, 64}, 1, "stats");
        ui_nav_add(&p->nav, HID_PLAYERS, (rrect){fx + 2 * (fw + gap) + bw + gap, fy, bw, 64}, 1, "players");
        ui_nav_add(&p->nav, HID_IMPORT, (rrect){fx + 2 * (fw + gap) + 2 * (bw + gap), fy, bw, 64}, 1, "import");
    }
    for (int i = 0; i < p->nrows; i++) {
        rrect row = {x, y + (float)i * (ROW_H + ROW_GAP), w, ROW_H};
        float ax = row.x + row.w - 20 - ACT_W;
        snprintf(p->item[i][0], sizeof p->item[0][0], "export%d", i);
        ui_nav_add(&p->nav, HID_EXPORT + i, (rrect){ax, row.y + (ROW_H - 60) / 2, ACT_W, 60}, 1, p->item[i][0]);
        if (scenes_has_replay() && p->rows[i].info.status != MATCH_PLAYING) {
            snprintf(p->item[i][1], sizeof p->item[0][1], "replay%d", i);
            ui_nav_add(&p->nav, HID_REPLAY + i, (rrect){ax - 20 - ACT_W, row.y + (ROW_H - 60) / 2, ACT_W, 60}, 1,
                       p->item[i][1]);
        }
    }
    {
        float py = LIST_BOTTOM + 14;
        int pages = p->total > 0 ? (p->total + p->per_page - 1) / p->per_page : 1;
        ui_nav_add(&p->nav, HID_PREV, (rrect){vw / 2 - 420, py, 200, 60}, p->page > 0, "page_prev");
        ui_nav_add(&p->nav, HID_NEXT, (rrect){vw / 2 + 220, py, 200, 60}, p->page + 1 < pages, "page_next");
    }
    ui_nav_end(&p->nav, sh);
}

/* A page turned: the rows read again, the focus kept on the same column. */
static void turn_page(hist *p, shell *sh, int dir, int focus_row)
{
    int pages = p->total > 0 ? (p->total + p->per_page - 1) / p->per_page : 1, was = p->nav.focus;
    if (p->page + dir < 0 || p->page + dir >= pages) {
        audio_play(SFX_ERROR);
        return;
    }
    p->page += dir;
    p->dirty = 1;
    audio_play(SFX_CLICK);
    layout(p, sh);
    if (focus_row >= 0 && p->nrows > 0) {
        int row = focus_row < p->nrows ? focus_row : p->nrows - 1;
        ui_nav_focus(&p->nav, sh, (was >= HID_REPLAY && was < HID_REPLAY + HIST_PAGE_MAX && ui_nav_item(&p->nav, HID_REPLAY + row))
                                      ? HID_REPLAY + row
                                      : HID_EXPORT + row);
    }
}

static void step_filter(hist *p, shell *sh, int id, int dir)
{
    if (id == HID_MODE) {
        int n = registry_count();
        p->mode_i = (p->mode_i + 1 + dir + n + 1) % (n + 1) - 1;
    } else if (id == HID_PLAYER) {
        p->player_i = (p->player_i + 1 + dir + p->nplayers + 1) % (p->nplayers + 1) - 1;
    } else {
        return;
    }
    audio_play(SFX_CLICK);
    p->page = 0;
    p->dirty = 1;
    layout(p, sh);
}

static void choose(hist *p, shell *sh, int id)
{
    if (id == HID_BACK) {
        audio_play(SFX_CLICK);
        shell_back(sh); /* frees p */
    } else if (id == HID_MODE || id == HID_PLAYER) {
        step_filter(p, sh, id, 1);
    } else if (id == HID_STATS) {
        if (p->player_i < 0) {
            /* statistics are a player's: the first person, or ask for one */
            int who = -1;
            for (int i = 0; i < p->nplayers && who < 0; i++)
                if (p->players[i].level == 0)
                    who = i;
            if (who < 0) {
                audio_play(SFX_ERROR);
                toast_show("Pick a player first: statistics are one player's.");
                return;
            }
            p->player_i = who;
            p->dirty = 1;
        }
        audio_play(SFX_CLICK);
        shell_push(sh, stats_scene_create(sh, hist_player_name(p), mode_game(p) ? mode_game(p)->id : ""));
    } else if (id == HID_PLAYERS) {
        audio_play(SFX_CLICK);
        shell_push(sh, hist_players_create(sh, p));
    } else if (id == HID_IMPORT) {
        hist_import_folder(p, sh);
    } else if (id == HID_PREV || id == HID_NEXT) {
        turn_page(p, sh, id == HID_PREV ? -1 : 1, -1);
    } else if (id >= HID_EXPORT && id < HID_EXPORT + p->nrows) {
        hist_export(p, sh, p->rows[id - HID_EXPORT].id);
    } else if (id >= HID_REPLAY && id < HID_REPLAY + p->nrows) {
        scene *s = scenes_replay(sh, p->rows[id - HID_REPLAY].id);
        if (s) {
            audio_play(SFX_CLICK);
            shell_push(sh, s);
        } else {
            audio_play(SFX_ERROR);
        }
    }
}

/* Which row the focus is on, or -1. */
static int focus_row(const hist *p)
{
    int f = p->nav.focus;
    if (f >= HID_EXPORT && f < HID_EXPORT + HIST_PAGE_MAX)
        return f - HID_EXPORT;
    if (f >= HID_REPLAY && f < HID_REPLAY + HIST_PAGE_MAX)
        return f - HID_REPLAY;
    return -1;
}

static void hist_input(scene *s, shell *sh, const action_event *ev)
{
    hist *p = s->data;
    int id, row = focus_row(p);
    if (ev->act == ACT_BACK) {
        choose(p, sh, HID_BACK);
        return;
    }
    if (ev->act == ACT_DROP && ev->text) {
        hist_import_file(p, sh, ev->text, 1);
        return;
    }
    if (ev->act == ACT_TEXT)
        return;
    if (ev->act == ACT_ALT) {
        /* Y: up to the filters from any page (the d-pad up pages back first) */
        audio_play(SFX_CLICK);
        ui_nav_focus(&p->nav, sh, HID_MODE);
        return;
    }
    if ((ev->act == ACT_LEFT || ev->act == ACT_RIGHT) && ui_nav_focus_adjusts(&p->nav)) {
        step_filter(p, sh, p->nav.focus, ev->act == ACT_LEFT ? -1 : 1);
        return;
    }
    /* By the page: the wheel, Page Up/Down and the shoulders, and the d-pad
     * past the last (or first) row of a page. */
    if (ev->act == ACT_WHEEL && ev->wheel != 0) {
        turn_page(p, sh, ev->wheel > 0 ? -1 : 1, row);
        return;
    }
    if (ev->act == ACT_PAGE_UP || ev->act == ACT_PREV_TAB || ev->act == ACT_PAGE_DOWN || ev->act == ACT_NEXT_TAB) {
        turn_page(p, sh, ev->act == ACT_PAGE_UP || ev->act == ACT_PREV_TAB ? -1 : 1, row);
        return;
    }
    if (ev->act == ACT_DOWN && row == p->nrows - 1 && row >= 0 && (p->page + 1) * p->per_page < p->total) {
        turn_page(p, sh, 1, 0);
        return;
    }
    if (ev->act == ACT_UP && row == 0 && p->page > 0) {
        turn_page(p, sh, -1, p->per_page - 1);
        return;
    }
    /* A drag over the list pages it as a finger would: up a row's height or more is the next page. */
    if (ev->act == ACT_POINTER_DOWN && ui_rect_contains(p->list, ev->x, ev->y)) {
        p->dragging = 1;
        p->drag_y0 = ev->y;
    } else if (ev->act == ACT_POINTER_UP && p->dragging) {
        float dy = ev->y - p->drag_y0;
        p->dragging = 0;
        if (dy <= -ROW_H || dy >= ROW_H) {
            turn_page(p, sh, dy < 0 ? 1 : -1, -1);
            return;
        }
    }
    id = ui_nav_choice(&p->nav, sh, ev);
    if (id >= 0)
        choose(p, sh, id);
}

static double hist_wake(scene *s, shell *sh)
{
    (void)sh;
    return ui_nav_wake(&((hist *)s->data)->nav);
}

static void hist_update(scene *s, shell *sh, double dt)
{
    hist *p = s->data;
    layout(p, sh);
    ui_nav_update(&p->nav, dt, shell_settings(sh)->v[SETTING_reduced_motion]);
}

static void hist_draw(scene *s, shell *sh, render *r, float alpha)
{
    hist *p = s->data;
    float vw = shell_vw(sh);
    char line[128];
    {
        /* the rows are opaque: the table is not filled under them (a software rasteriser's fill) */
        rrect covers[HIST_PAGE_MAX];
        for (int i = 0; i < p->nrows; i++)
            covers[i] = (rrect){p->list.x, LIST_TOP + (float)i * (ROW_H + ROW_GAP), p->list.w, ROW_H};
        ui_draw_table_behind(r, vw, covers, p->nrows, 18);
    }
    ui_draw_title(r, vw, "History", NULL);
    ui_draw_button(r, ui_nav_item(&p->nav, HID_BACK)->r, "Back", p->nav.focus == HID_BACK, 1, 0);
    hist_filter_box(r, ui_nav_item(&p->nav, HID_MODE)->r, "Mode", mode_game(p) ? mode_game(p)->name : "All modes",
               p->nav.focus == HID_MODE);
    hist_filter_box(r, ui_nav_item(&p->nav, HID_PLAYER)->r, "Player", p->player_i >= 0 ? hist_player_name(p) : "Anyone",
               p->nav.focus == HID_PLAYER);
    ui_draw_button(r, ui_nav_item(&p->nav, HID_STATS)->r, "Statistics", p->nav.focus == HID_STATS, 1, 0);
    ui_draw_button(r, ui_nav_item(&p->nav, HID_PLAYERS)->r, "Players", p->nav.focus == HID_PLAYERS, 1, 0);
    ui_draw_button(r, ui_nav_item(&p->nav, HID_IMPORT)->r, "Import", p->nav.focus == HID_IMPORT, 1, 0);
    if (p->nrows == 0) {
        rrect box = {vw / 2 - 560, 420, 1120, 200};
        ui_draw_panel(r, box);
        ui_text_fit(r, FONT_SANS_BOLD, UI_HEAD, UI_BODY, (rrect){box.x + 40, box.y + 30, box.w - 80, 60}, TEXT_CENTER,
                    UI_INK, p->mode_i < 0 && p->player_i < 0 ? "No match kept yet" : "No match of this kind");
        ui_text_fit(r, FONT_SANS, UI_BODY, UI_MIN, (rrect){box.x + 40, box.y + 100, box.w - 80, 70}, TEXT_CENTER,
                    UI_INK_SOFT,
                    p->mode_i < 0 && p->player_i < 0 ? "Every match played from now on is listed here."
                                                      : "Change the filters to see more.");
    }
    for (int i = 0; i < p->nrows; i++)
        hist_draw_row(p, r, i, (rrect){p->list.x, LIST_TOP + (float)i * (ROW_H + ROW_GAP), p->list.w, ROW_H});
    if (p->total > 0) {
        char a[24], b[24], t[24];
        hist_thousands(p->page * p->per_page + 1, a, sizeof a);
        hist_thousands(p->page * p->per_page + p->nrows, b, sizeof b);
        hist_thousands(p->total, t, sizeof t);
        snprintf(line, sizeof line, "Matches %s\xe2\x80\x93%s of %s", a, b, t);
        ui_text_center(r, FONT_SANS_BOLD, UI_BODY, (rrect){vw / 2 - 200, LIST_BOTTOM + 14, 400, 60}, UI_CREAM, line);
    }
    ui_draw_button(r, ui_nav_item(&p->nav, HID_PREV)->r, "\xe2\x97\x82 Newer", p->nav.focus == HID_PREV, p->page > 0, 0);
    ui_draw_button(r, ui_nav_item(&p->nav, HID_NEXT)->r, "Older \xe2\x96\xb8", p->nav.focus == HID_NEXT,
                   ui_nav_item(&p->nav, HID_NEXT)->enabled, 0);
    ui_nav_draw(&p->nav, r, alpha, ui_focus_visible(sh));
    ui_draw_hints(r, sh, "Choose", "Back", "Filters");
}

static void hist_leave(scene *s, shell *sh)
{
    (void)sh;
    free(s->data);
}

static void hist_enter(scene *s, shell *sh)
{
    hist *p = s->data;
    hist_players_reload(p, sh);
    p->dirty = 1;
    layout(p, sh);
}

scene *history_scene_create(shell *sh, const char *game_id)
{
    hist *p = calloc(1, sizeof *p);
    (void)sh;
    if (!p)
        abort();
    p->mode_i = -1;
    p->player_i = -1;
    for (int i = 0; game_id && i < registry_count(); i++)
        if (strcmp(registry_get(i)->id, game_id) == 0)
            p->mode_i = i;
    ui_nav_init(&p->nav, "history");
    p->base = (scene){"history", 0, hist_enter, hist_leave, hist_input, hist_update, hist_draw, p,
                      hist_wake, MUSIC_MENU};
    return &p->base;
}
