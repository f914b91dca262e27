/* Settings: one row per entry of the settings table; changes apply at once
 * and are saved in a transaction. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shell/settings.h"
#include "shell/shell.h"
#include "audio/audio.h"
#include "scenes/scenes.h"
#include "table/modes.h"
#include "app/store.h"
#include "ui/hints.h"
#include "ui/notice.h"
#include "ui/ui.h"
#include "shell/trace.h"
#include "shell/toast.h"

enum { ID_BACK = 100 };

/* What each setting does, a line under its label. */
static const char *const help[SETTING_COUNT] = {
    "Fill the screen (also F11 or Alt+Enter)",
    "Fewer pixels for slow graphics",
    "The background music loop",
    "Clicks, cards, blocks and fanfares",
    "Shapes on colours, for telling them apart without hue",
    "Calmer animations: no glides, shakes or bounces",
    "How long the computer waits before each move it makes",
    "a block picked up near square turns to 0\xc2\xb0 or 90\xc2\xb0",
    "the card drawn faintly, and what differs (easier)",
    "face-down cards you have seen, shown dimmed to you",
};

typedef struct settings_scene {
    scene base;
    ui_nav nav;
    rrect panel;
    rrect rows[SETTING_COUNT];
    rrect control[SETTING_COUNT];
    /* Each help line, named by its mode's rules tab where a mode owns the
     * setting (the one list of modes says which); written once at create. */
    char lines[SETTING_COUNT][160];
    ui_notice_choice notice; /* what a failed write's notice handed back */
} settings_scene;

/* Writes the settings; a write that fails says what and why on screen and
 * offers Try again (the notice), the values applying until then. With no
 * store at all (it could not be opened) there is nothing to retry: a toast. */
static void save_settings(settings_scene *p, shell *sh)
{
    char why[400];
    ui_notice_text w = {"Your settings were not saved", why,
                        "They apply until you quit. Free some space on the disk, then try again.", NULL, "Continue"};
    if (shell_settings_changed(sh) == 0)
        return;
    if (!shell_store(sh)) {
        toast_show("Could not save settings; they apply until you quit.");
        return;
    }
    snprintf(why, sizeof why, "Saving settings failed: %s.",
             *store_error(shell_store(sh)) ? store_error(shell_store(sh)) : "the file could not be written");
    w.file = store_path(shell_store(sh));
    if (!strstr(store_error(shell_store(sh)), "full"))
        w.next = "They apply until you quit. Try again, or change a setting later to save them all.";
    trace_line("settings save failed: %s", store_error(shell_store(sh)));
    ui_notice_open(sh, &w, &p->notice);
}

/* The slider's track inside a control: the knob (radius 14) and the value
 * label right of it keep clear of each other at 100%. */
static rrect slider_bar(rrect c) { return (rrect){c.x + 70, c.y + c.h / 2 - 7, c.w - 70 - 54 - 12 - 96 - 28, 14}; }

static void layout(settings_scene *p, shell *sh)
{
    /* Wide enough for each help line beside its control (4:3 included); the
     * rows share what is left above Back, which keeps clear of the hint bar
     * (its top at 1016) however many settings there are. */
    const float back_y = 1016 - 20 - 70, room = back_y - 24 - 146 - 24 - 16;
    float w = shell_vw(sh) - 80 < 1320 ? shell_vw(sh) - 80 : 1320, top = 146 + 24;
    float row_h = room / SETTING_COUNT < 74 ? room / SETTING_COUNT : 74;
    p->panel = (rrect){(shell_vw(sh) - w) / 2, 146, w, 24 + row_h * SETTING_COUNT + 16};
    ui_nav_begin(&p->nav);
    for (int i = 0; i < SETTING_COUNT; i++) {
        p->rows[i] = (rrect){p->panel.x + 30, top + row_h * (float)i, w - 60, row_h - 8};
        p->control[i] = (rrect){p->rows[i].x + p->rows[i].w - 470, p->rows[i].y + 10, 450,
                                p->rows[i].h - 20};
        ui_nav_add(&p->nav, i, p->rows[i], 1, settings_desc((setting_id)i)->key);
    }
    ui_nav_add(&p->nav, ID_BACK, (rrect){(shell_vw(sh) - 260) / 2, p->panel.y + p->panel.h + 24, 260, 70},
               1, "back");
    ui_nav_end(&p->nav, sh);
}

static void change(settings_scene *p, shell *sh, int id, int dir)
{
    const setting_desc *d = settings_desc((setting_id)id);
    int before = shell_settings(sh)->v[id];
    settings_step(shell_settings_edit(sh), (setting_id)id, dir);
    if (shell_settings(sh)->v[id] == before) {
        audio_play(SFX_ERROR);
        return;
    }
    if (id == SETTING_fullscreen)
        shell_set_fullscreen(sh, shell_settings(sh)->v[id]);
    audio_play(SFX_CLICK);
    trace_line("setting %s %d", d->key, shell_settings(sh)->v[id]);
    save_settings(p, sh);
}

/* A click on a slider sets the value where the pointer is. */
static void click_control(settings_scene *p, shell *sh, int id, float x)
{
    const setting_desc *d = settings_desc((setting_id)id);
    rrect c = p->control[id];
    if (d->kind == SETTING_BOOL) {
        change(p, sh, id, 1);
        return;
    }
    if (x < c.x + 60) {
        change(p, sh, id, -1);
    } else if (x > c.x + c.w - 60 || d->kind == SETTING_CHOICE) {
        change(p, sh, id, 1);
    } else {
        rrect bar = slider_bar(c);
        float t = (x - bar.x) / bar.w;
        int v = d->min + (int)((float)(d->max - d->min) * t + 0.5f);
        int before = shell_settings(sh)->v[id];
        settings_set(shell_settings_edit(sh), (setting_id)id, v);
        if (shell_settings(sh)->v[id] != before) {
            audio_play(SFX_CLICK);
            trace_line("setting %s %d", d->key, shell_settings(sh)->v[id]);
            save_settings(p, sh);
        }
    }
}

static void settings_input(scene *s, shell *sh, const action_event *ev)
{
    settings_scene *p = s->data;
    int f = p->nav.focus, id;
    if (ev->act == ACT_BACK) {
        audio_play(SFX_CLICK);
        shell_pop(sh);
        return;
    }
    if (f >= 0 && f < SETTING_COUNT && (ev->act == ACT_LEFT || ev->act == ACT_RIGHT)) {
        change(p, sh, f, ev->act == ACT_LEFT ? -1 : 1);
        return;
    }
    if (ev->act == ACT_POINTER_UP && ev->button == INPUT_BUTTON_LEFT) {
        for (int i = 0; i < SETTING_COUNT; i++)
            if (ui_rect_contains(p->control[i], ev->x, ev->y) && p->nav.pressed == i) {
                p->nav.pressed = -1;
                click_control(p, sh, i, ev->x);
                return;
            }
    }
    id = ui_nav_event(&p->nav, sh, ev);
    if (id == ID_BACK) {
        audio_play(SFX_CLICK);
        shell_pop(sh);
    } else if (id >= 0 && id < SETTING_COUNT) {
        /* Accept on a row: toggles, or steps up and wraps at the top. */
        const setting_desc *d = settings_desc((setting_id)id);
        if (d->kind != SETTING_BOOL && shell_settings(sh)->v[id] >= d->max)
            change(p, sh, id, -(d->max - d->min) / d->step);
        else
            change(p, sh, id, 1);
    }
}

static double settings_wake(scene *s, shell *sh)
{
    (void)sh;
    return ui_nav_wake(&((settings_scene *)s->data)->nav);
}

static void settings_update(scene *s, shell *sh, double dt)
{
    settings_scene *p = s->data;
    ui_notice_choice c = p->notice;
    p->notice = UI_NOTICE_NONE;
    if (c == UI_NOTICE_RETRY)
        save_settings(p, sh);
    layout(p, sh);
    ui_nav_update(&p->nav, dt, shell_settings(sh)->v[SETTING_reduced_motion]);
}

static void draw_control(render *r, rrect c, const setting_desc *d, int v, int focused)
{
    char text[32];
    if (d->kind == SETTING_BOOL) {
        /* The pill fills the control's height, and its label is sized to the pill,
         * so tighter rows never push the text out. */
        float ph = c.h < 48 ? c.h : 48;
        rrect pill = {c.x + c.w - 3.4f * ph, c.y + (c.h - ph) / 2, 3.4f * ph, ph};
        /* Off is a light track with ink lettering and an edge (white on its
         * beige read at 2.09:1); On stays teal with white lettering. */
        rcolor off = {222, 210, 188, 255}, edge = {150, 122, 88, 255};
        float knob = pill.h - 8;
        rrect label = {v ? pill.x : pill.x + knob + 4, pill.y, pill.w - knob - 4, pill.h};
        rrect dot = {v ? pill.x + pill.w - knob - 4 : pill.x + 4, pill.y + 4, knob, knob};
        render_round_rect(r, pill, pill.h / 2, v ? UI_TEAL : off);
        if (!v)
            render_round_outline(r, pill, pill.h / 2, 2, edge);
        render_round_rect(r, dot, knob / 2, UI_WHITE);
        if (!v)
            render_round_outline(r, dot, knob / 2, 2, edge);
        ui_text_center(r, FONT_SANS_BOLD, pill.h * 0.5f > UI_MIN ? pill.h * 0.5f : UI_MIN, label,
                       v ? UI_WHITE : UI_INK, v ? "On" : "Off");
        return;
    }
    {
        rrect minus = {c.x, c.y + 2, 54, c.h - 4}, plus = {c.x + c.w - 54, c.y + 2, 54, c.h - 4};
        rrect bar = slider_bar(c);
        float t = (float)(v - d->min) / (float)(d->max - d->min);
        int choice = d->kind == SETTING_CHOICE;
        /* The steppers read as buttons on the cream panel: a darker fill and an edge. */
        rcolor step = focused ? UI_ACCENT : (rcolor){226, 208, 178, 255}, edge = {150, 122, 88, 255};
        render_round_rect(r, minus, minus.h / 2, step);
        render_round_outline(r, minus, minus.h / 2, 2, focused ? UI_ACCENT : edge);
        ui_text_center(r, FONT_SANS_BOLD, UI_BODY, minus, focused ? UI_WHITE : UI_INK, "\xe2\x88\x92");
        render_round_rect(r, plus, plus.h / 2, step);
        render_round_outline(r, plus, plus.h / 2, 2, focused ? UI_ACCENT : edge);
        ui_text_center(r, FONT_SANS_BOLD, UI_BODY, plus, focused ? UI_WHITE : UI_INK, "+");
        if (choice) {
            /* a few named values: the name between the steppers, no slider */
            ui_text_center(r, FONT_SANS_BOLD, UI_BODY, (rrect){minus.x + minus.w, c.y, plus.x - minus.x - minus.w, c.h},
                           UI_INK, settings_choice_label((setting_id)(d - settings_desc(0)), v));
            return;
        }
        render_round_rect(r, bar, 7, (rcolor){210, 196, 172, 255});
        render_round_rect(r, (rrect){bar.x, bar.y, bar.w * t, bar.h}, 7, UI_TEAL);
        render_round_rect(r, (rrect){bar.x + bar.w * t - 14, bar.y - 7, 28, 28}, 14, UI_WHITE);
        render_round_outline(r, (rrect){bar.x + bar.w * t - 14, bar.y - 7, 28, 28}, 14, 3, UI_TEAL);
        snprintf(text, sizeof text, "%d%%", v);
        ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_BODY, (rrect){plus.x - 12 - 96, c.y, 96, c.h}, TEXT_RIGHT,
                    UI_INK, text);
    }
}

static void settings_draw(scene *s, shell *sh, render *r, float alpha)
{
    settings_scene *p = s->data;
    ui_draw_table(r, shell_vw(sh));
    ui_draw_title(r, shell_vw(sh), "Settings", NULL);
    ui_draw_panel(r, p->panel);
    for (int i = 0; i < SETTING_COUNT; i++) {
        const setting_desc *d = settings_desc((setting_id)i);
        rrect row = p->rows[i];
        if (p->nav.focus == i)
            render_round_rect(r, row, 18, (rcolor){255, 250, 238, 255});
        render_text(r, FONT_SANS_BOLD, UI_BODY, row.x + 24, row.y + 2, UI_INK, d->label);
        ui_text_fit(r, FONT_SANS, UI_SMALL, UI_MIN,
                    (rrect){row.x + 24, row.y + 36, p->control[i].x - 24 - (row.x + 24), 28}, TEXT_LEFT,
                    UI_INK_SOFT, p->lines[i]);
        draw_control(r, p->control[i], d, shell_settings(sh)->v[i], p->nav.focus == i);
    }
    ui_draw_button(r, ui_nav_item(&p->nav, ID_BACK)->r, "Back", p->nav.focus == ID_BACK, 1, 1);
    /* Under a notice the focus is the notice's: no ring here. */
    ui_nav_draw(&p->nav, r, alpha, ui_focus_visible(sh) && !shell_drawing_covered(sh));
    {
        /* Left and right step a value on the row in focus; a pointer clicks the control. */
        ui_hint h[] = {{ACT_ACCEPT, "Change"}, {UI_HINT_LEFTRIGHT, "Adjust"}, {ACT_BACK, "Back"}};
        if (shell_input(sh)->last_device == DEV_MOUSE)
            h[1].does = NULL;
        ui_draw_hint_bar(r, sh, h, 3);
    }
}

static void settings_leave(scene *s, shell *sh)
{
    /* Leaving: no screen stays to offer a retry; the toast says it. */
    if (shell_settings_changed(sh) != 0 && shell_store(sh))
        toast_show("Settings not saved: %s", store_error(shell_store(sh)));
    free(s->data);
}

static void settings_enter(scene *s, shell *sh) { layout(s->data, sh); }

scene *settings_scene_create(shell *sh)
{
    settings_scene *p = calloc(1, sizeof *p);
    (void)sh;
    if (!p)
        abort();
    for (int i = 0; i < SETTING_COUNT; i++) {
        const game_info *owner = modes_setting_owner(settings_desc((setting_id)i)->key);
        if (owner)
            snprintf(p->lines[i], sizeof p->lines[i], "%s: %s", owner->rules_tab, help[i]);
        else
            snprintf(p->lines[i], sizeof p->lines[i], "%s", help[i]);
    }
    ui_nav_init(&p->nav, "settings");
    p->base = (scene){"settings", 0, settings_enter, settings_leave, settings_input, settings_update,
                      settings_draw, p, settings_wake, 0};
    return &p->base;
}
