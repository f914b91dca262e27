/* The pause menu every table shares. */
#include "table/table_menu.h"

#include <stdlib.h>

#include "app/app.h"
#include "audio/audio.h"
#include "table/match.h"
#include "ui/ui.h"

enum { MENU_RESUME, MENU_UNDO, MENU_REDO, MENU_RULES, MENU_QUIT, MENU_N };

static const char *const menu_labels[MENU_N] = {"Resume", "Undo", "Redo", "Rules",
                                                "Save & quit"};
static const char *const menu_names[MENU_N] = {"resume", "undo", "redo", "rules", "quit"};
static const table_menu_choice menu_choices[MENU_N] = {
    TABLE_MENU_RESUME, TABLE_MENU_UNDO, TABLE_MENU_REDO, TABLE_MENU_RULES, TABLE_MENU_QUIT};

typedef struct table_menu {
    scene base;
    ui_nav nav;
    table_menu_choice *choice;
    int enabled[MENU_N];
    int shown[MENU_N]; /* the items this menu lists, in order (ids into the tables above) */
    int nshown;
    rrect panel;
} table_menu;

static void menu_layout(table_menu *p, app *a)
{
    float h = 120 + 96.0f * (float)p->nshown;
    /* Centred in the space above the hint bar, however many items it lists. */
    p->panel = (rrect){(a->vw - 520) / 2, (RENDER_VIRTUAL_H - 80 - h) / 2, 520, h};
    ui_nav_begin(&p->nav);
    for (int k = 0; k < p->nshown; k++) {
        int i = p->shown[k];
        ui_nav_add(&p->nav, i, (rrect){p->panel.x + 60, p->panel.y + 110 + 96.0f * (float)k, 400, 76},
                   p->enabled[i], menu_names[i]);
    }
    ui_nav_end(&p->nav, a);
}

static void menu_close(table_menu *p, app *a, table_menu_choice c)
{
    *p->choice = c;
    audio_play(SFX_CLICK);
    app_scene_pop(a);
}

static void menu_input(scene *s, app *a, const action_event *ev)
{
    table_menu *p = s->data;
    int id;
    if (ev->act == ACT_BACK || ev->act == ACT_MENU) {
        menu_close(p, a, TABLE_MENU_RESUME);
        return;
    }
    id = ui_nav_event(&p->nav, a, ev);
    if (id < 0)
        return;
    if (!p->enabled[id]) {
        audio_play(SFX_ERROR);
        return;
    }
    menu_close(p, a, menu_choices[id]);
}

/* The table below is frozen while the menu is up: only the ring moves. */
static double menu_wake(scene *s, app *a)
{
    (void)a;
    return ui_nav_wake(&((table_menu *)s->data)->nav);
}

static void menu_update(scene *s, app *a, double dt)
{
    table_menu *p = s->data;
    menu_layout(p, a);
    ui_nav_update(&p->nav, dt, a->settings.v[SETTING_reduced_motion]);
}

static void menu_draw(scene *s, app *a, render *r, float alpha)
{
    table_menu *p = s->data;
    render_rect(r, (rrect){0, 0, a->vw, RENDER_VIRTUAL_H}, (rcolor){20, 12, 4, 150});
    ui_draw_panel(r, p->panel);
    ui_text_center(r, FONT_SERIF_BOLD, UI_HEAD, (rrect){p->panel.x, p->panel.y + 30, p->panel.w, 50},
                   UI_INK, "Paused");
    for (int k = 0; k < p->nshown; k++) {
        int i = p->shown[k];
        ui_draw_button(r, ui_nav_item(&p->nav, i)->r, menu_labels[i], p->nav.focus == i,
                       p->enabled[i], i == MENU_RESUME);
    }
    ui_nav_draw(&p->nav, r, alpha, ui_focus_visible(a));
    ui_draw_hints(r, a, "Choose", "Resume", NULL);
}

static void menu_leave(scene *s, app *a)
{
    (void)a;
    free(s->data);
}

static void menu_enter(scene *s, app *a) { menu_layout(s->data, a); }

scene *table_menu_create(app *a, table_menu_choice *choice, int offers_undo, int can_undo,
                         int can_redo)
{
    table_menu *p = calloc(1, sizeof *p);
    (void)a;
    if (!p)
        abort();
    p->choice = choice;
    *choice = TABLE_MENU_NONE;
    for (int i = 0; i < MENU_N; i++) {
        p->enabled[i] = 1;
        /* A mode without undo lists neither: a greyed button that never wakes is noise. */
        if (offers_undo || (i != MENU_UNDO && i != MENU_REDO))
            p->shown[p->nshown++] = i;
    }
    p->enabled[MENU_UNDO] = can_undo;
    p->enabled[MENU_REDO] = can_redo;
    ui_nav_init(&p->nav, "menu");
    p->base = (scene){"menu", 1, menu_enter, menu_leave, menu_input, menu_update, menu_draw, p, menu_wake};
    return &p->base;
}

void table_menu_open(app *a, table_menu_choice *choice, int offers_undo, int can_undo, int can_redo)
{
    audio_play(SFX_CLICK);
    app_scene_push(a, table_menu_create(a, choice, offers_undo, can_undo, can_redo));
}

table_menu_choice table_menu_take(app *a, table_menu_choice *choice, const char *rules_doc)
{
    table_menu_choice c = *choice;
    *choice = TABLE_MENU_NONE;
    if (c == TABLE_MENU_RULES)
        app_scene_push(a, a->rules_screen(a, rules_doc));
    return c;
}
