/* The statistics screen (#28): one player in one mode (or every mode), as
 * big numbers and two charts people would rather look at than read: the win
 * rate over time (a line over runs of matches) and the results against each
 * computer level (stacked bars of won, shared and lost). Counted by
 * app/stats.c from the history each time it opens or a filter changes.
 * Drawn for a TV across the room: numbers at title size, every word at
 * UI_BODY or UI_SMALL, ink on cream. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/stats.h"
#include "audio/audio.h"
#include "scenes/history_priv.h"
#include "scenes/scenes.h"
#include "scenes/stats_priv.h"
#include "shell/settings.h"
#include "shell/trace.h"
#include "ui/ui.h"

enum { SID_BACK = 0, SID_MODE, SID_PLAYER };

static const game_info *mode_game(const stats_scene *p) { return p->mode_i >= 0 ? registry_get(p->mode_i) : NULL; }

/* Counts again for the player and mode shown, and traces the numbers a test reads. */
static void compute(stats_scene *p, shell *sh)
{
    history_filter f;
    int per;
    memset(&f, 0, sizeof f);
    memset(&p->sum, 0, sizeof p->sum);
    p->npoints = 0;
    if (mode_game(p))
        snprintf(f.mode, sizeof f.mode, "%s", mode_game(p)->id);
    snprintf(f.player, sizeof f.player, "%s", p->player);
    if (!shell_store(sh) || !p->player[0] || stats_compute(shell_store(sh), &f, &p->sum) != 0) {
        p->ok = 0;
        trace_line("stats %s %s none", p->player[0] ? p->player : "-", f.mode[0] ? f.mode : "all");
        return;
    }
    p->ok = 1;
    /* about a dozen points, whatever the number of matches */
    per = p->sum.played / STATS_POINTS_MAX + (p->sum.played % STATS_POINTS_MAX != 0);
    p->per = per < 1 ? 1 : per;
    p->npoints = stats_over_time(shell_store(sh), &f, p->per, p->points, STATS_POINTS_MAX);
    if (p->npoints < 0)
        p->npoints = 0;
    trace_line("stats %s %s played %d won %d shared %d lost %d abandoned %d streak %d best %d vs %d/%d %d/%d %d/%d points %d",
               p->player, f.mode[0] ? f.mode : "all", p->sum.played, p->sum.won, p->sum.shared, p->sum.lost,
               p->sum.abandoned, p->sum.streak, p->sum.best_streak, p->sum.vs_won[1], p->sum.vs_played[1],
               p->sum.vs_won[2], p->sum.vs_played[2], p->sum.vs_won[3], p->sum.vs_played[3], p->npoints);
}

static void layout(stats_scene *p, shell *sh)
{
    float vw = shell_vw(sh), fw = vw >= 1700 ? 440 : 380, gap = 24, fx = (vw - 2 * fw - gap) / 2;
    ui_nav_begin(&p->nav);
    ui_nav_add(&p->nav, SID_BACK, (rrect){40, 50, 150, 60}, 1, "back");
    ui_nav_add(&p->nav, SID_MODE, (rrect){fx, 172, fw, 64}, 1, "stats_mode");
    ui_nav_adjusts(&p->nav, SID_MODE);
    ui_nav_add(&p->nav, SID_PLAYER, (rrect){fx + fw + gap, 172, fw, 64}, 1, "stats_player");
    ui_nav_adjusts(&p->nav, SID_PLAYER);
    ui_nav_end(&p->nav, sh);
}

static void step(stats_scene *p, shell *sh, int id, int dir)
{
    if (id == SID_MODE) {
        int n = registry_count();
        p->mode_i = (p->mode_i + 1 + dir + n + 1) % (n + 1) - 1;
    } else if (id == SID_PLAYER && p->npeople > 1) {
        int at = 0;
        for (int i = 0; i < p->npeople; i++)
            if (strcmp(p->people[i], p->player) == 0)
                at = i;
        at = (at + dir + p->npeople) % p->npeople;
        snprintf(p->player, sizeof p->player, "%s", p->people[at]);
    } else {
        audio_play(SFX_ERROR);
        return;
    }
    audio_play(SFX_CLICK);
    compute(p, sh);
}

static void stats_input(scene *s, shell *sh, const action_event *ev)
{
    stats_scene *p = s->data;
    int id;
    if (ev->act == ACT_BACK) {
        audio_play(SFX_CLICK);
        shell_pop(sh); /* frees p */
        return;
    }
    if ((ev->act == ACT_LEFT || ev->act == ACT_RIGHT) && ui_nav_focus_adjusts(&p->nav)) {
        step(p, sh, p->nav.focus, ev->act == ACT_LEFT ? -1 : 1);
        return;
    }
    if (ev->act == ACT_PREV_TAB || ev->act == ACT_NEXT_TAB) {
        step(p, sh, SID_MODE, ev->act == ACT_PREV_TAB ? -1 : 1);
        return;
    }
    id = ui_nav_event(&p->nav, sh, ev);
    if (id == SID_BACK) {
        audio_play(SFX_CLICK);
        shell_pop(sh);
    } else if (id == SID_MODE || id == SID_PLAYER) {
        step(p, sh, id, 1);
    }
}

static double stats_wake(scene *s, shell *sh)
{
    (void)sh;
    return ui_nav_wake(&((stats_scene *)s->data)->nav);
}

static void stats_update(scene *s, shell *sh, double dt)
{
    stats_scene *p = s->data;
    layout(p, sh);
    ui_nav_update(&p->nav, dt, shell_settings(sh)->v[SETTING_reduced_motion]);
}

static void stats_draw(scene *s, shell *sh, render *r, float alpha)
{
    stats_scene *p = s->data;
    float vw = shell_vw(sh);
    ui_draw_table(r, vw);
    ui_draw_title(r, vw, "Statistics", NULL);
    ui_draw_button(r, ui_nav_item(&p->nav, SID_BACK)->r, "Back", p->nav.focus == SID_BACK, 1, 0);
    hist_filter_box(r, ui_nav_item(&p->nav, SID_MODE)->r, "Mode", mode_game(p) ? mode_game(p)->name : "All modes",
               p->nav.focus == SID_MODE);
    hist_filter_box(r, ui_nav_item(&p->nav, SID_PLAYER)->r, "Player", p->player[0] ? p->player : "\xe2\x80\x94",
               p->nav.focus == SID_PLAYER);
    stats_draw_body(p, r, vw, mode_game(p));
    ui_nav_draw(&p->nav, r, alpha, ui_focus_visible(sh));
    ui_draw_hints(r, sh, "Choose", "Back", NULL);
}

static void stats_leave(scene *s, shell *sh)
{
    (void)sh;
    free(s->data);
}

static void stats_enter(scene *s, shell *sh)
{
    stats_scene *p = s->data;
    history_player all[64];
    int n = shell_store(sh) ? history_players(shell_store(sh), all, 64) : 0;
    p->npeople = 0;
    for (int i = 0; i < n && p->npeople < STATS_PEOPLE_MAX; i++)
        snprintf(p->people[p->npeople++], sizeof p->people[0], "%s", all[i].name);
    if (!p->player[0] && n > 0 && all[0].level == 0) /* none named: the first person (people come first) */
        snprintf(p->player, sizeof p->player, "%s", all[0].name);
    compute(p, sh);
    layout(p, sh);
}

scene *stats_scene_create(shell *sh, const char *player, const char *game_id)
{
    stats_scene *p = calloc(1, sizeof *p);
    (void)sh;
    if (!p)
        abort();
    snprintf(p->player, sizeof p->player, "%s", player ? player : "");
    p->mode_i = -1;
    for (int i = 0; game_id && i < registry_count(); i++)
        if (strcmp(registry_get(i)->id, game_id) == 0)
            p->mode_i = i;
    ui_nav_init(&p->nav, "stats");
    p->base = (scene){"stats", 0, stats_enter, stats_leave, stats_input, stats_update, stats_draw, p, stats_wake,
                      MUSIC_MENU};
    return &p->base;
}
