/* The button row every turn-based table shares: Undo, Redo, Menu (and Hint,
 * where the view lights hints and the match allows them). The midend decides which show, adds them
 * to the view's focus set where the view's layout puts them, draws them and
 * turns a press into its intent: no view draws or handles them. */
#include "table/table_buttons.h"

static const char *const button_names[TABLE_BUTTONS] = {"undo", "redo", "menu", "hint"};
static const char *const button_labels[TABLE_BUTTONS] = {"Undo", "Redo", "Menu", "Hint"};
static const table_intent button_intents[TABLE_BUTTONS] = {TABLE_UNDO, TABLE_REDO, TABLE_MENU, TABLE_HINT};

void table_row_init(table_row *row, const table_view_ops *ops, int hint)
{
    row->n = 0;
    if (ops->undo)
        row->which[row->n++] = TABLE_BUTTON_UNDO;
    if (ops->undo && !ops->row_no_redo)
        row->which[row->n++] = TABLE_BUTTON_REDO;
    row->which[row->n++] = TABLE_BUTTON_MENU;
    if (ops->hint && hint)
        row->which[row->n++] = TABLE_BUTTON_HINT;
    row->placed = 0;
    row->nav = NULL;
    row->hot = -1;
    row->pressed = TABLE_NONE;
}

int table_buttons_count(const table *t) { return table_row_read(t)->n; }

const char *table_buttons_name(const table *t, int i)
{
    const table_row *row = table_row_read(t);
    return i >= 0 && i < row->n ? button_names[row->which[i]] : "";
}

/* Whether button b does anything now (a greyed one only refuses). */
static int button_enabled(table_button b, int can_undo, int can_redo)
{
    return b == TABLE_BUTTON_UNDO ? can_undo : b == TABLE_BUTTON_REDO ? can_redo : 1;
}

void table_buttons_place(table *t, ui_nav *nav, const rrect *slots)
{
    table_row *row = table_row_of(t);
    row->placed = 1;
    row->nav = nav;
    for (int i = 0; i < row->n; i++) {
        table_button b = row->which[i];
        row->slot[i] = slots[i];
        if (nav)
            ui_nav_add(nav, TABLE_BUTTON_ID + (int)b, slots[i],
                       button_enabled(b, table_can_undo(t), table_can_redo(t)), button_names[b]);
    }
}

void table_buttons_press(table *t, int i)
{
    table_row *row = table_row_of(t);
    if (i >= 0 && i < row->n)
        row->pressed = button_intents[row->which[i]];
}

int table_nav_event(table *t, ui_nav *nav, shell *sh, const action_event *ev)
{
    int id = ui_nav_event(nav, sh, ev);
    if (id < TABLE_BUTTON_ID || id >= TABLE_BUTTON_ID + TABLE_BUTTONS)
        return id;
    /* a greyed Undo or Redo refuses with the error sound (table.c) */
    table_row_of(t)->pressed = button_intents[id - TABLE_BUTTON_ID];
    return -1;
}

void table_buttons_hot(table *t, int i) { table_row_of(t)->hot = i; }

table_intent table_row_take(table_row *row)
{
    table_intent i = row->pressed;
    row->pressed = TABLE_NONE;
    return i;
}

void table_row_draw(table_row *row, render *r, int can_undo, int can_redo)
{
    if (!row->placed)
        return;
    for (int i = 0; i < row->n; i++) {
        table_button b = row->which[i];
        int lit = row->nav ? row->nav->hover == TABLE_BUTTON_ID + (int)b : row->hot == i;
        ui_draw_button(r, row->slot[i], button_labels[b], lit, button_enabled(b, can_undo, can_redo), 0);
    }
    row->hot = -1;
}
