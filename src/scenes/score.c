/* The common end-of-game screen: ranking, points per round, play again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "audio/audio.h"
#include "scenes/scenes.h"
#include "ui/ui.h"

enum { ID_AGAIN = 0, ID_PICKER };

typedef struct score_scene {
    scene base;
    ui_nav nav;
    score_report rep;
    int order[GAME_MAX_PLAYERS];
    rrect panel;
    double t;
} score_scene;

/* Ranks from totals: ties share a rank; lower wins where the report says so. */
static void rank_by_total(score_report *rep)
{
    for (int i = 0; i < rep->players; i++) {
        rep->rank[i] = 0;
        for (int j = 0; j < rep->players; j++)
            if (rep->lower_is_better ? rep->total[j] < rep->total[i] : rep->total[j] > rep->total[i])
                rep->rank[i]++;
    }
}

/* SPEEDSTAX: four players over five rounds, two tied firsts (13, 13, 12, 7). */
static void sample_rounds(score_report *rep)
{
    static const int pts[4][5] = {{4, 2, 3, 4, 0}, {3, 4, 0, 2, 4}, {2, 3, 4, 0, 3}, {0, 0, 2, 3, 2}};
    static const char *const names[4] = {"Player 1", "Computer (Hard)", "Player 3", "Computer (Easy)"};
    rep->game_id = "speedstax";
    rep->players = 4;
    rep->rounds = 5;
    for (int i = 0; i < 4; i++) {
        snprintf(rep->names[i], sizeof rep->names[i], "%s", names[i]);
        for (int j = 0; j < 5; j++) {
            rep->points[i][j] = pts[i][j];
            rep->total[i] += pts[i][j];
        }
    }
}

int score_report_sample(score_report *rep, const char *game_id)
{
    memset(rep, 0, sizeof *rep);
    if (!game_id || strcmp(game_id, "speedstax") == 0) {
        sample_rounds(rep);
    } else if (strcmp(game_id, "stax") == 0) {
        /* As the STAX table reports: the stacks each side has on top at the end. */
        static const char *const names[2] = {"Red \xe2\x80\x94 Human", "Blue \xe2\x80\x94 Computer (Medium)"};
        static const int tops[2] = {7, 3};
        rep->game_id = "stax";
        rep->players = 2;
        for (int i = 0; i < 2; i++) {
            snprintf(rep->names[i], sizeof rep->names[i], "%s", names[i]);
            rep->total[i] = tops[i];
        }
    } else if (strcmp(game_id, "9stax") == 0) {
        /* As the 9 STAX table reports: cards left, the fewest wins. */
        static const char *const names[3] = {"P1 \xe2\x80\x94 Human", "P2 \xe2\x80\x94 Computer (Easy)",
                                             "P3 \xe2\x80\x94 Computer (Hard)"};
        static const int left[3] = {0, 5, 2};
        rep->game_id = "9stax";
        rep->players = 3;
        rep->lower_is_better = 1;
        for (int i = 0; i < 3; i++) {
            snprintf(rep->names[i], sizeof rep->names[i], "%s", names[i]);
            rep->total[i] = left[i];
        }
    } else {
        return -1; /* no table yet, so no result to show */
    }
    rank_by_total(rep);
    return 0;
}

static void layout_scene(score_scene *p, app *a)
{
    float w = 1240, h = 170 + 96.0f * (float)p->rep.players;
    p->panel = (rrect){(a->vw - w) / 2, 210, w, h};
    ui_nav_begin(&p->nav);
    ui_nav_add(&p->nav, ID_AGAIN, (rrect){a->vw / 2 + 20, p->panel.y + h + 50, 340, 76}, 1, "again");
    ui_nav_add(&p->nav, ID_PICKER, (rrect){a->vw / 2 - 360, p->panel.y + h + 50, 340, 76}, 1,
               "picker");
    ui_nav_end(&p->nav, a);
}

static void go(score_scene *p, app *a, int id)
{
    const game_info *g = registry_find(p->rep.game_id);
    audio_play(SFX_CLICK);
    if (id == ID_AGAIN && g) {
        app_scene_replace(a, setup_scene_create(a, g));
    } else {
        /* Back to the picker: drop everything above the bottom scene. */
        while (a->scenes.n > 1)
            app_scene_pop(a);
        if (a->scenes.n == 0 || strcmp(scene_top(&a->scenes)->name, "picker") != 0)
            app_scene_replace(a, picker_scene_create(a));
    }
}

static void score_input(scene *s, app *a, const action_event *ev)
{
    score_scene *p = s->data;
    int id;
    if (ev->act == ACT_BACK) {
        go(p, a, ID_PICKER);
        return;
    }
    id = ui_nav_event(&p->nav, a, ev);
    if (id >= 0)
        go(p, a, id);
}

static void score_update(scene *s, app *a, double dt)
{
    score_scene *p = s->data;
    p->t += dt;
    layout_scene(p, a);
    ui_nav_update(&p->nav, dt, a->settings.v[SETTING_reduced_motion]);
}

static void score_draw(scene *s, app *a, render *r, float alpha)
{
    score_scene *p = s->data;
    const score_report *rep = &p->rep;
    const game_info *g = registry_find(rep->game_id);
    static const char *const places[] = {"1st", "2nd", "3rd", "4th"};
    float x = p->panel.x + 40, y = p->panel.y + 40, colw = 84;
    float total_x = p->panel.x + p->panel.w - 150, rounds_x = total_x - colw * (float)rep->rounds - 20;
    char line[96];

    ui_draw_table(r, a->vw);
    if (rep->note[0])
        snprintf(line, sizeof line, "%s \xe2\x80\x94 %s", g ? g->name : rep->game_id, rep->note);
    else
        snprintf(line, sizeof line, "%s \xe2\x80\x94 results", g ? g->name : rep->game_id);
    ui_draw_title(r, a->vw, "Game over", line);
    ui_draw_panel(r, p->panel);
    render_text(r, FONT_SANS_BOLD, UI_SMALL, x, y, UI_INK_SOFT, "PLACE");
    render_text(r, FONT_SANS_BOLD, UI_SMALL, x + 170, y, UI_INK_SOFT, "PLAYER");
    for (int j = 0; j < rep->rounds; j++) {
        snprintf(line, sizeof line, "R%d", j + 1);
        ui_text_center(r, FONT_SANS_BOLD, UI_SMALL, (rrect){rounds_x + colw * (float)j, y, colw, 30},
                       UI_INK_SOFT, line);
    }
    ui_text_center(r, FONT_SANS_BOLD, UI_SMALL, (rrect){total_x, y, 110, 30}, UI_INK_SOFT, "TOTAL");
    y += 56;
    for (int k = 0; k < rep->players; k++) {
        int i = p->order[k], first = rep->rank[i] == 0;
        rrect row = {p->panel.x + 20, y, p->panel.w - 40, 84};
        ui_audit_box(row);
        render_round_rect(r, row, 20, first ? (rcolor){255, 236, 180, 255} : (rcolor){244, 232, 210, 255});
        if (first)
            ui_draw_sprite_fit(r, "icons/trophy", (rrect){x - 4, y + 14, 56, 56}, (rcolor){214, 150, 20, 255});
        render_text(r, FONT_SANS_BOLD, UI_HEAD, x + 62, y + 18, UI_INK, places[rep->rank[i]]);
        render_text(r, FONT_SANS_BOLD, UI_BODY, x + 170, y + 24, UI_INK, rep->names[i]);
        for (int j = 0; j < rep->rounds; j++) {
            snprintf(line, sizeof line, "%d", rep->points[i][j]);
            ui_text_center(r, FONT_SANS, UI_BODY, (rrect){rounds_x + colw * (float)j, y, colw, 84},
                           UI_INK_SOFT, line);
        }
        snprintf(line, sizeof line, "%d", rep->total[i]);
        ui_text_center(r, FONT_SANS_BOLD, UI_HEAD, (rrect){total_x, y, 110, 84}, UI_INK, line);
        y += 96;
    }
    if (rep->lower_is_better)
        render_text(r, FONT_SANS_OBLIQUE, UI_SMALL, x, p->panel.y + p->panel.h - 40, UI_INK_SOFT,
                    "The lowest total wins.");
    ui_draw_button(r, ui_nav_item(&p->nav, ID_PICKER)->r, "Back to games", p->nav.focus == ID_PICKER, 1,
                   0);
    ui_draw_button(r, ui_nav_item(&p->nav, ID_AGAIN)->r, "Play again", p->nav.focus == ID_AGAIN, 1, 1);
    ui_nav_draw(&p->nav, r, alpha, ui_focus_visible(a));
    ui_draw_hints(r, a, "Choose", "Games", NULL);
}

static void score_leave(scene *s, app *a)
{
    (void)a;
    free(s->data);
}

static void score_enter(scene *s, app *a)
{
    score_scene *p = s->data;
    layout_scene(p, a);
    audio_play(SFX_WIN);
    /* Who the screen puts first, for tests that play a game to its end. */
    for (int k = 0; k < p->rep.players && p->rep.rank[p->order[k]] == 0; k++)
        app_trace(a, "score first %s", p->rep.names[p->order[k]]);
    if (p->rep.note[0])
        app_trace(a, "score note %s", p->rep.note);
}

scene *score_scene_create(app *a, const score_report *rep)
{
    score_scene *p = calloc(1, sizeof *p);
    (void)a;
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
    ui_nav_init(&p->nav, "score");
    p->nav.focus = ID_AGAIN;
    p->base = (scene){"score", 0, score_enter, score_leave, score_input, score_update, score_draw, p};
    return &p->base;
}
