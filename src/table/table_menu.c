/* The pause menu every table shares. */
#include "table/table_menu.h"

#include <math.h>
#include <stdlib.h>

#include "shell/settings.h"
#include "shell/shell.h"
#include "shell/toast.h"
#include "shell/trace.h"
#include "audio/audio.h"
#include "table/match.h"
#include "table/phones_card.h"
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
    int shown[MENU_N + TABLE_MENU_SEATS]; /* the items listed, in order: ids into the tables
                                             above, then MENU_N + k for the extra's seat action k */
    int nshown;
    table_menu_extra *extra;
    rrect panel, card;
} table_menu;

#define CARD_W 380.0f /* the phones' card beside the buttons */

/* Item i's words and focus name: the usual ones, or the extra's seat action i - MENU_N. */
static const char *item_label(const table_menu *p, int i)
{
    return i < MENU_N ? menu_labels[i] : p->extra->seat[i - MENU_N].label;
}

static const char *item_name(const table_menu *p, int i)
{
    return i < MENU_N ? menu_names[i] : p->extra->seat[i - MENU_N].name;
}

static void menu_layout(table_menu *p, shell *sh)
{
    int card = p->extra && p->extra->phones;
    float top = RENDER_VIRTUAL_H - 80;
    /* a seat action says whose seat and what: wider buttons keep it at full
     * size; many seat actions (four seats, three phones away) pack closer */
    float step = fminf(96.0f, (top - 140) / (float)p->nshown), bw = p->extra && p->extra->nseat > 0 ? 480.0f : 400.0f;
    float h = 120 + step * (float)p->nshown, w = bw + 120, ch = card ? PHONES_CARD_HEIGHT(CARD_W) : 0;
    float total = card ? w + 40 + CARD_W : w;
    /* Centred in the space above the hint bar, however many items it lists;
     * the phones' card stands beside it. */
    p->panel = (rrect){(shell_vw(sh) - total) / 2, (top - h) / 2, w, h};
    p->card = (rrect){p->panel.x + w + 40, (top - ch) / 2, CARD_W, ch};
    ui_nav_begin(&p->nav);
    for (int k = 0; k < p->nshown; k++) {
        int i = p->shown[k];
        ui_nav_add(&p->nav, i, (rrect){p->panel.x + 60, p->panel.y + 110 + step * (float)k, bw, step - 20},
                   i >= MENU_N || p->enabled[i], item_name(p, i));
    }
    ui_nav_end(&p->nav, sh);
}

static void menu_close(table_menu *p, shell *sh, table_menu_choice c)
{
    *p->choice = c;
    audio_play(SFX_CLICK);
    shell_pop(sh);
}

/* A greyed item pressed: the error sound, and why in the table's words, as
 * the table says it (the toast shows over the menu's dim). */
static void refuse(const table_menu *p, int id)
{
    const char *why = !p->extra ? "" : id == MENU_UNDO ? p->extra->undo_why : id == MENU_REDO ? p->extra->redo_why : "";
    audio_play(SFX_ERROR);
    if (!why[0])
        return;
    trace_line("menu refused %s: %s", menu_names[id], why);
    toast_show("%s", why);
}

static void menu_input(scene *s, shell *sh, const action_event *ev)
{
    table_menu *p = s->data;
    int id;
    if (ev->act == ACT_BACK || ev->act == ACT_MENU) {
        menu_close(p, sh, TABLE_MENU_RESUME);
        return;
    }
    id = ui_nav_event(&p->nav, sh, ev);
    if (id < 0)
        return;
    if (id >= MENU_N) {
        p->extra->picked = id - MENU_N;
        menu_close(p, sh, TABLE_MENU_SEAT);
        return;
    }
    if (!p->enabled[id]) {
        refuse(p, id);
        return;
    }
    menu_close(p, sh, menu_choices[id]);
}

/* The table below is frozen while the menu is up: only the ring moves. */
static double menu_wake(scene *s, shell *sh)
{
    (void)sh;
    return ui_nav_wake(&((table_menu *)s->data)->nav);
}

static void menu_update(scene *s, shell *sh, double dt)
{
    table_menu *p = s->data;
    menu_layout(p, sh);
    ui_nav_update(&p->nav, dt, shell_settings(sh)->v[SETTING_reduced_motion]);
}

static void menu_draw(scene *s, shell *sh, render *r, float alpha)
{
    table_menu *p = s->data;
    ui_draw_dim(r, shell_vw(sh), 150);
    ui_draw_panel(r, p->panel);
    ui_text_center(r, FONT_SERIF_BOLD, UI_HEAD, (rrect){p->panel.x, p->panel.y + 30, p->panel.w, 50},
                   UI_INK, "Paused");
    for (int k = 0; k < p->nshown; k++) {
        int i = p->shown[k];
        ui_draw_button(r, ui_nav_item(&p->nav, i)->r, item_label(p, i), p->nav.focus == i,
                       i >= MENU_N || p->enabled[i], i == MENU_RESUME);
    }
    if (p->extra && p->extra->phones)
        phones_card_draw(r, p->card);
    ui_nav_draw(&p->nav, r, alpha, ui_focus_visible(sh));
    ui_draw_hints(r, sh, "Choose", "Resume", NULL);
}

static void menu_leave(scene *s, shell *sh)
{
    (void)sh;
    free(s->data);
}

static void menu_enter(scene *s, shell *sh) { menu_layout(s->data, sh); }

scene *table_menu_create(shell *sh, table_menu_choice *choice, int offers_undo, int can_undo,
                         int can_redo, table_menu_extra *extra)
{
    table_menu *p = calloc(1, sizeof *p);
    (void)sh;
    if (!p)
        abort();
    p->choice = choice;
    *choice = TABLE_MENU_NONE;
    for (int i = 0; i < MENU_N; i++) {
        p->enabled[i] = 1;
        /* A mode without undo lists neither: a greyed button that never wakes is noise. */
        if (offers_undo || (i != MENU_UNDO && i != MENU_REDO))
            p->shown[p->nshown++] = i;
        /* who plays an away phone's seat comes before Save & quit */
        for (int k = 0; i == MENU_RULES && extra && k < extra->nseat && k < TABLE_MENU_SEATS; k++)
            p->shown[p->nshown++] = MENU_N + k;
    }
    p->extra = extra;
    p->enabled[MENU_UNDO] = can_undo;
    p->enabled[MENU_REDO] = can_redo;
    ui_nav_init(&p->nav, "menu");
    p->base = (scene){"menu", 1, menu_enter, menu_leave, menu_input, menu_update, menu_draw, p, menu_wake, 0};
    return &p->base;
}

void table_menu_open(shell *sh, table_menu_choice *choice, int offers_undo, int can_undo, int can_redo,
                     table_menu_extra *extra)
{
    audio_play(SFX_CLICK);
    shell_push(sh, table_menu_create(sh, choice, offers_undo, can_undo, can_redo, extra));
}

table_menu_choice table_menu_take(shell *sh, table_menu_choice *choice, const char *rules_doc)
{
    table_menu_choice c = *choice;
    *choice = TABLE_MENU_NONE;
    if (c == TABLE_MENU_RULES)
        shell_push(sh, shell_rules_screen(sh, rules_doc));
    return c;
}
